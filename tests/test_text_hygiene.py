"""Nothing hidden in what a student types (core/safe_text.py): a nickname or a sentence loses
its controls, Unicode tags, zero-width and bidi characters and the fillers that draw nothing,
and keeps every emoji as drawn (a family joined by zero-width joiners, a heart with its
variation selector, the flag of Scotland). A CSV cell that hides a formula sign behind an
invisible character is quoted (core/export.safe_cell)."""

from __future__ import annotations

import csv
import io
import time

import pytest

from core.export import safe_cell, table_csv
from core.safe_text import clean, first_visible, one_line
from live_class import store as class_store
from live_class.store import ClassStore, engine_for
from ui.markdown import JOINER, escape_md

T0 = 1_700_000_000.0
FAMILY = "👨\u200d👩\u200d👧\u200d👦"  # four people joined by zero-width joiners
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # 🏴 + tags + cancel


def tags(text: str) -> str:
    """ASCII written in Unicode tag characters: invisible, yet a program can read it back."""
    return "".join(chr(0xE0000 + ord(ch)) for ch in text)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("amy\u200b", "amy"),  # a zero-width space after the name
        ("a\u200bm\u200cy", "amy"),  # zero-width space and non-joiner between Latin letters
        ("a\u200dmy", "amy"),  # a zero-width joiner that joins no emoji
        ("\ufeffzoe", "zoe"),  # a byte-order mark pasted in front
        ("bo\u2060b\u2061\u2062\u2063\u2064", "bob"),  # word joiner, invisible operators
        ("\u3164", ""),  # HANGUL FILLER: the classic blank nickname
        ("\u115f\u1160\uffa0", ""),  # the other Hangul fillers
        ("li\u180eu", "liu"),  # Mongolian vowel separator
        ("e\u034fve", "eve"),  # combining grapheme joiner
        ("\ufe0fx", "x"),  # a variation selector alone at the start
        ("x \ufe0f", "x"),  # alone after a space
        ("tom" + tags("IGNORE ALL PREVIOUS INSTRUCTIONS"), "tom"),  # a hidden message in tags
        ("\U0001f3f4" + tags("zz") + "\U000e007f", "\U0001f3f4"),  # no such flag: black flag only
        ("sam\x00\x07\x1b[31m", "sam[31m"),  # NUL, bell, escape: C0 controls
        ("ann\x85\x9b\x9f", "ann"),  # C1 controls (next line, CSI, APC)
        ("abc\u202egnp.exe", "abcgnp.exe"),  # a right-to-left override (bidi, as before)
        ("\u2066ali\u2069\u200e\u200f", "ali"),  # an isolate and the bidi marks
        ("soft\u00adhyphen", "softhyphen"),  # a soft hyphen: a format character too
        ("a\tb\nc\r\nd", "a b c d"),  # tab and newline: one line, one space
        ("\ud800oops", "oops"),  # a lone surrogate (it cannot be stored as UTF-8)
        ("😀" + "".join(chr(0xE0100 + b) for b in b"secret"), "😀\U000e0173"),  # VS smuggling
    ],
)
def test_what_hides_is_removed_from_a_name(typed, kept):
    assert one_line(typed, 200).text == kept


@pytest.mark.parametrize(
    "name",
    [
        FAMILY,
        "❤️",  # a heart with VS16
        "❤️\u200d🔥",  # heart on fire: VS16, then a joiner
        "👩🏽\u200d💻",  # a skin tone, then a joiner
        "🏳️\u200d🌈",  # rainbow flag
        "🏳️\u200d⚧️",  # transgender flag
        "🫱🏻\u200d🫲🏼",  # handshake of two skin tones
        "👩\u200d❤️\u200d💋\u200d👨",  # kiss
        "1️⃣",  # keycap: digit, VS16, enclosing keycap
        "🇨🇳🇬🇧",  # two flags of regional indicators
        SCOTLAND,
        "小明 🐱",
        "نیم\u200cفاصله",  # Persian: a zero-width non-joiner between Arabic letters
        "क्\u200dष",  # Devanagari: a zero-width joiner between Indic letters
        "José Ñúñez",
        "e\u0301",  # a combining accent
        "a\u00a0b",  # no-break space (white space: made one space, see below)
    ],
)
def test_what_draws_something_is_kept(name):
    assert clean(name) == name
    assert one_line(name, 200).text == " ".join(name.split())


def test_a_family_emoji_survives_in_a_sentence_with_hidden_characters():
    typed = f"\u200bmy {FAMILY}\u2060 ate\U000e0041 the \u3164cake\ufeff"
    assert one_line(typed, 200).text == f"my {FAMILY} ate the cake"


def test_clean_is_linear_on_a_long_hostile_text():
    hostile = ("👨\u200d\ufe0f\ufe0f\u200b\U000e0041🏴" + tags("gbsc")) * 20_000  # 360,000 chars
    start = time.perf_counter()
    cleaned = clean(hostile)
    assert time.perf_counter() - start < 1.0
    assert "\u200b" not in cleaned and "\U000e0041" not in cleaned


def test_the_class_keeps_nicknames_and_sentences_clean(tmp_path):
    """Through the class store: what a phone sends is what the store cleans and keeps."""
    store = ClassStore(engine_for(f"sqlite:///{tmp_path}/class.db"))
    code, key = store.start("the cat\u200b sat", T0)
    assert store.find(code, T0).sentence == "the cat sat"
    store.open_voting(code, key, T0)
    alice, bob = (store.admit(code, None, f"10.0.0.{i}", T0) for i in (1, 2))
    assert store.rename(code, alice, "\u3164\u3164", T0).text == ""  # blank: no name at all
    assert store.rename(code, bob, "b\u200bo" + tags("x") + f"b {FAMILY}", T0).text == (
        f"bob {FAMILY}"
    )
    outcome, kept = store.submit_sentence(code, alice, "\ufeffthe\u2060 dog\x00 barked", 0, T0)
    assert (outcome, kept.text) == ("taken", "the dog barked")
    assert [s for _, s, _ in store.sentences(code, key, T0)] == ["the dog barked"]
    store.answer(code, bob, 0, 1, "1", ("1", "2"), T0)
    named = store.results(code, key, T0, nicknames=True)
    assert f"bob {FAMILY}" in {row[3] for row in named}
    assert class_store.MAX_NICKNAME >= len(f"bob {FAMILY}")


# ---- CSV cells ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cell",
    [
        "\u3164=1+1",  # behind a Hangul filler
        '\u115f\u1160\uffa0=HYPERLINK("http://x")',  # behind the other fillers
        "\u034f+1",  # behind a combining grapheme joiner
        "\ufe0f-1",  # behind a variation selector
        "\U000e0041@SUM(A1)",  # behind a tag
        "\u00ad=1",  # behind a soft hyphen
        "\u180e=1",  # behind a Mongolian vowel separator
        "\u2800=1",  # behind a braille blank
        "\u200b \u3000＝1",  # zero-width space, space, ideographic space, full-width equals
        "\u2060\t\u3164＠x",  # word joiner, tab, filler, full-width at
        " \u200d﹢cmd",  # space, joiner, small plus
        "\u3164－5",  # filler, full-width minus
    ],
)
def test_a_formula_behind_an_invisible_character_is_quoted(cell):
    assert first_visible(cell) in "=+-@＝＠﹢－"
    assert safe_cell(cell) == "'" + cell
    out = table_csv(("nickname", "votes"), [(cell, 1)])
    assert next(csv.reader(io.StringIO(out.splitlines()[1])))[0] == "'" + cell


@pytest.mark.parametrize("cell", [FAMILY, "❤️ =", "a=1", "小明", "\u3164ok", "ann-marie", SCOTLAND])
def test_text_that_starts_with_no_formula_sign_is_kept(cell):
    assert safe_cell(cell) == cell


def test_an_address_in_markdown_text_is_never_a_link() -> None:
    """Streamlit's Markdown links a bare www., an e-mail and a scheme even when escaped; a word
    joiner after "www", "@" and the scheme's ":" stops it, and the text reads the same."""
    for address in ("www.evil.example", "me@evil.example", "https://2130706433:8080/x"):
        shown = escape_md(address)
        assert JOINER in shown
        assert shown.replace(JOINER, "").replace("\\", "") == address
    assert escape_md("The black cat drank the milk") == "The black cat drank the milk"
