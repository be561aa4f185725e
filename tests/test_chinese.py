"""Chinese read as words (core/chinese.py): jieba's words, each taking one English piece."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.chinese import OVERRIDES_FILE, WORDS_FILE, glosses, read_pieces, read_table
from core.models import DistilledHead
from core.pretrained import MiniLM
from core.wordpiece import UNK

EVERYDAY = Path(__file__).parent / "fixtures" / "everyday_zh.txt"


@pytest.fixture(scope="module")
def tokenizer():
    return MiniLM.load().tokenizer


def test_every_gloss_is_one_piece_of_minilms_vocabulary(tokenizer):
    table = glosses()
    assert len(table) > 20_000
    assert all(piece in tokenizer.vocab for piece in table.values())


def test_hand_written_glosses_win_over_the_dictionary():
    words, mine = read_table(WORDS_FILE), read_table(OVERRIDES_FILE)
    assert words["了"] != "##ed" and mine["了"] == "##ed"  # a particle, not "to finish"
    assert glosses()["了"] == "##ed" and glosses()["读"] == "read"  # du2, not dou4 "comma"


def test_the_issues_sentence_reads_as_words_without_unk(tokenizer):
    pieces = read_pieces(tokenizer, "老渔夫修补了他的破渔网")
    assert [p.shown for p in pieces] == ["老", "渔夫", "修补", "了", "他", "的", "破", "渔网"]
    assert [p.reads for p in pieces] == ["old", "fisherman", "repair", "##ed", "he", "of",
                                         "broken", "net"]  # fmt: skip


def test_the_articles_sentence_in_chinese(tokenizer):
    pieces = read_pieces(tokenizer, "那只黑色的猫喝了牛奶")
    assert [p.shown for p in pieces] == ["那只", "黑色", "的", "猫", "喝", "了", "牛奶"]
    assert [p.reads for p in pieces] == ["that", "black", "of", "cat", "drink", "##ed", "milk"]


def test_english_reads_as_before_and_mixed_text_keeps_its_order(tokenizer):
    text = "The black cat drank the milk"
    assert [p.shown for p in read_pieces(tokenizer, text)] == tokenizer.tokenize(text)
    assert all(not p.glossed for p in read_pieces(tokenizer, text))
    mixed = read_pieces(tokenizer, "I like 牛奶 and tea")
    assert [p.shown for p in mixed] == ["i", "like", "牛奶", "and", "tea"]


def test_a_character_nobody_glosses_keeps_minilms_reading(tokenizer):
    (piece,) = read_pieces(tokenizer, "龘")
    assert piece.reads == UNK and piece.shown == "龘"


def test_at_most_two_percent_unk_on_everyday_chinese():
    head = DistilledHead.load()
    lines = [line for line in EVERYDAY.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]  # fmt: skip
    assert len(lines) >= 50
    pieces = [p for line in lines for p in read_pieces(head.tokenizer, line)]
    unknown = [p.shown for p in pieces if p.reads == UNK]
    assert len(unknown) / len(pieces) <= 0.02, unknown
    assert head.encode(lines[0]).tokens == tuple(
        p.shown for p in read_pieces(head.tokenizer, lines[0])
    )
