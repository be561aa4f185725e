"""Chinese read as words (core/chinese.py): jieba's words, each taking one English piece."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.chinese import OVERRIDES_FILE, WORDS_FILE, glosses, read_pieces, read_table
from core.models import DistilledHead
from core.pipeline import pipeline
from core.pretrained import MiniLM
from core.wordpiece import UNK
from tests.apptest_utils import open_page, page_file
from ui.i18n import TEXTS

EVERYDAY = Path(__file__).parent / "fixtures" / "everyday_zh.txt"
EVERYDAY_WORDS = Path(__file__).parent / "fixtures" / "everyday_words_zh.tsv"


def everyday_words() -> dict[str, set[str]]:
    """Each everyday word of the list and the glosses a learner accepts for it."""
    rows = [line.split("\t") for line in EVERYDAY_WORDS.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]  # fmt: skip
    words = {word: set(accepted.split("|")) for word, accepted in rows}
    assert len(words) == len(rows), "a word listed twice"
    return words


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


def test_the_everyday_word_list_accepts_only_entries_of_minilms_vocabulary(tokenizer):
    words = everyday_words()
    assert len(words) >= 300
    assert {"发", "长", "封", "里", "小明", "头", "个", "只", "本", "张", "辆", "顿", "斤", "杯",
            "件", "的", "了", "吗", "把", "被", "着", "过"} <= set(words)  # fmt: skip
    outside = {w: sorted(a - tokenizer.vocab.keys()) for w, a in words.items()
               if a - tokenizer.vocab.keys()}  # fmt: skip
    assert not outside, outside


def test_every_everyday_word_reads_as_a_gloss_a_learner_accepts(tokenizer):
    """Read alone as the pages read it: one word, and a gloss of its list (发 is "send", not
    "show"; 小明 is one word, "ming", not "small bright")."""
    wrong = []
    for word, accepted in everyday_words().items():
        pieces = read_pieces(tokenizer, word)
        if len(pieces) != 1 or pieces[0].reads not in accepted:
            read = " | ".join(f"{p.shown} -> {p.reads}" for p in pieces)
            wrong.append(f"{word}: {read}, expected one of {'|'.join(sorted(accepted))}")
    assert not wrong, f"{len(wrong)} everyday words read wrong:\n" + "\n".join(wrong)


def test_page_3s_table_of_readings_has_a_gloss_for_every_everyday_word():
    """Page 3 (like every page of the default model) lists what each Chinese word is read as
    from its pipeline's key side (ui/layout.glosses_note): tokens and reads from core."""
    head, words = DistilledHead.load(), everyday_words()
    wrong = {}
    for word, accepted in words.items():
        encoded = pipeline(head, word).key_side
        if encoded.tokens != (word,) or len(encoded.reads) != 1 or encoded.reads[0] not in accepted:
            wrong[word] = (encoded.tokens, encoded.reads)
    assert not wrong, wrong
    encoded = pipeline(head, "他的头很大").key_side
    assert dict(zip(encoded.tokens, encoded.reads, strict=True))["头"] == "head"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page_3_names_the_heads_the_default_model_learned_from(lang):
    """Its title under the learned set said "头 None" (head None): the default model learned from
    the mean of heads 0 and 3 of a layer, so its ModelRef has `heads`, not `head`."""
    at = open_page(page_file("weights"), {"lang": lang, "text": "他的头很大"})
    assert not at.exception
    ref = DistilledHead.load().ref
    heads = "+".join(str(h) for h in ref.heads)  # 0+3
    title = TEXTS["set_distilled"][lang].format(layer=ref.layer, heads=heads)
    shown = [m.value for m in at.markdown]
    assert f"**{title}**" in shown
    assert not any("None" in text for text in shown), shown
