"""The kit's optional parts ("extras") and the one-line error when one is missing.

The engine, the diagrams and the widgets need only what also runs in the browser (svgwrite,
ipywidgets, anywidget). Everything else comes with an extra of the ``bglearn-kit`` distribution:

- ``lessons``: the Jupyter tools (JupyterLab, Notebook, nbclient, nbformat, ipykernel) that
  ``bglearn lessons``, the exercise notebooks and the grader use;
- ``png``: cairosvg, for PNG export of diagrams.

>>> require("json", "lessons", "reading a notebook").__name__
'json'
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .errors import BglearnError

__all__ = ["DISTRIBUTION", "EXTRAS", "MissingExtraError", "install_hint", "extra_for", "missing_message", "require"]

#: The name the kit is installed under (``bglearn`` on PyPI is an unrelated project).
DISTRIBUTION = "bglearn-kit"

#: Each extra and the top-level modules of the packages it declares (as in pyproject.toml).
EXTRAS: dict[str, tuple[str, ...]] = {
    "lessons": ("jupyterlab", "notebook", "nbclient", "nbformat", "ipykernel"),
    "png": ("cairosvg",),
    "site": ("jupyterlite_core", "jupyterlite_pyodide_kernel", "pyodide_lock"),
}

# Modules that arrive with an extra's packages (their own dependencies), for naming the extra.
_ALSO = {"lessons": ("jupyter_client", "jupyter_server", "jupyter_core", "nbconvert"), "png": ("cairocffi",)}


class MissingExtraError(BglearnError, ModuleNotFoundError):
    """A part of the kit was used whose optional dependencies are not installed; the message names
    the extra to install. It is a :class:`ModuleNotFoundError` too, so ``except ImportError`` still works."""


def install_hint(extra: str) -> str:
    """The command that adds ``extra`` to an installed kit: ``pip install 'bglearn-kit[lessons]'``
    (pip sees the kit is installed, from a clone or otherwise, and installs only the extra's packages)."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def extra_for(module: str | None) -> str | None:
    """The extra that provides ``module`` (a dotted name is looked up by its top level), or None."""
    if not module:
        return None
    top = module.split(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules or top in _ALSO.get(extra, ()):
            return extra
    return None


def missing_message(module: str, purpose: str | None = None) -> str | None:
    """The one-line explanation for a missing ``module`` of an extra, or None if no extra provides it."""
    extra = extra_for(module)
    if extra is None:
        return None
    top = module.split(".")[0]
    what = f"{purpose} needs" if purpose else "this needs"
    return f"{what} {top}, which comes with the kit's '{extra}' extra: {install_hint(extra)}"


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module`` (part of ``extra``) or raise :class:`MissingExtraError` saying, in one line,
    that ``purpose`` needs it and how to install it."""
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        top = (exc.name or module).split(".")[0]
        error = MissingExtraError(f"{purpose} needs {top}, which comes with the kit's '{extra}' extra: "
                                  f"{install_hint(extra)}")
        error.name = top
        raise error from None
