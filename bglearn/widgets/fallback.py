"""What a notebook shows where no live widget can: static fallbacks and deterministic saved notebooks.

Why this module exists, and the one stored form it chooses:

- JupyterLab and Notebook 7 render one MIME type per output. A trusted output uses the best-ranked
  renderer (the widget view, ``application/vnd.jupyter.widget-view+json``); an **untrusted** output
  (a notebook opened for the first time) only "safe" renderers: ``text/html`` (sanitised),
  Markdown, PNG/JPEG and ``text/plain``. ``image/svg+xml`` and widget views are not safe.
- JupyterLab's HTML sanitiser drops inline ``<svg>`` (not an allowed tag; its text survives, which
  is why labels "run together"), but keeps ``<img>`` with its ``src``, a ``data:`` URI included (the
  sanitiser checks URL schemes on ``href`` and ``cite`` only).
- ipywidgets 8 (``@jupyter-widgets/jupyterlab-manager``) has no fallback: when a widget view's model
  is missing — a saved notebook reopened without the widget state — it writes "Error displaying
  widget: model not found" and does not try the output's other MIME types.

So the stored picture is ``text/html`` holding ``<img src="data:image/svg+xml;base64,...">``
(:func:`svg_image`), which both trusted and untrusted notebooks render, and a saved notebook must not
keep widget views whose model it cannot restore: :func:`normalize_notebook` (used by the lesson and
exercise builds) and :func:`strip_dead_views` (run on every save by ``bglearn lessons``) drop them,
leaving the static picture of the widget as it was. (Those two and the save hook live in
:mod:`bglearn.stored`, which the Jupyter server imports without any widget code; they are
re-exported here.)

:class:`StaticFallback` is the mixin a widget class uses to carry that static form alongside its
live view, kept up to date with :meth:`StaticFallback.refresh_static`.

>>> from bglearn.widgets.fallback import static_block
>>> static_block("<p>Question 1</p>", kind="quiz")
'<div class="bglearn-static bglearn-static-quiz"><p>Question 1</p></div>'
"""

from __future__ import annotations

import uuid
from typing import Any

from ..diagram import svg_image
from ..stored import WIDGET_STATE, WIDGET_VIEW, normalize_notebook, pre_save_hook, strip_dead_views

__all__ = [
    "StaticFallback",
    "normalize_notebook",
    "strip_dead_views",
    "pre_save_hook",
    "svg_image",
    "static_block",
    "WIDGET_VIEW",
    "WIDGET_STATE",
    "STATIC_CLASS",
]

STATIC_CLASS = "bglearn-static"
"""The class of the ``<div>`` wrapping every static fallback (browser tests find it by this)."""


def static_block(*parts: str, kind: str = "") -> str:
    """Wrap HTML ``parts`` in the static-fallback ``<div>`` (class :data:`STATIC_CLASS`, plus
    ``bglearn-static-<kind>`` when ``kind`` is given). Each part should be a block element (``<p>``,
    ``<div>``, an ``<img>`` inside a ``<div>``) so texts never run together."""
    cls = STATIC_CLASS + (f" {STATIC_CLASS}-{kind}" if kind else "")
    return f'<div class="{cls}">' + "".join(parts) + "</div>"


class StaticFallback:
    """Mixin for an ipywidgets/anywidget widget class: display it with a static form of its state.

    A class using it (put the mixin *before* the widget base class) defines ``_static_html(self)
    -> str``: an HTML snippet showing its current state (a board picture made with
    :func:`svg_image`, the question text in ``<p>`` blocks) that JupyterLab's sanitiser keeps.
    Displaying the widget then emits one output with three MIME types:

    - ``application/vnd.jupyter.widget-view+json``: the live view (chosen while the kernel runs);
    - ``text/html``: :meth:`_static_html`, wrapped in ``<div class="bglearn-static">`` (chosen in
      an untrusted notebook, and the only form left once a saved notebook is cleaned of views
      whose model is gone, see :func:`strip_dead_views`);
    - ``text/plain``: ``repr(self)``;
    - ``image/svg+xml``, only if the class also defines ``_static_picture(self) -> str | None``
      returning an SVG document (for readers that show SVG but not HTML).

    Every display of the widget gets a display id; :meth:`refresh_static` re-sends the bundle to
    each, so the output saved in the notebook holds the widget *as it is now*. Call it when the
    state a reader should see has changed (a board calls it after each finished turn, a quiz after
    each answer); it re-creates the live view, so do not call it on every keystroke. Set
    ``static_updates = False`` on a class or instance to turn the updates off.
    """

    model_id: str  # the widget's (ipywidgets.Widget); declared here for the type checker only

    static_updates: bool = True

    def _static_html(self) -> str:  # pragma: no cover - the class using the mixin defines it
        raise NotImplementedError(f"{type(self).__name__} must define _static_html() to use StaticFallback.")

    def _static_picture(self) -> str | None:
        """An SVG document showing the current state, if the widget has one (default: none)."""
        return None

    def static_bundle(self) -> dict[str, str]:
        """The static part of the display: ``text/html`` (the picture), ``text/plain`` and, when
        :meth:`_static_picture` gives one, ``image/svg+xml``."""
        bundle = {"text/html": static_block(self._static_html(), kind=type(self).__name__.lower()),
                  "text/plain": repr(self)}
        picture = self._static_picture()
        if picture:
            bundle["image/svg+xml"] = picture
        return bundle

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        """The live widget view plus the static form (see the class docstring)."""
        bundle: dict[str, Any] = dict(self.static_bundle())
        if getattr(self, "_view_name", None) is not None and getattr(self, "comm", None) is not None:
            bundle[WIDGET_VIEW] = {"version_major": 2, "version_minor": 0, "model_id": self.model_id}
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display_id = uuid.uuid4().hex
        ids = self.__dict__.setdefault("_static_display_ids", [])
        ids.append(display_id)
        display(self._repr_mimebundle_(), raw=True, display_id=display_id)

    def refresh_static(self) -> None:
        """Send the current bundle to every place this widget is displayed, so that what a saved
        notebook stores is the widget as it is now (no-op when ``static_updates`` is false or it
        has not been displayed)."""
        ids = self.__dict__.get("_static_display_ids") or []
        if not (self.static_updates and ids):
            return
        from IPython.display import update_display

        bundle = self._repr_mimebundle_()
        for display_id in ids:
            update_display(bundle, raw=True, display_id=display_id)
