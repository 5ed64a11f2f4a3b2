"""Answer forms: widgets to answer a question without writing Python — shared by the lesson quizzes
(:mod:`bglearn.quiz`) and the graded exercises.

- :class:`AnswerBox` — a text box (one line, or several for a list of plays) with a button. It is a
  small anywidget whose browser side sends **one** ``submit`` message per click or Enter key, so one
  click is one attempt.
- :func:`choice_buttons` / :func:`point_toggles` — click one option; tick points and save.
- :class:`AnswerForm` — the form of exercise question ``n`` (``ex.ask(n)``). Every well-formed answer
  is kept in the kernel and written into an output of its cell with mimetype
  :data:`~bglearn.exercises.answers.ANSWER_MIME` (and the text ``Your answer to question n: ...``),
  which JupyterLab saves with the notebook: that is what the grader reads
  (:func:`~bglearn.exercises.answers.saved_answers`). A malformed answer is refused with a sentence
  saying how to write it; the previous answer stays and is not checked again.

This module imports ipywidgets: the questions and quizzes import it only when a form is built.
"""

from __future__ import annotations

import html
import uuid
from typing import Any, Callable, Sequence

import anywidget
import ipywidgets as w
import traitlets as t
from IPython.display import display, update_display

from ..widgets.fallback import StaticFallback
from .answers import answer_bundle, show_answer

__all__ = ["AnswerBox", "AnswerForm", "choice_buttons", "point_toggles", "FORM_CSS", "answer_controls"]

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

    def _handle(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            text = content.get("value", "")
            self.submit(text if isinstance(text, str) else "")

    def __repr__(self) -> str:
        return f"AnswerBox({self.value!r})"


def choice_buttons(choices: Sequence[tuple[str, Any]], respond: Callable[[Any], None]):
    """One button per ``(label, answer)``: a click answers ``answer`` (once)."""
    import ipywidgets as w

    buttons = []
    for label, value in choices:
        b = w.Button(description=label, layout=w.Layout(width="auto", min_width="70px", max_width="100%"),
                     tooltip=label)
        b.add_class("bglearn-choice")
        b.on_click(lambda _b, v=value: respond(v))
        buttons.append(b)
    return w.HBox(buttons, layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def point_toggles(points: Sequence[int], respond: Callable[[Any], None], *, none_label: str = "It cannot enter"):
    """A toggle per point and a Save button: saving answers the list of ticked points (``[]`` when none)."""
    import ipywidgets as w

    toggles = [w.ToggleButton(description=str(p), layout=w.Layout(width="48px")) for p in points]
    for tb in toggles:
        tb.add_class("bglearn-point")
    save = w.Button(description="Save answer", button_style="primary", layout=w.Layout(width="auto"))
    save.add_class("bglearn-save")
    save.on_click(lambda _b: respond([p for p, tb in zip(points, toggles) if tb.value]))
    hint = w.HTML(f"<span>(tick no point if {html.escape(none_label.lower())})</span>")
    return w.VBox([w.HBox(toggles, layout=w.Layout(flex_flow="row wrap")), w.HBox([save, hint])])


def answer_controls(form: str, respond: Callable[[Any], None], *, choices: Sequence[tuple[str, Any]] = (),
                    placeholder: str = "", button: str = "Check", label: str = "Your answer"):
    """The control for an answer ``form`` (see :attr:`Question.form`)."""
    if form == "choice":
        return choice_buttons(choices, respond)
    if form == "points":
        return point_toggles([v for _, v in choices], respond)
    box = AnswerBox(placeholder=placeholder, button=button, label=label, multiline=(form == "plays"))

    def on_text(text: str) -> None:
        if form == "plays":
            lines = [x.strip() for x in text.replace(";", "\n").splitlines() if x.strip()]
            respond(lines if lines else "")
        else:
            respond(text)

    box.on_submit(on_text)
    return box


_PLACEHOLDERS = {
    "play": "a play, e.g. 24/18 13/11 (or: no play)",
    "plays": "one play per line, e.g.\n24/18 13/11\n13/7 13/11\n(or: none)",
    "number": "a whole number",
    "text": "your answer",
}


class AnswerForm(StaticFallback, w.VBox):
    """The answer form of one exercise question (``ex.ask(n)``); see the module docstring."""

    def __init__(self, exercise, number: int) -> None:
        self.exercise = exercise
        self.number = number
        q = exercise._question(number)
        self.question = q
        self.feedback = w.HTML("")
        self.feedback.add_class("bglearn-form-feedback")
        placeholder = _PLACEHOLDERS.get(q.form, "")
        if q.kind == "set-up":
            placeholder = "point:count pairs, e.g. 3:1 10:2"
        elif q.kind == "point-owner":
            placeholder = "a colour and a count, e.g. Red 5 (or: empty)"
        button = "Check" if exercise.mode == "practice" else "Save answer"
        self.control = answer_controls(q.form, self.respond, choices=q.choices(), placeholder=placeholder,
                                       button=button, label=f"Your answer to question {number}")
        title = w.HTML(f"<b>Your answer to question {number}</b>"
                       + (" — click an option" if q.form == "choice" else ""))
        super().__init__([title, self.control, self.feedback],
                         layout=w.Layout(border="1px solid var(--jp-border-color1, #8c959f)", padding="6px",
                                         margin="4px 0", max_width="100%"))
        self.add_class("bglearn-form")
        self._answer_id = uuid.uuid4().hex
        self.answer = exercise.form_answer(number)
        self.attempts = 0

    def respond(self, value: Any) -> None:
        """Take ``value`` as the answer: refuse it (saying how to write it) when malformed, else
        keep it, save it into the cell's answer output and show the feedback of the mode."""
        if value is None or (isinstance(value, str) and not value.strip()):
            self.feedback.value = ('<div class="bglearn-feedback" role="status" style="color:'
                                   'var(--jp-content-font-color1, #1f2328)">Type or pick an answer first.</div>')
            return
        self.attempts += 1
        problem = self.question.problem(value)
        if problem is not None:
            kept = "" if self.answer is None else f" Your saved answer is still {show_answer(self.answer)}."
            from .feedback import Feedback

            fb = Feedback(self.number, False, 0, self.question.points,
                          f"{show_answer(value)} can't be read: {problem}{kept}", answer=show_answer(value))
            self.feedback.value = fb.html()
            return
        fb = self.exercise.record(self.number, value)
        self.answer = value
        self.feedback.value = fb.html()
        self._publish()
        self.refresh_static()

    def _publish(self) -> None:
        update_display(answer_bundle(self.number, self.answer), raw=True, display_id=self._answer_id)

    def _static_html(self) -> str:
        text = "(none yet)" if self.answer is None else show_answer(self.answer, 300)
        return f"<p>Your answer to question {self.number}: <code>{html.escape(text)}</code></p>"

    def _ipython_display_(self) -> None:
        super()._ipython_display_()
        display(answer_bundle(self.number, self.answer), raw=True, display_id=self._answer_id)

    def __repr__(self) -> str:
        return f"AnswerForm(question {self.number}, answer={self.answer!r})"
