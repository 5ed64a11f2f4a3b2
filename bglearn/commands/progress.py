"""``bglearn progress`` and ``bglearn review``: a learner's saved progress on the command line.

- ``bglearn progress show``: where the progress is kept, the stages finished with their stars, mastery
  by rule (right, wrong, Leitner box, when due) and the rules due for review;
- ``bglearn progress export FILE`` (``-``: standard output) and ``bglearn progress import FILE``: the
  progress as JSON (:mod:`bglearn.learn.exchange`), to move to another machine or hand to a teacher;
  an import merges (nothing is counted twice);
- ``bglearn progress reset [--yes]``: forget it all (an export of it is kept beside the file first);
- ``bglearn review``: write a review notebook into the learner's copy of the course, whose cells ask
  fresh questions on the rules due for review and show mastery as a picture.

The progress file is the learner's own (:func:`bglearn.learn.store.default_path`; ``BGLEARN_PROGRESS``
names another).

>>> from bglearn.commands.progress import review_notebook
>>> [c["cell_type"] for c in review_notebook("en")["cells"]]
['markdown', 'code', 'markdown', 'code']
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import BglearnError
from ..i18n import LANGUAGES, N_, _, using_language
from . import check_input_file, check_output_file

__all__ = ["register", "review_notebook", "review_path", "show_lines"]

REVIEW_NOTEBOOK = "review.ipynb"


def _stars(n: int) -> str:
    return "\u2605" * n + "\u2606" * (3 - n)


def show_lines(now: Any = None) -> list[str]:
    """What ``bglearn progress show`` prints, line by line."""
    from ..learn import progress
    from ..learn.rule_names import short_name

    store = progress()
    stages, mastery = store.stages(), store.mastery()
    due = store.due(now)
    lines = [_("Your progress is kept in {path}").format(path=store.path), ""]
    if not stages and not mastery:
        lines.append(_("No progress yet: answer a lesson's questions, or meet a stage's goal."))
        return lines
    lines.append(_("Stages finished: {n}").format(n=len(stages)))
    for stage, record in stages.items():
        # Translators: one finished stage: its id, its stars as ★★☆, how many attempts, the day it was finished.
        lines.append("  " + _("{stage}  {stars}  attempts: {attempts}, {date}").format(
            stage=stage, stars=_stars(record.stars), attempts=record.attempts,
            date=record.finished.strftime("%Y-%m-%d")))
    lines += ["", _("Mastery by rule (weakest first):")]
    for m in sorted(mastery.values(), key=lambda m: (m.box, -m.wrong / max(1, m.answers), m.rule)):
        # Translators: one rule's line: its short name, its code, right and wrong answers, its box 1-5, when due.
        lines.append("  " + _("{name} ({code}): {right} right, {wrong} wrong, box {box}, due {date}").format(
            name=short_name(m.rule), code=m.rule, right=m.right, wrong=m.wrong, box=m.box,
            date=m.due.strftime("%Y-%m-%d")))
    lines.append("")
    lines.append(_("Due for review now: {rules}").format(rules=", ".join(due)) if due
                 else _("Nothing is due for review now."))
    return lines


def review_notebook(lang: str) -> dict[str, Any]:
    """The review notebook (nbformat 4, as JSON data) in ``lang``: its cells call
    :func:`bglearn.learn.review` and :func:`bglearn.learn.mastery_picture`."""
    with using_language(lang):
        intro = "\n".join([
            "# " + _("Review"),
            "",
            _("Run the cell below: it asks fresh questions on the rules you are due to practise, weakest first. "
              "Your answers go into your progress; a rule you get right comes back later and later (after 1, 3, "
              "7, then 14 days), a rule you miss comes back at once."),
        ])
        picture = "## " + _("Your mastery, rule by rule")
    option = "" if lang == "en" else f', lang="{lang}"'
    cells = [("markdown", intro), ("code", f"from bglearn.learn import mastery_picture, review\n\nreview(5{option})"),
             ("markdown", picture), ("code", f"mastery_picture({option[2:]})")]
    return {
        "cells": [dict({"cell_type": kind, "id": f"review-{k}", "metadata": {}, "source": text},
                       **({"execution_count": None, "outputs": []} if kind == "code" else {}))
                  for k, (kind, text) in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def review_path(lang: str, directory: str | None = None) -> Path:
    """Where ``bglearn review`` writes the review notebook: beside the lessons in the learner's copy of the
    course (``directory``, by default :func:`bglearn.course_copy.default_course_dir`)."""
    from ..course_copy import default_course_dir

    base = Path(directory).expanduser() if directory is not None else default_course_dir()
    folder = base / "notebooks"
    return (folder if lang == "en" else folder / lang) / REVIEW_NOTEBOOK


def _review(args: argparse.Namespace) -> int:
    lang = args.lang or "en"
    path = Path(args.out) if args.out else review_path(lang, args.dir)
    if path.suffix != ".ipynb":
        raise BglearnError(_("{path}: a review notebook's name ends in .ipynb").format(path=path))
    check_output_file(str(path), create_folders=True)
    if path.exists() and not args.force:
        print(_("{path} is already there: open it and run its cells for today's questions (--force writes it "
                "again)").format(path=path))
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(review_notebook(lang), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(_("wrote {path}: open it in JupyterLab (bglearn lessons) and run its cells").format(path=path))
    return 0


def _show(args: argparse.Namespace) -> int:
    print("\n".join(show_lines()))
    return 0


def _export(args: argparse.Namespace) -> int:
    from ..learn import progress

    text = progress().export_json()
    if args.file == "-":
        sys.stdout.write(text)
        return 0
    target = check_output_file(args.file)
    if target.exists() and not args.force:
        raise BglearnError(_("{path} is already there: choose another name, or add --force to replace it").format(
            path=target))
    target.write_text(text, encoding="utf-8")
    print(_("wrote your progress to {path}").format(path=target), file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    from ..learn import progress

    source = check_input_file(args.file, N_("progress export"))
    summary = progress().import_json(source.read_bytes(), name=str(source))
    print(_("imported {path}: new answers: {answers}; stages improved: {stages}").format(
        path=source, answers=summary.answers, stages=summary.stages))
    return 0


def _reset(args: argparse.Namespace) -> int:
    from ..learn import progress

    store = progress()
    if not args.yes:
        if not sys.stdin.isatty():
            raise BglearnError(_("this forgets all your progress in {path}: add --yes to do it").format(path=store.path))
        reply = input(_("Forget all your progress in {path}? [y/N] ").format(path=store.path))
        yes = _("yes").lower()
        if reply.strip().lower() not in {"y", "yes", yes, yes[:1]}:
            print(_("nothing was changed"))
            return 1
    kept = store.reset()
    print(_("your progress was reset") + ("; " + _("what it held is kept in {path}").format(path=kept) if kept else ""))
    return 0


def _with_language(func: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        with using_language(getattr(args, "lang", None)):
            result: int = func(args)
        return result
    return run


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    languages = [lang for lang in LANGUAGES if lang != "en"] + ["en"]
    p = subparsers.add_parser("progress", help=_("show, export, import or reset your saved progress"),
                              description=_("Your saved progress: stages, stars, mastery by rule and the rules due "
                                            "for review. It is kept in progress.sqlite in your data folder "
                                            "(BGLEARN_PROGRESS names another file)."))
    p.add_argument("--lang", choices=languages, default=None, help=_("the language of the messages"))
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    show = actions.add_parser("show", help=_("show your stages, stars and mastery by rule"))
    show.set_defaults(func=_with_language(_show))
    export = actions.add_parser("export", help=_("write your progress as JSON to FILE (- for the screen)"))
    export.add_argument("file", metavar="FILE")
    export.add_argument("--force", action="store_true", help=_("replace FILE if it is there"))
    export.set_defaults(func=_with_language(_export))
    imp = actions.add_parser("import", help=_("merge a progress export (JSON) into your progress"))
    imp.add_argument("file", metavar="FILE")
    imp.set_defaults(func=_with_language(_import))
    reset = actions.add_parser("reset", help=_("forget all your progress (an export is kept beside it)"))
    reset.add_argument("--yes", action="store_true", help=_("do not ask first"))
    reset.set_defaults(func=_with_language(_reset))

    r = subparsers.add_parser("review", help=_("write a review notebook: fresh questions on the rules due"),
                              description=_("Write a review notebook into your copy of the course: its cells ask "
                                            "fresh questions on the rules you are due to practise and show your "
                                            "mastery by rule."))
    r.add_argument("--lang", choices=languages, default=None, help=_("the notebook's language (default: English)"))
    r.add_argument("--out", default=None, help=_("where to write the notebook (default: review.ipynb beside the "
                                                  "lessons in your copy of the course)"))
    r.add_argument("--dir", default=None, help=_("your copy of the course (default: bglearn-course in your "
                                                  "documents folder)"))
    r.add_argument("--force", action="store_true", help=_("write the notebook again if it is there"))
    r.set_defaults(func=_with_language(_review))
