"""Former name of :mod:`bglearn.site.bytecode`, kept for one release: import from
``bglearn.site.bytecode`` instead. Importing this module warns (``DeprecationWarning``).

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from bglearn.site_bytecode import pyc_path
>>> pyc_path("pkg/mod.py", "cpython-314")
'pkg/__pycache__/mod.cpython-314.pyc'
"""

from __future__ import annotations

import warnings

from .site.bytecode import *  # noqa: F403  (the alias re-exports the module's public names)
from .site.bytecode import __all__ as __all__

warnings.warn("bglearn.site_bytecode is now bglearn.site.bytecode; this alias goes in the next release",
              DeprecationWarning, stacklevel=2)
