"""The wheel carries the course: this build step copies the lessons, the glossary, the exercise
notebooks and the exercise texts from the repository's ``notebooks/`` and ``exercises/`` folders into
the package as ``bglearn/course/`` (package data, read by :mod:`bglearn.course_files`). An editable
install (``pip install -e .``) copies nothing: it reads the repository's folders in place.

It also installs the Jupyter server configuration that enables the kit's save hook in every Jupyter
server of the environment (``etc/jupyter/jupyter_server_config.d/bglearn.json``, setuptools data files;
:mod:`bglearn.jupyter_server_ext`). Everything else about the build is in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# What the course is, as globs under the repository (each language's folder included).
COURSE = ("notebooks/*.ipynb", "notebooks/*/*.ipynb",
          "exercises/*.ipynb", "exercises/*/*.ipynb", "exercises/src/*.md", "exercises/src/*/*.md")


class BuildPyWithCourse(build_py):
    """``build_py`` that also copies the course into ``<build>/bglearn/course/``. A source tree without
    the course (the website's browser-only copy of the kit) builds a wheel without it."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "bglearn" / "course"
        for pattern in COURSE:
            for source in sorted(HERE.glob(pattern)):
                relative = source.relative_to(HERE)
                if any(part.startswith(".") for part in relative.parts):  # .ipynb_checkpoints and the like
                    continue
                dest = target / relative
                self.mkpath(str(dest.parent))
                self.copy_file(str(source), str(dest))


SERVER_CONFIG = "etc/jupyter/jupyter_server_config.d"

setup(
    cmdclass={"build_py": BuildPyWithCourse},
    data_files=[(SERVER_CONFIG, [f"{SERVER_CONFIG}/bglearn.json"])],
)
