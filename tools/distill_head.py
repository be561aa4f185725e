"""Distil one MiniLM head into a head small enough for a projector: models/distilled/head.npz.

Usage, from the repository root (under a minute of CPU). One BLAS thread is faster on two
cores, and gives models/distilled/head.npz byte for byte (more threads add in another order):

    OPENBLAS_NUM_THREADS=1 python -m tools.distill_head [--out models/distilled]

The student reads no context, only each word piece and its place:

    e = E[token] @ A,  p = P[1 + i] @ B       [n, d_model]  (E, P: MiniLM's word and position
    x = e + p                                                 tables, 384 wide)
    q = x W_Q,  k = x W_K                      [n, d_k]
    weights = softmax(q kᵀ / √d_k)             [n, n]

A, B, W_Q and W_K are trained with AdamW so that `weights` matches the teacher, a MiniLM head
re-normalised over the sentence's own pieces ([CLS] and [SEP] left out): the loss is the KL
divergence per row, plus a small term that keeps every row of q kᵀ centred on zero, so that a
positive score means "more than average" (the article reads the sign). W_V (with b_v) is then
fitted by least squares to the teacher's values, cut to their d_v main directions.

Chinese: MiniLM's vocabulary holds only 244 CJK characters, so most typed characters would be
[UNK]. models/distilled/glosses.tsv gives a character an English gloss; the character takes
its gloss's vector, and its teacher is the head on the glossed sentence.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.atlas import SENTENCES
from core.attention import softmax
from core.learning.optimiser import Params, descend
from core.models import DistilledHead, glossed_pieces
from core.pipeline import pipeline
from core.pretrained import MiniLM
from core.tokenize import MAX_TOKENS
from core.wordpiece import CLS, SEP, Encoding

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "models" / "distilled"
GLOSSES = DEFAULT_OUT / "glosses.tsv"
WRITTEN = DEFAULT_OUT / "sentences.txt"
COMMON_IDS = (2000, 8000)  # vocabulary rows of frequent whole words (vocab.txt is by frequency)


@dataclass(frozen=True)
class DistillConfig:
    layer: int = 2  # teacher: MiniLM layer 2, head 1 links related words (see the README)
    head: int = 1
    d_model: int = 16  # width of x: a 16-column matrix still fits on a slide
    d_k: int = 8  # query/key width (with 4: validation KL 0.11 instead of 0.08)
    d_v: int = 8  # value width
    steps: int = 1500  # AdamW updates, full batch
    lr: float = 0.01  # AdamW learning rate
    weight_decay: float = 0.3  # AdamW decay on the matrices: helps on words never seen
    centring: float = 0.01  # weight of the mean-of-row² term on q kᵀ
    ridge: float = 1e-2  # ridge for the least-squares fit of W_V
    n_english: int = 1200  # template sentences in English
    n_chinese: int = 600  # template sentences in Chinese
    n_variants: int = 4  # copies of each written English sentence with words swapped at random
    swap_rate: float = 0.3  # chance that a word of 4+ letters is swapped in a copy
    seed: int = 0  # the sentences and the initial weights


# English templates: subject, verb, object. Every verb has its base, past and -s forms.
ADJECTIVES = (
    "black", "white", "red", "brown", "green", "blue", "old", "young", "little", "small", "big",
    "tall", "happy", "hungry", "angry", "tired", "clever", "quiet", "lazy", "kind", "poor", "rich",
    "strong", "busy", "brave", "shy", "funny", "sick", "noisy", "friendly", "new", "dark",
)  # fmt: skip
SUBJECTS = (
    "cat", "dog", "man", "woman", "girl", "boy", "child", "teacher", "farmer", "doctor", "king",
    "queen", "bird", "horse", "student", "cook", "driver", "mother", "father", "sister", "brother",
    "baby", "pilot", "nurse", "soldier", "artist", "lion", "rabbit", "monkey", "cow", "duck",
)  # fmt: skip
PRONOUNS = ("he", "she", "they", "we", "i", "you")
VERBS = {  # base: (past, -s form, objects)
    "drink": ("drank", "drinks", ("milk", "water", "tea", "juice", "coffee", "wine")),
    "eat": ("ate", "eats", ("apple", "bread", "cake", "rice", "soup", "fish", "banana", "meat")),
    "drive": ("drove", "drives", ("car", "bus", "truck", "tractor")),
    "read": ("read", "reads", ("book", "letter", "newspaper", "story", "poem")),
    "write": ("wrote", "writes", ("letter", "poem", "story", "song", "book")),
    "kick": ("kicked", "kicks", ("ball", "door", "stone")),
    "open": ("opened", "opens", ("door", "window", "box", "bottle", "letter")),
    "play": ("played", "plays", ("piano", "guitar", "game", "violin")),
    "cook": ("cooked", "cooks", ("soup", "dinner", "rice", "meat", "fish")),
    "paint": ("painted", "paints", ("house", "wall", "picture", "fence", "door")),
    "buy": ("bought", "buys", ("bread", "milk", "car", "book", "hat", "shoes")),
    "wash": ("washed", "washes", ("car", "dishes", "shirt", "clothes", "hands")),
    "catch": ("caught", "catches", ("fish", "ball", "mouse", "bus")),
    "sing": ("sang", "sings", ("song", "songs")),
    "clean": ("cleaned", "cleans", ("room", "kitchen", "floor", "house", "car")),
    "chase": ("chased", "chases", ("ball", "mouse", "cat", "bird")),
    "ride": ("rode", "rides", ("horse", "bike", "bus")),
    "climb": ("climbed", "climbs", ("tree", "hill", "mountain", "wall")),
    "feed": ("fed", "feeds", ("dog", "cat", "bird", "horse", "baby")),
    "watch": ("watched", "watches", ("film", "game", "birds", "television")),
    "love": ("loved", "loves", ("music", "flowers", "books", "milk")),
    "sell": ("sold", "sells", ("bread", "fish", "cars", "flowers")),
    "carry": ("carried", "carries", ("box", "bag", "water", "baby")),
    "find": ("found", "finds", ("key", "ring", "coin", "book")),
    "throw": ("threw", "throws", ("ball", "stone")),
    "build": ("built", "builds", ("house", "bridge", "wall", "boat")),
    "fix": ("fixed", "fixes", ("car", "bike", "door", "roof")),
    "draw": ("drew", "draws", ("picture", "map", "circle", "horse")),
    "plant": ("planted", "plants", ("tree", "flowers", "seeds")),
    "bake": ("baked", "bakes", ("bread", "cake", "cookies", "pie")),
    "pour": ("poured", "pours", ("milk", "water", "tea", "wine")),
    "visit": ("visited", "visits", ("museum", "city", "farm", "school")),
}
TIMES = ("yesterday", "today", "every day", "in the morning", "at night", "again")
PLACES = ("in the kitchen", "at home", "in the park", "at school", "in the garden")
ENGLISH_TEMPLATES = (
    "the {a} {s} {past} the {o}",
    "the {s} {past} the {a2} {o}",
    "the {a} {s} {past} the {a2} {o}",
    "{p} {past} the {o}",
    "the {s} {verb_s} the {o} {t}",
    "a {a} {s} {past} a {o}",
    "my {s} {past} the {o} {pl}",
    "the {s} and the {s2} {past} the {o}",
    "{p} {base} {o} {t}",
    "the {a} {s} {verb_s} the {a2} {o} {pl}",
)
# Article sentences the tests read as claims: never trained on (other mixes of their words are).
HELD_OUT = (
    "The black cat drank the milk",
    "The old man drove the car",
    "The young girl ate the apple",
    "黑猫喝了牛奶",
    "黑猫喝水",
    "老人骑马",
    "他看书",
    "男孩踢球",
)
# Held out too, with words and shapes the templates never use: how far the head generalises.
NOVEL = (
    "The curious fox stole the golden egg",
    "A sleepy panda ate some bamboo",
    "My uncle repaired the broken radio",
    "The gentle giant lifted the heavy rock",
    "Our neighbour grows tomatoes in the garden",
    "The sailor tied the rope to the boat",
    "She drank cold water",
    "The hungry dog chased the small ball",
    "Students asked many questions after the lecture",
    "The wind blew the leaves across the road",
    "我们在学校学中文",
    "春天的花很美",
    "他们今天去山上",
    "老师写字，学生读书",
)

# Chinese templates, from glossed characters only.
ZH_ADJECTIVES = ("黑", "白", "红", "大", "小", "老", "饿", "胖", "高", "新")
ZH_SUBJECTS = ("猫", "狗", "鸟", "马", "牛", "羊", "老师", "学生", "妈妈", "爸爸", "哥哥", "姐姐",
               "男孩", "女孩", "老人", "孩子", "小王", "小李", "朋友", "医生")  # fmt: skip
ZH_PRONOUNS = ("我", "你", "他", "她", "我们", "他们")
ZH_VERBS = {  # verb: objects
    "喝": ("水", "茶", "酒", "汤", "牛奶", "咖啡"),
    "吃": ("饭", "肉", "鱼", "面", "蛋", "苹果", "面包", "香蕉"),
    "看": ("书", "花", "山", "月", "电视", "星星"),
    "读": ("书", "信"),
    "写": ("字", "信", "书"),
    "开": ("车", "门", "窗"),
    "踢": ("球", "门"),
    "买": ("菜", "书", "鞋", "车", "花", "茶"),
    "洗": ("衣服", "手", "车", "碗"),
    "唱": ("歌",),
    "骑": ("马", "车"),
    "追": ("鸟", "球", "猫"),
    "抓": ("鱼", "鸟"),
    "种": ("花", "树", "菜"),
    "卖": ("鱼", "花", "书", "茶"),
    "爱": ("花", "书", "茶", "歌"),
}
ZH_TEMPLATES = (
    "{a}{s}{v}{o}",
    "{s}{v}了{o}",
    "{a}{s}{v}了{o}",
    "{p}{v}{o}",
    "{s}在家{v}{o}",
    "{p}喜欢{v}{o}",
    "{s}很爱{v}{o}",
    "{p}今天{v}了{o}",
    "{s}和{s2}{v}{o}",
    "{a}{s}不{v}{o}",
)


def read_glosses(path: Path = GLOSSES) -> dict[str, str]:
    """Character -> English gloss, from a tab-separated file ('#' starts a comment line).
    Each gloss must be one piece of MiniLM's vocabulary (tests/test_distilled.py checks)."""
    glosses: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        char, gloss = line.split("\t")
        if char in glosses:
            raise ValueError(f"{path.name}: {char} is glossed twice")
        glosses[char] = gloss
    return glosses


def read_lines(path: Path) -> list[str]:
    """The non-empty lines of a text file that do not start with '#'."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def common_words(vocab: dict[str, int]) -> list[str]:
    """Frequent whole words of 3+ letters from the vocabulary, in id order."""
    lo, hi = COMMON_IDS
    return [w for w, i in sorted(vocab.items(), key=lambda wi: wi[1]) if lo <= i < hi
            and w.isalpha() and w.isascii() and len(w) >= 3]  # fmt: skip


def swapped(text: str, words: list[str], rate: float, rng: np.random.Generator) -> str:
    """`text` with each word of 4+ letters replaced, with chance `rate`, by a random word."""
    out = []
    for word in text.split():
        if len(word) >= 4 and word.isalpha() and rng.random() < rate:
            word = words[rng.integers(len(words))]
        out.append(word)
    return " ".join(out)


def english_sentences(rng: np.random.Generator, count: int) -> list[str]:
    """`count` distinct template sentences (fewer if the templates run out), none held out."""
    held = {s.lower() for s in HELD_OUT}
    verbs = sorted(VERBS)
    found: dict[str, None] = {}
    for _ in range(count * 20):
        if len(found) == count:
            break
        base = verbs[rng.integers(len(verbs))]
        past, verb_s, objects = VERBS[base]
        a, a2 = rng.choice(ADJECTIVES, 2, replace=False)
        s, s2 = rng.choice(SUBJECTS, 2, replace=False)
        template = ENGLISH_TEMPLATES[rng.integers(len(ENGLISH_TEMPLATES))]
        sentence = template.format(
            a=a, a2=a2, s=s, s2=s2, base=base, past=past, verb_s=verb_s,
            o=objects[rng.integers(len(objects))], p=PRONOUNS[rng.integers(len(PRONOUNS))],
            t=TIMES[rng.integers(len(TIMES))], pl=PLACES[rng.integers(len(PLACES))],
        )  # fmt: skip
        if sentence not in held:
            found[sentence] = None
    return list(found)


def chinese_sentences(rng: np.random.Generator, count: int) -> list[str]:
    """`count` distinct Chinese template sentences (fewer if they run out), none held out."""
    verbs = sorted(ZH_VERBS)
    found: dict[str, None] = {}
    for _ in range(count * 20):
        if len(found) == count:
            break
        v = verbs[rng.integers(len(verbs))]
        objects = ZH_VERBS[v]
        s, s2 = rng.choice(ZH_SUBJECTS, 2, replace=False)
        template = ZH_TEMPLATES[rng.integers(len(ZH_TEMPLATES))]
        sentence = template.format(
            a=ZH_ADJECTIVES[rng.integers(len(ZH_ADJECTIVES))], s=s, s2=s2, v=v,
            o=objects[rng.integers(len(objects))], p=ZH_PRONOUNS[rng.integers(len(ZH_PRONOUNS))],
        )  # fmt: skip
        if sentence not in HELD_OUT:
            found[sentence] = None
    return list(found)


@dataclass(frozen=True, eq=False)
class Example:
    """One sentence as the student reads it, and what the teacher did with it."""

    text: str
    tokens: tuple[str, ...]  # [n] the student's tokens
    ids: np.ndarray  # [n] rows of MiniLM's word table (the gloss's row for a glossed character)
    weights: np.ndarray  # [n, n] teacher's weights, re-normalised over the n pieces
    values: np.ndarray  # [n, d_head] teacher's values v (bias included)


def teacher_weights(weights: np.ndarray) -> np.ndarray:
    """[n + 2, n + 2] a head's weights with [CLS] and [SEP] -> [n, n], rows summing to 1."""
    inner = weights[1:-1, 1:-1].astype(np.float64)  # [n, n]
    return inner / inner.sum(axis=-1, keepdims=True)


def make_example(
    minilm: MiniLM, glosses: dict[str, str], text: str, config: DistillConfig
) -> Example | None:
    """Run the teacher on one sentence (glossed); None when it has fewer than two pieces."""
    tokens, teacher = glossed_pieces(minilm.tokenizer, glosses, text)
    tokens, teacher = tokens[:MAX_TOKENS], teacher[:MAX_TOKENS]
    if len(tokens) < 2:
        return None
    vocab = minilm.tokenizer.vocab
    ids = np.array([vocab[p] for p in teacher], dtype=np.int64)  # [n]
    framed = np.concatenate([[vocab[CLS]], ids, [vocab[SEP]]])  # [n + 2]
    result = minilm.forward(Encoding([CLS, *teacher, SEP], framed, truncated=False))
    layer, head = config.layer, config.head
    return Example(
        text=text,
        tokens=tuple(tokens),
        ids=ids,
        weights=teacher_weights(result.weights[layer, head]),
        values=result.v[layer, head, 1:-1].astype(np.float64),
    )


def make_examples(
    minilm: MiniLM, glosses: dict[str, str], texts: list[str], config: DistillConfig
) -> list[Example]:
    """The teacher's view of every sentence that has at least two pieces."""
    examples = [make_example(minilm, glosses, t, config) for t in texts]
    return [e for e in examples if e is not None]


def training_texts(config: DistillConfig, vocab: dict[str, int]) -> list[str]:
    """Template sentences, the written ones and copies of them with words swapped, and the
    atlas's sentences: the same list for the same config."""
    rng = np.random.default_rng([config.seed, 1])
    texts = english_sentences(rng, config.n_english) + chinese_sentences(rng, config.n_chinese)
    written = read_lines(WRITTEN) + [s for s in SENTENCES if s not in HELD_OUT]
    words = common_words(vocab)
    english = [s for s in written if s.isascii()]
    copies = [swapped(s, words, config.swap_rate, rng) for _ in range(config.n_variants)
              for s in english]  # fmt: skip
    return texts + written + copies


@dataclass(frozen=True, eq=False)
class Batch:
    """Examples of similar length padded to one length N; `unique`: the word rows they use."""

    tok: np.ndarray  # [S, N] index into `unique` (0 where padded)
    mask: np.ndarray  # [S, N] True for a real piece
    unique: np.ndarray  # [u] word-table rows
    words: np.ndarray  # [u, 384] those rows
    positions: np.ndarray  # [N, 384] MiniLM's positions 1..N ([CLS] holds 0) + token type 0
    target: np.ndarray  # [S, N, N] teacher's weights, zero where padded
    values: np.ndarray  # [S, N, d_head] teacher's values, zero where padded


def position_rows(minilm: MiniLM, n: int) -> np.ndarray:
    """[n, 384] what MiniLM adds for the pieces at 0..n-1 once [CLS] takes position 0."""
    return (minilm.position_table[1 : n + 1] + minilm.token_type_table[0]).astype(np.float64)


def make_batch(minilm: MiniLM, examples: list[Example]) -> Batch:
    n_max = max(len(e.ids) for e in examples)
    shape = (len(examples), n_max)
    ids, mask = np.zeros(shape, dtype=np.int64), np.zeros(shape, dtype=bool)
    target = np.zeros((*shape, n_max))
    values = np.zeros((*shape, examples[0].values.shape[1]))
    for s, e in enumerate(examples):
        n = len(e.ids)
        ids[s, :n], mask[s, :n], target[s, :n, :n], values[s, :n] = e.ids, True, e.weights, e.values
    unique, tok = np.unique(np.where(mask, ids, ids[0, 0]), return_inverse=True)
    return Batch(
        tok=tok.reshape(shape),
        mask=mask,
        unique=unique,
        words=minilm.word_table[unique].astype(np.float64),
        positions=position_rows(minilm, n_max),
        target=target,
        values=values,
    )


def make_batches(minilm: MiniLM, examples: list[Example], count: int = 4) -> list[Batch]:
    """`count` batches of sentences of similar length: padding costs N² per sentence."""
    by_length = sorted(examples, key=lambda e: len(e.ids))
    return [make_batch(minilm, list(chunk)) for chunk in np.array_split(by_length, count)]


def init_params(config: DistillConfig, rng: np.random.Generator) -> Params:
    """A, B [384, d_model], W_Q, W_K [d_model, d_k]: small random draws."""
    d, d_model, d_k = 384, config.d_model, config.d_k
    return {
        "a": rng.standard_normal((d, d_model)) / np.sqrt(d),
        "b": rng.standard_normal((d, d_model)) / np.sqrt(d),
        "w_q": rng.standard_normal((d_model, d_k)) / np.sqrt(d_model),
        "w_k": rng.standard_normal((d_model, d_k)) / np.sqrt(d_model),
    }


def student_x(params: Params, batch: Batch) -> np.ndarray:
    """[S, N, d_model] x = E[token] A + P B."""
    e = batch.words @ params["a"]  # [u, d_model]
    p = batch.positions @ params["b"]  # [N, d_model]
    return e[batch.tok] + p  # [S, N, d_model]


def batch_loss(
    params: Params, batch: Batch, config: DistillConfig, n_rows: int
) -> tuple[float, Params, int]:
    """One batch's share of the loss (each of the n_rows rows of all batches counts once), its
    gradients by hand, and how many rows put their largest weight where the teacher does."""
    mask = batch.mask  # [S, N]
    keys = mask[:, None, :]  # [S, 1, N]
    n = mask.sum(axis=1)[:, None]  # [S, 1] pieces per sentence
    row_w = mask / n_rows  # [S, N]
    x = student_x(params, batch)  # [S, N, d_model]
    q = x @ params["w_q"]  # [S, N, d_k]
    k = x @ params["w_k"]  # [S, N, d_k]
    factor = q @ k.transpose(0, 2, 1)  # [S, N, N]
    scores = np.where(keys, factor / np.sqrt(config.d_k), -np.inf)
    weights = softmax(scores)  # [S, N, N]
    t = batch.target  # [S, N, N]
    log_ratio = np.log(np.where(t > 0, t, 1.0)) - np.log(np.where(keys, weights, 1.0))
    kl = (t * log_ratio).sum(axis=-1)  # [S, N]
    mean_row = np.where(keys, factor, 0.0).sum(axis=-1) / n  # [S, N]
    loss = float((row_w * (kl + config.centring * mean_row**2)).sum())

    d_scores = row_w[..., None] * (weights - t)  # [S, N, N] (both 0 at padded keys)
    d_factor = d_scores / np.sqrt(config.d_k)
    d_factor += np.where(keys, (row_w * 2 * config.centring * mean_row / n)[..., None], 0.0)
    d_q = d_factor @ k  # [S, N, d_k]
    d_k_ = d_factor.transpose(0, 2, 1) @ q  # [S, N, d_k]
    flat = x.reshape(-1, config.d_model)  # [S·N, d_model]
    d_x = d_q @ params["w_q"].T + d_k_ @ params["w_k"].T  # [S, N, d_model]
    d_e = np.zeros((len(batch.unique), config.d_model))  # [u, d_model]
    np.add.at(d_e, batch.tok[mask], d_x[mask])
    grads = {
        "a": batch.words.T @ d_e,
        "b": batch.positions.T @ d_x.sum(axis=0),
        "w_q": flat.T @ d_q.reshape(-1, config.d_k),
        "w_k": flat.T @ d_k_.reshape(-1, config.d_k),
    }
    agree = (weights.argmax(-1) == t.argmax(-1)) & mask  # [S, N]
    return loss, grads, int(agree.sum())


def loss_and_grads(
    params: Params, batches: list[Batch], config: DistillConfig
) -> tuple[float, Params, float]:
    """Mean over rows of KL(teacher ‖ student) + centring · (row mean of q kᵀ)²; gradients;
    the share of rows whose largest weight is where the teacher's is."""
    n_rows = sum(int(b.mask.sum()) for b in batches)
    parts = [batch_loss(params, b, config, n_rows) for b in batches]
    grads = {key: sum(g[key] for _, g, _ in parts) for key in params}
    return sum(p[0] for p in parts), grads, sum(p[2] for p in parts) / n_rows


def train(
    batches: list[Batch], config: DistillConfig, steps: int | None = None
) -> tuple[Params, np.ndarray]:
    """AdamW on A, B, W_Q, W_K from a seeded start; returns the parameters and the losses."""
    steps = config.steps if steps is None else steps
    params = init_params(config, np.random.default_rng([config.seed, 2]))
    descent = descend(
        params,
        lambda p: loss_and_grads(p, batches, config),
        lambda p: np.zeros(1),
        steps=steps,
        lr=config.lr,
        weight_decay=config.weight_decay,
        snapshot_every=max(steps, 1),
    )
    if descent.diverged_at is not None:
        raise RuntimeError(f"training diverged at step {descent.diverged_at}")
    return descent.params, descent.losses


def fit_values(
    params: Params, batches: list[Batch], config: DistillConfig
) -> tuple[np.ndarray, np.ndarray, float, float]:
    """W_V [d_model, d_v], b_v [d_v] by ridge least squares from x to the teacher's values on
    their d_v main directions; the share of the values' variance those directions hold, and the
    share of theirs the fit explains (R²)."""
    x = np.concatenate([student_x(params, b)[b.mask] for b in batches])  # [T, d_model]
    v = np.concatenate([b.values[b.mask] for b in batches])  # [T, d_head]
    centred = v - v.mean(axis=0)  # [T, d_head]
    _, sing, vt = np.linalg.svd(centred, full_matrices=False)
    target = centred @ vt[: config.d_v].T  # [T, d_v]
    design = np.hstack([x, np.ones((len(x), 1))])  # [T, d_model + 1]
    gram = design.T @ design + config.ridge * np.eye(design.shape[1])
    solution = np.linalg.solve(gram, design.T @ target)  # [d_model + 1, d_v]
    residual = target - design @ solution  # [T, d_v]
    kept = float((sing[: config.d_v] ** 2).sum() / (sing**2).sum())
    r2 = float(1 - (residual**2).sum() / (target**2).sum())
    return solution[:-1], solution[-1], kept, r2


def save(
    path: Path,
    params: Params,
    w_v: np.ndarray,
    b_v: np.ndarray,
    glosses: dict[str, str],
    minilm: MiniLM,
    config: DistillConfig,
) -> None:
    """head.npz: what DistilledHead.load reads (besides MiniLM's vocabulary and word table)."""
    f32 = np.float32
    np.savez(
        path,
        a=params["a"].astype(f32),  # [384, d_model] word-table rows -> x
        positions=(position_rows(minilm, MAX_TOKENS) @ params["b"]).astype(f32),  # [64, d_model]
        w_q=params["w_q"].astype(f32),  # [d_model, d_k]
        w_k=params["w_k"].astype(f32),  # [d_model, d_k]
        w_v=w_v.astype(f32),  # [d_model, d_v]
        b_v=b_v.astype(f32),  # [d_v]
        gloss_chars=np.array(list(glosses)),  # [g] Chinese characters
        gloss_pieces=np.array(list(glosses.values())),  # [g] their English pieces
        teacher=np.array([config.layer, config.head]),  # MiniLM layer, head
    )


@dataclass(frozen=True)
class Fidelity:
    """How close the student's weights are to the teacher's, over every row of some sentences."""

    rows: int
    correlation: float  # mean Pearson correlation of a student row with the teacher's row
    kl: float  # mean KL(teacher ‖ student) per row, in nats
    top_agree: float  # share of rows whose largest weight falls on the teacher's largest


def fidelity(head: DistilledHead, examples: list[Example]) -> Fidelity:
    """The student's softmax weights, through the pipeline, against the teacher's."""
    corr, kl, top = [], [], []
    for e in examples:
        p = pipeline(head, e.text)
        if p.tokens != e.tokens:
            raise ValueError(f"the head read {p.tokens}, the teacher {e.tokens}")
        w, t = p.attention.weights.astype(np.float64), e.weights  # [n, n] each
        for row, want in zip(w, t, strict=True):
            corr.append(np.corrcoef(row, want)[0, 1] if np.ptp(want) > 0 else np.nan)
            kl.append(float((want * np.log(want / row)).sum()))
            top.append(row.argmax() == want.argmax())
    return Fidelity(len(kl), float(np.nanmean(corr)), float(np.mean(kl)), float(np.mean(top)))


SCAN_ROLES = ("object -> verb", "adjective -> noun", "subject -> adjective or verb",
              "verb -> subject or object")  # fmt: skip


def scan_heads(minilm: MiniLM, count: int = 80, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Every head on `count` sentences "the ADJ SUBJ PAST the OBJ", weights re-normalised over
    the six words: [n_layers, n_heads, 4] the share of sentences where a word's largest weight
    on another word falls on the word it goes with (SCAN_ROLES), and [n_layers, n_heads] the
    mean weight of a word on itself."""
    rng = np.random.default_rng(seed)
    hits, own = [], []
    while len(hits) < count:
        past, _, objects = VERBS[sorted(VERBS)[rng.integers(len(VERBS))]]
        a, s, o = rng.choice(ADJECTIVES), rng.choice(SUBJECTS), rng.choice(objects)
        result = minilm.run(f"the {a} {s} {past} the {o}")
        if len(result.tokens) != 8:  # a word of more than one piece
            continue
        w = result.weights[:, :, 1:-1, 1:-1]  # [L, H, 6, 6]
        w = w / w.sum(-1, keepdims=True)
        other = w * (1 - np.eye(6))  # [L, H, 6, 6] weight on the other words
        best = other.argmax(-1)  # [L, H, 6]
        adj, subj, verb, obj = 1, 2, 3, 5
        hits.append(np.stack([
            best[..., obj] == verb,
            best[..., adj] == subj,
            np.isin(best[..., subj], (adj, verb)),
            np.isin(best[..., verb], (subj, obj)),
        ], axis=-1))  # fmt: skip
        own.append(np.diagonal(w, axis1=-2, axis2=-1).mean(-1))
    return np.mean(hits, axis=0), np.mean(own, axis=0)


def print_scan(minilm: MiniLM, shown: int = 6, also: tuple[int, int] = (2, 4)) -> None:
    """The heads that link related words most often, and `also` (the issue's first pick), as a
    Markdown table."""
    hits, own = scan_heads(minilm)
    print("| head | " + " | ".join(SCAN_ROLES) + " | weight on itself |")
    print("|---" * (len(SCAN_ROLES) + 2) + "|")
    order = np.argsort(-hits.sum(-1), axis=None, kind="stable")
    rows = [*zip(*np.unravel_index(order[:shown], own.shape), strict=True), also]
    for layer, head in rows:
        cells = " | ".join(f"{share:.0%}" for share in hits[layer, head])
        print(f"| layer {layer}, head {head} | {cells} | {own[layer, head]:.2f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for head.npz")
    parser.add_argument("--steps", type=int, default=DistillConfig.steps, help="AdamW updates")
    parser.add_argument("--d-k", type=int, default=DistillConfig.d_k, help="query/key width")
    parser.add_argument("--scan", action="store_true", help="only rank MiniLM's heads as teachers")
    args = parser.parse_args(argv)
    if args.scan:
        print_scan(MiniLM.load())
        return
    config = DistillConfig(steps=args.steps, d_k=args.d_k)
    start = time.process_time()
    minilm, glosses = MiniLM.load(), read_glosses()
    texts = training_texts(config, minilm.tokenizer.vocab)
    examples = make_examples(minilm, glosses, texts, config)
    order = np.random.default_rng([config.seed, 3]).permutation(len(examples))
    n_val = len(examples) // 10
    validation = [examples[i] for i in order[:n_val]]
    trained = [examples[i] for i in order[n_val:]]
    batches = make_batches(minilm, trained)
    print(f"{len(trained)} sentences to train on, {n_val} to validate; teacher done in "
          f"{time.process_time() - start:.0f} s CPU")  # fmt: skip
    params, losses = train(batches, config)
    print(f"loss {losses[0]:.3f} -> {losses[-1]:.3f} after {len(losses) - 1} steps, "
          f"{time.process_time() - start:.0f} s CPU")  # fmt: skip
    w_v, b_v, kept, r2 = fit_values(params, batches, config)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "head.npz"
    save(path, params, w_v, b_v, glosses, minilm, config)
    head = DistilledHead.load(path)
    print(
        f"{path}: {path.stat().st_size / 1024:.0f} KiB; values: the {config.d_v} main "
        f"directions hold {kept:.0%} of the teacher's variance, the fit explains {r2:.0%}"
    )
    sets = {
        "trained": trained,
        "validation": validation,
        "held out (tests)": make_examples(minilm, glosses, list(HELD_OUT), config),
        "new words": make_examples(minilm, glosses, list(NOVEL), config),
    }
    for name, chosen in sets.items():
        f = fidelity(head, chosen)
        print(f"{name:>18}: {f.rows:5d} rows, correlation {f.correlation:.3f}, "
              f"KL {f.kl:.3f}, same top {f.top_agree:.1%}")  # fmt: skip
    print(f"done in {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
