"""``bglearn hub``: the assignment loop through a JupyterHub's exchange folder (see :mod:`bglearn.hub`).

The teacher, on the folder ``bglearn assign`` wrote::

    bglearn hub release fm/ --course backgammon-101     each student's own handouts, to them only
    bglearn hub collect fm/ --course backgammon-101     their submissions into fm/submissions/
    bglearn hub return fm/ --course backgammon-101      each student's feedback (bglearn grade's), to them only

A student, in a terminal or a notebook cell of their hub server::

    bglearn hub fetch --course backgammon-101           my handouts, into ~/backgammon-101/
    bglearn hub submit --course backgammon-101          hand them in
    bglearn hub feedback --course backgammon-101        my feedback, into ~/backgammon-101/feedback/

The exchange is ``--exchange``, else ``$BGLEARN_EXCHANGE``, else ``/srv/bglearn/exchange``; the course is
``--course``, else ``$BGLEARN_COURSE``.

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["hub", "collect", "fm", "--course", "bg101", "--exchange", "/x"])
>>> args.action, args.folder, args.course
('collect', 'fm', 'bg101')
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from ..errors import BglearnError
from ..i18n import N_, _, ngettext

if TYPE_CHECKING:
    from ..hub.exchange import Course

__all__ = ["register"]


def _course(args: argparse.Namespace) -> Course:
    from ..hub.exchange import Course, exchange_folder

    name = args.course or os.environ.get("BGLEARN_COURSE")
    if not name:
        raise BglearnError(_("which course? give --course (or set BGLEARN_COURSE)"))
    return Course(exchange_folder(args.exchange), name)


def _assignment_folder(args: argparse.Namespace) -> str:
    from . import check_input_folder

    return str(check_input_folder(args.folder, N_("assignment folder")))


def _release(args: argparse.Namespace) -> int:
    from ..hub.teacher import release

    folder, course = _assignment_folder(args), _course(args)
    released = release(folder, course, args.user_format)
    print(ngettext("released the handouts of {n} student to {course}",
                   "released the handouts of {n} students to {course}", len(released)).format(
        n=len(released), course=course.folder))
    return 0


def _collect(args: argparse.Namespace) -> int:
    from ..grading.untrusted import terminal
    from ..hub.teacher import collect

    folder, course = _assignment_folder(args), _course(args)
    found = collect(folder, course, args.user_format)
    n = sum(len(v) for v in found.files.values())
    print(ngettext("collected {n} submission into {folder}/submissions/ ({missing} not handed in)",
                   "collected {n} submissions into {folder}/submissions/ ({missing} not handed in)", n).format(
        n=n, folder=folder, missing=len(found.missing)))
    for sid, notes in found.notes.items():
        for note in notes:
            print(f"  {sid}: {terminal(note)}")
    return 0


def _return(args: argparse.Namespace) -> int:
    from ..hub.teacher import return_feedback

    folder, course = _assignment_folder(args), _course(args)
    returned = return_feedback(folder, course, args.feedback, args.user_format)
    print(ngettext("returned the feedback of {n} student", "returned the feedback of {n} students",
                   len(returned)).format(n=len(returned)))
    return 0


def _fetch(args: argparse.Namespace) -> int:
    from ..hub.student import course_home, fetch, student_id

    course = _course(args)
    done = fetch(course, student_id(args.student), course_home(course, args.dir))
    for path in done.new:
        print(_("fetched {path}").format(path=path))
    for path in done.kept:
        print(_("kept {path} as it is (it may hold your answers)").format(path=path))
    return 0


def _submit(args: argparse.Namespace) -> int:
    from ..hub.student import course_home, student_id, submit

    course = _course(args)
    for path in submit(course, student_id(args.student), course_home(course, args.dir)):
        print(_("submitted {path}").format(path=path))
    return 0


def _feedback(args: argparse.Namespace) -> int:
    from ..hub.student import course_home, feedback, student_id

    course = _course(args)
    for path in feedback(course, student_id(args.student), course_home(course, args.dir)):
        print(_("your feedback: {path}").format(path=path))
    return 0


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    hub = subparsers.add_parser("hub", help=_("hand out, collect and return work through a JupyterHub's exchange"),
                                description=_("The assignment loop on a JupyterHub: the teacher releases each "
                                "student's own handouts, collects the submissions and returns each student's "
                                "feedback; a student fetches, submits and reads their own."))
    actions = hub.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--course", default=None, help=_("the course's name in the exchange (default: $BGLEARN_COURSE)"))
        p.add_argument("--exchange", default=None,
                       help=_("the exchange folder (default: $BGLEARN_EXCHANGE, else /srv/bglearn/exchange)"))

    teacher = {"release": (_release, _("give each student their own handouts (the teacher)")),
               "collect": (_collect, _("copy the submissions into FOLDER/submissions/ (the teacher)")),
               "return": (_return, _("give each student their own feedback (the teacher)"))}
    for name, (func, text) in teacher.items():
        p = actions.add_parser(name, help=text, description=text)
        p.add_argument("folder", help=_("the folder bglearn assign wrote (assignment.json, handouts/)"))
        common(p)
        p.add_argument("--user-format", default="{id}",
                       help=_("the account of a roster id (default {id}; The Littlest JupyterHub: jupyter-{id})"))
        if name == "return":
            p.add_argument("--feedback", default=None, help=_("bglearn grade's feedback folder (default: FOLDER/feedback)"))
        p.set_defaults(func=func)

    student = {"fetch": (_fetch, _("copy my handouts into my course folder (a student)")),
               "submit": (_submit, _("hand in my notebooks from my course folder (a student)")),
               "feedback": (_feedback, _("copy my feedback into my course folder (a student)"))}
    for name, (func, text) in student.items():
        p = actions.add_parser(name, help=text, description=text)
        common(p)
        p.add_argument("--dir", default=None, help=_("my course folder (default: ~/COURSE)"))
        p.add_argument("--student", default=None, help=_("my hub user name (default: $JUPYTERHUB_USER, else my login)"))
        p.set_defaults(func=func)
