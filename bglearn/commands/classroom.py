"""``bglearn assign`` and ``bglearn grade``: personalised exercise notebooks for a class, and the grader.

Folder layout::

    bglearn assign --exercise bearing-off --roster students.csv --seed 2026 -o out/
        out/assignment.json                      the exercises, their seeds and the roster
        out/handouts/<student>/bearing-off.ipynb one notebook per student (their own positions)
        out/submissions/                         put the returned notebooks here:
                                                 out/submissions/<student>/bearing-off.ipynb
                                                 (or out/submissions/<student>.ipynb)

    bglearn grade out/submissions/ -o grades.csv [--no-sandbox]
        grades.csv                               student, question, points, total, exercise, ...
        feedback/<student>.md                    what each answer earned, and why wrong ones are wrong

The roster is a CSV with an ``id`` column (or ``student_id``/``username``/``email``) and optionally
``name``. ``bglearn exercises`` lists the exercises.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import BglearnError

__all__ = ["register"]


def _assign(args: argparse.Namespace) -> int:
    from . import check_input_file, check_output_folder

    check_input_file(args.roster, "roster file")  # argument errors fast, before the heavy import below
    check_output_folder(args.output)
    from ..grading import assign

    a = assign(args.exercise, args.roster, args.seed, args.output, mode=args.mode)
    n = len(a.students)
    print(f"wrote {args.exercise} ({args.mode} mode) for {n} student{'s' if n != 1 else ''} to {args.output}/handouts/ "
          f"(seed {args.seed}); collect submissions in {args.output}/submissions/<student>/{args.exercise}.ipynb")
    if args.report:
        from ..grading.assign import report

        print(report(args.exercise, args.roster, args.seed))
    return 0


def _grade(args: argparse.Namespace) -> int:
    from . import check_input_file, check_input_folder, check_output_file

    check_input_folder(args.submissions, "folder of submissions")  # argument errors fast, before the heavy import
    check_output_file(args.output, create_folders=True)
    if args.assignment:
        check_input_file(args.assignment, "assignment file")
    if Path(args.output).resolve().is_relative_to(Path(args.submissions).resolve()):
        raise BglearnError(f"{args.output} is inside the folder of submissions; write the grade sheet elsewhere")
    if not args.no_sandbox:
        from ..grading.sandbox import sandbox_problem  # standard library only: fast

        problem = sandbox_problem()
        if problem is not None:
            raise BglearnError(f"cannot grade safely: {problem}; to run the submissions without a sandbox "
                               "(only ones you trust) add --no-sandbox")
    from ..grading import grade

    report = grade(args.submissions, args.output, assignment=args.assignment, feedback_dir=args.feedback,
                   cell_timeout=args.cell_timeout, notebook_timeout=args.notebook_timeout, jobs=args.jobs,
                   sandboxed=not args.no_sandbox, memory_mb=args.memory_mb)
    for w in report.warnings:
        print(f"warning: {w}", file=sys.stderr)
    graded = [r for r in report.results if r.status == "graded"]
    print(f"graded {len(graded)} submission{'s' if len(graded) != 1 else ''} "
          f"({len(report.results) - len(graded)} missing or unreadable) in {report.seconds:.1f} s")
    for r in report.results:
        flag = "" if not r.notes else "  (see feedback)"
        print(f"  {r.student:<20} {r.exercise:<18} {r.total:g}/{r.max_total:g}  {r.status}{flag}")
    print(f"grade sheet: {report.csv_path}; feedback: {report.feedback_dir}/")
    return 0


def _list(args: argparse.Namespace) -> int:
    from ..exercises import EXERCISES

    for spec in EXERCISES.values():
        print(f"{spec.name:<18} {spec.title}: {spec.intro}")
    return 0


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive number of seconds")
    return value


def _count(least: int, what: str):
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} must be a whole number, at least {least}")
        return int(text)
    return parse


def _seed(text: str):
    return int(text) if text.lstrip("-").isdigit() else text


def register(subparsers) -> None:
    p = subparsers.add_parser("assign", help="write one personalised exercise notebook per student",
                              description="Write one exercise notebook per student of the roster, with "
                              "positions generated for that student from the seed.")
    p.add_argument("--exercise", required=True, help="exercise name (see `bglearn exercises`)")
    p.add_argument("--roster", required=True, help="CSV with an id column (and optionally name)")
    p.add_argument("--seed", required=True, type=_seed, help="the class seed (the grader regenerates from it)")
    p.add_argument("-o", "--output", required=True, help="output folder")
    p.add_argument("--mode", choices=("practice", "assessment"), default="practice",
                   help="practice: instant explained feedback (default); assessment: check() only confirms the "
                   "answer's form, the verdicts come with the grader's feedback")
    p.add_argument("--report", action="store_true",
                   help="also print each student's rule coverage and difficulty")
    p.set_defaults(func=_assign)

    g = subparsers.add_parser("grade", help="grade a folder of submitted exercise notebooks",
                              description="Run every submission in a sandbox of its own (bubblewrap: no "
                              "network, no view of other submissions or your files; in parallel, with time and "
                              "memory limits), score the answers with the rules engine, and write a grade "
                              "sheet and one feedback file per student.")
    g.add_argument("submissions", help="folder of submissions: <student>/<exercise>.ipynb")
    g.add_argument("-o", "--output", required=True, help="the grade sheet to write (CSV)")
    g.add_argument("--assignment", default=None, help="assignment.json (default: in the folder or its parent)")
    g.add_argument("--feedback", default=None, help="folder for feedback files (default: feedback/ next to the CSV)")
    g.add_argument("--cell-timeout", type=_positive, default=10.0, help="seconds per cell (default 10)")
    g.add_argument("--notebook-timeout", type=_positive, default=60.0, help="seconds per notebook (default 60)")
    g.add_argument("--jobs", type=_count(1, "--jobs"), default=None,
                   help="parallel submissions (default: number of cores)")
    g.add_argument("--memory-mb", type=_count(256, "--memory-mb"), default=1024,
                   help="memory each submission may use, in MB (default 1024)")
    g.add_argument("--no-sandbox", action="store_true",
                   help="run submissions without the bubblewrap sandbox (only for submissions you trust: "
                   "they can then read and change this user's files)")
    g.set_defaults(func=_grade)

    e = subparsers.add_parser("exercises", help="list the graded exercises")
    e.set_defaults(func=_list)
