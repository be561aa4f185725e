"""After class: the class's results as CSV files a teacher opens in a spreadsheet, built when
downloaded from plain values (no Streamlit, no database: the page gathers them).

- `questions_csv`: one row per question and round: every option's count and share (zeros
  included, in screen order), the computed answer, % right, the change from round 1
- `sentences_csv`: the students' sentences and what the teacher did with each
- `students_csv`: one line per student (a nickname, or "Student 1", "Student 2"… by join order)

Every file starts with a UTF-8 byte order mark (so Excel reads Chinese right), has its header in
the class's language (lessons/texts.py, keys `res_*`) and writes every text cell through
core.export.table_csv, which makes it inert in a spreadsheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from core.export import table_csv
from lessons.texts import TEXTS

BOM = "\ufeff"  # Excel takes a CSV without it for the system's code page and garbles Chinese
LANGUAGES = ("en", "zh")
STATUSES = ("new", "shown", "hidden", "removed")  # store.SENTENCE_STATUSES, no SQL import
ANSWER_JOIN = " / "  # between the labels of a question with several right options (a tie)


def res_text(key: str, language: str, /, **kwargs: object) -> str:
    """The `res_*` text `key` in `language`, with `kwargs` filled in."""
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r}: use one of {', '.join(LANGUAGES)}")
    words = TEXTS[key][language]
    return words.format(**kwargs) if kwargs else words


def letter(i: int) -> str:
    """An option's letter as the handout lists it: A, B, C… (27, 28… past Z)."""
    return chr(ord("A") + i) if i < 26 else str(i + 1)


def percent(part: int, whole: int) -> int | None:
    """part / whole as a whole %, halves rounded up; None when `whole` is 0."""
    return (200 * part + whole) // (2 * whole) if whole else None


@dataclass(frozen=True)
class QuestionResult:
    """One question of the lesson and the class's answers to it, round by round."""

    step: int  # the step's number in the lesson, from 1
    title: str  # the step's title
    question: str  # plain text
    options: tuple[str, ...]  # labels, plain text, in screen order
    correct: frozenset[int]  # indexes into `options` of the computed answer (several on a tie)
    rounds: Mapping[int, tuple[int, ...]]  # round (from 1) -> how many chose each option

    def __post_init__(self) -> None:
        n = len(self.options)
        if not all(0 <= i < n for i in self.correct):
            raise ValueError(
                f"step {self.step}: correct {sorted(self.correct)} must index its {n} options"
            )
        for round_, counts in self.rounds.items():
            if round_ < 1:
                raise ValueError(f"step {self.step}: round {round_}; rounds count from 1")
            if len(counts) != n or min(counts, default=0) < 0:
                raise ValueError(
                    f"step {self.step}, round {round_}: give {n} counts (one per option, "
                    f"0 or more, in screen order), not {counts}"
                )


@dataclass(frozen=True)
class RoundResult:
    """One round of one question, its shares computed from the counts."""

    round: int
    counts: tuple[int, ...]  # per option, screen order
    answers: int  # how many answered
    shares: tuple[int | None, ...]  # each option's whole % of `answers` (None: nobody answered)
    right: int | None  # whole % of `answers` that chose a right option (None: nobody answered)
    change: int | None  # `right` minus round 1's, in points (None on round 1 or without both)


def question_result(
    step: int,
    title: str,
    question: str,
    options: Sequence[tuple[str, str]],
    correct: Iterable[str],
    tally: Mapping[int, Mapping[str, int]],
) -> QuestionResult:
    """A question as the store and the lesson give it: `options` (id, label) in screen order,
    `correct` option ids, `tally` round -> option id -> count (ClassStore.tally). Answers whose
    id is not among the options (none, unless the lesson changed) are left out."""
    ids = [option_id for option_id, _label in options]
    return QuestionResult(
        step,
        title,
        question,
        tuple(label for _id, label in options),
        frozenset(ids.index(c) for c in correct if c in ids),
        {r: tuple(int(counts.get(i, 0)) for i in ids) for r, counts in tally.items()},
    )


def round_results(result: QuestionResult) -> tuple[RoundResult, ...]:
    """Every round of `result` in order, with its shares, % right and change from round 1."""
    first = result.rounds.get(1)
    first_right = _right(first, result.correct) if first is not None else None
    out = []
    for round_, counts in sorted(result.rounds.items()):
        answers = sum(counts)
        right = _right(counts, result.correct)
        change = (
            right - first_right
            if round_ > 1 and right is not None and first_right is not None
            else None
        )
        shares = tuple(percent(c, answers) for c in counts)
        out.append(RoundResult(round_, counts, answers, shares, right, change))
    return tuple(out)


def _right(counts: tuple[int, ...], correct: frozenset[int]) -> int | None:
    """Whole % of the answers that are right; None when nobody answered or nothing is right."""
    if not correct:
        return None
    return percent(sum(counts[i] for i in correct), sum(counts))


def questions_csv(results: Sequence[QuestionResult], language: str) -> str:
    """One row per question and round: step, title, question, round, answers, % right, change
    from round 1 (points), the computed answer, then per option (A, B, … as many as the
    longest question has) its label, count and %; a shorter question leaves its last empty."""
    width = max((len(r.options) for r in results), default=0)
    header = [
        res_text(key, language)
        for key in (
            "res_step",
            "res_title",
            "res_question",
            "res_round",
            "res_answers",
            "res_right_pct",
            "res_change",
            "res_answer",
        )
    ]
    for i in range(width):
        for key in ("res_option", "res_option_count", "res_option_pct"):
            header.append(res_text(key, language, letter=letter(i)))
    rows = []
    for result in results:
        answer = ANSWER_JOIN.join(result.options[i] for i in sorted(result.correct))
        pad = [None] * 3 * (width - len(result.options))
        for r in round_results(result):
            options = [
                cell
                for label, count, share in zip(result.options, r.counts, r.shares, strict=True)
                for cell in (label, count, share)
            ]
            first = (result.step, result.title, result.question, r.round, r.answers)
            rows.append([*first, r.right, r.change, answer, *options, *pad])
    return BOM + table_csv(header, rows)


def sentences_csv(rows: Sequence[tuple[str, str]], language: str) -> str:
    """The students' sentences, oldest first: (sentence, status), status one of STATUSES,
    written as the words of `language`."""
    for _sentence, status in rows:
        if status not in STATUSES:
            raise ValueError(f"status {status!r}: use one of {', '.join(STATUSES)}")
    header = (res_text("res_sentence", language), res_text("res_status", language))
    table = [(sentence, res_text(f"res_status_{status}", language)) for sentence, status in rows]
    return BOM + table_csv(header, table)


def students_csv(
    students: Sequence[tuple[str, Mapping[tuple[int, int], int]]],
    questions: Sequence[QuestionResult],
    language: str,
    nicknames: bool,
) -> str:
    """One line per student, in join order: (nickname, {(step, round): option index}) -> their
    name (the nickname with `nicknames`, else "Student 1", "Student 2"…), their answer's label
    per question and round (empty when none), how many they gave and how many were right."""
    by_step = {q.step: q for q in questions}
    columns = []  # (step, round) in lesson order: every round a question had or a student used
    for q in questions:
        used = set(q.rounds) | {r for _n, answers in students for (s, r) in answers if s == q.step}
        columns += [(q.step, r) for r in sorted(used)]
    header = [res_text("res_student", language)]
    header += [
        res_text("res_student_answer", language, step=s, title=by_step[s].title, round=r)
        for s, r in columns
    ]
    header += [res_text("res_given", language), res_text("res_right_count", language)]
    rows = []
    for number, (nickname, answers) in enumerate(students, start=1):
        for (s, r), i in answers.items():
            if s in by_step and not 0 <= i < len(by_step[s].options):
                raise ValueError(
                    f"student {number}, step {s}, round {r}: option {i} of "
                    f"{len(by_step[s].options)}"
                )
        given = [(s, r, answers[s, r]) for s, r in columns if (s, r) in answers]
        name = nickname if nicknames and nickname else res_text("res_student_n", language, n=number)
        cells = [by_step[s].options[answers[s, r]] if (s, r) in answers else "" for s, r in columns]
        right = sum(i in by_step[s].correct for s, _r, i in given)
        rows.append([name, *cells, len(given), right])
    return BOM + table_csv(header, rows)
