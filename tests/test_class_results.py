"""After class, built from plain values: the results files (live_class/results.py) read back as
a spreadsheet would, with hand-computed shares and changes, and the handout's two versions
(live_class/handout.py). That each step prints on one A4 page: tests/browser/test_handout_pages.py.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from core.export import safe_cell
from lessons.texts import TEXTS
from live_class import handout, results, store
from live_class.results import QuestionResult

ROOT = Path(__file__).resolve().parent.parent
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# step 1: three options, the first right; 4 answers in each round
DOT = QuestionResult(
    1, "Dot product", "Whose key?", ("cat", "drank", "milk"), frozenset({0}),
    {1: (3, 1, 0), 2: (4, 0, 0)},
)  # fmt: skip
# step 3: two options, the second right, and labels a spreadsheet would run as formulas
SUM = QuestionResult(
    3, "Softmax", "Add up to 1?", ("=1+1", "@SUM(A1)"), frozenset({1}),
    {1: (2, 1), 2: (1, 2), 3: (0, 0)},
)  # fmt: skip


def read(text: str) -> list[list[str]]:
    """A CSV file as a spreadsheet reads it: the byte order mark first, then the rows."""
    assert text.startswith("\ufeff") and not text.startswith("\ufeff\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def zh(key: str) -> str:
    return TEXTS[key]["zh"]


# ---- the shares, by hand ---------------------------------------------------------------------


def test_shares_right_and_change_are_computed_from_the_counts():
    first, second = results.round_results(DOT)
    assert (first.answers, first.shares, first.right, first.change) == (4, (75, 25, 0), 75, None)
    assert (second.answers, second.shares, second.right, second.change) == (4, (100, 0, 0), 100, 25)
    # 1 of 3 right (33%), then 2 of 3 (67%): 67 − 33 = +34 points, the change of the shown %s
    one_third = QuestionResult(2, "t", "q", ("a", "b"), frozenset({0}), {1: (1, 2), 2: (2, 1)})
    assert [(r.right, r.change) for r in results.round_results(one_third)] == [(33, None), (67, 34)]


def test_halves_round_up_and_nobody_answering_leaves_the_share_empty():
    assert [results.percent(p, 8) for p in (1, 3, 4, 7)] == [13, 38, 50, 88]
    assert results.percent(0, 0) is None
    third = results.round_results(SUM)[2]
    assert (third.answers, third.shares, third.right, third.change) == (0, (None, None), None, None)
    worse = results.round_results(SUM)[1]
    assert (worse.right, worse.change) == (67, 34)  # 1 of 3 right, then 2 of 3
    falling = QuestionResult(2, "t", "q", ("a", "b"), frozenset({0}), {1: (3, 1), 2: (1, 3)})
    assert [r.change for r in results.round_results(falling)] == [None, -50]


def test_no_change_without_answers_in_round_one():
    late = QuestionResult(2, "t", "q", ("a", "b"), frozenset({0}), {1: (0, 0), 2: (1, 1)})
    assert [(r.right, r.change) for r in results.round_results(late)] == [(None, None), (50, None)]
    no_first = QuestionResult(2, "t", "q", ("a", "b"), frozenset({0}), {2: (1, 0)})
    assert [(r.round, r.right, r.change) for r in results.round_results(no_first)] == [
        (2, 100, None)
    ]


def test_a_question_is_built_from_the_stores_tally_by_option_id():
    q = results.question_result(
        4, "t", "q", [("2", "cat"), ("0", "the"), ("yes", "=x")], {"0"},
        {1: {"0": 2, "yes": 1}, 2: {"2": 5, "gone": 9}},
    )  # fmt: skip
    assert q.options == ("cat", "the", "=x") and q.correct == frozenset({1})
    assert dict(q.rounds) == {1: (0, 2, 1), 2: (5, 0, 0)}  # an id no longer offered: left out


def test_inputs_that_do_not_fit_say_how_to_fix_the_call():
    with pytest.raises(ValueError, match=r"give 2 counts"):
        QuestionResult(1, "t", "q", ("a", "b"), frozenset({0}), {1: (1, 2, 3)})
    with pytest.raises(ValueError, match=r"must index its 2 options"):
        QuestionResult(1, "t", "q", ("a", "b"), frozenset({2}), {})
    with pytest.raises(ValueError, match="rounds count from 1"):
        QuestionResult(1, "t", "q", ("a", "b"), frozenset({0}), {0: (1, 1)})
    with pytest.raises(ValueError, match="0 or more"):
        QuestionResult(1, "t", "q", ("a", "b"), frozenset({0}), {1: (1, -1)})
    with pytest.raises(ValueError, match="use one of en, zh"):
        results.questions_csv([DOT], "fr")
    with pytest.raises(ValueError, match="use one of new, shown, hidden, removed"):
        results.sentences_csv([("a cat", "deleted")], "en")
    with pytest.raises(ValueError, match="student 1, step 1, round 1: option 3 of 3"):
        results.students_csv([("amy", {(1, 1): 3})], [DOT], "en", nicknames=True)


# ---- the questions file ----------------------------------------------------------------------


def test_questions_csv_has_a_row_per_question_and_round_with_every_option():
    rows = read(results.questions_csv([DOT, SUM], "en"))
    assert rows[0] == [
        "Step", "Title", "Question", "Round", "Answers", "% right",
        "Change from round 1 (points)", "Computed answer",
        "Option A", "A: answers", "A: %", "Option B", "B: answers", "B: %",
        "Option C", "C: answers", "C: %",
    ]  # fmt: skip
    assert rows[1] == [
        "1", "Dot product", "Whose key?", "1", "4", "75", "", "cat",
        "cat", "3", "75", "drank", "1", "25", "milk", "0", "0",
    ]  # fmt: skip
    assert rows[2][3:8] == ["2", "4", "100", "25", "cat"]
    assert rows[2][8:] == ["cat", "4", "100", "drank", "0", "0", "milk", "0", "0"]  # zeros kept
    # SUM: two options, so option C's cells are empty; its labels are written as text
    assert rows[3] == [
        "3", "Softmax", "Add up to 1?", "1", "3", "33", "",
        safe_cell("@SUM(A1)"), safe_cell("=1+1"), "2", "67", safe_cell("@SUM(A1)"), "1", "33",
        "", "", "",
    ]  # fmt: skip
    assert rows[4][3:7] == ["2", "3", "67", "34"]
    assert rows[5][3:7] == ["3", "0", "", ""]  # nobody answered round 3: no %, no change
    assert rows[5][8:] == [safe_cell("=1+1"), "0", "", safe_cell("@SUM(A1)"), "0", "", "", "", ""]
    assert len(rows) == 1 + 2 + 3  # one header, two rounds of DOT, three of SUM
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_START)], cells


def test_questions_csv_speaks_the_class_language():
    text = results.questions_csv([DOT], "zh")
    header = read(text)[0]
    assert header[:8] == [
        zh(k)
        for k in (
            "res_step", "res_title", "res_question", "res_round", "res_answers",
            "res_right_pct", "res_change", "res_answer",
        )
    ]  # fmt: skip
    assert header[8:11] == ["选项 A", "A 人数", "A 占比（%）"]
    assert text.encode("utf-8").startswith(b"\xef\xbb\xbf")  # what Excel reads as UTF-8


def test_several_right_options_are_all_named_and_no_question_means_a_bare_header():
    tie = QuestionResult(1, "t", "q", ("a", "b", "c"), frozenset({0, 2}), {1: (1, 2, 1)})
    row = read(results.questions_csv([tie], "en"))[1]
    assert row[5] == "50" and row[7] == "a / c"
    header = read(results.questions_csv([tie], "en"))[0]
    assert read(results.questions_csv([], "en")) == [header[:8]]  # no option columns


# ---- the students' sentences -------------------------------------------------------------------


def test_sentences_csv_says_what_the_teacher_did_in_words_of_the_language():
    rows = [("the cat sat", "shown"), ("=HYPERLINK(1)", "new"), ("a", "hidden"), ("b", "removed")]
    assert read(results.sentences_csv(rows, "en")) == [
        ["Sentence", "What the teacher did"],
        ["the cat sat", "shown on the projector"],
        [safe_cell("=HYPERLINK(1)"), "nothing yet"],
        ["a", "hidden"],
        ["b", "removed"],
    ]
    assert read(results.sentences_csv(rows, "zh")) == [
        [zh("res_sentence"), zh("res_status")],
        ["the cat sat", "已在投影上展示"],
        [safe_cell("=HYPERLINK(1)"), "未处理"],
        ["a", "已隐藏"],
        ["b", "已删除"],
    ]
    assert results.STATUSES == store.SENTENCE_STATUSES  # every status the store keeps, in words


# ---- one line per student ----------------------------------------------------------------------

STUDENTS = [
    ("=amy", {(1, 1): 0, (1, 2): 0, (3, 1): 0}),  # right, right, wrong
    ("bo", {(1, 2): 1}),  # wrong, and only in round 2
    ("", {(3, 2): 1, (9, 1): 0}),  # right; step 9 asks nothing: left out
]


def test_students_csv_is_anonymous_unless_nicknames_are_on():
    rows = read(results.students_csv(STUDENTS, [DOT, SUM], "en", nicknames=False))
    assert rows[0] == [
        "Student",
        "1. Dot product, round 1", "1. Dot product, round 2",
        "3. Softmax, round 1", "3. Softmax, round 2", "3. Softmax, round 3",
        "Answers given", "Right answers",
    ]  # fmt: skip
    assert rows[1:] == [
        ["Student 1", "cat", "cat", safe_cell("=1+1"), "", "", "3", "2"],
        ["Student 2", "", "drank", "", "", "", "1", "0"],
        ["Student 3", "", "", "", safe_cell("@SUM(A1)"), "", "1", "1"],
    ]
    assert "amy" not in results.students_csv(STUDENTS, [DOT, SUM], "en", nicknames=False)


def test_students_csv_with_nicknames_and_in_chinese():
    rows = read(results.students_csv(STUDENTS, [DOT, SUM], "zh", nicknames=True))
    assert rows[0][:2] == ["学生", "1. Dot product（第 1 轮）"]
    assert rows[0][-2:] == ["作答次数", "答对次数"]
    # a nickname that looks like a formula is text; a student without one is numbered
    assert [row[0] for row in rows[1:]] == [safe_cell("=amy"), "bo", "学生 3"]
    anonymous = read(results.students_csv(STUDENTS, [DOT, SUM], "zh", nicknames=False))
    assert [row[0] for row in anonymous[1:]] == ["学生 1", "学生 2", "学生 3"]


def test_results_import_neither_streamlit_nor_altair():
    code = (
        "import sys, live_class.results, live_class.handout\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('streamlit', 'altair')])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


# ---- the handout's two versions ----------------------------------------------------------------

STEPS = [
    handout.HandoutStep("Dot <b>", "A point.", "Whose key?", ("cat", "drank", "milk"), "KEY-1"),
    handout.HandoutStep("Your sentence", "Type one.", "", (), ""),
    handout.HandoutStep("Softmax", "Rows add up.", "Add up to 1?", ("=1+1", "<i>"), "KEY-3"),
]


def _page(version: str, language: str = "en", given=(DOT, SUM)) -> str:
    return handout.handout_html(
        "Lesson", "Sentence", "the cat", "Answer", STEPS,
        version=version, results=given, language=language,
    )  # fmt: skip


def test_the_student_version_has_no_answer_key_and_no_results():
    page = _page("student")
    assert "KEY-1" not in page and "KEY-3" not in page and "Answer" not in page
    assert "<table" not in page and "75%" not in page
    assert page.count("<section>") == 1 + len(STEPS)
    assert "Student handout" in page and "Teacher" not in page
    assert "Whose key?" in page and "Dot &lt;b&gt;" in page and "&lt;i&gt;" in page


def test_the_teacher_version_has_the_key_and_each_rounds_counts_and_right():
    page = _page("teacher")
    sections = page.split("<section>")[1:]
    assert "<b>Answer:</b> KEY-1" in sections[1] and "KEY-3" in sections[3]
    assert "<th>A ✓</th><th>B</th><th>C</th><th>Answers</th><th>% right</th>" in sections[1]
    round_1 = "<td>1</td><td>3 (75%)</td><td>1 (25%)</td><td>0 (0%)</td><td>4</td><td>75%</td>"
    round_2 = "<td>2</td><td>4 (100%)</td><td>0 (0%)</td><td>0 (0%)</td><td>4</td><td>100%</td>"
    assert round_1 in sections[1] and round_2 in sections[1]
    assert "<table" not in sections[2]  # a step without a question has no results
    assert "<td>3</td><td>0</td><td>0</td><td>0</td><td></td>" in sections[3]  # nobody, round 3
    assert "<th>A</th><th>B ✓</th>" in sections[3]
    assert "Teacher&#x27;s copy" in page
    # nobody answered at all: said in words, not a table of zeros
    silent = QuestionResult(1, "t", "q", ("a", "b", "c"), frozenset({0}), {1: (0, 0, 0)})
    assert "Nobody answered this question." in _page("teacher", given=[silent])


def test_the_handout_speaks_the_class_language_and_refuses_an_unknown_version():
    page = _page("teacher", "zh")
    assert "<th>轮次</th>" in page and "<th>正确率（%）</th>" in page and "教师版" in page
    assert "学生版讲义" in _page("student", "zh")
    with pytest.raises(ValueError, match="use one of student, teacher"):
        _page("key")
    # the page's current call (no version) still gets the key, as before
    assert "KEY-1" in handout.handout_html("L", "S", "s", "Answer", STEPS)


def test_a_step_is_kept_on_one_page_unless_its_text_cannot_fit():
    page = _page("teacher")
    assert "break-inside: avoid" in page and "size: A4" in page and "margin: 18mm" in page
    assert page.count('class="page"') == len(STEPS)  # a box of one page, charts shrunk to fit
    assert "<script" not in page.lower() and "http" not in page
    rounds = {r: (1, 1) for r in range(1, 41)}
    many = QuestionResult(1, "t", "q", ("a", "b"), frozenset({0}), rounds)
    flowing = _page("teacher", given=[many])
    assert flowing.count('class="page flow"') == 1  # 40 rounds: it flows on, nothing cut
    assert flowing.count('class="page"') == len(STEPS) - 1
