"""The class report: per-rule mastery counted from a synthetic class whose wrong answers are known."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

import pytest

from bglearn.exercises import load_exercise
from bglearn.exercises.rules import RULES, rule_text
from bglearn.grading.class_report import class_mastery, heatmap_svg, markdown_table, report_paths, write_class_report
from bglearn.grading.gradebook import rule_results
from bglearn.grading.score import StudentResult
from bglearn.grading.synthetic import right_answer, wrong_answer
from bglearn.i18n import using_language

SVG = "{http://www.w3.org/2000/svg}"
STUDENTS = ("ana", "ben", "cy", "dee")
WRONG = {"ana": set(), "ben": {1, 2}, "cy": {3}, "dee": None}   # None: every answer wrong


@pytest.fixture(scope="module")
def graded():
    """Each student's questions answered by the engine's right or wrong answers, judged by the engine."""
    per_rule, missed_by = {}, {}
    for sid in STUDENTS:
        ex = load_exercise("bearing-off", 7, sid)
        r = StudentResult(sid, "bearing-off")
        for n, q in enumerate(ex.questions, 1):
            wrong = WRONG[sid] is None or n in WRONG[sid]
            r.feedback.append(q.check(wrong_answer(q) if wrong else right_answer(q), n))
            if wrong:
                for code in q.rules():
                    missed_by.setdefault(code, set()).add(sid)
        per_rule[sid] = rule_results(r, ex)
    return per_rule, missed_by


def test_each_rule_counts_the_students_who_answered_a_question_testing_it_wrong(graded):
    per_rule, missed_by = graded
    report = class_mastery(per_rule)
    assert {r.code: r.missed for r in report.rules} == {
        code: len(missed_by.get(code, ())) for code in {c for rules in per_rule.values() for c, _e, _p in rules}}
    assert all(r.code in RULES for r in report.rules)
    assert [r.missed for r in report.rules] == sorted((r.missed for r in report.rules), reverse=True)
    everything = {c for c, _e, _p in per_rule["dee"]}
    assert all(r.tested >= 1 and r.missed >= (r.code in everything) for r in report.rules)
    ana = {c: (e, p) for c, e, p in per_rule["ana"]}
    assert all(e == p > 0 for e, p in ana.values())            # nothing missed by the student who is always right


def test_several_exercises_add_up_per_student():
    report = class_mastery({"ana": [("BAR_FIRST", 1, 1), ("BAR_FIRST", 0, 1)], "ben": [("BAR_FIRST", 2, 2)]})
    (rule,) = report.rules
    assert (rule.tested, rule.missed, rule.earned, rule.possible) == (2, 1, 3, 4)
    assert report.cells[("ana", "BAR_FIRST")] == (1, 2)


def test_the_heatmap_is_an_accessible_svg_with_a_cell_per_student_and_rule(graded):
    per_rule, _missed = graded
    report = class_mastery(per_rule)
    root = ET.fromstring(heatmap_svg(report))
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert title is not None and title.text == "Rules the class missed"
    assert desc is not None and report.rules[0].code in (desc.text or "")
    tips = [r.find(SVG + "title") for r in root.iter(SVG + "rect")]
    cell_tips = [t.text for t in tips if t is not None]
    assert len(cell_tips) == len(STUDENTS) * len(report.rules)
    assert any(t.startswith("dee, ") and "points" in t and "/" in t for t in cell_tips)
    texts = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    assert all(rule_text(r.code) in texts for r in report.rules)   # every rule's sentence in the legend


def test_the_report_speaks_the_language_it_is_written_in(graded):
    per_rule, _missed = graded
    report = class_mastery(per_rule)
    with using_language("es"):
        svg, md = heatmap_svg(report), markdown_table(report)
        sentence = rule_text(report.rules[0].code)
    assert sentence != rule_text(report.rules[0].code)          # the rule has a Spanish sentence...
    assert sentence in md and sentence in ET.tostring(ET.fromstring(svg), encoding="unicode")   # ...and it is used


def test_written_beside_the_grade_sheet_as_svg_markdown_and_csv(tmp_path, graded):
    per_rule, missed_by = graded
    paths = write_class_report(class_mastery(per_rule), tmp_path / "grades.csv")
    assert paths == list(report_paths(tmp_path / "grades.csv"))
    assert [p.name for p in paths] == ["grades.rules.svg", "grades.rules.md", "grades.rules.csv"]
    rows = list(csv.reader(io.StringIO(paths[2].read_text(encoding="utf-8"))))
    assert rows[0][:4] == ["rule code", "rule", "students tested", "students who missed it"]
    assert {r[0]: int(r[3]) for r in rows[1:]} == {c: len(s) for c, s in missed_by.items()} | {
        r[0]: 0 for r in rows[1:] if r[0] not in missed_by}
    assert "| rule code |" in paths[1].read_text(encoding="utf-8")
    ET.fromstring(paths[0].read_text(encoding="utf-8"))


def test_a_class_with_no_rule_results_still_gets_a_report(tmp_path):
    report = class_mastery({"ana": [], "ben": []})
    assert report.rules == ()
    root = ET.fromstring(heatmap_svg(report))
    assert "Students: 2" in (root.find(SVG + "desc").text or "")   # type: ignore[union-attr]
