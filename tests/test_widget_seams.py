"""The board widget's seams, checked by reading its source (``ast``) and by its protocols:

- the modes (play, practice, setup, show) and the other widget modules never import the session
  (``bglearn/widgets/session.py``), not even for type checking: they see it as the
  :class:`~bglearn.widgets.seams.SessionView` protocol; only the widget (``board.py``) and the
  package's entry point import it, so the widget modules form no import circle;
- what the session, the modes and the answer board offer is what the protocols say;
- a method that only passes a call on exists for a reason: on :class:`BoardWidget`, because it is
  the documented API (named in the README or the class docstring); on :class:`BoardSession`,
  because it routes to the mode the board is in, or because other code reads it.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from bglearn import Position
from bglearn.widgets import seams
from bglearn.widgets.board import BoardWidget
from bglearn.widgets.play import PlayMode
from bglearn.widgets.practice import PracticeMode
from bglearn.widgets.session import BoardSession
from bglearn.widgets.setup import SetupMode
from bglearn.widgets.show import ShowMode

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "bglearn" / "widgets"
SOURCES = {p.stem: p for p in sorted(WIDGETS.glob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in SOURCES.items()}
ENTRY_POINTS = {"__init__", "board"}   # the package's public face and the widget build the session


def _widget_imports(tree: ast.AST) -> set[str]:
    """The widget modules ``tree`` imports, anywhere (top level, in a function, under TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(a.name for a in node.names)
            elif node.module and node.module.startswith("bglearn.widgets."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[2] for a in node.names if a.name.startswith("bglearn.widgets."))
    return found & set(SOURCES)


GRAPH = {name: _widget_imports(tree) - {name} for name, tree in TREES.items()}


def _cycle_through(graph: dict[str, set[str]]) -> list[str]:
    """A list of modules that import each other round in a circle, or [] (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(v: str) -> list[str]:
        state[v] = 1
        path.append(v)
        for w in sorted(graph.get(v, ())):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state:
                found = visit(w)
                if found:
                    return found
        state[v] = 2
        path.pop()
        return []

    for v in sorted(graph):
        if v not in state:
            found = visit(v)
            if found:
                return found
    return []


def test_only_the_widget_and_the_entry_point_import_the_session():
    importers = {name for name, imported in GRAPH.items() if "session" in imported}
    assert importers <= ENTRY_POINTS, f"import the SessionView protocol instead: {sorted(importers - ENTRY_POINTS)}"


def test_the_widget_modules_import_each_other_in_no_circle():
    assert _cycle_through(GRAPH) == []


def test_the_circle_finder_finds_the_circle_the_modes_had():
    """Before the protocols, each mode imported the session (for its type) and the session the modes."""
    old = {"session": {"play", "practice", "setup", "show"}, "play": {"session"}, "practice": {"play", "session"},
           "setup": {"session"}, "show": {"session"}}
    assert _cycle_through(old) == ["play", "session", "play"]
    assert _cycle_through({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("mode", [PlayMode, PracticeMode, SetupMode, ShowMode])
def test_each_mode_knows_its_board_only_as_the_session_view(mode):
    assert inspect.signature(mode.__init__).parameters["board"].annotation == "SessionView"


def test_the_session_and_the_modes_offer_what_the_protocols_name():
    from bglearn.widgets.answer import AnswerSession

    session = BoardSession(mode="humans", position=Position(), roll="61")
    assert isinstance(session, seams.SessionView) and isinstance(session, seams.BoardModel)
    assert isinstance(AnswerSession(Position(), "61"), seams.BoardModel)
    assert isinstance(session.playing, seams.Mode)
    session.start_setup()
    assert isinstance(session.setup_mode(), seams.Mode)
    session.new_game(Position(), "61")
    session.show("13/7 8/7")
    assert isinstance(session.current, seams.Mode) and session.mode == "show"


def test_a_mode_that_lacks_a_protocol_member_is_not_a_mode():
    class Mute:
        name = "mute"

        def click(self, kind, value):
            return None

    assert not isinstance(Mute(), seams.Mode)


# -- forwarding methods --------------------------------------------------------------------------------
def _forwards(fn: ast.FunctionDef) -> bool:
    """True when ``fn`` only passes its call on: its body (after a docstring) is one
    ``[return] self.a.b...(params)``, possibly wrapped in ``tuple()``/``list()``/``sorted()``/``bool()``."""
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], (ast.Return, ast.Expr)) or body[0].value is None:
        return False
    expr = body[0].value
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in (
            "tuple", "list", "sorted", "bool") and len(expr.args) == 1:
        expr = expr.args[0]
    params = {a.arg for a in fn.args.args[1:] + fn.args.kwonlyargs}

    def reaches_through_self(node: ast.AST) -> bool:
        depth = 0
        while isinstance(node, (ast.Attribute, ast.Call)):
            if isinstance(node, ast.Call):
                if node.args or node.keywords:
                    return False
                node = node.func
                continue
            depth += 1
            node = node.value
        return isinstance(node, ast.Name) and node.id == "self" and depth >= 2

    if isinstance(expr, ast.Call):
        passed_on = all(isinstance(a, ast.Name) and a.id in params for a in expr.args) and all(
            isinstance(k.value, ast.Name) and k.value.id in params for k in expr.keywords)
        return passed_on and reaches_through_self(expr.func)
    return reaches_through_self(expr)


def _forwarding_methods(module: str, cls: str) -> set[str]:
    node = next(n for n in TREES[module].body if isinstance(n, ast.ClassDef) and n.name == cls)
    return {f.name for f in node.body if isinstance(f, ast.FunctionDef) and _forwards(f)}


def test_the_forwarding_finder_finds_a_forwarder():
    tree = ast.parse("class C:\n def a(self, x):\n  'doc'\n  return self.s.a(x)\n"
                     " def b(self):\n  return self.s.b + 1\n @property\n def c(self):\n  return tuple(self.s.c)\n")
    assert {f.name for f in tree.body[0].body if _forwards(f)} == {"a", "c"}


def test_every_forwarding_method_of_the_widget_is_documented_api():
    """BoardWidget's pass-through methods are its public face: each is named in the README's board
    sections or in the class docstring (the widget is what learners and lessons call)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\bw\.(\w+)", readme)) | set(re.findall(r":(?:attr|meth):`(\w+)`",
                                                                           BoardWidget.__doc__ or ""))
    undocumented = sorted(_forwarding_methods("board", "BoardWidget") - documented)
    assert undocumented == []


SESSION_FORWARDERS = {
    # the session's job: a click, a button and the board's picture go to the mode the board is in
    "mode", "control", "view", "controls", "status_words",
    # the questions a loop driving the board asks (tests/test_long_nardy_play.py, the lessons' tests)
    "phase", "is_over", "actor",
    # read by the browser tests while the board is in setup mode
    "setup_position",
}


def test_every_forwarding_method_of_the_session_has_its_reason():
    assert _forwarding_methods("session", "BoardSession") <= SESSION_FORWARDERS
