"""A new sentence moves every page's picked word to its last word; a link that names the word
opens on it (issue 28, item 5)."""

import pytest

from tests.apptest_utils import default_model, open_page, page_file

# page, the key of its token picker (also its URL parameter)
PICKERS = [("rows", "word"), ("roles", "query"), ("dot", "a"), ("qk_map", "qkq")]
FIRST = "The black cat drank the milk"
NEW = "The old fisherman mended his torn net ."  # ends in punctuation: the last word is "net"


def last_word(tokens: tuple[str, ...]) -> int:
    """The last token with a letter or digit in it: a word, not punctuation."""
    return max(i for i, token in enumerate(tokens) if any(c.isalnum() for c in token))


@pytest.mark.parametrize(("page", "key"), PICKERS)
def test_a_new_sentence_moves_the_pick_to_its_last_word(page: str, key: str) -> None:
    at = open_page(page_file(page), {"text": FIRST})
    at.selectbox(key=key).set_value(1).run()
    assert at.selectbox(key=key).value == 1
    at.text_area(key="text").input(NEW).run()
    assert not at.exception
    tokens = default_model().encode(NEW).tokens
    assert tokens[-1] == "."  # the sentence's last token is not its last word
    expected = last_word(tokens)
    assert at.selectbox(key=key).value == expected
    assert tokens[expected] == "net"


@pytest.mark.parametrize(("page", "key"), PICKERS)
def test_a_link_that_names_the_word_opens_on_it(page: str, key: str) -> None:
    at = open_page(page_file(page), {"text": NEW, key: "2"})
    assert not at.exception
    assert at.selectbox(key=key).value == 2
    at.run()  # a re-run keeps it
    assert at.selectbox(key=key).value == 2


def test_a_link_without_a_word_opens_on_the_last_word_not_punctuation() -> None:
    at = open_page(page_file("roles"), {"text": NEW})
    assert at.selectbox(key="query").value == last_word(default_model().encode(NEW).tokens)


def test_the_dot_page_second_word_follows_a_new_sentence() -> None:
    """Word B starts again on word A's most related word, never an index of the old sentence."""
    at = open_page(page_file("dot"), {"text": FIRST})
    at.selectbox(key="b").set_value(0).run()
    at.text_area(key="text").input(NEW).run()
    assert not at.exception
    fresh = open_page(page_file("dot"), {"text": NEW})  # what the page opens on for NEW
    assert at.selectbox(key="a").value == fresh.selectbox(key="a").value
    assert at.selectbox(key="b").value == fresh.selectbox(key="b").value
