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

from ..exercises import Exercise, load_exercise
from ..exercises.generators import tempting_plays
from ..exercises.questions import (
    EntryPoints, ListPlays, MakePlay, PickPlay, Question, LETTERS, SetUpStart,
)
from .roster import Student

__all__ = ["KINDS", "Expected", "wrong_answer", "right_answer", "make_class"]

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
    candidates += ["White", "Red", "neither", True, False, 0, 1, "no play", "A"]  # asked of the engine below
    for c in candidates:
        if not q.check(c).correct and q.check(c).answered:
            return c
    raise AssertionError(f"no wrong answer found for {q!r}")


@dataclass
class Expected:
    student: str
    kind: str
    points: dict[int, float] = field(default_factory=dict)
    note_words: tuple[str, ...] = ()

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
        return
    folder = out / "submissions" / student
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{exercise}.ipynb").write_text(text if text is not None else json.dumps(nb, indent=1))


def _fill(nb: dict[str, Any], ex: Exercise, which: dict[int, Any]) -> None:
    for n, value in which.items():
        _set_answer(nb, n, f"answer_{n} = {value!r}")


def make_class(out: Path, exercise: str = "bearing-off", seed: int = 2026, size: int = 32,
               kinds: tuple[str, ...] = KINDS) -> tuple[list[Student], dict[str, Expected]]:
    """Write handouts and ``size`` submissions (the last student submits nothing) under ``out``
    (``out/assignment.json``, ``out/submissions/<id>/<exercise>.ipynb``); return the roster and
    what each student should score."""
    from .handouts import assign

    students = [Student(f"s{i:02d}", f"Student {i}") for i in range(1, size + 1)]
    assign(exercise, students, seed, out)
    expected: dict[str, Expected] = {}
    for i, s in enumerate(students):
        kind = "missing" if i == size - 1 else kinds[i % len(kinds)]
        ex = load_exercise(exercise, seed, s.id)
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

HOSTILE_MIX = (
    ["perfect"] * 6 + ["half"] * 5 + ["blank"] * 2 + ["copied"] * 3 + ["widget", "widget-code-wins", "nbformat3",
     "rebind", "edited", "huge", "snoop", "vandal", "detached", "killer", "memory", "flood", "network"]
)
"""The 29 submissions of :func:`make_hostile_class` (a 30th student submits nothing)."""


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
    """A class of 30 (``s01``..``s30``) with right, partial, blank, copied, widget, nbformat 3 and
    hostile submissions under ``out`` (as :func:`make_class`); what each should score if nothing
    hostile has an effect. Hostile notebooks hold wrong answers that they replace with right ones
    only if they manage to read what the sandbox hides (the manifest, a classmate's file, the
    grader's environment, the network), so a leak changes a grade. Never grade this class without
    the sandbox."""
    from ..exercises.answers import answer_bundle
    from .handouts import assign

    size = len(HOSTILE_MIX) + 1
    students = [Student(f"s{i:02d}", f"Student {i}") for i in range(1, size + 1)]
    assign(exercise, students, seed, out)
    variants = {s.id: load_exercise(exercise, seed, s.id) for s in students}
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
        elif kind == "flood":  # floods its output and the grader's result channel
            _fill(nb, variants[s.id], right)
            e.note_words = ("more than",)
            nb["cells"].append(_hostile_cell(
                "import os, sys\nprint('x' * (20 << 20))\nblock = b'y' * (1 << 20)\n"
                "for _ in range(64):\n    for fd in range(0, 12):\n        try:\n            os.write(fd, block)\n"
                "        except OSError:\n            pass\n"))
        _hand_in(out, s.id, exercise, kind, nb, text, e, zero)
        expected[s.id] = e
    return students, expected
