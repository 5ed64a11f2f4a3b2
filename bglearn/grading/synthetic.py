"""A synthetic class, for the grader's tests and benchmark: submissions of every kind a teacher
meets (right, wrong, blank, crashing, looping, hanging, invalid JSON, deleted or edited cells,
tampering), with the points each should earn.

Right answers are asked of the engine (:meth:`Question.example_answer`); wrong ones are made and then
confirmed wrong by the engine (:func:`wrong_answer`).
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


def _set_answer(nb: dict, n: int, source: str) -> None:
    for c in nb["cells"]:
        if c["metadata"].get("nbgrader", {}).get("grade_id") == f"answer_{n}":
            c["source"] = source
            return
    raise KeyError(n)


def _fill(nb: dict, ex: Exercise, which: dict[int, Any]) -> None:
    for n, value in which.items():
        _set_answer(nb, n, f"answer_{n} = {value!r}")


def make_class(out: Path, exercise: str = "bearing-off", seed: int = 2026, size: int = 32,
               kinds: tuple[str, ...] = KINDS) -> tuple[list[Student], dict[str, Expected]]:
    """Write handouts and ``size`` submissions (the last student submits nothing) under ``out``
    (``out/assignment.json``, ``out/submissions/<id>/<exercise>.ipynb``); return the roster and
    what each student should score."""
    from .assign import assign

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
                               "    except KeyboardInterrupt:\n        pass")
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
            e.note_words = ("kernel died",)
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
        if kind != "missing":
            folder = out / "submissions" / s.id
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{exercise}.ipynb").write_text(text if text is not None else json.dumps(nb, indent=1))
        else:
            e.points = zero
            e.note_words = ("No submission",)
        expected[s.id] = e
    return students, expected
