"""Question kinds, one registry: what a lesson step asks and shows, usable from any lesson file
(by its name) and from the concept pages, which ask the same questions the same way.

A kind builds its question, options, answer, reason and charts from a pipeline (answers from
core/questions.py, computed, never typed) and names what it teaches. `why` says whether it asks
why attention works (False: how the computation goes, a mechanics question).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from core import questions
from core.attention import AttentionSettings
from core.learning.task import TrainResult, TrainSettings
from core.models.e5 import E5_STORY_HEAD
from core.models.smollm2 import STORY_HEAD, STORY_RATES, entry_label, next_tokens
from core.pipeline import Pipeline
from core.pretrained import DEFAULT_DIR as MINILM_DIR
from core.questions import Candidate
from core.sentence_forms import sentence_form
from core.story import TEACHER_HEADS, TEACHER_LAYER
from core.word_rows import word_view
from core.wordpiece import is_cjk
from lessons import live_training
from ui import compute, figures, minilm, predict, real_models, session, theme
from ui.figures import Figure
from ui.i18n import lang, t
from ui.markdown import escape_md, plain
from ui.predict import Asked, Question
from ui.settings import DEFAULT_MODEL, DEFAULT_TEXTS, SHARED_PARAMS, K, Settings, settings_from

SEEDS_TRIED = 20  # random seeds the kept-word question tries
RANDOM_SEED = 1  # the random weights a lesson compares with (page 3's second seed)
TRAINING = TrainSettings()  # page 7's default run: the one the training kind trains live
SWAP_WORD = {"en": ("dog", "cat"), "zh": ("狗", "猫")}  # the word put in (the second if taken)
ENGLISH = DEFAULT_TEXTS["en"]  # what SmolLM2 reads instead of a Chinese sentence (it reads English)
AS_IS = ("…", "...")  # a sentence ending so is a prompt: SmolLM2 continues it as it is
CANDIDATES = 400  # next tokens read for the offered guesses (WORD_PICKS' last is the 100th word)
TOP_SHOWN = 10  # the most likely next tokens the reveal draws
STORY = AttentionSettings(causal=True)  # SmolLM2's heads as the model runs them
# an example of each sentence form whose rate STORY_RATES may hold (core/sentence_forms.py)
FORM_EXAMPLES = {
    "plain": "The farmer painted the fence.",
    "question": "Did the farmer paint the fence?",
    "wh_question": "Why did the farmer paint the fence?",
    "progressive": "The farmer is painting the fence.",
    "perfect": "The farmer has painted the fence.",
    "future": "The farmer will paint the fence.",
    "imperative": "Please paint the fence.",
    "possessive": "The farmer's son painted the fence.",
    "relative": "The farmer who lived nearby painted the fence.",
    "time": "Yesterday the farmer painted the fence.",
    "negation": "The farmer did not paint the fence.",
    "passive": "The fence was painted by the farmer.",
}


# ---- the pipelines a kind reads: a sentence on the default model ---------------------------


def lesson_settings(language: str, **values: object) -> Settings:
    """The app's defaults (never this session's sidebar): every phone computes the same."""
    defaults = {key: param.default_in(language) for key, param in SHARED_PARAMS.items()}
    return settings_from(defaults | {K.LANG: language} | values)


def class_pipeline(
    sentence: str, language: str, attention: AttentionSettings | None = None
) -> Pipeline:
    """A lesson's pipeline: its sentence on the default model and switches."""
    return compute.pipeline(
        lesson_settings(language),
        text=sentence,
        model=DEFAULT_MODEL,
        attention=attention or AttentionSettings(),
    )


def switched(p: Pipeline, **switches: object) -> Pipeline:
    """`p`'s sentence with other attention switches (softmax off, no scaling)."""
    return class_pipeline(p.key_side.text, lang(), AttentionSettings(**switches))


def real_head(p: Pipeline) -> Pipeline:
    """`p`'s sentence through the first MiniLM head the default model learned from (its
    teacher is the mean of TEACHER_HEADS, core/story.py)."""
    values = {K.LAYER: TEACHER_LAYER, K.HEAD: TEACHER_HEADS[0]}
    s = lesson_settings(lang(), **values)
    return compute.pipeline(s, text=p.key_side.text, model="pretrained")


def e5_story(p: Pipeline) -> Pipeline:
    """`p`'s sentence through multilingual-e5-small's story head, the real model that reads
    Chinese (core/models/e5.py)."""
    layer, head = E5_STORY_HEAD
    s = lesson_settings(lang(), **{K.E5_LAYER: layer, K.E5_HEAD: head})
    return compute.pipeline(s, text=p.key_side.text, model="e5")


def reads_chinese(p: Pipeline) -> bool:
    """The sentence is Chinese, and the real model that reads it is on this machine."""
    return any(is_cjk(char) for char in p.key_side.text) and compute.e5_ready()


def trained() -> TrainResult:
    """Page 7's default run (seeded: every server gets the same; about 0.1 s, then remembered)."""
    return compute.trained_result(TRAINING)


def swapped(p: Pipeline, position: int) -> Pipeline | None:
    """`p`'s sentence with the word at `position` replaced (SWAP_WORD), on the same model; None
    when the new sentence does not split into as many tokens."""
    tokens = list(p.key_side.tokens)
    chinese = any(is_cjk(char) for token in tokens for char in token)  # the sentence's language
    first, second = SWAP_WORD["zh" if chinese else "en"]
    tokens[position] = second if tokens[position] == first else first
    text = ("" if chinese else " ").join(tokens)
    other = class_pipeline(text, lang(), p.settings)
    return other if len(other.key_side.tokens) == len(tokens) else None


# ---- the questions --------------------------------------------------------------------------


def dot_top(p: Pipeline) -> Asked | None:
    """Whose key has the largest dot product with the last word's query?"""
    answer = questions.top_dot(p, predict.last(p))
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    fig = predict.row_bars(p.attention.factor[q], p, t("pq_fig_factor", word=qt[q]), t("ax_score"))
    return Asked(
        answer,
        t("pq_dot_top_q", word=predict.word(qt, q)),
        t("pq_dot_top_a", word=predict.word(qt, q), key=predict.word(kt, k), v=answer.numbers[0])
        + predict.why(p, "pq_why_dot_top", word=predict.word(qt, q), key=predict.word(kt, k)),
        predict.word_labels(kt, answer.options),
        (fig,),
    )


def dot_sign(p: Pipeline) -> Asked | None:
    """Is the last word's query · the first word's key positive or negative?"""
    q, k = predict.last(p), 0
    answer = questions.dot_sign(p, q, k)
    dot, pos_sum, neg_sum, n_pos, n_neg = answer.numbers
    qt, kt = p.query_side.tokens, p.key_side.tokens
    products = p.query_side.q[q] * p.key_side.k[k]  # [d_k]
    fig = figures.bars(
        products,
        figures.dims(products.size),
        t("pq_fig_products", a=qt[q], b=kt[k]),
        p,
        label_title=t("ax_dim"),
        value_title=t("ax_value"),
        stage=figures.FACTOR,  # terms of one cell of Q·Kᵀ
    )
    because = t(
        "pq_dot_a", dot=dot, pos=int(n_pos), pos_sum=pos_sum, neg=int(n_neg), neg_sum=neg_sum
    )
    return Asked(
        answer,
        t("pq_dot_q", a=predict.word(qt, q), b=predict.word(kt, k)),
        because,
        predict.choice_labels(answer.options),
        (fig,),
    )


def factor_map(p: Pipeline) -> Figure:
    return figures.word_map(p.attention.factor, t("m_factor"), p)


def factor_symmetric(p: Pipeline) -> Asked | None:
    """Does word i score word j as j scores i?"""
    answer = questions.factor_symmetric(p)
    if answer is None:
        return None
    i, j = answer.words
    ij, ji = answer.numbers
    tokens = p.key_side.tokens
    a, b = predict.word(tokens, i), predict.word(tokens, j)
    because = t("cls_a_factor", a=a, b=b, ab=ij, ba=ji) + " " + t("cls_why_factor")
    return Asked(
        answer,
        t("cls_q_factor", a=a, b=b),
        because,
        predict.choice_labels(answer.options),
        (factor_map(p),),
    )


def rows_sum_to_one(p: Pipeline) -> Asked | None:
    """Does every row of `p`'s weights add up to 1?"""
    answer = questions.rows_sum_to_one(p)
    lo, hi = answer.numbers
    sums = p.attention.weights.sum(axis=1)  # [n_q]
    fig = figures.bars(
        sums,
        p.query_side.tokens,
        t("pq_fig_sums"),
        p,
        label_title=t("ax_query"),
        value_title=t("pq_ax_sum"),
    )
    flag = t("on") if p.settings.use_softmax else t("off")
    return Asked(
        answer,
        t("pq_sum_q", state=flag),
        t("pq_sum_a", lo=lo, hi=hi),
        predict.choice_labels(answer.options),
        (fig,),
    )


def softmax_off_sums(p: Pipeline) -> Asked | None:
    """With softmax off, do the rows still add up to 1?"""
    asked = rows_sum_to_one(switched(p, use_softmax=False))
    if asked is None:
        return None
    return Asked(
        asked.answer,
        asked.question,
        f"{asked.because} {t('cls_why_softmax')}",
        asked.labels,
        asked.figures,
        asked.inputs,
    )


def scale_order(p: Pipeline) -> Asked | None:
    """Does dividing by √d_k change the order of the last word's scores?"""
    answer = questions.scale_changes_order(p)
    root, changed = answer.numbers
    q = predict.last(p)
    word = p.query_side.tokens[q]
    row = p.attention.factor[q]  # [n_k]
    figs = (
        predict.row_bars(row, p, t("pq_fig_factor", word=word), t("ax_score")),
        predict.row_bars(
            row / root,
            p,
            t("pq_fig_scaled", word=word, root=root),
            t("ax_score"),
            stage=figures.SCALED,
        ),
    )
    if changed == 0:
        because = t("pq_scale_a_kept", root=root)
    else:
        because = t("pq_scale_a_changed", n=changed)
    return Asked(
        answer, t("pq_scale_q", root=root), because, predict.choice_labels(answer.options), figs
    )


def query_width(p: Pipeline) -> Asked | None:
    """How many numbers does a word's query hold? (d_k, whatever d_model)"""
    answer = questions.query_width(p)
    d_k, d_model = (int(v) for v in answer.numbers)
    enc = p.query_side
    return Asked(
        answer,
        t("pq_width_q"),
        t("pq_width_a", d_k=d_k, d_model=d_model),
        {option: option for option in answer.options},
        (figures.vectors(enc.q, enc.tokens, t("m_q"), p),),
    )


def repeat_rows(p: Pipeline) -> Asked | None:
    """A word that appears twice: are its two rows of X the same?"""
    answer = questions.repeat_identical(p)
    if answer is None:
        return None
    i, j = answer.words
    enc = p.key_side
    word = predict.word(enc.tokens, i)
    same = answer.is_right("yes")
    because = t("pq_repeat_same" if same else "pq_repeat_differ", i=i, j=j, d=answer.numbers[0])
    diff = figures.bars(
        enc.x[i] - enc.x[j],
        figures.dims(enc.x.shape[1]),
        t("pq_fig_diff", word=enc.tokens[i], i=i, j=j),
        p,
        label_title=t("ax_dim"),
        value_title=t("ax_value"),
    )
    return Asked(
        answer,
        t("pq_repeat_q", word=word, i=i, j=j),
        because,
        predict.choice_labels(answer.options),
        (diff,),
    )


def top_weight(p: Pipeline) -> Asked | None:
    """Which other word does the last word weigh most?"""
    return top_weight_of(p, predict.last(p))


def top_weight_of(p: Pipeline, query: int) -> Asked | None:
    """Which other word does the word at `query` weigh most? (a page asks it of its picked word)"""
    return predict.top_key(p, query)


def longest_term(p: Pipeline, query: int) -> Asked | None:
    """Which key's term αⱼ·vⱼ is the longest in `query`'s output row?"""
    answer = questions.biggest_term(p, query)
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    length, weight = answer.numbers
    fig = predict.row_bars(
        questions.term_lengths(p, q), p, t("pq_fig_terms", word=qt[q]), t("pq_ax_length")
    )
    return Asked(
        answer,
        t("pq_term_q", word=predict.word(qt, q)),
        t("pq_term_a", key=predict.word(kt, k), w=weight, length=length)
        + predict.why(p, "pq_why_term", word=predict.word(qt, q)),
        predict.word_labels(kt),
        (fig,),
        (q,),
    )


def seeds_tried(first_seed: int) -> range:
    """The random seeds the kept-word question tries: `first_seed` and the next ones."""
    return range(first_seed, first_seed + SEEDS_TRIED)


def kept_across_seeds(p: Pipeline, first_seed: int) -> Asked | None:
    """Do random weights of SEEDS_TRIED seeds keep the last word's top word?"""
    others = list(compute.random_weights_over(p, seeds_tried(first_seed)))
    query = predict.last(p)
    answer = questions.kept_across_seeds(p, others, query)
    if answer is None:
        return None
    q, mine = answer.words
    kept, tried, chance = answer.numbers
    qt, kt = p.query_side.tokens, p.key_side.tokens
    last_seed = first_seed + SEEDS_TRIED - 1
    fig = predict.row_bars(
        questions.seeds_first(others, q, len(kt)),
        others[0],
        t("pq_fig_kept", word=qt[q], first=first_seed, last=last_seed),
        t("pq_ax_seeds"),
    )
    return Asked(
        answer,
        t("pq_kept_q", word=predict.word(qt, q), key=predict.word(kt, mine), seeds=int(tried)),
        t(
            "pq_kept_a",
            key=predict.word(kt, mine),
            kept=int(kept),
            tried=int(tried),
            chance=chance * tried,
        )
        + predict.why(p, "pq_why_kept", "pq_why_both_random", key=predict.word(kt, mine)),
        predict.choice_labels(answer.options),
        (fig,),
        (first_seed,),
    )


def larger_max(p: Pipeline, seed: int) -> Asked | None:
    """Which set of weights, `p`'s or random ones of `seed`, has the larger largest weight?"""
    other = compute.random_weights(p, seed)
    answer = questions.larger_max_weight(p, other)
    a, b = answer.numbers
    names = (t("pq_set_a"), t("pq_set_b", seed=seed))
    fig = figures.bars(
        np.array([a, b]),
        names,
        t("pq_fig_max"),
        p,
        label_title=t("pq_ax_set"),
        value_title=t("ax_weight"),
    )
    return Asked(
        answer,
        t("pq_max_q", seed=seed),
        t("pq_max_a", a=a, b=b, seed=seed) + predict.why(p, "pq_why_max", "pq_why_both_random"),
        {"a": names[0], "b": names[1]},
        (fig,),
        (seed,),
    )


def after_training(result: TrainResult) -> Figure:
    return live_training.heatmap(result.probe_weights, result.settings, title=t("learn_after"))


def training_row(p: Pipeline) -> Asked | None:
    """Page 7's probe (a sentence of its little language), not the lesson's: after training,
    which word does its last word weigh most?"""
    result = trained()
    tokens, q = result.probe_tokens, result.watch_row
    answer = questions.top_of_row(result.probe_weights[q], q, q)
    if answer is None:
        return None
    k = answer.words[1]
    tokens = tuple(live_training.shown(tokens))  # in Chinese, the corpus's Chinese words
    w, tw = predict.word(tokens, q), predict.word(tokens, k)
    before = float(result.probe_weights_before[q, k])
    because = t(
        "cls_a_train",
        word=w,
        key=tw,
        w=answer.numbers[0],
        before=before,
        steps=result.steps_run,
        acc=result.held_out_accuracy,
    )
    return Asked(
        answer,
        t("cls_q_train", word=w, probe=plain(("" if lang() == "zh" else " ").join(tokens))),
        because,
        predict.word_labels(tokens, answer.options),
        (after_training(result),),
        (TRAINING,),
    )


def real_words(p: Pipeline) -> Asked | None:
    """In the words-only view of the heads the default model learned from, which other word
    does the last word weigh most? (A Chinese sentence: in e5's story head, over its words.)"""
    if reads_chinese(p):
        return e5_words(p)
    text = p.key_side.text
    teacher = minilm.teacher(text)
    if not minilm.has_words(teacher.tokens):
        return None
    words = teacher.word_tokens
    q = session.last_word(words)
    answer = questions.top_of_row(teacher.words[q], q, q)
    if answer is None:
        return None
    w, key = predict.word(words, q), predict.word(words, answer.words[1])
    heads = minilm.teacher_heads()
    question = t("cls_q_real", word=w, layer=TEACHER_LAYER, heads=heads)
    reads = minilm.chinese_line(text, teacher.tokens)  # MiniLM reads English: say so first
    because = (
        t("cls_a_real", word=w, key=key, w=answer.numbers[0])
        + " "
        + minilm.sink_line(teacher.raw, teacher.tokens, mean=True)
    )
    return Asked(
        answer,
        question if reads is None else f"{question}\n\n{reads}",
        because + " " + t("cls_why_real"),
        predict.word_labels(words, answer.options),
        minilm.teacher_figures(teacher, real_head(p)),
        (TEACHER_LAYER, TEACHER_HEADS),
    )


def e5_words(p: Pipeline) -> Asked | None:
    """real_words on a Chinese sentence: e5's story head read over the sentence's words (as
    the app splits Chinese), where MiniLM would read most characters as [UNK]."""
    head = e5_story(p)
    view = word_view(head.key_side.text, head.tokens, head.attention.weights)
    words = view.words
    if len(words) < 2:
        return None
    q = session.last_word(words)
    answer = questions.top_of_row(view.weights[q], q, q)
    if answer is None:
        return None
    w, key = predict.word(words, q), predict.word(words, answer.words[1])
    layer, head_number = E5_STORY_HEAD
    return Asked(
        answer,
        t("cls_q_real_e5", word=w, layer=layer, head=head_number),
        t("cls_a_real", word=w, key=key, w=answer.numbers[0]) + " " + t("cls_why_real_e5"),
        predict.word_labels(words, answer.options),
        real_models.word_figures(head, view),
        (E5_STORY_HEAD,),
    )


def what_moves(p: Pipeline) -> Asked | None:
    """Which change (no scaling, no softmax, random weights) moves the last word's top word?"""
    q = predict.last(p)
    random = compute.random_weights(p, RANDOM_SEED)
    changed = {
        "scale": switched(p, scale=False).attention.weights[q],
        "softmax": switched(p, use_softmax=False).attention.weights[q],
        "random": random.attention.weights[q],
    }
    answer = questions.what_moves_top(p.attention.weights[q], changed, q)
    if answer is None:
        return None
    tokens = p.key_side.tokens
    tops = []
    for option, row in changed.items():
        top = questions.top_of_row(row, q, q)
        tops.append(
            t(
                "cls_a_recap_item",
                change=t(f"pq_opt_{option}"),
                key=predict.word(tokens, top.words[1]),
            )
        )
    because = t(
        "cls_a_recap",
        word=predict.word(tokens, q),
        key=predict.word(tokens, answer.words[1]),
        changes=t("list_sep").join(tops),
    )
    return Asked(
        answer,
        t("cls_q_recap", word=predict.word(tokens, q)),
        because
        + " "
        + t("cls_why_recap" if "random" in answer.correct else "cls_why_recap_chance"),
        predict.choice_labels(answer.options),
        (figures.weights(p), figures.weights(random)),
        (RANDOM_SEED,),
    )


def one_word_changes(p: Pipeline) -> Asked | None:
    """Replace the word the last word weighs most: whose row of weights moves most?"""
    top = questions.top_key(p, predict.last(p))
    if top is None:
        return None
    changed = top.words[1]
    other = swapped(p, changed)
    if other is None:
        return None
    answer = questions.row_moves_most(p.attention.weights, other.attention.weights, changed)
    if answer is None:
        return None
    tokens, new = p.key_side.tokens, other.key_side.tokens
    word, put, row = (predict.word(tokens, changed), predict.word(new, changed), answer.words[1])
    moved, weight = answer.numbers
    return Asked(
        answer,
        t("kind_q_swap", word=word, new=put),
        t("kind_a_swap", row=predict.word(tokens, row), moved=moved, word=word, w=weight)
        + " "
        + t("kind_why_swap"),
        predict.word_labels(tokens, answer.options),
        (
            titled(figures.weights(p), t("kind_chart_before", word=tokens[changed])),
            titled(figures.weights(other), t("kind_chart_after", word=new[changed])),
        ),
        (changed,),
    )


# ---- SmolLM2, a real generative model: the next word, and the story in one of its heads ----


def in_english(sentence: str) -> tuple[str, bool]:
    """What SmolLM2 reads for a class's sentence: the sentence, or ENGLISH when it holds Chinese
    (decided by the sentence, never by the viewer's language: every phone offers the same);
    and whether it was replaced."""
    replaced = any(is_cjk(char) for char in sentence)
    return (ENGLISH if replaced else " ".join(sentence.split())), replaced


@dataclass(frozen=True)
class Prompt:
    """What SmolLM2 continues, made from a class's sentence."""

    text: str  # what the model reads
    hidden: str | None  # the sentence's last word, cut off for the class to guess (None: none)
    replaced: bool  # the sentence was Chinese: the model reads ENGLISH instead


def prompt_of(sentence: str) -> Prompt:
    """The sentence without its last word (and its final punctuation), so the class guesses a
    word that was there; a sentence ending in "…" (or one word alone) is read as it is."""
    text, replaced = in_english(sentence)
    for mark in AS_IS:
        if text.endswith(mark):
            return Prompt(text.removesuffix(mark).rstrip(), None, replaced)
    bare = text
    while bare and not bare[-1].isalnum():  # "milk." -> "milk"
        bare = bare[:-1]
    head, _, last = bare.rpartition(" ")
    if not head:
        return Prompt(text, None, replaced)
    return Prompt(head, last, replaced)


def candidates(logits: np.ndarray) -> list[Candidate]:
    """[vocab] -> SmolLM2's CANDIDATES most likely next tokens, most likely first, as text."""
    tokenizer = compute.smollm2().tokenizer
    found = []
    for rank, token in enumerate(next_tokens(logits, count=CANDIDATES), start=1):
        try:
            text = tokenizer.entry_bytes(token.id).decode("utf-8")
        except UnicodeDecodeError:  # part of a character
            text = None
        found.append(Candidate(token.id, text, rank, token.probability))
    return found


@cache
def dictionary() -> frozenset[str]:
    """MiniLM's vocabulary (models/minilm/vocab.txt, 30,522 entries): the app's English words,
    read once per process."""
    return frozenset((MINILM_DIR / "vocab.txt").read_text(encoding="utf-8").split())


def known_word(word: str) -> bool:
    """A word MiniLM's vocabulary holds whole, so that an option is a word, not the start of a
    longer one ("dandel")."""
    return word.lower() in dictionary()


def percent(probability: float) -> str:
    """A probability as a percentage with one decimal ("41.3"); "< 0.1" below that."""
    value = 100 * probability
    return f"{value:.1f}" if value >= 0.1 else "< 0.1"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th ... in English; the number alone in Chinese (the text says 第)."""
    if lang() == "zh":
        return str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def quoted(text: str, more: str = "") -> str:
    """A figure's first context line: the text SmolLM2 read, quoted (cut as figures cut it)."""
    limit = theme.CONTEXT_CHARS - len(more)
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return f"“{short}{more}”"


def next_chart(prompt: Prompt, found: Sequence[Candidate]) -> Figure:
    """SmolLM2's TOP_SHOWN most likely next tokens as bars, each labelled "milk 41.3 %"."""
    tokenizer = compute.smollm2().tokenizer
    top = found[:TOP_SHOWN]
    labels = [
        t("kind_bar_next", word=entry_label(tokenizer, c.id), pct=f"{100 * c.probability:.1f}")
        for c in top
    ]
    fig = figures.bars(
        np.array([c.probability for c in top]),
        labels,
        t("kind_fig_next", n=len(top)),
        None,
        label_title=t("ax_token"),
        value_title=t("kind_ax_probability"),
    ).with_options(label_limit=theme.TOKEN_LABEL_LIMIT)
    lines = (quoted(prompt.text, " …"), t("kind_ctx_next"))
    return dataclasses.replace(fig, context=lines, file_tag="smollm2-next")


def hidden_line(prompt: Prompt, logits: np.ndarray) -> str:
    """Where SmolLM2 ranks the word the class's sentence went on with ("" when none was cut)."""
    if prompt.hidden is None:
        return ""
    tokenizer = compute.smollm2().tokenizer
    word = escape_md(prompt.hidden)
    ids = tokenizer.encode(" " + prompt.hidden)
    if len(ids) != 1:
        return " " + t("kind_a_next_hidden_pieces", word=word, n=len(ids))
    rank, probability = questions.rank_of(logits, ids[0])
    return " " + t("kind_a_next_hidden", word=word, nth=ordinal(rank), pct=percent(probability))


def next_word(p: Pipeline) -> Asked | None:
    """SmolLM2 reads the class's sentence without its last word: which word does it find most
    likely to come next? (None without SmolLM2's arrays on this machine.)"""
    if not compute.smollm2_ready():
        return None
    prompt = prompt_of(p.key_side.text)
    if not prompt.text:
        return None
    run = compute.smollm2_run(prompt.text)
    found = candidates(run.logits)
    answer = questions.next_word(found, known=known_word)
    if answer is None:
        return None
    tokenizer = compute.smollm2().tokenizer
    by_id = {str(c.id): c for c in found}
    labels = {o: escape_md(entry_label(tokenizer, int(o))) for o in answer.options}
    (right,) = answer.correct
    first = by_id[right]
    shown = escape_md(prompt.text, limit=len(prompt.text))
    if prompt.replaced:
        question = t("kind_q_next_english", prompt=shown)
    elif prompt.hidden is None:
        question = t("kind_q_next_as_is", prompt=shown)
    else:
        question = t("kind_q_next_cut", prompt=shown)
    opening = "kind_a_next_first" if first.rank == 1 else "kind_a_next_first_below"
    others = sorted((by_id[o] for o in answer.options if o != right), key=lambda c: c.rank)
    items = [
        t(
            "kind_a_next_item",
            word=labels[str(c.id)],
            nth=ordinal(c.rank),
            pct=percent(c.probability),
        )
        for c in others
    ]
    because = (
        t(opening, word=labels[right], pct=percent(first.probability), nth=ordinal(first.rank))
        + " "
        + t("kind_a_next_options", items=t("list_sep").join(items))
        + hidden_line(prompt, run.logits)
        + " "
        + t("kind_why_next")
    )
    return Asked(answer, question, because, labels, (next_chart(prompt, found),), (prompt.text,))


def story_pipeline(text: str) -> Pipeline:
    """`text` through SmolLM2's STORY_HEAD (its forward pass shared with the other pages)."""
    return compute.model_pipeline("smollm2", STORY_HEAD, text, STORY)


def story_named(tokens: tuple[str, ...], i: int) -> tuple[str, str]:
    """Token i as an option's label and as the reason names it: a word that appears twice is
    named by its place, never its position (the 2nd “the”); another word is itself, quoted in
    the reason (“drank”). ⟨start⟩ is not counted."""
    word = escape_md(tokens[i])
    same = [j for j in range(1, len(tokens)) if tokens[j] == tokens[i]]
    if len(same) < 2:
        return word, f"“{word}”"
    named = t("kind_story_repeat", nth=ordinal(same.index(i) + 1), word=word)
    return named, named


def story_chart(sp: Pipeline, query: int) -> Figure:
    """The head's causal weights, every token (⟨start⟩ too), the last word's row marked."""
    return figures.weights(sp, highlight=query)


def rate_line(text: str) -> str:
    """The head's measured rate on held-out sentences of `text`'s form ("" when unknown)."""
    form = sentence_form(text)
    if form not in STORY_RATES or form not in FORM_EXAMPLES:
        return ""
    pct = f"{100 * STORY_RATES[form]:.1f}".removesuffix(".0")  # 99.5 never shows as 100
    line = " " + t("kind_a_story_rate", example=FORM_EXAMPLES[form], pct=pct)
    return line + (" " + t("kind_a_story_passive") if form == "passive" else "")


def story_head(p: Pipeline) -> Asked | None:
    """In SmolLM2's STORY_HEAD, which earlier word does the last word weigh most (⟨start⟩, the
    sink, left out)? (None without SmolLM2's arrays on this machine.)"""
    if not compute.smollm2_ready():
        return None
    text, replaced = in_english(p.key_side.text)
    sp = story_pipeline(text)
    tokens = sp.key_side.tokens
    q = session.last_word(tokens)
    row = sp.attention.weights[q]  # [n]: ⟨start⟩, the earlier words, the word itself, 0 after
    answer = questions.top_among(row, q, range(1, q))
    if answer is None:
        return None
    layer, head = STORY_HEAD
    key = answer.words[1]
    labels = {o: story_named(tokens, int(o))[0] for o in answer.options}
    word = escape_md(tokens[q])
    if replaced:
        shown = escape_md(text, limit=len(text))
        question = t("kind_q_story_english", sentence=shown, layer=layer, head=head, word=word)
    else:
        question = t("kind_q_story", layer=layer, head=head, word=word)
    because = (
        t(
            "kind_a_story",
            word=word,
            key=story_named(tokens, key)[1],
            w=answer.numbers[0],
            sink=float(row[0]),
        )
        + rate_line(text)
        + " "
        + t("kind_why_story")
    )
    return Asked(answer, question, because, labels, (story_chart(sp, q),), (STORY_HEAD,))


# ---- the registry ---------------------------------------------------------------------------


def weights_chart(p: Pipeline) -> tuple[Figure, ...]:
    return (figures.weights(p),)


def evidence(build: Callable[[Pipeline], Asked | None]) -> Callable[[Pipeline], tuple[Figure, ...]]:
    """A kind whose chart is its question's evidence."""

    def charts(p: Pipeline) -> tuple[Figure, ...]:
        asked = build(p)
        return asked.figures if asked is not None else ()

    return charts


@dataclass(frozen=True)
class Kind:
    """A kind of lesson step: its name in a lesson file, its question and charts."""

    name: str  # texts: kind_title_<name>, kind_short_<name>, kind_teaches_<name>
    build: Callable[[Pipeline], Asked | None] | None  # its question (None: it asks none)
    charts: Callable[[Pipeline], tuple[Figure, ...]]  # what shows its point
    why: bool  # asks why attention works; False: how the computation goes (mechanics)
    sentences: bool = False  # students (or the presenter) send sentences of their own
    training: bool = False  # page 7's run, trained live in place

    @property
    def question(self) -> Question | None:
        return Question(f"lesson_{self.name}", self.build) if self.build else None

    @property
    def title(self) -> str:
        return t(f"kind_title_{self.name}")

    @property
    def short(self) -> str:
        """One or two words, for presenter mode's strip of steps."""
        return t(f"kind_short_{self.name}")

    @property
    def teaches(self) -> str:
        return t(f"kind_teaches_{self.name}")


def _softmax_charts(p: Pipeline) -> tuple[Figure, ...]:
    return figures.weights(switched(p, use_softmax=False)), figures.weights(p)


def titled(fig: Figure, title: str) -> Figure:
    """`fig` under a title of its own: two charts side by side never share one (their
    subtitles still state each one's settings)."""
    return dataclasses.replace(fig, title=title)


def _random_charts(p: Pipeline) -> tuple[Figure, ...]:
    random = compute.random_weights(p, RANDOM_SEED)
    return (
        titled(figures.weights(p), t("kind_chart_learned")),
        titled(figures.weights(random), t("kind_chart_random", seed=RANDOM_SEED)),
    )


def _training_chart(p: Pipeline) -> tuple[Figure, ...]:
    return (after_training(trained()),)


def _real_charts(p: Pipeline) -> tuple[Figure, ...]:
    """The teacher as it is, [CLS] and [SEP] included, beside its words-only view (a Chinese
    sentence: e5's story head beside the same over words)."""
    if reads_chinese(p):
        head = e5_story(p)
        view = word_view(head.key_side.text, head.tokens, head.attention.weights)
        return real_models.word_figures(head, view)
    return minilm.teacher_figures(minilm.teacher(p.key_side.text), real_head(p))


def _last_term(p: Pipeline) -> Asked | None:
    return longest_term(p, predict.last(p))


def _kept(p: Pipeline) -> Asked | None:
    return kept_across_seeds(p, RANDOM_SEED)


def _larger_max(p: Pipeline) -> Asked | None:
    return larger_max(p, RANDOM_SEED)


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind("query_match", dot_top, evidence(dot_top), why=True),
        Kind("top_weight", top_weight, evidence(top_weight), why=True),
        Kind("training_row", training_row, _training_chart, why=True, training=True),
        Kind("learned_vs_random", _kept, _random_charts, why=True),
        Kind("larger_max", _larger_max, _random_charts, why=True),
        Kind("real_head", real_words, _real_charts, why=True),
        Kind("next_word", next_word, evidence(next_word), why=True),
        Kind("story_head", story_head, evidence(story_head), why=True),
        Kind("one_word_changes", one_word_changes, evidence(one_word_changes), why=True),
        Kind("what_moves", what_moves, weights_chart, why=True),
        Kind("own_sentences", None, weights_chart, why=True, sentences=True),
        Kind("dot_sign", dot_sign, evidence(dot_sign), why=False),
        Kind("query_width", query_width, evidence(query_width), why=False),
        Kind("repeat_rows", repeat_rows, evidence(repeat_rows), why=True),
        Kind("factor_symmetric", factor_symmetric, lambda p: (factor_map(p),), why=False),
        Kind("softmax_sums", softmax_off_sums, _softmax_charts, why=False),
        Kind("scale_order", scale_order, evidence(scale_order), why=False),
        Kind("longest_term", _last_term, evidence(_last_term), why=False),
    )
}

# the questions the concept pages share with the lessons, under the pages' own ids
DOT_TOP = Question("dot_top", dot_top)
DOT_SIGN = Question("dot_sign", dot_sign)
SCORE_SUM = Question("score_sum", rows_sum_to_one)
SCORE_SCALE_ORDER = Question("score_scale_order", scale_order)
