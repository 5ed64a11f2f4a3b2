"""``bglearn assign`` and ``bglearn grade``: personalised exercise notebooks for a class, and the grader.

Folder layout::

    bglearn assign --exercise bearing-off --roster students.csv --seed 2026 -o out/
        out/assignment.json                      the exercises, their seeds and the roster
        out/handouts/<student>/bearing-off.ipynb one notebook per student (their own positions)
        out/submissions/                         put the returned notebooks here:
                                                 out/submissions/<student>/bearing-off.ipynb
                                                 (or out/submissions/<student>.ipynb)

    bglearn grade out/submissions/ -o grades.csv [--no-sandbox] [--force]
        grades.csv                               student, question, points, total, exercise, ...
        feedback/<student>.md                    what each answer earned, and why wrong ones are wrong
                                                 (an existing sheet or feedback folder is refused;
                                                 --force keeps it as grades-<date>.csv, feedback-<date>/)

``bglearn grade`` exits with 0 when every roster student has their rows and feedback file, 2 for bad
input before anything runs (a folder with no roster student's submission in it, earlier results in
the way, no sandbox), and 1 when the grade sheet could not be made complete (nothing is written then).

The roster is a CSV with an ``id`` column (or ``student_id``/``username``/``email``) and optionally
``name``. ``bglearn exercises`` lists the exercises.

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["assign", "--exercise", "bearing-off", "--roster", "students.csv",
...                                   "--seed", "2026", "--output", "out"])
>>> args.exercise, args.seed, args.mode
('bearing-off', 2026, 'practice')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..errors import BglearnError
from ..i18n import LANGUAGES, N_, _, ngettext

if TYPE_CHECKING:
    from ..grading.lms_export import ExportRequest

__all__ = ["register"]


def _assign(args: argparse.Namespace) -> int:
    from . import check_input_file, check_output_folder

    check_input_file(args.roster, N_("roster file"))  # argument errors fast, before the heavy import below
    check_output_folder(args.output)
    from ..grading.handouts import assign

    a = assign(args.exercise, args.roster, args.seed, args.output, mode=args.mode, language=args.lang, jobs=args.jobs,
               scheduler=args.scheduler, progress=True, key=args.key)
    n = len(a.students)
    print(ngettext("wrote {exercise} ({mode} mode) for {n} student to {output}/handouts/ (seed {seed}); collect "
                   "submissions in {output}/submissions/<student>/{exercise}.ipynb",
                   "wrote {exercise} ({mode} mode) for {n} students to {output}/handouts/ (seed {seed}); collect "
                   "submissions in {output}/submissions/<student>/{exercise}.ipynb", n).format(
        exercise=args.exercise, mode=args.mode, n=n, output=args.output, seed=args.seed))
    if args.key:
        print(_("answer keys (for you only: do not hand them out): {output}/key/<student>/{exercise}.ipynb").format(
            output=args.output, exercise=args.exercise))
    if args.report:
        from ..grading.handouts import report

        print(report(args.exercise, args.roster, args.seed))
    return 0


def _grade(args: argparse.Namespace) -> int:
    from . import check_input_file, check_input_folder, check_output_file

    if Path(args.submissions).is_file():   # a Canvas or Moodle download (bglearn.grading.lms)
        check_input_file(args.submissions, N_("zip of submissions"))
        import zipfile

        if not zipfile.is_zipfile(args.submissions):
            raise BglearnError(_("{path} is a file, not a folder of submissions nor a Canvas or Moodle zip.").format(
                path=args.submissions))
    else:
        check_input_folder(args.submissions, N_("folder of submissions"))  # argument errors fast, before the heavy import
    check_output_file(args.output, create_folders=True)
    if args.assignment:
        check_input_file(args.assignment, N_("assignment file"))
    if args.roster:
        check_input_file(args.roster, N_("roster file"))
    if Path(args.output).resolve().is_relative_to(Path(args.submissions).resolve()):
        raise BglearnError(_("{output} is inside the folder of submissions; write the grade sheet elsewhere").format(
            output=args.output))
    if not args.no_sandbox:
        from ..grading.sandbox import sandbox_problem  # standard library only: fast

        problem = sandbox_problem()
        if problem is not None:
            raise BglearnError(_("cannot grade safely: {problem}; to run the submissions without a sandbox "
                                 "(only ones you trust) add --no-sandbox").format(problem=problem))
    from ..grading import grade
    from ..grading.untrusted import terminal
    from ..grading.write import IncompleteGradesError

    try:
        report = grade(args.submissions, args.output, assignment=args.assignment, feedback_dir=args.feedback,
                       cell_timeout=args.cell_timeout, notebook_timeout=args.notebook_timeout, jobs=args.jobs,
                       sandboxed=not args.no_sandbox, memory_mb=args.memory_mb, language=args.lang, force=args.force,
                       lms=args.lms, export=_export(args), roster=args.roster, scheduler=args.scheduler, gradebook=args.gradebook,
                       resume=args.resume, progress=True)
    except IncompleteGradesError as exc:
        print(f"bglearn grade: {terminal(exc)}", file=sys.stderr)
        return 1
    for w in report.warnings:
        print(_("warning: {warning}").format(warning=terminal(w)), file=sys.stderr)
    for path in report.kept:
        print(_("the earlier results are kept as {path}").format(path=terminal(path)))
    graded = [r for r in report.results if r.status == "graded"]
    print(ngettext("graded {n} submission ({missing} missing or unreadable) in {seconds} s",
                   "graded {n} submissions ({missing} missing or unreadable) in {seconds} s", len(graded)).format(
        n=len(graded), missing=len(report.results) - len(graded), seconds=f"{report.seconds:.1f}"))
    for r in report.results:
        flag = "" if not r.notes else "  " + _("(see feedback)")
        print(f"  {r.student:<20} {r.exercise:<18} {r.total:g}/{r.max_total:g}  {r.status}{flag}")
    print(_("grade sheet: {csv}; feedback: {folder}/").format(csv=terminal(report.csv_path),
                                                              folder=terminal(report.feedback_dir)))
    for path in report.written:
        print(_("also written: {path}").format(path=terminal(path)))
    return 0


def _export(args: argparse.Namespace) -> "ExportRequest | None":
    """``--export canvas|moodle`` (with ``--export-assignment`` and ``--export-assignment-id``), or ``None``."""
    from ..grading.lms_export import ExportRequest

    if args.export is None:
        if args.export_assignment or args.export_assignment_id:
            raise BglearnError(_("--export-assignment and --export-assignment-id go with --export canvas|moodle"))
        return None
    return ExportRequest(args.export, args.export_assignment or "", args.export_assignment_id or "")


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


def _count(least: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} must be a whole number, at least {least}")
        return int(text)
    return parse


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("assign", help=_("write one personalised exercise notebook per student"),
                              description=_("Write one exercise notebook per student of the roster, with "
                              "positions generated for that student from the seed."))
    p.add_argument("--exercise", required=True, help=_("exercise name (see `bglearn exercises`)"))
    p.add_argument("--roster", required=True, help=_("CSV with an id column (and optionally name)"))
    p.add_argument("--seed", required=True, type=_seed, help=_("the class seed (the grader regenerates from it)"))
    p.add_argument("-o", "--output", required=True, help=_("output folder"))
    p.add_argument("--mode", choices=("practice", "assessment"), default="practice",
                   help=_("practice: instant explained feedback (default); assessment: check() only confirms the "
                   "answer's form, the verdicts come with the grader's feedback"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("the language of the handouts and of the grader's feedback (kept in assignment.json)"))
    p.add_argument("--key", action="store_true",
                   help=_("also write each student's answer key to OUTPUT/key/<student>/ (for the teacher only)"))
    p.add_argument("--report", action="store_true",
                   help=_("also print each student's rule coverage and difficulty"))
    p.add_argument("--jobs", type=_count(1, "--jobs"), default=None,
                   help=_("Dask workers of the local cluster making the handouts (default: number of cores, or this "
                   "process for a small class; 1: this process)"))
    p.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                   help=_("make the handouts on the workers of this existing Dask cluster (each needs the kit)"))
    p.set_defaults(func=_assign)

    g = subparsers.add_parser("grade", help=_("grade a folder of submitted exercise notebooks"),
                              description=_("Run every submission in a sandbox of its own (bubblewrap: no "
                              "network, no view of other submissions or your files; in parallel, with time and "
                              "memory limits), score the answers with the rules engine, and write a grade "
                              "sheet and one feedback file per student."))
    g.add_argument("submissions", help=_("folder of submissions: <student>/<exercise>.ipynb"))
    g.add_argument("-o", "--output", required=True, help=_("the grade sheet to write (CSV)"))
    g.add_argument("--assignment", default=None, help=_("assignment.json (default: in the folder or its parent)"))
    g.add_argument("--feedback", default=None, help=_("folder for feedback files (default: feedback/ next to the CSV)"))
    g.add_argument("--cell-timeout", type=_positive, default=10.0, help=_("seconds per cell (default 10)"))
    g.add_argument("--notebook-timeout", type=_positive, default=60.0, help=_("seconds per notebook (default 60)"))
    g.add_argument("--jobs", type=_count(1, "--jobs"), default=None,
                   help=_("Dask workers of the local cluster, one submission each at a time (default: number of "
                   "cores; 1: grade in this process)"))
    g.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                   help=_("grade on the workers of this existing Dask cluster (each needs the kit and bubblewrap)"))
    g.add_argument("--gradebook", default=None, metavar="PATH",
                   help=_("the gradebook that journals every grade as it is made (default: gradebook.sqlite beside "
                   "the grade sheet)"))
    g.add_argument("--resume", action="store_true",
                   help=_("do not grade again a student whose journalled grade was made from the same submission "
                   "and assignment (after an interrupted run)"))
    g.add_argument("--memory-mb", type=_count(256, "--memory-mb"), default=1024,
                   help=_("memory each submission may use, in MB (default 1024)"))
    g.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("the language of the feedback files (default: the one given to bglearn assign)"))
    g.add_argument("--force", action="store_true",
                   help=_("when the grade sheet or feedback folder already exists, keep it under a dated name and "
                   "write new ones (without --force an existing one is refused)"))
    g.add_argument("--no-sandbox", action="store_true",
                   help=_("run submissions without the bubblewrap sandbox (only for submissions you trust: "
                   "they can then read and change this user's files)"))
    g.add_argument("--lms", choices=("canvas", "moodle"), default=None,
                   help=_("the submissions are the zip downloaded from this platform (default: recognised from the "
                   "file names)"))
    g.add_argument("--roster", default=None,
                   help=_("a roster CSV whose platform ids (canvas_id, moodle_participant, email, ...) are used instead "
                   "of those kept when the handouts were made"))
    g.add_argument("--export", choices=("canvas", "moodle"), default=None,
                   help=_("also write the grades as this platform's grade-import CSV, beside the grade sheet"))
    g.add_argument("--export-assignment", default=None,
                   help=_("the assignment's name in the platform (default: the exercises graded)"))
    g.add_argument("--export-assignment-id", default=None,
                   help=_("Canvas: the assignment's id, so the grades go to that assignment"))
    g.set_defaults(func=_grade)

    e = subparsers.add_parser("exercises", help=_("list the graded exercises"))
    e.set_defaults(func=_list)
