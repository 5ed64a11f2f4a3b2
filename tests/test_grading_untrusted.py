"""The grader's own side treats every submission as hostile (issue #23), checked piece by piece: text
made safe per writer, files that are not files, the manifest's place, forged reports, results never
replaced, and the exit codes of ``bglearn grade``. The whole class through the real command is in
``test_grading_hostile.py``; the one-student-changes-nobody-else property in ``test_grading_metamorphic.py``."""

from __future__ import annotations

import csv
import json
import os
import socket
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn.cli import main as cli
from bglearn.errors import BglearnError
from bglearn.grading import grade
from bglearn.grading.collect import MAX_DEPTH, MAX_ENTRIES, find_submissions, read_submission
from bglearn.grading.execute import read_report
from bglearn.grading.manifest import load_manifest
from bglearn.grading.roster import Assignment, Student
from bglearn.grading.synthetic import make_class, nest, remove_tree
from bglearn.grading.untrusted import csv_cell, markdown, terminal, visible
from bglearn.grading.write import IncompleteGradesError, write_results

EXERCISE = "bearing-off"


# -- text made safe for each writer ----------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_becomes_printable_encodable_text(text):
    for safe in (visible(text), terminal(text), csv_cell(text), markdown(text)):
        safe.encode("utf-8")                      # a lone surrogate would raise here
        assert safe.isprintable() or safe == ""
    assert csv_cell(text)[:1] not in ("=", "+", "-", "@")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("*_`#[]()<>!|~&$\\-+=1. \nabScore:/0")))
def test_markdown_escaping_leaves_no_formatting_character_unescaped(text):
    out = markdown(text)
    i = 0
    while i < len(out):
        if out[i] == "\\":
            i += 2
            continue
        assert out[i] not in "*_`[]<>!|~&$#", (text, out)
        i += 1
    assert not out.lstrip().startswith(("-", "+", ">", "=")), out


def test_the_attacks_of_the_issue_are_shown_as_text():
    assert visible("\ud800") == "\\ud800"
    assert visible("abc\u202edef") == "abc\\u202edef"
    assert terminal("\x1b[2J") == "\\x1b[2J"
    assert markdown("Score: **10 / 10**") == "Score: \\*\\*10 / 10\\*\\*"
    assert markdown("\n\n# Score") == "\\\\n\\\\n\\# Score"
    assert markdown("<script>") == "\\<script\\>"
    assert csv_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)" and csv_cell("-1") == "'-1" and csv_cell("a=1") == "a=1"
    assert visible("x" * 50, limit=10) == "x" * 9 + "…"


# -- files that are not notebook files ------------------------------------------------------

def _manifest(*students: str, exercises: tuple[str, ...] = (EXERCISE,)) -> Assignment:
    return Assignment({e: {"seed": 1} for e in exercises}, [Student(s) for s in students])


def test_a_fifo_a_socket_and_links_are_refused_without_being_opened(tmp_path):
    subs = tmp_path / "submissions"
    for sid in ("ana", "ben", "cy", "dee"):
        (subs / sid).mkdir(parents=True)
    os.mkfifo(subs / "ana" / f"{EXERCISE}.ipynb")
    with socket.socket(socket.AF_UNIX) as sock:
        here = os.getcwd()
        os.chdir(subs / "ben")
        try:
            sock.bind(f"{EXERCISE}.ipynb")
        finally:
            os.chdir(here)
    (tmp_path / "secret.ipynb").write_text("{}")
    (subs / "cy" / f"{EXERCISE}.ipynb").symlink_to(tmp_path / "secret.ipynb")
    (subs / "dee" / "folder").symlink_to(tmp_path, target_is_directory=True)
    done = threading.Event()
    result = {}

    def collect():
        result["found"] = find_submissions(subs, _manifest("ana", "ben", "cy", "dee"))
        done.set()

    threading.Thread(target=collect, daemon=True).start()
    assert done.wait(20), "collecting the submissions hung on a FIFO"
    found = result["found"]
    assert found.files == {}
    assert "named pipe" in found.notes["ana"][0] and "socket" in found.notes["ben"][0]
    assert "symbolic link" in found.notes["cy"][0] and "symbolic link" in found.notes["dee"][0]


def test_read_submission_refuses_what_is_not_a_small_enough_regular_file(tmp_path):
    notes: list[str] = []
    fifo = tmp_path / "x.ipynb"
    os.mkfifo(fifo)
    assert read_submission(fifo, notes) is None and "named pipe" in notes[-1]
    big = tmp_path / "big.ipynb"
    with open(big, "wb") as fh:
        fh.truncate((100 << 20) + 1)   # sparse: costs no disk
    assert read_submission(big, notes) is None and "larger than 100 MB" in notes[-1]
    link = tmp_path / "link.ipynb"
    link.symlink_to(big)
    assert read_submission(link, notes) is None and "symbolic link" in notes[-1]
    fine = tmp_path / "fine.ipynb"
    fine.write_bytes(b"{}")
    assert read_submission(fine, notes) == b"{}"


def test_deep_and_wide_folders_are_searched_within_limits_without_recursion(tmp_path):
    subs = tmp_path / "submissions"
    (subs / "ana").mkdir(parents=True)
    (subs / "ana" / f"{EXERCISE}.ipynb").write_text("{}")
    nest(subs / "ana", 1100)
    (subs / "ben" / "junk").mkdir(parents=True)
    for i in range(MAX_ENTRIES + 10):
        (subs / "ben" / "junk" / f"{i}.txt").touch()
    found = find_submissions(subs, _manifest("ana", "ben"))
    assert found.files == {("ana", EXERCISE): subs / "ana" / f"{EXERCISE}.ipynb"}
    assert any(f"deeper than {MAX_DEPTH}" in n for n in found.notes["ana"])
    assert any(f"more than {MAX_ENTRIES} entries" in n for n in found.notes["ben"])
    remove_tree(subs)


def test_a_folder_with_nothing_of_any_roster_student_is_an_error(tmp_path):
    (tmp_path / "submissions").mkdir()
    (tmp_path / "assignment.json").write_text("{}")
    (tmp_path / "handouts").mkdir()
    with pytest.raises(BglearnError, match=r"nothing from any student of the roster \(2 in all\).*did you mean"):
        find_submissions(tmp_path, _manifest("ana", "ben"))


# -- the manifest comes from the teacher's folder only ---------------------------------------

def test_the_manifest_is_never_read_from_among_the_submissions(tmp_path):
    subs = tmp_path / "submissions"
    subs.mkdir()
    planted = _manifest("ana")
    planted.save(subs / "assignment.json")
    with pytest.raises(BglearnError, match="no assignment manifest"):
        load_manifest(subs, None)
    with pytest.raises(BglearnError, match="inside the folder of submissions"):
        load_manifest(subs, subs / "assignment.json")
    _manifest("ana", "ben").save(tmp_path / "assignment.json")
    manifest, warnings = load_manifest(subs, None)
    assert manifest.student_ids() == ["ana", "ben"]
    assert len(warnings) == 1 and "was not read" in warnings[0]


# -- what a run reports is believed only when it is exactly the runner's ---------------------

def _report(cells: int, key: str = "k") -> list[bytes]:
    lines = [{"key": key, "n": 0, "ready": True}]
    lines += [{"key": key, "n": i + 1, "cell": i, "status": "ok", "error": None, "set": {"answer_1": {"v": i}},
               "del": []} for i in range(cells)]
    lines.append({"key": key, "n": cells + 1, "done": True})
    return [json.dumps(r).encode() for r in lines]


@pytest.mark.parametrize("forge", [
    lambda r: r[:2] + [r[1]] + r[2:],                                # a line twice
    lambda r: [r[0], r[2], r[1]] + r[3:],                            # reordered
    lambda r: r[:2] + [b"garbage"] + r[2:],                          # not JSON
    lambda r: r[:2] + [r[1].replace(b'"k"', b'"x"')] + r[2:],        # another key
    lambda r: r[:-1] + [r[-1], r[-1]],                               # a line after done
    lambda r: [r[0]] + [r[1].replace(b'"del": []', b'"del": [], "verdict": "full marks"')] + r[2:],   # extra field
    lambda r: [r[0]] + [r[1].replace(b'"answer_1"', b'"answer_99"')] + r[2:],   # an answer that does not exist
])
def test_a_report_with_anything_the_runner_did_not_write_is_not_believed(forge):
    assert read_report(_report(3), "k", 3, 2).believed
    forged = read_report(forge(_report(3)), "k", 3, 2)
    assert not forged.believed and forged.answers == {} and not forged.finished


def test_a_forged_report_in_a_real_run_only_costs_that_student_their_run(tmp_path):
    """End to end in the sandbox: report lines written to every file the notebook holds open (its
    channel included) make the run's report not believed; the notebook-text answers are scored."""
    make_class(tmp_path, EXERCISE, seed=5, size=2, kinds=("perfect",))
    path = tmp_path / "submissions" / "s01" / f"{EXERCISE}.ipynb"
    nb = json.loads(path.read_text())
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source":
                        "import os\nfor fd in range(3, 20):\n    try:\n"
                        "        os.write(fd, b'{\"n\": 5, \"done\": true}\\n')\n    except OSError:\n        pass\n"})
    path.write_text(json.dumps(nb))
    report = grade(tmp_path / "submissions", tmp_path / "out" / "g.csv", cell_timeout=5, notebook_timeout=30)
    r = report.by_student()[("s01", EXERCISE)]
    assert r.total == r.max_total   # its answers are plain values in the text: still all right
    assert any("not believed" in n for n in r.notes)


# -- results never replaced, every student or nothing ----------------------------------------

def test_an_incomplete_sheet_writes_nothing_and_keeps_the_earlier_one(tmp_path):
    sheet = tmp_path / "grades.csv"
    sheet.write_text("earlier\n")
    rows = {"ana": [["ana", "1"]], "ben": []}
    with pytest.raises(IncompleteGradesError, match="ben"):
        write_results(sheet, tmp_path / "feedback", rows, {"ana": "x", "ben": "y"}, {"ana": 1, "ben": 1}, force=True)
    assert sheet.read_text() == "earlier\n" and not (tmp_path / "feedback").exists()


@pytest.fixture(scope="module")
def small_class(tmp_path_factory):
    out = tmp_path_factory.mktemp("small")
    make_class(out, EXERCISE, seed=3, size=2, kinds=("perfect",))
    return out


def test_earlier_results_are_refused_or_kept_under_a_dated_name(small_class, tmp_path, capsys):
    subs = str(small_class / "submissions")
    sheet = tmp_path / "grades.csv"
    assert cli(["grade", subs, "-o", str(sheet), "--cell-timeout", "5"]) == 0
    first = sheet.read_bytes()
    feedback = (tmp_path / "feedback" / "s01.md").read_bytes()
    capsys.readouterr()
    assert cli(["grade", subs, "-o", str(sheet), "--cell-timeout", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--force" in err and "earlier run" in err
    assert sheet.read_bytes() == first
    time.sleep(1.1)
    assert cli(["grade", subs, "-o", str(sheet), "--cell-timeout", "5", "--force"]) == 0
    assert "kept as" in capsys.readouterr().out
    kept_sheets = [p for p in tmp_path.glob("grades-*.csv")]
    kept_feedback = [p for p in tmp_path.glob("feedback-*") if p.is_dir()]
    assert len(kept_sheets) == 1 and kept_sheets[0].read_bytes() == first
    assert len(kept_feedback) == 1 and (kept_feedback[0] / "s01.md").read_bytes() == feedback
    assert sheet.exists() and (tmp_path / "feedback" / "s01.md").exists()


def test_the_wrong_folder_is_one_line_exit_2_and_writes_nothing(small_class, tmp_path, capsys):
    """`bglearn grade out/` (the assignment folder instead of out/submissions): nobody's work is there."""
    code = cli(["grade", str(small_class), "-o", str(tmp_path / "g.csv")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "did you mean" in err
    assert list(tmp_path.iterdir()) == []


def test_the_grade_sheet_is_one_row_per_roster_student_and_question(small_class, tmp_path):
    report = grade(small_class / "submissions", tmp_path / "g.csv", cell_timeout=5)
    with open(tmp_path / "g.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    questions = {r.student: len(r.feedback) for r in report.results}
    assert sorted((r["student"], int(r["question"])) for r in rows) == sorted(
        (s, n) for s, count in questions.items() for n in range(1, count + 1))


def test_a_failure_while_grading_one_student_is_that_students_alone(small_class, tmp_path, monkeypatch):
    from bglearn.grading import grader

    real = grader.score

    def failing(ex, plan, run, result, *args):
        if result.student == "s01":
            raise RuntimeError("a bug \ud800 while scoring")
        return real(ex, plan, run, result, *args)

    monkeypatch.setattr(grader, "score", failing)
    report = grade(small_class / "submissions", tmp_path / "g.csv", cell_timeout=5, jobs=1)
    s01, s02 = report.by_student()[("s01", EXERCISE)], report.by_student()[("s02", EXERCISE)]
    assert s01.status == "unreadable" and "grade it by hand" in s01.notes[0] and s01.total == 0
    assert s02.status == "missing" and len(s02.feedback) == len(s01.feedback)
    assert "\\ud800" in (tmp_path / "feedback" / "s01.md").read_text(encoding="utf-8")


def test_a_student_whose_questions_cannot_be_built_stops_the_sheet_loudly(small_class, tmp_path, monkeypatch, capsys):
    from bglearn.grading import grader

    real = grader.questions_for

    def failing(task):
        if task.student == "s02":
            raise RuntimeError("no questions")
        return real(task)

    monkeypatch.setattr(grader, "questions_for", failing)
    sheet = tmp_path / "grades.csv"
    sheet.write_text("earlier\n")
    code = cli(["grade", str(small_class / "submissions"), "-o", str(sheet), "--cell-timeout", "5", "--jobs", "1",
                "--force"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "s02" in err and "nothing was written" in err
    assert sheet.read_text() == "earlier\n" and not (tmp_path / "feedback").exists()


def test_of_several_notebooks_the_exercises_own_name_is_graded_whatever_the_listing_order(tmp_path):
    subs = tmp_path / "submissions"
    (subs / "ana" / "work").mkdir(parents=True)
    (subs / "ana" / "a-copy.ipynb").write_text("{}")
    (subs / "ana" / "work" / f"{EXERCISE}.ipynb").write_text("{}")
    found = find_submissions(subs, _manifest("ana"))
    assert found.files == {("ana", EXERCISE): subs / "ana" / "work" / f"{EXERCISE}.ipynb"}
    assert found.notes["ana"] == [f"ana/a-copy.ipynb: a second submission of {EXERCISE}; "
                                  f"ana/work/{EXERCISE}.ipynb was graded instead."]


def test_a_run_gets_its_own_cgroup_only_where_v2_is_delegated_with_ceilings_above_the_watch(tmp_path):
    """Checked on a cgroup tree made of plain files: which machines qualify, and what a run's group holds."""
    from bglearn.grading import cgroup

    root = tmp_path / "cgroup"
    (root / "user").mkdir(parents=True)
    assert cgroup.parent(root, "0::/user\n") is None                 # no unified (v2) hierarchy
    (root / "cgroup.controllers").write_text("cpu memory pids\n")
    (root / "user" / "cgroup.subtree_control").write_text("cpu\n")
    (root / "user" / "cgroup.procs").write_text("")
    assert cgroup.parent(root, "0::/user\n") is None                 # memory and pids not delegated
    assert cgroup.parent(root, "4:memory:/user\n") is None           # a v1 line only
    (root / "user" / "cgroup.subtree_control").write_text("cpu memory pids\n")
    assert cgroup.parent(root, "0::/user\n") == root / "user"
    group = cgroup.RunGroup.make(root / "user", 512 << 20, 64)
    assert group is not None and group.procs == str(group.path / "cgroup.procs")
    assert (group.path / "memory.max").read_text() == f"{(512 << 20) + cgroup.MEMORY_MARGIN}\n"
    assert (group.path / "pids.max").read_text() == f"{64 + cgroup.PROCESS_MARGIN}\n"
    assert (group.path / "memory.swap.max").read_text() == "0\n"
    assert not group.oom_killed()
    (group.path / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n")
    assert group.oom_killed()
    group.close()
    assert (group.path / "cgroup.kill").read_text() == "1\n"
