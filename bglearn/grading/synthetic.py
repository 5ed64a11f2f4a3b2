"""A synthetic class, for the grader's tests and benchmark: submissions of every kind a teacher
meets (right, wrong, blank, crashing, looping, hanging, invalid JSON, deleted or edited cells,
tampering), with the points each should earn.

Right answers are asked of the engine (:meth:`Question.example_answer`); wrong ones are made and then
confirmed wrong by the engine (:func:`wrong_answer`).

>>> from bglearn.grading.synthetic import KINDS
>>> KINDS[:4]
('perfect', 'blank', 'half', 'crash')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..exercises import Exercise
from ..exercises.generators import tempting_plays
from ..exercises.questions import (
    EntryPoints, ListPlays, MakePlay, PickPlay, Question, LETTERS, SetUpStart,
)
from .roster import Student

__all__ = ["KINDS", "Expected", "wrong_answer", "right_answer", "make_class", "make_hostile_class", "Targets", "HOSTILE_MIX",
           "UNTRUSTED_MIX", "UNREADABLE", "remove_tree", "nest"]

KINDS = ("perfect", "blank", "half", "crash", "loop", "hang", "invalid", "deleted", "edited", "tamper",
         "kernel-death", "forged", "computed", "unreadable", "reordered")
"""The kinds of submission :func:`make_class` writes (cyclically), plus ``missing`` for the last student."""


def right_answer(q: Question, variant: int = 0) -> Any:
    """A correct answer; ``variant`` 1 writes plays differently (moves in another order)."""
    a = q.example_answer()
    if variant and isinstance(q, MakePlay) and isinstance(a, str) and " " in a:
        return " ".join(reversed(a.split()))
    if variant and isinstance(q, ListPlays) and isinstance(a, list):
        return [" ".join(reversed(t.split())) for t in reversed(a)]
    return a


def wrong_answer(q: Question) -> Any:
    """An answer the engine judges wrong (asserted)."""
    a = q.example_answer()
    candidates: list[Any] = []
    if isinstance(q, (MakePlay, ListPlays)):
        bad = [t for t, _ in tempting_plays(q.position, q.roll)]
        if isinstance(q, MakePlay):
            candidates += bad[:3] + ["no play", "24/23"]
        else:
            candidates += [a[:-1], a + bad[:1], bad[:1], ["24/23"]]
    elif isinstance(q, PickPlay):
        candidates += [LETTERS[i] for i in range(len(q.options)) if LETTERS[i] != a]
    elif isinstance(q, EntryPoints):
        candidates += [a + [p] for p in range(19, 25) if p not in a] + [[]]
    elif isinstance(q, SetUpStart):
        changed = dict(a)
        k = max(changed)
        changed[k] -= 1
        candidates.append(changed)
    elif isinstance(a, bool):
        candidates.append(not a)
    elif isinstance(a, int):
        candidates.append(a + 1)
    elif isinstance(a, tuple):
        candidates += [("Red" if a[0] == "White" else "White", a[1]), "empty"]
    elif a == "empty":
        candidates.append(("White", 2))
    elif a in ("White", "Red"):
        candidates.append("Red" if a == "White" else "White")
    elif a in ("single", "gammon", "backgammon"):
        candidates += [w for w in ("single", "gammon", "backgammon") if w != a]
    candidates += [choice for _label, choice in q.answer_choices() if choice != a]  # another option (oin, mars)
    candidates += ["White", "Red", "neither", True, False, 0, 1, "no play", "A"]  # asked of the engine below
    for c in candidates:
        if not q.check(c).correct and q.check(c).answered:
            return c
    raise AssertionError(f"no wrong answer found for {q!r}")


@dataclass
class Expected:
    """What one synthetic student should get: points per question, words their notes must hold, and
    the status of their rows (``graded``, ``missing``, ``unreadable``)."""

    student: str
    kind: str
    points: dict[int, float] = field(default_factory=dict)
    note_words: tuple[str, ...] = ()
    status: str = "graded"

    @property
    def total(self) -> float:
        return sum(self.points.values())


def _set_answer(nb: dict[str, Any], n: int, source: str) -> None:
    for c in nb["cells"]:
        if c["metadata"].get("nbgrader", {}).get("grade_id") == f"answer_{n}":
            c["source"] = source
            return
    raise KeyError(n)


def _hand_in(out: Path, student: str, exercise: str, kind: str, nb: dict[str, Any], text: str | None,
             expected: "Expected", zero: dict[int, float]) -> None:
    """Write a student's submission (``text`` as it is, else the notebook ``nb``) where the grader looks
    for it; a ``"missing"`` student writes nothing and is expected to get zero with "No submission"."""
    if kind == "missing":
        expected.points = zero
        expected.note_words = ("No submission",)
        expected.status = "missing"
        return
    folder = out / "submissions" / student
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{exercise}.ipynb").write_text(text if text is not None else json.dumps(nb, indent=1))


def _fill(nb: dict[str, Any], ex: Exercise | None, which: dict[int, Any]) -> None:
    for n, value in which.items():
        _set_answer(nb, n, f"answer_{n} = {value!r}")


def _handed_out(out: Path, exercise: str, seed: int, students: list[Student]) -> dict[str, Exercise]:
    """Each student's questions as ``bglearn assign`` handed them out, rebuilt from the manifest it wrote
    (milliseconds, where regenerating from the seed takes about a second per student)."""
    from ..exercises.session import from_specs
    from .roster import MANIFEST, Assignment

    kept = Assignment.load(out / MANIFEST).exercises[exercise]["questions"]
    return {s.id: from_specs(exercise, kept[s.id], seed, s.id) for s in students}


def make_class(out: Path, exercise: str = "bearing-off", seed: int = 2026, size: int = 32,
               kinds: tuple[str, ...] = KINDS) -> tuple[list[Student], dict[str, Expected]]:
    """Write handouts and ``size`` submissions (the last student submits nothing) under ``out``
    (``out/assignment.json``, ``out/submissions/<id>/<exercise>.ipynb``); return the roster and
    what each student should score."""
    from .handouts import assign

    students = [Student(f"s{i:02d}", f"Student {i}") for i in range(1, size + 1)]
    assign(exercise, students, seed, out)
    handed_out = _handed_out(out, exercise, seed, students)
    expected: dict[str, Expected] = {}
    for i, s in enumerate(students):
        kind = "missing" if i == size - 1 else kinds[i % len(kinds)]
        ex = handed_out[s.id]
        qs = ex.questions
        full = {n: float(q.points) for n, q in enumerate(qs, 1)}
        zero = {n: 0.0 for n in full}
        right = {n: right_answer(q, i % 2) for n, q in enumerate(qs, 1)}
        nb = json.loads((out / "handouts" / s.id / f"{exercise}.ipynb").read_text())
        e = Expected(s.id, kind, dict(full))
        text = None
        if kind == "perfect" or kind == "reordered":
            _fill(nb, ex, right)
        elif kind == "blank":
            e.points = zero
        elif kind == "half":
            _fill(nb, ex, {n: (right[n] if n % 2 else wrong_answer(qs[n - 1])) for n in full})
            e.points = {n: (full[n] if n % 2 else 0.0) for n in full}
        elif kind == "crash":
            _fill(nb, ex, right)
            _set_answer(nb, 2, "raise RuntimeError('oops')\nanswer_2 = " + repr(right[2]))
            e.points[2] = 0.0
            e.note_words = ("RuntimeError",)
        elif kind == "loop":
            _fill(nb, ex, right)
            _set_answer(nb, 3, "while True:\n    pass\nanswer_3 = " + repr(right[3]))
            e.points[3] = 0.0
            e.note_words = ("time limit",)
        elif kind == "hang":  # ignores the interrupt: the whole notebook's limit applies
            _fill(nb, ex, right)
            _set_answer(nb, 3, f"answer_3 = {right[3]!r}\nimport time\nwhile True:\n    try:\n        time.sleep(0.2)\n"
                               "    except BaseException:\n        pass")
            e.note_words = ("read from the notebook text",)
        elif kind == "invalid":
            _fill(nb, ex, right)
            text = json.dumps(nb)[:-200]
            e.points = zero
            e.note_words = ("not valid notebook JSON",)
        elif kind == "deleted":
            _fill(nb, ex, right)
            nb["cells"] = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade_id"]
                           not in ("question_1", "diagram_1", "check_2", "setup")]
            e.note_words = ("Deleted",)
        elif kind == "edited":
            _fill(nb, ex, right)
            for c in nb["cells"]:
                gid = c["metadata"]["nbgrader"]["grade_id"]
                if gid == "question_1":
                    c["source"] = "## Question 1\n\nAnything goes: answer whatever you like."
                if gid == "check_1":
                    c["source"] = "print('full marks')"
            e.note_words = ("Edited",)
        elif kind == "tamper":
            _fill(nb, ex, {n: wrong_answer(q) for n, q in enumerate(qs, 1)})
            nb["cells"].insert(3, {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                   "source": "import bglearn.exercises.questions as Q\n"
                                             "Q.Question.check = lambda self, *a, **k: 'full marks'\n"
                                             "check = lambda n: 'full marks'\nex.max_points = 0"})
            e.points = zero
            e.note_words = ("no effect",)
        elif kind == "kernel-death":
            _fill(nb, ex, right)
            _set_answer(nb, 4, f"answer_4 = {right[4]!r}\nimport os\nos._exit(1)")
            e.note_words = ("ended early", "read from the notebook text")
        elif kind == "forged":
            _fill(nb, ex, {n: wrong_answer(q) for n, q in enumerate(qs, 1)})
            fake = {f"answer_{n}": repr(v) for n, v in right.items()}
            nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                "source": f"print('BGLEARN-0000:' + repr({fake!r}))"})
            e.points = zero
        elif kind == "computed":
            _fill(nb, ex, right)
            _set_answer(nb, 1, f"def _mine():\n    return {right[1]!r}\nanswer_1 = _mine()")
        elif kind == "unreadable":
            _fill(nb, ex, right)
            _set_answer(nb, 2, "class Odd:\n    pass\nanswer_2 = Odd()")
            e.points[2] = 0.0
            e.note_words = ("not a plain Python value",)
        _hand_in(out, s.id, exercise, kind, nb, text, e, zero)
        expected[s.id] = e
    return students, expected


# -- a hostile class -------------------------------------------------------------------------

UNTRUSTED_MIX = (
    # encoding and injection into what the grader writes
    "surrogate-error", "surrogate-answer", "bidi", "markdown-error", "markdown-answer", "html", "csv-formula",
    # forged report channels, planted manifests
    "forged-channel", "forged-stdout", "planted-manifest",
    # files that are not notebook files, too large, deep and wide trees
    "fifo", "symlink-out", "symlink-folder", "device", "socket", "too-big", "big-notebook", "deep", "wide",
    # limits of the whole run, signals, routes to the key
    "fork-bomb", "memory-children", "disk-bomb", "inode-bomb", "signals", "keyroute",
)
"""Submissions that attack the code around the sandbox (issue #23): what the grader writes, what it
reads, what it believes, and the limits of one submission as a whole."""

HOSTILE_MIX = (
    ["perfect"] * 3 + ["half"] * 2 + ["blank"] + ["copied"] * 2 + ["widget", "widget-code-wins", "nbformat3",
     "rebind", "edited", "huge", "snoop", "vandal", "detached", "killer", "memory", "flood", "network"]
    + list(UNTRUSTED_MIX)
)
"""The submissions of :func:`make_hostile_class` (one more student submits nothing)."""

UNREADABLE = ("fifo", "symlink-out", "symlink-folder", "device", "socket", "too-big")
"""Kinds whose file is refused unopened: the student gets zero, a note, and the status ``unreadable``."""


@dataclass(frozen=True)
class Targets:
    """What a hostile student aims at: the grader's files and a TCP port on this machine (the test
    listens there), and a marker that names every process a hostile notebook starts."""

    submissions: Path
    manifest: Path
    grades: Path
    feedback: Path
    port: int
    marker: str
    secret_variable: str


def _hostile_cell(source: str) -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}


def _if_leaked_then(right: dict[int, Any], test: str) -> str:
    """Code that gives the right answers only if ``test`` (Python, run in the student's notebook) finds
    something the sandbox must hide; otherwise the answers stay as written (wrong)."""
    sets = "\n".join(f"    answer_{n} = {v!r}" for n, v in right.items())
    return f"def _leaked():\n    {test}\nif _leaked():\n{sets}\n"


def make_hostile_class(out: Path, targets: Targets, exercise: str = "bearing-off",
                       seed: int = 2026) -> tuple[list[Student], dict[str, Expected]]:
    """A class of ``len(HOSTILE_MIX) + 1`` (``s01``, ``s02``...) with right, partial, blank, copied,
    widget, nbformat 3 and hostile submissions under ``out`` (as :func:`make_class`); what each should
    score if nothing hostile has an effect. Hostile notebooks hold wrong answers that they replace with
    right ones only if they manage to read what the sandbox hides (the manifest, a classmate's file,
    the grader's environment, the network), so a leak changes a grade; the :data:`UNTRUSTED_MIX`
    kinds attack what the grader reads and writes. A file named like the manifest is also planted
    among the submissions. Never grade this class without the sandbox; grade it with
    ``--memory-mb 512`` (what the ``memory-children`` kind is sized for)."""
    from ..exercises.answers import answer_bundle
    from .handouts import assign

    size = len(HOSTILE_MIX) + 1
    students = [Student(f"s{i:02d}", f"Student {i}") for i in range(1, size + 1)]
    assign(exercise, students, seed, out)
    variants = _handed_out(out, exercise, seed, students)
    expected: dict[str, Expected] = {}
    t = targets
    victim = students[0].id
    for i, s in enumerate(students):
        kind = HOSTILE_MIX[i] if i < len(HOSTILE_MIX) else "missing"
        qs = variants[s.id].questions
        full = {n: float(q.points) for n, q in enumerate(qs, 1)}
        zero = {n: 0.0 for n in full}
        right = {n: right_answer(q, i % 2) for n, q in enumerate(qs, 1)}
        wrong = {n: wrong_answer(q) for n, q in enumerate(qs, 1)}
        nb = json.loads((out / "handouts" / s.id / f"{exercise}.ipynb").read_text())
        e = Expected(s.id, kind, dict(full))
        text = None
        if kind == "perfect":
            _fill(nb, variants[s.id], right)
        elif kind == "blank":
            e.points = zero
        elif kind == "half":
            _fill(nb, variants[s.id], {n: (right[n] if n % 2 else wrong[n]) for n in full})
            e.points = {n: (full[n] if n % 2 else 0.0) for n in full}
        elif kind == "copied":  # hands in the previous student's notebook, answers and all
            other = students[i - 1].id
            theirs = {n: right_answer(q) for n, q in enumerate(variants[other].questions, 1)}
            nb = json.loads((out / "handouts" / other / f"{exercise}.ipynb").read_text())
            _fill(nb, variants[other], theirs)
            e.points = {n: float(q.check(theirs.get(n)).points or 0.0) for n, q in enumerate(qs, 1)}
            e.note_words = (f"handout of '{other}'",)
        elif kind in ("widget", "widget-code-wins"):
            for c in nb["cells"]:
                gid = c["metadata"].get("nbgrader", {}).get("grade_id", "")
                if gid.startswith("answer_"):
                    n = int(gid[7:])
                    c["outputs"] = [{"output_type": "display_data", "metadata": {},
                                     "data": answer_bundle(n, right[n])}]
            if kind == "widget-code-wins":
                _set_answer(nb, 1, f"answer_1 = {wrong[1]!r}")
                e.points[1] = 0.0
        elif kind == "nbformat3":
            import nbformat

            _fill(nb, variants[s.id], right)
            text = nbformat.writes(nbformat.convert(nbformat.reads(json.dumps(nb), as_version=4), 3), version=3)
        elif kind == "rebind":  # rebinds check and the exercise; answers are wrong
            _fill(nb, variants[s.id], wrong)
            nb["cells"].append(_hostile_cell("def check(n):\n    return 3\nshow = check\nex = None\n"
                                             "import bglearn.exercises.questions as Q\n"
                                             "Q.Question.check = lambda self, *a, **k: 'full marks'"))
            e.points = zero
            e.note_words = ("no effect",)
        elif kind == "edited":  # edits the read-only setup and check cells to make everything right
            _fill(nb, variants[s.id], wrong)
            for c in nb["cells"]:
                gid = c["metadata"]["nbgrader"]["grade_id"]
                if gid == "setup":
                    c["source"] = "def check(n):\n    return 3\nshow = check\n" + "".join(
                        f"answer_{n} = {v!r}\n" for n, v in right.items())
                elif gid.startswith("check_"):
                    c["source"] = "print('full marks')"
            e.points = zero
            e.note_words = ("Edited",)
        elif kind == "huge":  # a 2.6 MB answer list, written out in the cell
            _fill(nb, variants[s.id], right)
            big = [right[1] if isinstance(right[1], str) else "24/18 13/11"] * 220_000
            _set_answer(nb, 1, f"answer_1 = {big!r}")
            e.points[1] = 0.0
            e.note_words = ("far larger",)
        elif kind == "snoop":  # looks for the manifest, classmates' files, the grader's environment
            _fill(nb, variants[s.id], wrong)
            test = (f"import os, glob\n    return (os.path.exists({str(t.manifest)!r}) or "
                    f"bool(glob.glob({str(t.submissions)!r} + '/*/*.ipynb')) or "
                    f"os.path.exists({str(out / 'handouts')!r}) or {t.secret_variable!r} in os.environ or "
                    f"any(os.path.exists(p) for p in ('/home', '/work', '/etc/passwd')))")
            nb["cells"].append(_hostile_cell(_if_leaked_then(right, test)))
            e.points = zero
        elif kind == "network":  # tries to reach a server on this machine and the internet
            _fill(nb, variants[s.id], wrong)
            test = ("import socket\n    for where in (('127.0.0.1', %d), ('pypi.org', 443), ('1.1.1.1', 53)):\n"
                    "        try:\n            socket.create_connection(where, timeout=2).sendall(b'leak')\n"
                    "            return True\n        except OSError:\n            pass\n    return False") % t.port
            nb["cells"].append(_hostile_cell(_if_leaked_then(right, test)))
            e.points = zero
        elif kind == "vandal":  # rewrites classmates' work, the manifest, the grade sheet and feedback
            _fill(nb, variants[s.id], {n: (right[n] if n % 2 else wrong[n]) for n in full})
            e.points = {n: (full[n] if n % 2 else 0.0) for n in full}
            paths = [str(t.manifest), str(t.grades), str(t.feedback / f"{victim}.md"),
                     str(t.submissions / victim / f"{exercise}.ipynb")]
            nb["cells"].append(_hostile_cell(
                "import glob, os, json\n"
                f"for p in {paths!r} + glob.glob({str(t.submissions)!r} + '/*/*.ipynb'):\n"
                "    try:\n"
                "        os.makedirs(os.path.dirname(p), exist_ok=True)\n"
                "        open(p, 'w').write('vandalised')\n"
                "    except OSError:\n"
                "        pass\n"))
        elif kind == "detached":  # leaves processes behind that later rewrite the grade sheet
            _fill(nb, variants[s.id], wrong)
            e.points = zero
            later = (f"import time, os\ntime.sleep(4)\nfor p in [{str(t.grades)!r}, {str(t.feedback / (s.id + '.md'))!r}]:\n"
                     f"    os.makedirs(os.path.dirname(p), exist_ok=True)\n"
                     f"    open(p, 'w').write('{s.id},1,99,99\\n')\n")
            nb["cells"].append(_hostile_cell(
                "import os, subprocess, sys\n"
                f"code = {later!r}\n"
                f"subprocess.Popen([sys.executable, '-c', code, {t.marker!r}], start_new_session=True,\n"
                "                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
                "if os.fork() == 0:\n"
                "    os.setsid()\n"
                "    if os.fork() == 0:\n"
                f"        os.execv(sys.executable, [sys.executable, '-c', code, {t.marker!r}])\n"
                "    os._exit(0)\n"))
        elif kind == "killer":  # signals every process it can see, kills the grader, then itself
            _fill(nb, variants[s.id], right)
            e.note_words = ("ended early",)
            nb["cells"].append(_hostile_cell(
                "import os, signal\n"
                "for pid in [int(p) for p in os.listdir('/proc') if p.isdigit()]:\n"
                "    try:\n"
                "        cmd = open(f'/proc/{pid}/cmdline', 'rb').read()\n"
                "    except OSError:\n"
                "        continue\n"
                f"    if pid != os.getpid() and (b'grade' in cmd and {str(t.submissions).encode()!r} in cmd):\n"
                "        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):\n"
                "            try:\n                os.kill(pid, sig)\n            except OSError:\n                pass\n"
                "try:\n    os.kill(os.getppid(), signal.SIGTERM)\nexcept OSError:\n    pass\n"
                "os.kill(os.getpid(), signal.SIGKILL)\n"))
        elif kind == "memory":  # asks for more memory than a run may use
            _fill(nb, variants[s.id], right)
            e.note_words = ("MemoryError",)
            nb["cells"].append(_hostile_cell("hog = bytearray(8 << 30)"))
        elif kind in UNTRUSTED_MIX:
            text = _untrusted(kind, nb, qs, right, wrong, e, out, t, s.id, students[0].id, exercise)
        elif kind == "flood":  # floods its output and the grader's result channel
            _fill(nb, variants[s.id], right)
            e.note_words = ("more than",)
            nb["cells"].append(_hostile_cell(
                "import os, sys\nprint('x' * (20 << 20))\nblock = b'y' * (1 << 20)\n"
                "for _ in range(64):\n    for fd in range(0, 12):\n        try:\n            os.write(fd, block)\n"
                "        except OSError:\n            pass\n"))
        if kind in UNREADABLE:
            e.points, e.status = zero, "unreadable"
            e.note_words = ({"fifo": "named pipe", "symlink-out": "symbolic link", "symlink-folder": "symbolic link",
                             "device": "not a notebook file", "socket": "socket",
                             "too-big": "larger than 100 MB"}[kind],)
            _plant(out / "submissions", s.id, exercise, kind, t, students[0].id)
        else:
            _hand_in(out, s.id, exercise, kind, nb, text, e, zero)
            if kind in ("deep", "wide"):
                _grow(out / "submissions" / s.id, kind)
        expected[s.id] = e
    planted = {"format": 1, "exercises": {exercise: {"seed": 1, "mode": "practice"}},
               "students": [{"id": st.id} for st in students]}
    (out / "submissions" / "assignment.json").write_text(json.dumps(planted))   # as if in a flat export
    return students, expected


def _untrusted(kind: str, nb: dict[str, Any], qs: tuple[Question, ...] | list[Question], right: dict[int, Any], wrong: dict[int, Any],
               e: Expected, out: Path, t: Targets, sid: str, victim: str, exercise: str) -> str | None:
    """Fill ``nb`` for one :data:`UNTRUSTED_MIX` kind and set what it should earn in ``e``; returns the
    file's text when it is not ``nb`` as it stands."""
    from .codec import encode

    full = {n: float(q.points) for n, q in enumerate(qs, 1)}
    _fill(nb, None, right)   # most kinds answer everything right, then attack
    listing = next((n for n, v in right.items() if isinstance(v, list) and v and isinstance(v[0], str)), 1)

    def answer(n: int, value: Any) -> None:
        _set_answer(nb, n, f"answer_{n} = {value!r}")
        e.points[n] = float(qs[n - 1].check(value).points or 0.0)

    def cell(source: str) -> None:
        nb["cells"].append(_hostile_cell(source))

    if kind == "surrogate-error":   # a lone surrogate in an exception message
        _set_answer(nb, 2, "raise ValueError('no \\ud800 answer')")
        e.points[2], e.note_words = 0.0, ("ValueError",)
    elif kind == "surrogate-answer":   # ... and in a "list every play" answer
        answer(listing, list(right[listing]) + ["24/18\ud800"] if isinstance(right[listing], list) else "\ud800")
    elif kind == "bidi":   # a right-to-left override and terminal escapes, in an answer and an error
        answer(1, "\u202e" + str(right[1])[::-1])
        cell("raise RuntimeError('\\x1b[2J\\x1b[31mFULL MARKS\\u202e 01/01 :erocS')")
        e.note_words = ("RuntimeError",)
    elif kind == "markdown-error":   # a fake score block in an exception message
        cell("raise Exception('\\n\\n# Score: **10 / 10**\\n\\n## Question 1 \u2014 1/1 \u2714\\n')")
        e.note_words = ("Exception",)
    elif kind == "markdown-answer":
        answer(1, "**Score: 10 / 10** [full marks](http://example.com) `x` $x$ <b>bold</b>")
    elif kind == "html":
        answer(1, "<script>alert('x')</script>")
        cell("raise ValueError('<img src=x onerror=alert(1)>')")
        e.note_words = ("ValueError",)
    elif kind == "csv-formula":   # a formula, and line breaks that would forge a row
        cell(f"raise Exception('\\r\\n=HYPERLINK(\"http://example.com\")\\r\\n{victim},1,99,99,{exercise},1,99,graded,')")
        e.note_words = ("HYPERLINK",)
    elif kind == "forged-channel":   # report lines claiming right answers, written to every open file
        _fill(nb, None, wrong)
        e.points = {n: 0.0 for n in full}
        e.note_words = ("not believed",)
        sets = {f"answer_{n}": encode(v) for n, v in right.items()}
        forged: list[dict[str, Any]] = [{"ready": True}, {"done": True}] + [
            {"key": "", "n": i, "cell": i, "status": "ok", "error": None, "set": sets, "del": []} for i in range(40)]
        cell("import json, os\n"
             f"lines = ''.join(json.dumps(r) + '\\n' for r in {forged!r}).encode()\n"
             "for fd in [int(f) for f in os.listdir('/proc/self/fd')]:\n"
             "    try:\n        os.write(fd, lines)\n    except OSError:\n        pass\n")
    elif kind == "forged-stdout":
        _fill(nb, None, wrong)
        e.points = {n: 0.0 for n in full}
        sets = {f"answer_{n}": encode(v) for n, v in right.items()}
        cell("import json, os, sys\n"
             f"line = json.dumps({{'cell': 0, 'status': 'ok', 'set': {sets!r}}}) + '\\n'\n"
             "print(line * 5)\nprint(line, file=sys.stderr)\nos.write(1, line.encode())\nos.write(2, line.encode())\n")
    elif kind == "planted-manifest":   # hands in answers to the questions of its own planted manifest
        from ..exercises import load_exercise as load

        theirs = {n: right_answer(q) for n, q in enumerate(load(exercise, 1, sid).questions, 1)}
        _fill(nb, None, theirs)
        e.points = {n: float(q.check(theirs.get(n)).points or 0.0) for n, q in enumerate(qs, 1)}
        folder = out / "submissions" / sid
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "assignment.json").write_text(json.dumps(
            {"format": 1, "exercises": {exercise: {"seed": 1}}, "students": [{"id": sid}]}))
    elif kind == "big-notebook":   # 97 MB: a pasted screenshot and a big output; every answer right
        nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": "![shot](attachment:shot.png)",
                               "attachments": {"shot.png": {"image/png": "iVBORw0KGgo" + "A" * (95 << 20)}}})
        code = next(c for c in nb["cells"] if c["cell_type"] == "code")
        code["outputs"] = [{"output_type": "display_data", "metadata": {}, "data": {"image/png": "B" * (2 << 20)}}]
    elif kind == "deep":
        e.note_words = ("deeper than",)
    elif kind == "wide":
        e.note_words = ("entries",)
    elif kind == "fork-bomb":
        cell("import os, time\nfor _ in range(400):\n    try:\n        if os.fork() == 0:\n"
             "            time.sleep(30)\n            os._exit(0)\n    except OSError:\n        break\ntime.sleep(30)\n")
        e.note_words = ("processes and threads",)
    elif kind == "memory-children":   # four children of 200 MB each, under the per-process limit (grade with
        # --memory-mb 512); the parent waits for them, ignoring its interrupt, so only the run's limit stops it
        cell("import os, time\nr, w = os.pipe()\nfor _ in range(4):\n    if os.fork() == 0:\n"
             "        hog = b'x' * (200 << 20)\n        os.write(w, b'.')\n        time.sleep(60)\n        os._exit(0)\n"
             "while True:\n    try:\n        os.read(r, 1)\n        time.sleep(60)\n    except BaseException:\n"
             "        pass\n")
        e.note_words = ("MB of memory",)
    elif kind == "disk-bomb":
        cell("chunk = b'x' * (1 << 20)\ntry:\n    for i in range(20):\n        with open(f'/tmp/fill{i}', 'wb') as fh:\n"
             "            for _ in range(10):\n                fh.write(chunk)\nexcept OSError:\n    pass\n")
        e.note_words = ("temporary space",)
    elif kind == "inode-bomb":
        cell("import time\nfor i in range(20000):\n    open(f'/tmp/f{i}', 'w').close()\ntime.sleep(30)\n")
        e.note_words = ("files in its temporary space",)
    elif kind == "signals":   # stops itself: nothing answers the grader any more
        cell("import os, signal\nos.kill(os.getpid(), signal.SIGSTOP)\n")
        e.note_words = ("time limit",)
    elif kind == "keyroute":   # looks for the teacher's files through /proc, mounts and the environment
        _fill(nb, None, wrong)
        e.points = {n: 0.0 for n in full}
        test = ("import os, glob\n    found = ''\n"
                "    for p in ['/proc/1/environ', '/proc/1/cmdline', '/proc/self/mountinfo', '/proc/self/environ']:\n"
                "        try:\n            found += open(p, 'rb').read().decode('latin-1')\n"
                "        except OSError:\n            pass\n"
                f"    paths = [{str(t.manifest)!r}, '/proc/1/root' + {str(t.manifest)!r}] + glob.glob('/proc/*/root/**/assignment.json', recursive=True)[:50]\n"
                "    for p in paths:\n        try:\n            found += open(p).read()\n        except OSError:\n            pass\n"
                f"    return '\"seed\"' in found or {t.secret_variable!r} in found or {str(t.submissions)!r} in found")
        cell(_if_leaked_then(right, test))
    return None


def _plant(submissions: Path, sid: str, exercise: str, kind: str, t: Targets, victim: str) -> None:
    """Put in place the submission of an :data:`UNREADABLE` kind: something that is not a notebook file."""
    import os
    import socket
    import stat

    folder = submissions / sid
    if kind == "symlink-folder":   # the whole folder is a link to a classmate's
        folder.symlink_to(submissions / victim, target_is_directory=True)
        return
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{exercise}.ipynb"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink-out":
        path.symlink_to(t.manifest)
    elif kind == "device":   # a character device where the system allows making one (as root), else a FIFO
        try:
            os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
        except (PermissionError, OSError):
            os.mkfifo(path)
    elif kind == "socket":
        here = os.getcwd()
        os.chdir(folder)   # a socket's path must be short
        try:
            with socket.socket(socket.AF_UNIX) as sock:
                sock.bind(path.name)
        finally:
            os.chdir(here)
    elif kind == "too-big":   # 101 MB (sparse: it costs no disk)
        with open(path, "wb") as fh:
            fh.truncate(101 << 20)


def _grow(folder: Path, kind: str) -> None:
    """Beside the notebook: 1,100 nested folders (``deep``) or 2,500 small files in one folder (``wide``)."""

    if kind == "deep":
        nest(folder, 1100, "bearing-off.ipynb")
    else:
        junk = folder / "junk"
        junk.mkdir()
        for i in range(2500):
            (junk / f"{i}.txt").write_text("")


def nest(folder: Path, levels: int, leaf: str | None = None) -> None:
    """Make ``levels`` folders ``d/d/d/...`` inside ``folder`` (and an empty file ``leaf`` in the last),
    one level at a time: ``pathlib`` and ``os.makedirs`` would recurse once per level."""
    import os

    fd = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(levels):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        if leaf is not None:
            os.close(os.open(leaf, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd))
    finally:
        os.close(fd)


def remove_tree(folder: Path) -> None:
    """Remove ``folder`` however deep it is, without recursion (``shutil.rmtree`` recurses once per
    level, and a ``deep`` submission is deeper than Python's recursion limit)."""
    import os

    stack: list[tuple[str, bool]] = [(str(folder), False)]
    while stack:
        path, emptied = stack.pop()
        if emptied:
            os.rmdir(path)
            continue
        stack.append((path, True))
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, False))
                else:
                    os.unlink(entry.path)
