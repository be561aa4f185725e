"""Class mode through AppTest: the teacher's /class and the students' /join on one database
(a SQLite file per test): one vote counted once, the reveal beside the computed answer, the
second round, the teacher key kept out of every link, wrong codes limited, student text inert,
and the after-class files."""

from __future__ import annotations

import csv
import html
import io
import re
import time
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pytest

from core import questions
from core.learning.task import TrainSettings, train
from lessons import lesson
from lessons.lesson import asked, class_pipeline
from live_class import connection as classroom
from live_class import handout, training_show
from live_class import store as class_store
from live_class.store import ClassStore, Limits, engine_for
from tests.apptest_utils import all_text, chart_specs, open_page, open_share_panel, page_file
from tests.test_class_store import PG_URL, _drop_schema, _pg_schema
from ui import browser
from ui.i18n import TEXTS
from ui.markdown import escape_md, plain
from ui.settings import DEFAULT_TEXTS

SENTENCE = DEFAULT_TEXTS["en"]
KEY, ME = classroom.KEY_HELD, classroom.STUDENT_HELD  # where a session keeps them
STEPS = lesson.default().steps  # the built-in lesson a class follows unless it picks another


def _md(text: str) -> str:
    """A lesson file's text as a page writes it into its Markdown: made inert."""
    return escape_md(text, len(text))


def en(key: str, **kwargs: object) -> str:
    text = TEXTS[key]["en"]
    return text.format(**kwargs) if kwargs else text


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path, monkeypatch) -> Iterator[str]:
    """The app's database for one test: a SQLite file, or a schema of its own in PostgreSQL
    (when CLASSROOM_TEST_PG_URL is set, as in CI)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/class.db"
        monkeypatch.setenv("CLASSROOM_DB_URL", url)
        yield url
        return
    if not PG_URL:
        pytest.skip("CLASSROOM_TEST_PG_URL is not set: PostgreSQL tests run in CI (.ci/run)")
    schema = _pg_schema()
    url = f"{PG_URL}&options=-csearch_path%3D{schema}"
    monkeypatch.setenv("CLASSROOM_DB_URL", url)
    yield url
    classroom.store().engine.dispose()  # the server's pool for this schema: no idle connection
    _drop_schema(schema)


def _teacher():
    at = open_page(page_file("classroom"))
    at.button(key="class_start").click().run()
    assert not at.exception
    return at


def _student(code: str, locale: str = "en-US", me: str | None = None):
    """A phone opening the class's link: a new browser (AppTest has no cookies), or, with
    `me`, a link from before that names a student token, which is never believed."""
    params = {"code": code} | ({"me": me} if me else {})
    at = open_page(page_file("join"), params=params, locale=locale)
    assert not at.exception
    return at


def _console(at):
    """The same teacher's console (in a browser: a second window whose cookie holds the key;
    here the session itself switches view)."""
    at.session_state["view"] = "console"
    at.run()
    assert not at.exception, at.exception
    return at


def _projector(at):
    at.session_state["view"] = "projector"
    at.run()
    assert not at.exception, at.exception
    return at


def _click(at, key: str):
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def _computed_top(sentence: str) -> str:
    """The first step's right answer, from core: the other word whose key has the largest dot
    product with the last word's query (the class's sentence, the default model)."""

    p = class_pipeline(sentence, "en")
    answer = questions.top_dot(p, len(p.query_side.tokens) - 1)
    assert answer is not None and len(answer.correct) == 1
    return p.key_side.tokens[int(next(iter(answer.correct)))]


def test_a_vote_counts_once_and_the_reveal_shows_the_class_beside_the_answer(db_url):
    teacher = _teacher()
    code, key = teacher.session_state["code"], teacher.session_state[KEY]
    assert "tk" not in teacher.query_params  # not even the teacher's own address holds the key
    assert code in all_text(teacher)  # the join slide's code
    link = next(x.value for x in teacher.text if "/join?" in str(x.value))
    assert link.endswith(f"/join?code={code}") and key not in link
    _click(teacher, "class_open")

    zh = _student(code.lower(), "zh-CN")  # typed in lower case; a Chinese phone
    assert TEXTS["join_pick"]["zh"] in [r.label for r in zh.radio]
    me = zh.session_state[ME]
    assert "me" not in zh.query_params and zh.query_params["code"] == code
    picks = zh.radio(key="join_pick_0_1")
    picks.set_value("0").run()  # option ids are token positions
    assert TEXTS["join_sent"]["zh"] in [s.value for s in zh.success]
    zh.radio(key="join_pick_0_1").set_value("1").run()  # changed, not added

    # a link that names zh's token (a copied `me=`) is another student, not zh
    forged = _student(code, "zh-CN", me=me)
    assert forged.session_state[ME] != me and "me" not in forged.query_params
    assert forged.radio(key="join_pick_0_1").value is None
    forged.radio(key="join_pick_0_1").set_value("1").run()
    other = _student(code)
    other.radio(key="join_pick_0_1").set_value("0").run()

    teacher.run()
    assert [m.value for m in teacher.metric] == ["3"]
    _click(teacher, "class_reveal")
    frame = _console(teacher).dataframe[0].value
    round_1 = en("cls_round", round=1)
    counts = dict(zip(frame[en("cls_answer_col")], frame[round_1], strict=True))
    words = SENTENCE.split()
    assert counts[words[1]] == 2 and frame[round_1].tolist()[0] == 1  # option "0": the first
    assert sum(counts.values()) == 3
    right = frame[frame[en("cls_right_col")] == "✓"][en("cls_answer_col")].tolist()
    assert right == [_computed_top(SENTENCE)]

    zh.run()  # after the reveal: no radio, the student's own answer with the reason
    assert not zh.radio or "join_pick_0_1" not in [r.key for r in zh.radio]
    assert TEXTS["join_yours"]["zh"].format(answer=words[1]) in [x.value for x in zh.text]
    verdict = TEXTS["pq_right" if words[1] == right[0] else "pq_wrong"]["zh"]
    assert any(verdict in m.value for m in [*zh.success, *zh.warning])


def test_a_second_tab_of_the_same_browser_shows_the_pick_made_in_the_first(db_url, monkeypatch):
    """One browser is one student: a tab opened before its other tab voted (or while the vote
    was being written) shows that vote on its next live read, not an empty question."""
    teacher = _teacher()
    code = teacher.session_state["code"]
    _click(teacher, "class_open")
    first = _student(code)
    me = first.session_state[ME]
    monkeypatch.setattr(browser, "cookie", lambda name: me if name.endswith(code) else "")
    second = _student(code)  # the same browser: its cookie names the first tab's student
    assert second.session_state[ME] == me
    assert second.radio(key="join_pick_0_1").value is None  # nothing picked yet
    first.radio(key="join_pick_0_1").set_value("2").run()
    second.run()  # its live part re-reads the class
    assert second.radio(key="join_pick_0_1").value == "2"
    assert [s.value for s in second.success] == [en("join_sent")]


def test_vote_again_shows_both_rounds_side_by_side(db_url):
    teacher = _teacher()
    code = teacher.session_state["code"]
    _click(teacher, "class_open")
    student = _student(code)
    radio = student.radio(key="join_pick_0_1")
    radio.set_value("0").run()
    teacher.run()
    _click(teacher, "class_reveal")
    _click(teacher, "class_again")
    student.run()
    radio = student.radio(key="join_pick_0_2")
    radio.set_value("2").run()
    teacher.run()
    _click(teacher, "class_reveal")
    frame = _console(teacher).dataframe[0].value
    r1, r2 = en("cls_round", round=1), en("cls_round", round=2)
    assert list(frame.columns) == [en("cls_answer_col"), r1, r2, en("cls_right_col")]
    assert frame[r1].tolist()[0] == 1 and frame[r2].tolist()[2] == 1
    assert frame[r1].sum() == frame[r2].sum() == 1


def test_the_teacher_key_is_in_no_share_link_and_a_wrong_key_controls_nothing(db_url):
    teacher = _teacher()
    code, key = teacher.session_state["code"], teacher.session_state[KEY]
    shown = all_text(teacher) + " ".join(str(x.value) for x in [*teacher.code, *teacher.text])
    assert f"/join?code={code}" in shown and key not in shown
    assert key not in all_text(_console(teacher)) + " ".join(str(x.value) for x in teacher.text)
    for wrong in ("", "x" * len(key), key[:-1]):
        forged = open_page(page_file("classroom"), params={"code": code, "tk": wrong})
        assert not forged.exception
        assert "class_open" not in [b.key for b in forged.button]
        if wrong:
            assert en("cls_no_key") in [w.value for w in forged.warning]
    store = ClassStore(engine_for(db_url))
    state = store.find(code, time.time())
    assert (state.phase, state.step) == ("ask", 0)


def test_student_pages_never_show_the_key(db_url):
    teacher = _teacher()
    code, key = teacher.session_state["code"], teacher.session_state[KEY]
    student = open_share_panel(_student(code))
    shown = all_text(student) + " ".join(str(c.value) for c in student.code)
    assert code in shown and key not in shown
    assert student.session_state[ME] not in shown


def test_wrong_codes_make_this_address_wait_but_never_for_its_own_class(db_url):
    """The count is the store's, per client address: a new session (a fresh phone, or the
    same attacker again) meets it too. The class started from this address (the room's one
    network) opens with its right code all the same."""
    teacher = _teacher()
    code = teacher.session_state["code"]
    free = Limits().free_wrong_codes
    for i in range(free):
        at = open_page(page_file("join"))  # a new session each time
        at.text_input(key="join_code_box").input(f"ZZZZZ{i}")
        _click(at, "join_go")
        assert [e.value for e in at.error] == [en("join_wrong")]
    at = open_page(page_file("join"))
    at.text_input(key="join_code_box").input("ZZZZZZ")  # one wrong code more: slowed
    _click(at, "join_go")
    # the wait counts from the last wrong code: a second or two, as the machine was quick
    waits = [en("join_wait", s=s) for s in range(1, round(Limits().first_wait) + 1)]
    assert len(at.error) == 1 and at.error[0].value in waits
    assert "join_pick_0_1" not in [r.key for r in at.radio]
    at = open_page(page_file("join"))
    at.text_input(key="join_code_box").input(f"http://school.test/join?code={code.lower()}")
    _click(at, "join_go")  # the right code (here in a pasted join link) opens the class
    assert not at.error
    assert at.session_state["_join_joined"] == code


def test_student_text_is_inert_and_reaches_the_projector_only_when_shown(db_url):
    teacher = _teacher()
    code = teacher.session_state["code"]
    own = next(i for i, step in enumerate(STEPS) if step.sentences)
    for _ in range(own):
        _click(teacher, "class_next")
    hostile = "**bold** <img src=x onerror=alert(1)> [a](javascript:x)"
    student = _student(code)
    nick = "<script>alert(1)</script>" * 3  # longer than the box takes: a forged client
    student.text_input(key="join_nick_box").set_value(nick).run()
    student.text_input(key="join_sentence_box").input(hostile)
    _click(student, "join_send")
    teacher.run()
    # before Show: never on the projector; in the console's gallery, as plain text
    assert hostile not in [x.value for x in teacher.text]
    _console(teacher)
    assert [x.value for x in teacher.text].count(hostile) == 1
    student_key = next(b.key for b in teacher.button if b.key.startswith("class_show_"))
    _click(teacher, student_key)
    assert [x.value for x in teacher.text].count(hostile) == 2  # shown + gallery
    _projector(teacher)
    assert [x.value for x in teacher.text].count(hostile) == 1  # the projector shows it
    assert hostile not in all_text(teacher)  # never Markdown
    with engine_for(db_url).connect() as c:
        nicknames = [r[0] for r in c.exec_driver_sql("SELECT nickname FROM class_students")]
    assert [len(n) for n in nicknames] == [class_store.MAX_NICKNAME]  # cut to 24 characters
    assert not any("<script>" in x for x in all_text(teacher).split("\n"))  # never projected


def test_the_shown_sentence_stays_while_other_students_send_theirs(db_url):
    """Issue 38, item 3: a sentence on show vanished from the projector when a student sent a
    new one. It stays until the teacher shows another or takes it down."""
    teacher = _teacher()
    code = teacher.session_state["code"]
    own = next(i for i, step in enumerate(STEPS) if step.sentences)
    for _ in range(own):
        _click(teacher, "class_next")
    first, second = _student(code), _student(code)
    first.text_input(key="join_sentence_box").input("the quiet fox watched a bird")
    _click(first, "join_send")
    _console(teacher)
    _click(teacher, next(b.key for b in teacher.button if b.key.startswith("class_show_")))
    _projector(teacher)
    assert "the quiet fox watched a bird" in [x.value for x in teacher.text]
    for sentence in ("a small dog chased one red ball", "my sister reads old books"):
        second.text_input(key="join_sentence_box").input(sentence)
        _click(second, "join_send")
        teacher.run()
        shown = [x.value for x in teacher.text]
        assert "the quiet fox watched a bird" in shown and sentence not in shown


def test_the_handout_is_one_offline_page_per_step_with_the_answer_key(db_url):

    p = class_pipeline(SENTENCE, "en")
    steps = [
        handout.HandoutStep("T<b>", "point", "Q & A?", ("x", "<y>"), "because"),
        handout.HandoutStep("Own", "type one", "", (), ""),
    ]
    page = handout.handout_html("Lesson", "Sentence", "<script>x</script>", "Answer", steps)
    assert "<script>" not in page and "&lt;script&gt;" in page and "T&lt;b&gt;" in page
    assert "size: A4" in page and "break-after: page" in page
    assert page.count("<section>") == 3  # the title page, then a page per step
    assert "http" not in page and "src=" not in page  # nothing fetched: opens offline
    assert asked(STEPS[0], p) is not None


def check_handout(page: str, sentence: str) -> None:
    """The handout read back: a page per step, each with its chart(s) as inline SVG, its
    question and the computed answer; nothing fetched (it opens offline) and no script."""
    sections = page.split("<section>")[2:]  # after the title page
    assert len(sections) == len(STEPS)
    p = class_pipeline(sentence, "en")
    for step, section in zip(STEPS, sections, strict=True):
        section = html.unescape(section)
        assert f"{step.title}</h2>" in section
        assert section.count("<svg") >= 1, step.id  # its chart, drawn on the class's sentence
        assert en("cls_handout_time", m=step.minutes) in section
        q = asked(step, p)
        if q is not None:
            assert plain(q.because) in section, step.id
    assert "http" not in page and "src=" not in page and "<script" not in page.lower()
    assert "@import" not in page
    assert re.findall(r"url\((.)", page) == ["#"] * page.count("url(")  # only the page's own
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # two charts never share a gradient
    assert "size: A4" in page and "break-after: page" in page


def test_the_handout_draws_each_steps_chart_for_a_hostile_sentence(db_url, downloads):
    hostile = "<script>alert(1)</script> cat drank http://x milk"
    at = open_page(page_file("classroom"))
    at.text_input(key="class_sentence_box").input(hostile)
    _click(at, "class_start")
    code = at.session_state["code"]
    _console(at)
    page = fetch(downloads, f"class_{code}_handout_teacher.html")
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    sections = page.split("<section")[2:]
    assert len(sections) == len(STEPS) and all("<svg" in section for section in sections)
    assert "milk" in page


@pytest.mark.parametrize(
    "code", ["<img src=x onerror=alert(1)>", "'; DROP TABLE classes; --", "Ｏ0１I" * 50]
)
def test_hostile_codes_open_nothing_and_are_not_echoed(db_url, code):
    at = open_page(page_file("join"), params={"code": code})
    assert not at.exception
    assert [e.value for e in at.error] == [en("join_wrong")]
    assert code not in all_text(at)
    teacher = open_page(page_file("classroom"), params={"code": code, "tk": code})
    assert not teacher.exception and "class_open" not in [b.key for b in teacher.button]
    assert ClassStore(engine_for(db_url)).find("ABCDEF", time.time()) is None  # tables intact


def test_the_lesson_fits_45_minutes_and_notes_stay_off_the_projector(db_url):
    assert len(STEPS) <= 12 and sum(step.minutes for step in STEPS) == 45
    teacher = _teacher()
    notes = [_md(step.notes_texts["en"]) for step in STEPS]
    assert not any(n in all_text(teacher) for n in notes)  # never on the projector
    _console(teacher)  # the teacher's own screen
    assert notes[0] in [i.value for i in teacher.info]
    assert teacher.query_params["view"] == "console" and "tk" not in teacher.query_params


@pytest.fixture
def downloads(monkeypatch) -> dict[str, object]:
    """file name -> what each download button of the run offers: its bytes or text, or the
    callable that makes them when the button is pressed (`fetch` calls it)."""
    import streamlit

    made: dict[str, object] = {}
    original = streamlit.download_button

    def recording(label, data, file_name=None, *args, **kwargs):
        if file_name:
            made[file_name] = data
        return original(label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recording)
    return made


def fetch(downloads: dict[str, object], name: str) -> str:
    """A download as the browser gets it when pressed now."""
    data = downloads[name]
    data = data() if callable(data) else data
    return data.decode() if isinstance(data, bytes) else str(data)


def test_after_class_files_are_made_when_pressed_with_every_round(db_url, downloads):
    """The files read back after a vote-again round, made when pressed: a round voted after
    the console last ran is in them (before, the CSV was the page's last full run)."""
    teacher = _teacher()
    code, key = teacher.session_state["code"], teacher.session_state[KEY]
    _click(teacher, "class_open")
    alice, bob = _student(code), _student(code)
    alice.text_input(key="join_nick_box").input("=HYPERLINK(1)").run()
    alice.radio(key="join_pick_0_1").set_value("2").run()
    bob.radio(key="join_pick_0_1").set_value("0").run()
    teacher.run()
    _click(teacher, "class_reveal")
    _click(teacher, "class_again")
    _console(teacher)  # the files are on the console; drawn now, before round 2's vote
    alice.run()
    alice.radio(key="join_pick_0_2").set_value("1").run()  # after the console's last run

    rows = list(csv.reader(io.StringIO(fetch(downloads, f"class_{code}_results.csv")[1:])))
    assert fetch(downloads, f"class_{code}_results.csv").startswith("\ufeff")  # Excel: UTF-8
    header, first, second = rows[0], rows[1], rows[2]
    assert header[:4] == ["Step", "Title", "Question", "Round"]
    assert (first[0], first[3], second[3]) == ("1", "1", "2")
    words = SENTENCE.split()
    right = _computed_top(SENTENCE)
    answers = header.index("Answers")
    assert (first[answers], second[answers]) == ("2", "1")
    labels = [first[k] for k in range(len(header)) if header[k].startswith("Option ") and first[k]]
    assert len(labels) == len(words) - 1  # every other word, zeros included, in screen order
    counts_1 = [int(first[header.index(f"{chr(65 + k)}: answers")]) for k in range(len(labels))]
    counts_2 = [int(second[header.index(f"{chr(65 + k)}: answers")]) for k in range(len(labels))]
    assert counts_1[0] == counts_1[2] == 1 and sum(counts_1) == 2
    assert counts_2[1] == 1 and sum(counts_2) == 1
    pct = header.index("% right")
    right_at = labels.index(right)
    expected_1 = round(100 * counts_1[right_at] / 2)
    expected_2 = round(100 * counts_2[right_at] / 1)
    assert (int(first[pct]), int(second[pct])) == (expected_1, expected_2)
    assert int(second[header.index("Change from round 1 (points)")]) == expected_2 - expected_1

    students = fetch(downloads, f"class_{code}_students.csv")
    assert "Student 1" in students and "HYPERLINK" not in students  # numbers, no nicknames
    teacher.checkbox(key="class_nicknames").check().run()
    named = fetch(downloads, f"class_{code}_students.csv")
    assert "'=HYPERLINK(1)" in named  # the nickname, defused

    teacher_copy = fetch(downloads, f"class_{code}_handout_teacher.html")
    student_copy = fetch(downloads, f"class_{code}_handout_student.html")
    assert SENTENCE in student_copy and student_copy.count("<section") == len(STEPS) + 1
    assert en("cls_handout_key") + ":" not in student_copy  # no answer key for students
    check_handout(teacher_copy, SENTENCE)
    for made in (students, named, teacher_copy, student_copy):
        assert key not in made


def test_the_files_follow_the_class_s_language(db_url, downloads):
    teacher = open_page(page_file("classroom"), locale="zh-CN")
    _click(teacher, "class_start")
    _console(teacher)
    code = teacher.session_state["code"]
    out = fetch(downloads, f"class_{code}_results.csv")
    assert out.startswith("\ufeff" + TEXTS["res_step"]["zh"])


def test_ending_the_class_deletes_it_and_the_phones_say_so(db_url):
    teacher = _teacher()
    code = teacher.session_state["code"]
    _click(teacher, "class_open")
    student = _student(code)
    student.radio(key="join_pick_0_1").set_value("1").run()
    _console(teacher)
    teacher.checkbox(key="class_end_sure").check().run()
    _click(teacher, "class_end")
    assert "tk" not in teacher.query_params and en("cls_start") in [b.label for b in teacher.button]
    assert en("cls_ended") in [i.value for i in teacher.info]  # said, before a new class
    assert ClassStore(engine_for(db_url)).find(code, time.time()) is None
    student.run()  # a reload: the code opens nothing now ("or it has ended")
    assert [e.value for e in student.error] == [en("join_wrong")]
    with engine_for(db_url).connect() as c:
        assert c.exec_driver_sql("SELECT COUNT(*) FROM class_answers").scalar_one() == 0


def test_notes_never_reach_a_phone_or_the_projector(db_url):
    teacher = _teacher()
    student = _student(teacher.session_state["code"], "zh-CN")
    for i, step in enumerate(STEPS):
        if step.question is not None:
            _click(teacher, "class_open")
            student.run()
            _click(teacher, "class_reveal")
        student.run()
        teacher.run()
        assert step.notes_texts["zh"] not in all_text(student), step.id
        assert _md(step.notes_texts["en"]) not in all_text(teacher), step.id
        if i < len(STEPS) - 1:
            _click(teacher, "class_next")


def test_no_step_gives_its_answer_away_before_the_reveal(db_url):
    teacher = _teacher()
    code = teacher.session_state["code"]
    student = _student(code, "zh-CN")
    for i, step in enumerate(STEPS):
        if step.question is not None:
            assert step.point_texts["en"] not in _texts(teacher), step.id
            assert step.point_texts["en"] not in _texts(_console(teacher)), step.id
            _projector(teacher)
            _click(teacher, "class_open")
            student.run()
            assert step.point_texts["zh"] not in _texts(student), step.id
            _click(teacher, "class_reveal")
            student.run()
            assert step.point_texts["zh"] in _texts(student), step.id
            # the projector gives the reason beside the votes; the point is on the console
            assert step.point_texts["en"] in _texts(_console(teacher)), step.id
            _projector(teacher)
        else:  # a step that asks nothing says its point on the projector
            assert step.point_texts["en"] in _texts(teacher), step.id
        if i < len(STEPS) - 1:
            _click(teacher, "class_next")


def _texts(at) -> list[str]:
    """What a page shows as plain text (st.text): a lesson file's words."""
    return [x.value for x in at.text]


def test_secrets_name_the_database_when_the_environment_does_not(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from tests.apptest_utils import ROOT

    monkeypatch.delenv("CLASSROOM_DB_URL", raising=False)
    path = tmp_path / "from-secrets" / "class.db"
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.secrets["connections"] = {"classroom": {"url": f"sqlite:///{path}"}}
    at.run()
    at.switch_page(page_file("classroom")).run()
    _click(at, "class_start")
    assert ClassStore(engine_for(f"sqlite:///{path}")).find(at.session_state["code"], time.time())


SHORT_LESSON = """\
title.en = "Short"
title.zh = "短课"
languages = ["en", "zh"]

[[steps]]
kind = "top_weight"
minutes = 4
sentence = "the dog chased the red ball"
title.en = "Where does it look?"
title.zh = "它在看哪里？"
point.en = "Its own point."
point.zh = "它自己的要点。"
notes.en = "Its own notes."
notes.zh = "它自己的备注。"

[[steps]]
kind = "what_moves"
minutes = 3
point.en = "Second point."
point.zh = "第二个要点。"
notes.en = "Second notes."
notes.zh = "第二条备注。"
"""


def test_the_built_in_20_minute_lesson_runs_a_class(db_url):
    at = open_page(page_file("classroom"))
    short = lesson.builtin("lesson_20")
    label = TEXTS["lesson_builtin"]["en"].format(title=short.title, m=short.minutes)
    at.selectbox(key="class_lesson_choice").set_value(label).run()
    _click(at, "class_start")
    n = len(short.steps)
    assert en("cls_step_of", number=1, n=n, m=short.steps[0].minutes) in all_text(at)
    store = classroom.store()
    state = store.find(at.session_state["code"], time.time())
    assert store.lesson_source(state.id) == short.source  # in the class's rows


def test_a_class_s_own_lesson_reaches_every_phone_with_its_own_sentence(db_url):
    """The lesson is read from the database: a phone (or another replica) that never saw the
    upload shows its steps, in its own language, and asks about the step's own sentence."""
    teacher = _teacher()
    code, key = teacher.session_state["code"], teacher.session_state[KEY]
    store = classroom.store()
    store.set_lesson(code, key, SHORT_LESSON, time.time())
    teacher.run()
    assert en("cls_step_of", number=1, n=2, m=4) in all_text(teacher)
    assert "Where does it look?" in all_text(teacher)
    _click(teacher, "class_open")
    student = _student(code, "zh-CN")
    assert TEXTS["cls_step_of"]["zh"].format(number=1, n=2, m=4) in all_text(student)
    assert "它在看哪里？" in all_text(student)
    p = class_pipeline("the dog chased the red ball", "en")
    last = len(p.key_side.tokens) - 1
    row = p.attention.weights[last].copy()
    row[last] = -1.0  # the last word itself is not offered
    (radio,) = [r for r in student.radio if r.key.startswith("join_pick_")]
    top = p.key_side.tokens[int(row.argmax())]
    assert top in [str(o) for o in radio.options]  # its options are the step's sentence's words
    _click(teacher, "class_next")
    assert teacher.button(key="class_next").disabled


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_console_opens_in_the_projectors_language(db_url, language: str) -> None:
    """The projector's link to the console (and the console's back) carries the language the
    projector speaks: a Chinese projector opened an English console."""
    at = open_page(page_file("classroom"), params={"lang": language})
    at.button(key="class_start").click().run()
    assert not at.exception
    link = next(
        b for b in at.get("link_button") if b.proto.label == TEXTS["cls_open_console"][language]
    )
    query = parse_qs(urlsplit(link.proto.url).query)
    assert query.get("view") == ["console"]
    assert query.get("lang") == ([language] if language != "en" else None)
    back = _console(at)
    link = next(
        b for b in back.get("link_button") if b.proto.label == TEXTS["cls_open_projector"][language]
    )
    assert parse_qs(urlsplit(link.proto.url).query).get("lang") == (
        [language] if language != "en" else None
    )


def test_the_training_step_plays_as_one_show_on_every_view(tmp_path, monkeypatch):
    """Issue 38, item 2: the training step is a show the teacher plays, pauses and starts
    again; the projector and every phone draw the same moment of the same run (the class's
    clock), and it takes SHOW_SECONDS to learn, slow enough to watch. (SQLite: the clock's
    store is checked on PostgreSQL too, in tests/test_class_store.py.)"""
    db_url = f"sqlite:///{tmp_path}/class.db"
    monkeypatch.setenv("CLASSROOM_DB_URL", db_url)

    clock = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    teacher = _teacher()
    code = teacher.session_state["code"]
    steps = lesson.default().steps
    training = next(i for i, s in enumerate(steps) if s.training)
    store = ClassStore(engine_for(db_url))
    store.go_to(code, teacher.session_state[KEY], training, clock[0])
    teacher.run()
    assert not chart_specs(teacher)  # the class predicts first: no show before voting opens
    store.open_voting(code, teacher.session_state[KEY], clock[0])
    teacher.run()
    phone = _student(code)
    result = train(TrainSettings())
    loss_title = TEXTS["show_loss_title"]["en"]

    def moment(at) -> tuple[int, list[float]]:
        """The step the view's loss curve has reached, and its losses."""
        specs = [s for s in chart_specs(at) if "Training loss" in str(s.get("title"))]
        assert len(specs) == 1, [s.get("title") for s in chart_specs(at)]
        records = next(iter(specs[0]["datasets"].values()))
        losses = [r[en("learn_loss")] for r in records]
        return len(losses) - 1, losses

    assert moment(teacher)[0] == 0 and moment(phone)[0] == 0  # not begun: step 0 everywhere
    assert loss_title.format(step=0, steps=result.steps_run) in str(chart_specs(phone))
    _click(teacher, "class_show_play")
    clock[0] += training_show.SHOW_SECONDS / 4  # a quarter of the show later
    teacher.run()
    phone.run()
    quarter = round(result.steps_run / 4)
    for at in (teacher, phone):
        step, losses = moment(at)
        assert step == quarter  # the same moment on both views
        np.testing.assert_allclose(losses, result.losses[: quarter + 1], rtol=1e-6)
    _click(teacher, "class_show_pause")
    clock[0] += 60  # held: a minute later it stands where it was paused
    phone.run()
    assert moment(phone)[0] == quarter
    assert en("show_paused", step=quarter, steps=result.steps_run) in all_text(phone)
    _click(teacher, "class_show_play")
    clock[0] += training_show.SHOW_SECONDS  # played to its end: the whole run, no further
    phone.run()
    assert moment(phone)[0] == result.steps_run
    _click(teacher, "class_show_again")
    phone.run()
    assert moment(phone)[0] == 0
    console = _console(teacher)  # the console plays it too
    assert "class_show_pause" in [b.key for b in console.button]
