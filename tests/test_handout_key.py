"""No key in an assessment handout: a student's kernel, after the setup cell (which the grader also
runs before the student's cells), holds positions, kinds and answer forms — never a question object,
a judge, a generator or anything from which an answer can be produced.

Each test runs a real handout's setup cell in a fresh Python process and then tries, as a student
would, every route to an answer: the modules loaded (``sys.modules``), every object the garbage
collector tracks (``gc.get_objects()``), everything reachable from the notebook's names through
attributes, ``dir()``, closures, a bound method's ``__self__``, defaults, containers and the frames
of every thread, and pickles of all of it. The public engine is importable, as in every notebook (the
README says what that means for an assessment); what is checked is that the handout adds no key.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bglearn.exercises import EXERCISES, load_exercise
from bglearn.exercises.notebook import setup_source
from bglearn.grading.synthetic import right_answer, wrong_answer

ROOT = Path(__file__).resolve().parent.parent

KEY_MODULES = ("bglearn.exercises.questions", "bglearn.exercises.generators", "bglearn.exercises.long_nardy",
               "bglearn.exercises.slots", "bglearn.exercises.candidates", "bglearn.exercises.session",
               "bglearn.exercises.report", "bglearn.exercises.notebook", "bglearn.quiz", "bglearn.grading")
"""Modules that judge, generate or hold questions: none may be loaded in a student's assessment kernel."""

KEY_NAMES = ("judge", "example_answer", "truth", "witness", "expected", "verdicts", "starter", "legal",
             "explain_truth", "points_scored", "match_score", "unmasked_question", "_questions", "check_all",
             "answer_count", "seed", "generate", "question_from_spec")
"""Attributes through which an answer (or a question that has one) could be reached."""

PROBE = r'''
import gc, json, pickle, sys, types
setup, count, key_modules, key_names = json.loads(sys.stdin.read())
namespace = {}
exec(setup, namespace)
ex = namespace["ex"]
forms = [ex.ask(n) for n in range(1, count + 1)]              # every answer form, as a student opens them
for form in forms:                                            # and every answer board
    if getattr(form, "board_toggle", None) is not None:
        form.open_board()
findings = []

def keyed(name):
    return any(name == m or name.startswith(m + ".") for m in key_modules)

findings += [f"module loaded: {m}" for m in sys.modules if keyed(m)]

from bglearn.plays import Play
from bglearn.verdicts import Verdict

def check_object(o, where):
    t = type(o)
    if keyed(getattr(t, "__module__", "") or ""):
        findings.append(f"{where}: an object of {t.__module__}.{t.__qualname__}")
    if isinstance(o, (Play, Verdict)):
        findings.append(f"{where}: a {t.__name__} (a legal play or a verdict computed for the student)")
    for name in key_names if (getattr(t, "__module__", "") or "").startswith("bglearn") else ():
        try:
            if name in t.__dict__ or any(name in vars(b) for b in t.__mro__[1:] if b is not object):
                findings.append(f"{where}: {t.__qualname__}.{name}")
        except Exception:
            pass

for o in gc.get_objects():                                   # every tracked object
    if isinstance(o, types.ModuleType):
        continue
    try:
        check_object(o, "gc")
    except Exception:
        pass

seen = set()
todo = [(v, f"namespace[{k!r}]") for k, v in namespace.items() if k != "__builtins__"]
todo += [(f, f"frame of thread {tid}") for tid, f in sys._current_frames().items()]
while todo and len(seen) < 200000:                           # everything reachable, modules excepted
    o, where = todo.pop()
    if id(o) in seen or isinstance(o, (types.ModuleType, type)) or o is None:
        continue
    seen.add(id(o))
    check_object(o, where)
    refs = []
    if isinstance(o, types.FrameType):
        refs += [(v, f"{where}.f_locals[{k!r}]") for k, v in o.f_locals.items() if k != "__builtins__"]
        if o.f_back is not None:
            refs.append((o.f_back, where + ".f_back"))
    elif isinstance(o, dict):
        refs += [(v, f"{where}[{k!r}]") for k, v in list(o.items())]
    elif isinstance(o, (list, tuple, set, frozenset)):
        refs += [(v, f"{where}[...]") for v in list(o)]
    else:
        for attr in ("__self__", "__func__", "__wrapped__", "__closure__", "__defaults__", "__kwdefaults__",
                     "cell_contents", "fget", "func", "args", "keywords", "__dict__"):
            try:
                refs.append((object.__getattribute__(o, attr), f"{where}.{attr}"))
            except Exception:
                pass
        try:
            names = dir(o)
        except Exception:
            names = []
        for name in names:
            if name in key_names:
                findings.append(f"{where}: dir() shows {name}")
            if name.startswith("__") or not type(o).__module__.startswith("bglearn"):
                continue
            try:
                refs.append((getattr(o, name), f"{where}.{name}"))
            except Exception:
                pass
    todo += refs
    if type(o).__module__.startswith("bglearn"):
        try:
            data = pickle.dumps(o)
        except Exception:
            continue
        if any(m.encode() in data for m in key_modules):
            findings.append(f"{where}: its pickle names a key module")

after = [m for m in sys.modules if keyed(m)]
findings += [f"module loaded by the probing: {m}" for m in after]
answers = {}
for n, (right, wrong) in enumerate(json.loads(sys.argv[1]), 1):
    a, b = ex.check(n, right), ex.check(n, wrong)
    answers[n] = [a.status, b.status, a.points, b.points, a.message.replace(a.answer, ""),
                  b.message.replace(b.answer, "")]
print(json.dumps({"findings": sorted(set(findings))[:40], "reached": len(seen), "answers": answers}))
'''


def _probe(name: str, student: str) -> tuple[dict, list]:
    ex = load_exercise(name, 31, student, mode="assessment")
    pairs = [(right_answer(q), wrong_answer(q)) for q in ex.questions]
    payload = json.dumps([setup_source(ex), len(pairs), list(KEY_MODULES), list(KEY_NAMES)])
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(pairs, default=list)], input=payload,
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), pairs


@pytest.mark.parametrize("name", list(EXERCISES))
def test_an_assessment_handout_holds_no_key(name):
    result, pairs = _probe(name, "mallory")
    assert result["findings"] == []
    assert result["reached"] > 50          # the walk did reach the handout's objects
    for n, (status_right, status_wrong, p_right, p_wrong, said_right, said_wrong) in result["answers"].items():
        # the check cell answers a right and a wrong answer alike: recorded, 0 points, the same words
        assert status_right == status_wrong == "recorded" and p_right == p_wrong == 0, n
        assert said_right == said_wrong, (n, said_right, said_wrong)


def test_the_three_known_routes_are_closed():
    """The routes that gave 100 % before: a method beside ``question()`` that tab completion shows
    (``unmasked_question``), a bound method's ``__self__`` (``question(n).check.__self__``) and a
    private list (``ex._questions``)."""
    ex = load_exercise("bearing-off", 31, "eve", mode="assessment")
    namespace: dict = {}
    exec(setup_source(ex), namespace)
    handout = namespace["ex"]
    assert not hasattr(handout, "unmasked_question") and not hasattr(handout, "_questions")
    face = handout.question(1)
    assert not hasattr(face, "check")
    for method in (face.receipt, face.read, face.problem, handout.check, handout.question):
        owner = method.__self__
        assert not any(hasattr(owner, name) for name in ("judge", "example_answer", "truth", "witness"))
    assert all(type(q).__module__ == "bglearn.exercises.faces" for q in handout.questions)
