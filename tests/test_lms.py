"""A Canvas or Moodle download of a class's submissions, read as it comes; grades written for import.

The archives are built here to the platforms' documented naming (see bglearn/grading/lms.py):
Canvas ``<name>[_LATE]_<user id>_<file id>_<file>``, Moodle ``<Full name>_<participant id>_assignsubmission_file_/<file>``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from bglearn.errors import BglearnError
from bglearn.grading import lms, safezip
from bglearn.grading.lms_export import (CANVAS_COLUMNS, MOODLE_COLUMNS, ExportRequest, StudentGrade, export_rows,
                                        write_export)
from bglearn.grading.roster import MANIFEST, Assignment, Student, read_roster

NOTEBOOK = json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _roster(**ids: dict[str, str]) -> list[Student]:
    names = {"ada": "Ada Lovelace", "ben": "Ben Okri", "cy": "Cy Twombly"}
    return [Student(sid, names[sid], tuple(ids.get(sid, {}).items())) for sid in names]


def _manifest(folder: Path, students: list[Student], exercises: tuple[str, ...] = ("bearing-off",)) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    Assignment({e: {"seed": 1} for e in exercises}, students).save(folder / MANIFEST)
    return folder / MANIFEST


def _zip(path: Path, entries: list[tuple[str, str | bytes]] | list[tuple[str, str | bytes, tuple[int, ...]]]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for entry in entries:
            name, data = entry[0], entry[1]
            info = zipfile.ZipInfo(name, date_time=entry[2] if len(entry) > 2 else (2026, 12, 1, 10, 0, 0))  # type: ignore[misc]
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return path


def _extracted(u: lms.Unpacked) -> dict[str, str]:
    return {str(p.relative_to(u.folder)): p.read_text() for p in sorted(u.folder.rglob("*")) if p.is_file()}


# -- the platforms' names ----------------------------------------------------------------------------

def test_canvas_names_of_every_kind_are_read():
    up = lms.canvas_name("lovelaceada_4021_99187_bearing-off.ipynb")
    assert up is not None and (up.user, up.name, up.file, up.order, up.late) == (
        "4021", "lovelaceada", "bearing-off.ipynb", (99187,), False)
    late = lms.canvas_name("lovelaceada_LATE_4021_99200_bearing-off-1.ipynb")
    assert late is not None and late.late and late.user == "4021" and late.file == "bearing-off-1.ipynb"
    anon = lms.canvas_name("LATE_anon_x7Pq2_5_my_file_12_3.ipynb")
    assert anon is not None and anon.user == "anon_x7Pq2" and anon.file == "my_file_12_3.ipynb" and anon.late
    assert lms.canvas_name("notes.txt") is None


def test_moodle_names_folder_and_flat_are_read():
    up = lms.moodle_name("Ada Lovelace_771_assignsubmission_file_/bearing-off.ipynb", (2026, 1, 1, 0, 0, 0))
    assert up is not None and (up.user, up.name, up.file) == ("771", "Ada Lovelace", "bearing-off.ipynb")
    flat = lms.moodle_name("Ada Lovelace_771_assignsubmission_file_bearing-off.ipynb")
    assert flat is not None and flat.file == "bearing-off.ipynb"
    assert lms.moodle_name("Ada Lovelace_771_assignsubmission_onlinetext_/onlinetext.html") is None
    assert lms.moodle_name("lovelaceada_4021_99187_bearing-off.ipynb") is None


_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéøß0123456789", min_size=1, max_size=12)


@given(last=_word, first=_word, late=st.booleans(), user=st.integers(1, 10**14), file_id=st.integers(1, 10**12),
       stem=st.text(alphabet="abc_-.0123456789 ", min_size=1, max_size=20))
@settings(max_examples=200, deadline=None)
def test_any_name_canvas_writes_is_read_back(last, first, late, user, file_id, stem):
    # ContentZipper#get_filename: sortable name, lower case, "_(\d+)_" squeezed, non-word characters removed
    import re

    name = re.sub(r"_(\d+)_", r"\1", f"{last}, {first}").lower()
    name = re.sub(r"[^\w]", "", "_".join([name] + (["LATE"] if late else []) + [str(user)]))
    entry = f"{name}_{file_id}_{stem}.ipynb"
    up = lms.canvas_name(entry)
    assert up is not None
    assert (up.user, up.order, up.file, up.late) == (str(user), (file_id,), f"{stem}.ipynb", late)


# -- Canvas ----------------------------------------------------------------------------------------------

def test_canvas_zip_maps_files_to_roster_students_by_canvas_id(tmp_path):
    students = _roster(ada={"canvas_id": "4021"}, ben={"canvas_id": "4022"})
    _manifest(tmp_path, students)
    z = _zip(tmp_path / "submissions.zip", [
        ("lovelaceada_4021_900_bearing-off.ipynb", NOTEBOOK.replace("[]", '["ada-old"]', 1)),
        ("lovelaceada_LATE_4021_955_bearing-off-1.ipynb", NOTEBOOK.replace("[]", '["ada-late"]', 1)),
        ("okriben_4022_901_Bearing off.ipynb", NOTEBOOK),
        ("stranger_9999_902_bearing-off.ipynb", NOTEBOOK),
        ("okriben_4022_903_scratch.pdf", b"%PDF"),
    ])
    u = lms.unpack(z)
    try:
        assert u.platform == "canvas"
        files = _extracted(u)
        assert set(files) == {"ada/bearing-off.ipynb", "ben/bearing-off.ipynb"}   # nobody else's, nothing else
        assert "ada-late" in files["ada/bearing-off.ipynb"]                      # the newest (the late one)
        assert any("2 files" in n and "bearing-off-1.ipynb" in n for n in u.notes["ada"])
        assert any("scratch.pdf" in n and "not a notebook" in n for n in u.notes["ben"])
        assert len(u.warnings) == 1 and "9999" in u.warnings[0] and "stranger" in u.warnings[0]
        folder = u.folder
    finally:
        u.close()
    assert not folder.exists()


def test_canvas_zip_without_ids_in_the_roster_maps_by_a_name_only_one_student_has(tmp_path):
    students = _roster()
    _manifest(tmp_path, students + [Student("ada2", "Ada Lovelace")])
    z = _zip(tmp_path / "s.zip", [("twomblycy_77_1_bearing-off.ipynb", NOTEBOOK),
                                  ("lovelaceada_78_2_bearing-off.ipynb", NOTEBOOK),     # two Ada Lovelaces: nobody
                                  ("anon_Xy12Z_3_bearing-off.ipynb", NOTEBOOK)])        # anonymous grading: nobody
    u = lms.unpack(z)
    assert set(_extracted(u)) == {"cy/bearing-off.ipynb"}
    assert len(u.warnings) == 2
    u.close()


def test_files_name_the_exercise_when_an_assignment_has_several(tmp_path):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}), ("bearing-off", "forced-moves"))
    z = _zip(tmp_path / "s.zip", [("ada_1_10_forced-moves-2.ipynb", NOTEBOOK), ("ada_1_11_bearing-off.ipynb", NOTEBOOK),
                                  ("ada_1_12_homework.ipynb", NOTEBOOK)])
    u = lms.unpack(z)
    assert set(_extracted(u)) == {"ada/bearing-off.ipynb", "ada/forced-moves.ipynb"}
    assert any("homework.ipynb" in n and "no assigned exercise" in n for n in u.notes["ada"])
    u.close()


# -- Moodle ---------------------------------------------------------------------------------------------

def test_moodle_zip_folders_and_flat_files_map_by_participant_id_then_name(tmp_path):
    students = _roster(ada={"moodle_participant": "771"})
    _manifest(tmp_path, students)
    z = _zip(tmp_path / "submissions.zip", [
        ("Ada Lovelace_771_assignsubmission_file_/bearing-off.ipynb", NOTEBOOK.replace("[]", '["old"]', 1),
         (2026, 12, 1, 9, 0, 0)),
        ("Ada Lovelace_771_assignsubmission_file_/sub/bearing-off (2).ipynb", NOTEBOOK.replace("[]", '["new"]', 1),
         (2026, 12, 2, 9, 0, 0)),
        ("Ada Lovelace_771_assignsubmission_onlinetext_/onlinetext.html", "<p>hi</p>"),
        ("ben okri_772_assignsubmission_file_bearing-off.ipynb", NOTEBOOK),      # flat; by name, case aside
        ("Participant_773_assignsubmission_file_/bearing-off.ipynb", NOTEBOOK),  # blind marking: nobody
    ])
    u = lms.unpack(z)
    assert u.platform == "moodle"
    files = _extracted(u)
    assert set(files) == {"ada/bearing-off.ipynb", "ben/bearing-off.ipynb"}
    assert '"new"' in files["ada/bearing-off.ipynb"]
    assert any("bearing-off (2).ipynb" in n for n in u.notes["ada"])
    assert any("773" in w for w in u.warnings)
    u.close()


def test_a_name_finds_only_a_student_no_file_matched_by_id(tmp_path):
    # participant ids from another assignment (Moodle's are per assignment): everybody is found by name;
    # but a second "Ada Lovelace" beside the Ada matched by her id is nobody
    _manifest(tmp_path, _roster(ada={"moodle_participant": "771"}, ben={"moodle_participant": "12"}))
    z = _zip(tmp_path / "s.zip", [("Ada Lovelace_771_assignsubmission_file_/bearing-off.ipynb", NOTEBOOK),
                                  ("Ada Lovelace_990_assignsubmission_file_/bearing-off.ipynb", NOTEBOOK),
                                  ("Ben Okri_991_assignsubmission_file_/bearing-off.ipynb", NOTEBOOK)])
    u = lms.unpack(z)
    assert set(_extracted(u)) == {"ada/bearing-off.ipynb", "ben/bearing-off.ipynb"}
    assert "ada" not in u.notes                                      # no "2 files": the other Ada is not her
    assert len(u.warnings) == 1 and "990" in u.warnings[0]
    u.close()


def test_platform_ids_added_to_the_roster_after_the_handouts_are_used(tmp_path):
    _manifest(tmp_path, _roster())                                  # handed out before the ids were known
    z = _zip(tmp_path / "s.zip", [("xyz_4021_1_bearing-off.ipynb", NOTEBOOK)])
    with pytest.raises(BglearnError, match="nothing from any student"):
        lms.unpack(z)
    (tmp_path / "ids.csv").write_text("id,canvas_id\nben,4021\n")
    u = lms.unpack(z, roster=tmp_path / "ids.csv")
    assert set(_extracted(u)) == {"ben/bearing-off.ipynb"}
    u.close()


def test_the_platform_can_be_named_and_unknown_names_are_refused(tmp_path):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    z = _zip(tmp_path / "s.zip", [("ada/bearing-off.ipynb", NOTEBOOK), ("readme.txt", "x")])
    with pytest.raises(BglearnError, match="--lms canvas"):
        lms.unpack(z)
    with pytest.raises(BglearnError, match="nothing from any student"):
        lms.unpack(z, platform="canvas")
    with pytest.raises(BglearnError, match="--lms wiki"):
        lms.unpack(z, platform="wiki")


def test_a_zip_needs_the_manifest_beside_it_or_named(tmp_path):
    z = _zip(tmp_path / "s.zip", [("ada_1_10_bearing-off.ipynb", NOTEBOOK)])
    with pytest.raises(BglearnError, match="no assignment manifest"):
        lms.unpack(z)
    other = _manifest(tmp_path / "course", _roster(ada={"canvas_id": "1"}))
    u = lms.unpack(z, other)
    assert set(_extracted(u)) == {"ada/bearing-off.ipynb"}
    u.close()


# -- hostile archives --------------------------------------------------------------------------------------

def _raw_zip(path: Path, infos: list[tuple[zipfile.ZipInfo, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for info, data in infos:
            z.writestr(info, data)
    return path


@pytest.mark.parametrize("entry, words", [
    ("../../etc/evil_1_1_bearing-off.ipynb", "climbs out"),
    ("/tmp/ada_1_1_bearing-off.ipynb", "absolute"),
    ("C:/ada_1_1_bearing-off.ipynb", "absolute"),
    ("ada_1_1_..\\..\\x.ipynb", "backslash"),
    ("ada_1_1_bear\x1b[2Jing.ipynb", "control character"),
    ("a//ada_1_1_bearing-off.ipynb", "empty part"),
])
def test_entries_that_escape_the_folder_refuse_the_archive(tmp_path, entry, words):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    z = _raw_zip(tmp_path / "s.zip", [(zipfile.ZipInfo(entry), NOTEBOOK.encode())])
    before = set(os.listdir(tmp_path))
    with pytest.raises(safezip.UnsafeArchiveError, match=words):
        lms.unpack(z)
    assert set(os.listdir(tmp_path)) == before and not (tmp_path.parent / "etc").exists()


_part = st.sampled_from(["..", ".", "", "ada_1_1_bearing-off.ipynb", "Ada Lovelace_7_assignsubmission_file_", "x",
                         "C:", "\\..", "bearing-off.ipynb", "\x00"])


@given(names=st.lists(st.lists(_part, min_size=1, max_size=4).map("/".join), min_size=1, max_size=4))
@settings(max_examples=60, deadline=None)
def test_whatever_the_names_nothing_lands_outside_the_fresh_folder(tmp_path_factory, names):
    where = tmp_path_factory.mktemp("names")
    _manifest(where, _roster(ada={"canvas_id": "1", "moodle_participant": "7"}))
    z = where / "s.zip"
    with zipfile.ZipFile(z, "w") as archive:
        for name in dict.fromkeys(names):   # duplicates: test_symlink_entries_..._refuse_the_archive
            archive.writestr(zipfile.ZipInfo(name), NOTEBOOK)
    before = sorted(p for p in where.rglob("*"))
    try:
        u = lms.unpack(z)
    except BglearnError:
        assert sorted(p for p in where.rglob("*")) == before
        return
    try:
        for path in u.folder.rglob("*"):
            assert path.resolve().is_relative_to(u.folder.resolve()) and not path.is_symlink()
            assert path.is_dir() or path.parent.parent == u.folder     # only <student>/<exercise>.ipynb
    finally:
        u.close()
    assert sorted(p for p in where.rglob("*")) == before


def test_symlink_entries_encrypted_entries_and_duplicates_refuse_the_archive(tmp_path):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    link = zipfile.ZipInfo("ada_1_1_bearing-off.ipynb")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    with pytest.raises(safezip.UnsafeArchiveError, match="symbolic link"):
        lms.unpack(_raw_zip(tmp_path / "a.zip", [(link, b"/etc/passwd")]))
    secret = bytearray(_zip(tmp_path / "b.zip", [("ada_1_1_bearing-off.ipynb", b"x" * 40)]).read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):   # the "encrypted" flag, as zip tools set it
        secret[secret.index(signature) + offset] |= 0x1
    (tmp_path / "b.zip").write_bytes(secret)
    with pytest.raises(safezip.UnsafeArchiveError, match="encrypted"):
        lms.unpack(tmp_path / "b.zip")
    with pytest.warns(UserWarning, match="Duplicate name"):
        twice = _raw_zip(tmp_path / "c.zip", [(zipfile.ZipInfo("ada_1_1_bearing-off.ipynb"), b"{}"),
                                              (zipfile.ZipInfo("ada_1_1_bearing-off.ipynb"), b"[]")])
    with pytest.raises(safezip.UnsafeArchiveError, match="appears twice"):
        lms.unpack(twice)
    cased = _raw_zip(tmp_path / "d.zip", [(zipfile.ZipInfo("ada_1_1_Bearing-off.ipynb"), b"{}"),
                                          (zipfile.ZipInfo("ada_1_1_bearing-OFF.ipynb"), b"[]")])
    with pytest.raises(safezip.UnsafeArchiveError, match="appears twice"):
        lms.unpack(cased)


def test_a_zip_bomb_is_not_extracted_and_its_student_is_told(tmp_path):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}, ben={"canvas_id": "2"}))
    z = _zip(tmp_path / "s.zip", [("ada_1_1_bearing-off.ipynb", b" " * (8 << 20)),   # 8 MB of spaces: ~1000x
                                  ("ben_2_2_bearing-off.ipynb", NOTEBOOK)])
    assert os.path.getsize(z) < 100_000
    u = lms.unpack(z)
    assert set(_extracted(u)) == {"ben/bearing-off.ipynb"}
    assert any("zip bomb" in n for n in u.notes["ada"])
    assert (u.folder / "ada").is_dir()          # so the grader finds her, and gives her the note with her zero
    u.close()


def test_too_many_entries_or_too_many_bytes_refuse_the_archive(tmp_path, monkeypatch):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    monkeypatch.setattr(safezip, "MAX_ENTRIES", 500)   # the same check as at 20,000, in a tenth of a second
    with zipfile.ZipFile(tmp_path / "many.zip", "w") as z:
        for i in range(safezip.MAX_ENTRIES + 1):
            z.writestr(f"ada_1_{i}_x.txt", b"")
    with pytest.raises(safezip.UnsafeArchiveError, match="entries"):
        lms.unpack(tmp_path / "many.zip")
    monkeypatch.setattr(safezip, "MAX_TOTAL_BYTES", 100)
    big = _zip(tmp_path / "big.zip", [("ada_1_1_bearing-off.ipynb", NOTEBOOK + " " * 200)])
    with pytest.raises(safezip.UnsafeArchiveError, match="GB"):
        lms.unpack(big)


def test_an_entry_holding_more_than_its_header_says_is_caught(tmp_path):
    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    z = _zip(tmp_path / "s.zip", [("ada_1_1_bearing-off.ipynb", NOTEBOOK)])
    with zipfile.ZipFile(z) as archive:
        info = archive.getinfo("ada_1_1_bearing-off.ipynb")
        info.file_size = 10       # what a lying central directory would say
        target = tmp_path / "out.ipynb"
        with pytest.raises(safezip.UnsafeArchiveError, match="more than its header says|damaged"):
            safezip.extract(archive, info, target)
    assert not target.exists()


def test_not_a_zip_is_a_clear_error(tmp_path):
    _manifest(tmp_path, _roster())
    (tmp_path / "s.zip").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(BglearnError, match="not a readable zip"):
        lms.unpack(tmp_path / "s.zip")


def test_the_command_line_says_what_is_wrong_before_grading(tmp_path, capsys):
    from bglearn.cli import main as cli

    _manifest(tmp_path, _roster(ada={"canvas_id": "1"}))
    (tmp_path / "submissions").mkdir()
    for args, words in (
        (["grade", str(tmp_path / "submissions"), "--lms", "canvas"], "is for a zip downloaded from the platform"),
        (["grade", str(tmp_path / "submissions"), "--export-assignment", "X"], "go with --export"),
        (["grade", str(_zip(tmp_path / "s.zip", [("../x", "")])), "--no-sandbox"], "climbs out"),
    ):
        assert cli([*args, "-o", str(tmp_path / "out" / "g.csv")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "out" / "g.csv").exists()


# -- exports ----------------------------------------------------------------------------------------------

GRADES = [StudentGrade("ada", 7.5, 10, "Ada Lovelace", {"canvas_id": "4021", "sis_user_id": "S1", "sis_login_id": "ada",
                                                         "section": "Mon", "email": "ada@example.org", "id_number": "N1"}),
          StudentGrade("ben", 10, 10, "=HYPERLINK(\"http://x\")", {"email": "ben@example.org"})]


def _read(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def test_canvas_export_has_canvass_columns_and_points_possible_row(tmp_path):
    path = write_export("canvas", GRADES, tmp_path / "c.csv", "Bearing off", assignment_id="5512")
    rows = _read(path)
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Bearing off (5512)"]
    assert list(CANVAS_COLUMNS) == rows[0][:5]
    assert rows[1] == ["    Points Possible", "", "", "", "", "10"]
    assert rows[2] == ["Ada Lovelace", "4021", "S1", "ada", "Mon", "7.5"]
    assert rows[3] == ["'=HYPERLINK(\"http://x\")", "", "", "", "", "10"]   # a name is never a formula
    assert _read(write_export("canvas", GRADES, tmp_path / "d.csv", "Quiz"))[0][-1] == "Quiz"


def test_moodle_export_has_an_identifier_column_for_the_import_mapping_and_the_grade(tmp_path):
    rows = _read(write_export("moodle", GRADES, tmp_path / "m.csv", "Bearing off"))
    assert rows[0] == [*MOODLE_COLUMNS, "Bearing off"] == ["Student id", "ID number", "Email address", "Full name",
                                                            "Bearing off"]
    assert rows[1] == ["ada", "N1", "ada@example.org", "Ada Lovelace", "7.5"]
    assert rows[2] == ["ben", "", "ben@example.org", "'=HYPERLINK(\"http://x\")", "10"]


def test_bad_export_requests_are_clear_errors(tmp_path):
    with pytest.raises(BglearnError, match="canvas or moodle"):
        export_rows("blackboard", GRADES, "A")  # type: ignore[arg-type]
    with pytest.raises(BglearnError, match="not a grade"):
        export_rows("canvas", [StudentGrade("ada", 11, 10)], "A")
    with pytest.raises(BglearnError, match="assignment's name"):
        export_rows("moodle", GRADES, " ")
    (tmp_path / "grades.canvas.csv").write_text("earlier")
    with pytest.raises(BglearnError, match="earlier export"):
        ExportRequest("canvas").check(tmp_path / "grades.csv", force=False)
    ExportRequest("canvas").check(tmp_path / "grades.csv", force=True)


def test_roster_lms_columns_reach_the_manifest_and_back(tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text("id,name,canvas_id,sis_login_id,moodle_participant,email\n"
                      "ada,Ada Lovelace,4021,alove,771,ada@example.org\nben,Ben Okri,,,,\n")
    students = read_roster(roster)
    assert students[0].lms_ids == {"canvas_id": "4021", "sis_login_id": "alove", "moodle_participant": "771",
                                   "email": "ada@example.org"}
    assert students[1].lms_ids == {}
    _manifest(tmp_path, students)
    assert Assignment.load(tmp_path / MANIFEST).students == students
    roster.write_text("email,name\nada@example.org,Ada\n")   # the e-mail is the id here, not an LMS column
    assert read_roster(roster)[0].lms_ids == {}
    roster.write_text("id,canvas_id\nada,4021\x1b[2J\n")
    with pytest.raises(BglearnError, match="canvas_id"):
        read_roster(roster)


# -- bglearn grade SUBMISSIONS.zip --export ---------------------------------------------------------------

@pytest.fixture(scope="module")
def graded_from_canvas(tmp_path_factory):
    """A small synthetic class handed in through Canvas, graded from the zip with --export canvas."""
    from bglearn.grading.synthetic import make_class

    out = tmp_path_factory.mktemp("canvas-class")
    students, expected = make_class(out, size=3, kinds=("perfect", "half"))
    roster = out / "students-with-canvas-ids.csv"   # the ids came after the handouts: given with --roster
    roster.write_text("id,name,canvas_id,sis_login_id\n" + "".join(
        f"{s.id},{s.name},{5000 + i},{s.id}\n" for i, s in enumerate(students)), encoding="utf-8")
    entries = []
    for i, s in enumerate(students):
        nb = out / "submissions" / s.id / "bearing-off.ipynb"
        if nb.exists():
            entries.append((f"student{i}_{5000 + i}_{700 + i}_bearing-off.ipynb", nb.read_bytes()))
    entries.append(("someone_9999_800_bearing-off.ipynb", entries[0][1]))
    entries.append(("student2_5002_801_essay.pdf", b"%PDF-1.4"))    # the student who hands in no notebook
    _zip(out / "submissions.zip", entries)
    run = subprocess.run([sys.executable, "-m", "bglearn", "grade", str(out / "submissions.zip"), "-o",
                          str(out / "grades.csv"), "--export", "canvas", "--export-assignment", "Bearing off",
                          "--export-assignment-id", "42", "--jobs", "2", "--roster", str(roster)],
                         capture_output=True, text=True, timeout=600)
    return out, expected, run


@pytest.mark.slow   # handouts made and three notebooks run in their sandboxes: the teacher's whole LMS path, once
def test_grading_a_canvas_zip_grades_each_student_and_writes_the_canvas_import(graded_from_canvas):
    out, expected, run = graded_from_canvas
    assert run.returncode == 0, run.stderr
    assert "9999" in run.stderr                                  # the stranger's file is reported, not graded
    rows = _read(out / "grades.canvas.csv")
    assert rows[0][-1] == "Bearing off (42)"
    got = {r[3]: float(r[-1]) for r in rows[2:]}
    assert got == {e.student: e.total for e in expected.values()}
    assert [r[1] for r in rows[2:]] == ["5000", "5001", "5002"]
    assert "grades.rules.svg" in run.stdout and (out / "grades.rules.svg").exists()
    assert "essay.pdf is not a notebook" in (out / "feedback" / "s03.md").read_text(encoding="utf-8")


@pytest.mark.slow   # (the same run as above)
def test_the_run_writes_the_class_report_counting_who_missed_each_rule(graded_from_canvas):
    from bglearn.exercises.session import from_specs

    out, expected, run = graded_from_canvas
    assert run.returncode == 0, run.stderr
    manifest = Assignment.load(out / MANIFEST)
    missed: dict[str, int] = {}
    for s in manifest.students:
        ex = from_specs("bearing-off", manifest.exercises["bearing-off"]["questions"][s.id], 2026, s.id)
        lost = {code for n, q in enumerate(ex.questions, 1) if expected[s.id].points[n] < q.points for code in q.rules()}
        for code in lost:
            missed[code] = missed.get(code, 0) + 1
    rows = _read(out / "grades.rules.csv")
    assert {r[0]: int(r[3]) for r in rows[1:] if int(r[3])} == missed
    assert expected["s02"].kind == "half" and expected["s03"].kind == "missing"
