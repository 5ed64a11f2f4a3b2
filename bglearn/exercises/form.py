"""Answer forms: widgets to answer a question without writing Python — shared by the lesson quizzes
(:mod:`bglearn.quiz`) and the graded exercises.

- :class:`AnswerBox` — a text box (one line, or several for a list of plays) with a button. It is a
  small anywidget whose browser side sends **one** ``submit`` message per click or Enter key, so one
  click is one attempt.
- :func:`choice_buttons` / :func:`point_toggles` — click one option; tick points and save.
- :class:`QuestionForm` — the one form of every question: a lesson quiz's and an exercise question's
  (``ex.ask(n)``); a play can also be clicked on a board (:mod:`bglearn.widgets.answer`). An
  exercise's form writes every well-formed answer into an output of its cell with mimetype
  :data:`~bglearn.exercises.answers.ANSWER_MIME` (and the text ``Your answer to question n: ...``),
  which JupyterLab saves with the notebook: that is what the grader reads
  (:func:`~bglearn.exercises.answers.saved_answers`). A malformed answer is refused with a sentence
  saying how to write it; the previous answer stays and is not checked again.

This module imports ipywidgets: the questions and quizzes import it only when a form is built.

>>> from bglearn.exercises.form import choice_buttons
>>> picked = []
>>> buttons = choice_buttons([("Yes", True), ("No", False)], picked.append)
>>> [b.description for b in buttons.children]
['Yes', 'No']
"""

from __future__ import annotations

import html
import inspect
import uuid
from typing import TYPE_CHECKING, Any, Callable, Sequence

import anywidget
import ipywidgets as w
import traitlets as t
from IPython.display import display, update_display

from ..i18n import N_, _
from ..widgets.fallback import StaticFallback
from .answers import answer_bundle, show_answer
from .feedback import RIGHT, WRONG, Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ..widgets.board import BoardWidget

__all__ = ["AnswerBox", "QuestionForm", "choice_buttons", "mark_choice", "point_toggles", "FORM_CSS",
           "answer_controls"]

FORM_CSS = """
.bglearn-quiz, .bglearn-form { max-width: 100%; box-sizing: border-box; }
.bglearn-quiz img, .bglearn-quiz svg, .bglearn-board-picture img, .bglearn-board-picture svg {
  max-width: 100%; height: auto; }
.bglearn-board-picture { width: 100%; max-width: 540px; }
"""
"""Styles that let a quiz's board scale to the width available (down to 320 px)."""

_ESM = r"""
function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "bglearn-answerbox";
  wrap.style.cssText = "display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start;max-width:100%";
  const multi = model.get("multiline");
  const box = document.createElement(multi ? "textarea" : "input");
  if (!multi) box.type = "text"; else box.rows = 4;
  box.className = "bglearn-answer-input";
  box.placeholder = model.get("placeholder");
  box.setAttribute("aria-label", model.get("label"));
  box.value = model.get("value");
  box.style.cssText = "flex:1 1 12em;min-width:0;max-width:100%;font:inherit;padding:4px;" +
    "color:var(--jp-ui-font-color1,#1f2328);background:var(--jp-layout-color1,#fff);" +
    "border:1px solid var(--jp-border-color1,#8c959f);border-radius:2px";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "bglearn-answer-submit jupyter-button mod-primary";
  button.textContent = model.get("button");
  const submit = () => { model.set("value", box.value); model.save_changes();
                         model.send({ event: "submit", value: box.value }); };
  button.addEventListener("click", (e) => { e.preventDefault(); submit(); });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (!multi || e.ctrlKey || e.metaKey)) {
      e.preventDefault(); e.stopPropagation(); submit(); return;
    }
    // plain typing stays in the box (the notebook's one-key shortcuts must not see it);
    // Ctrl/Cmd shortcuts such as Ctrl+S still reach JupyterLab
    if (!(e.ctrlKey || e.metaKey || e.altKey)) e.stopPropagation();
  });
  model.on("change:value", () => { if (box.value !== model.get("value")) box.value = model.get("value"); });
  wrap.append(box, button);
  el.append(wrap);
}
export default { render };
"""


class AnswerBox(anywidget.AnyWidget):
    """A text box and a button. :meth:`on_submit` callbacks get the text once per click (or Enter
    key; Ctrl+Enter in a several-line box) — never twice for one action."""

    _esm = _ESM
    value = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("").tag(sync=True)
    label = t.Unicode("Your answer").tag(sync=True)
    button = t.Unicode("Check").tag(sync=True)
    multiline = t.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._handle)

    def on_submit(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def submit(self, text: str | None = None) -> None:
        """Submit ``text`` (default: the box's value) as if the button were clicked."""
        if text is not None:
            self.value = text
        for cb in list(self._callbacks):
            cb(self.value)

    def _handle(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            text = content.get("value", "")
            self.submit(text if isinstance(text, str) else "")

    def __repr__(self) -> str:
        return f"AnswerBox({self.value!r})"


def choice_buttons(choices: Sequence[tuple[str, Any]], respond: Callable[[Any], Any]) -> Any:
    """One button per ``(label, answer)``: a click answers ``answer`` (once) and marks the button
    chosen (:func:`mark_choice`) with the verdict ``respond`` returns (a :class:`Feedback`, or
    nothing: then it is only marked as chosen)."""
    import ipywidgets as w

    buttons = []
    box = w.HBox([], layout=w.Layout(flex_flow="row wrap", max_width="100%"))
    for label, value in choices:
        b = w.Button(description=label, layout=w.Layout(width="auto", min_width="70px", max_width="100%"),
                     tooltip=label)
        b.add_class("bglearn-choice")
        b.bglearn_label = label

        def pick(button: Any, v: Any = value) -> None:
            result = respond(v)
            mark_choice(box, button, getattr(result, "status", "chosen"))

        b.on_click(pick)
        buttons.append(b)
    box.children = tuple(buttons)
    return box


_CHOICE_MARKS = {"correct": (RIGHT, "success", N_("Your choice: right")),
                 "wrong": (WRONG, "danger", N_("Your choice: wrong"))}


def mark_choice(box: Any, chosen: Any, status: str = "chosen") -> None:
    """Mark the button ``chosen`` of a :func:`choice_buttons` box as the learner's choice, and unmark
    the others. ``status`` is the verdict's (:attr:`Feedback.status`): ``"correct"`` puts ✔ before
    its label, ``"wrong"`` ✘ (and the button's colour); anything else (an assessment's
    ``"recorded"``) only marks it chosen (●), saying nothing about right or wrong. The mark is part
    of the button's text, so a screen reader says it with the label; the tooltip says it in words.
    ``chosen=None`` unmarks every button."""
    for b in box.children:
        label = getattr(b, "bglearn_label", b.description)
        for cls in ("bglearn-choice-chosen", "bglearn-choice-correct", "bglearn-choice-wrong"):
            b.remove_class(cls)
        if b is not chosen:
            b.description, b.tooltip, b.button_style = label, label, ""
            continue
        mark, style, words = _CHOICE_MARKS.get(status, ("\u25cf", "", N_("Your choice")))
        b.description, b.tooltip, b.button_style = f"{mark} {label}", _(words), style
        b.add_class("bglearn-choice-chosen")
        if status in _CHOICE_MARKS:
            b.add_class(f"bglearn-choice-{status}")


def point_toggles(points: Sequence[int], respond: Callable[[Any], None], *, none_label: str | None = None) -> Any:
    """A toggle per point and a Save button: saving answers the list of ticked points (``[]`` when none)."""
    import ipywidgets as w

    toggles = [w.ToggleButton(description=str(p), layout=w.Layout(width="48px")) for p in points]
    for tb in toggles:
        tb.add_class("bglearn-point")
    save = w.Button(description=_("Save answer"), button_style="primary", layout=w.Layout(width="auto"))
    save.add_class("bglearn-save")
    save.on_click(lambda _b: respond([p for p, tb in zip(points, toggles) if tb.value]))
    hint = w.HTML(f"<span>{html.escape(none_label or _('(tick no point if it cannot enter)'))}</span>")
    return w.VBox([w.HBox(toggles, layout=w.Layout(flex_flow="row wrap")), w.HBox([save, hint])])


def answer_controls(form: str, respond: Callable[[Any], None], *, choices: Sequence[tuple[str, Any]] = (),
                    placeholder: str = "", button: str | None = None, label: str | None = None) -> Any:
    """The control for an answer ``form`` (see :attr:`Question.form`)."""
    if form == "choice":
        return choice_buttons(choices, respond)
    if form == "points":
        return point_toggles([v for _label, v in choices], respond)
    box = AnswerBox(placeholder=placeholder, button=button or _("Check"), label=label or _("Your answer"),
                    multiline=(form == "plays"))

    def on_text(text: str) -> None:
        if form == "plays":
            lines = [x.strip() for x in text.replace(";", "\n").splitlines() if x.strip()]
            respond(lines if lines else "")
        else:
            respond(text)

    box.on_submit(on_text)
    return box


_PLACEHOLDERS = {
    "play": N_("a play, e.g. 24/18 13/11 (or: no play)"),
    "plays": N_("one play per line, e.g.\n24/18 13/11\n13/7 13/11\n(or: none)"),
    "number": N_("a whole number"),
    "text": N_("your answer"),
}

BOARD_WIDTH = 540
"""The pixel width of a question's board pictures in a form."""


NARROW = 500
"""Below this width (in CSS px, of the form's own box) a board picture is the portrait one: the board
turned a quarter turn, whose point numbers stay at least 9 px tall down to 320 px (the landscape
picture's would be 5 px at 320 px)."""

# In a phone's notebook (320 px wide) a quiz's picture gets about 260 px, less than the 320 px the
# portrait drawing is proportioned for: its point numbers are drawn larger here, to stay >= 9 px.
_PICTURES_CSS = ("<style>.bglearn-pictures{container-type:inline-size}"
                 ".bglearn-pictures>.bglearn-portrait{display:none}"
                 ".bglearn-pictures>.bglearn-portrait .bg-numbers{font-size:19px}"
                 f"@container (max-width:{NARROW - 1}px){{.bglearn-pictures>.bglearn-landscape{{display:none}}"
                 ".bglearn-pictures>.bglearn-portrait{display:block}}</style>")


def _fit(svg: str) -> str:
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto;display:block" ', 1)


def _responsive(svg: str, portrait: str = "") -> str:
    """``svg`` scaled to the width of its container (never wider than drawn), in a wrapper div. With
    a ``portrait`` drawing of the same board too, both are in the page and a container query shows
    one: the portrait below :data:`NARROW` px, else ``svg`` — the other is ``display:none``, so a
    screen reader reads the board once."""
    if not svg:
        return ""
    if not portrait:
        return f'<div class="bglearn-board-picture" style="width:100%;max-width:{BOARD_WIDTH}px">{_fit(svg)}</div>'
    return (f'<div class="bglearn-board-picture bglearn-pictures" style="width:100%;max-width:{BOARD_WIDTH}px">'
            f'{_PICTURES_CSS}<div class="bglearn-landscape">{_fit(svg)}</div>'
            f'<div class="bglearn-portrait">{_fit(portrait)}</div></div>')


def portrait_svg(question: Any, svg: str) -> str:
    """The question's picture ``svg`` drawn in the portrait layout (``""`` when its picture is not
    the plain drawing of its position, e.g. a set-up question's emptied tray: that one keeps its
    landscape picture)."""
    from ..svg import render

    options = question.diagram_options()
    if str(render(question.position, **options)) != svg:
        return ""
    return str(render(question.position, **{k: v for k, v in options.items() if k != "width"}, layout="portrait"))


def _after_pictures(question: Any, feedback: Any) -> str:
    """The picture a question shows after a right answer, landscape and portrait (when it draws both)."""
    wide = question.after_svg(feedback)
    if not wide:
        return ""
    tall = ""
    if "layout" in inspect.signature(question.after_svg).parameters:
        tall = question.after_svg(feedback, layout="portrait")
    return _responsive(wide, tall)


def _note(text: str) -> str:
    return ('<div class="bglearn-feedback" role="status" style="color:var(--jp-content-font-color1, #1f2328)">'
            f"{html.escape(text)}</div>")


class QuestionForm(StaticFallback, w.VBox):  # type: ignore[misc]  # ipywidgets ships no type information
    """The one answer form of every question — a lesson quiz (``quiz`` displayed) and an exercise
    question (``ex.ask(n)``) alike.

    ``on_answer(value)`` judges an answer and returns its :class:`Feedback` (a quiz's ``check``; an
    exercise's ``record``, which judges in practice mode and only confirms the form in assessment
    mode). The control is chosen by the question's ``form`` (:func:`answer_controls`); a question
    whose answer is a play (:meth:`Question.board_answer`) also gets **Answer on the board**, which
    opens a board in answer mode (:mod:`bglearn.widgets.answer`): the play clicked there is the
    answer. One click (or one Enter) is one answer; a blank one is not an attempt.

    - ``show_question``: the form shows the question and its board picture itself (a lesson quiz);
      after a right answer it shows :meth:`Question.after_svg`.
    - ``number`` and ``keep``: an exercise's form keeps its latest well-formed answer and writes it
      into its cell's output (:data:`~bglearn.exercises.answers.ANSWER_MIME`, the text ``Your answer
      to question n: ...``), which JupyterLab saves with the notebook — what the grader reads
      (:func:`~bglearn.exercises.answers.saved_answers`). A malformed answer is refused with a
      sentence saying how to write it; the previous answer stays and is not checked again.
    """

    def __init__(self, question: Any, on_answer: Callable[[Any], Any], *, number: int = 0,
                 show_question: bool = False, keep: bool = False, button: str | None = None,
                 answer: Any = None) -> None:
        self.question = question
        self.number = number
        self.keep = keep
        self.show_question = show_question
        self._on_answer = on_answer
        self.answer = answer
        self.attempts = 0
        self.last = None
        self.button = button or _("Check")
        self.feedback = w.HTML("")
        self.feedback.add_class("bglearn-form-feedback")
        self.after = w.HTML("")
        q = question
        placeholder = _(q.placeholder) if q.placeholder else _(_PLACEHOLDERS.get(q.form, "your answer"))
        label = (_("Your answer to question {n}").format(n=number) if number
                 else _("Your answer: {question}").format(question=q.prompt()))
        self.control = answer_controls(q.form, self.respond, choices=q.answer_choices(), placeholder=placeholder,
                                       button=self.button, label=label)
        parts: list[Any] = []
        if show_question:
            parts.append(w.HTML(f'<div style="font-weight:600;margin:6px 0">{html.escape(q.prompt())}</div>'))
            svg = str(q.diagram()) if q.position is not None else ""
            if svg:
                parts.append(w.HTML(_responsive(svg, portrait_svg(q, svg))))
        else:
            title = _("Your answer to question {n}").format(n=number)
            if q.form == "choice":
                title = _("Your answer to question {n} — click an option").format(n=number)
            parts.append(w.HTML(f"<b>{html.escape(title)}</b>"))
        parts.append(self.control)
        self.board: BoardWidget | None = None
        self.board_area = w.VBox([])
        if q.board_answer() is not None:
            self.board_toggle = w.ToggleButton(description=_("Answer on the board"), layout=w.Layout(width="auto"))
            self.board_toggle.add_class("bglearn-board-toggle")
            self.board_toggle.observe(self._toggle_board, names="value")
            parts += [self.board_toggle, self.board_area]
        parts += [self.feedback, self.after]
        layout = w.Layout(border="1px solid var(--jp-border-color1, #8c959f)", padding="8px" if show_question else "6px",
                          margin="8px 0" if show_question else "4px 0", max_width="600px" if show_question else "100%",
                          **({"width": "100%"} if show_question else {}))
        super().__init__(parts, layout=layout)
        self.add_class("bglearn-quiz" if show_question else "bglearn-form")
        self._answer_id = uuid.uuid4().hex

    # -- the board --------------------------------------------------------------------------------
    def open_board(self) -> BoardWidget:
        """Show the answer board (built on first use) and return it."""
        if self.board is None:
            from ..widgets.answer import AnswerBoard

            position, roll = self.question.board_answer()
            label = self.button if self.question.form == "play" else _("Add to my list")
            self.board = AnswerBoard(position, roll, on_answer=self._from_board, submit_label=label,
                                     perspective=self.question.diagram_options().get("perspective"))
        self.board_area.children = (self.board,)
        if not self.board_toggle.value:
            self.board_toggle.value = True
        return self.board

    def _toggle_board(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.open_board()
        else:
            self.board_area.children = ()

    def _from_board(self, text: str) -> None:
        """A play handed in on the board: the answer of a ``"play"`` form; one more line of a
        ``"plays"`` list (answered with the form's own button)."""
        box = self.control
        if self.question.form == "plays":
            lines = [x.strip() for x in box.value.splitlines() if x.strip()]
            if text not in lines:
                lines.append(text)
            box.value = "\n".join(lines)
            self.feedback.value = _note(_("Added to your list. Press {button} when the list is complete.").format(
                button=self.button))
            return
        box.value = text
        self.respond(text)

    # -- answering ------------------------------------------------------------------------------
    def respond(self, value: Any) -> Any:
        """Take ``value`` as the answer: refuse it (saying how to write it) when it is malformed and
        the form keeps answers, else judge it with ``on_answer``, show the feedback and (when the
        form keeps answers) save it in the cell's output. Returns the feedback (``None`` for blank)."""
        if value is None or (isinstance(value, str) and not value.strip()):
            self.feedback.value = _note(_("Type or pick an answer first."))
            return None
        self.attempts += 1
        q = self.question
        if self.keep:
            problem = q.problem(value)
            if problem is not None:
                kept = ("" if self.answer is None else " " + _("Your saved answer is still {answer}.").format(
                    answer=show_answer(self.answer)))
                fb = Feedback(self.number, False, 0, q.points, _("{answer} can't be read: {why}").format(
                    answer=show_answer(value), why=problem) + kept, answer=show_answer(value))
                self.feedback.value = fb.html()
                return fb
        fb = self._on_answer(value)
        self.last = fb
        self.feedback.value = fb.html()
        self.after.value = _after_pictures(q, fb) if fb.correct else ""
        if self.keep:
            self.answer = value
            self._publish()
        self.refresh_static()
        return fb

    def clear(self) -> None:
        """Forget the feedback shown (and the choice marked)."""
        self.last = None
        self.feedback.value = ""
        self.after.value = ""
        if self.question.form == "choice":
            mark_choice(self.control, None)

    # -- the notebook ---------------------------------------------------------------------------
    def _publish(self) -> None:
        update_display(answer_bundle(self.number, self.answer), raw=True, display_id=self._answer_id)

    def _static_html(self) -> str:
        if self.show_question and hasattr(self.question, "static_html"):
            page: str = self.question.static_html()
            return page
        text = _("(none yet)") if self.answer is None else show_answer(self.answer, 300)
        head = _("Your answer to question {n}:").format(n=self.number)
        return f"<p>{html.escape(head)} <code>{html.escape(text)}</code></p>"

    def static_bundle(self) -> dict[str, str]:
        if self.show_question and hasattr(self.question, "static_html"):
            return {"text/html": self.question.static_html(), "text/plain": repr(self.question)}
        return super().static_bundle()

    def _ipython_display_(self) -> None:
        super()._ipython_display_()
        if self.keep:
            display(answer_bundle(self.number, self.answer), raw=True, display_id=self._answer_id)

    def __repr__(self) -> str:
        if self.show_question:
            return repr(self.question)
        return f"QuestionForm(question {self.number}, answer={self.answer!r})"
