"""Former name of :mod:`bglearn.site` (the website builder), kept for one release: import from
``bglearn.site`` instead. Importing this module warns (``DeprecationWarning``).

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from bglearn.browser_site import build_site
>>> build_site.__module__
'bglearn.site.build'
"""

from __future__ import annotations

import warnings

from .site import *  # noqa: F403  (the alias re-exports the wing's public names)
from .site import __all__ as __all__

warnings.warn("bglearn.browser_site is now bglearn.site; this alias goes in the next release",
              DeprecationWarning, stacklevel=2)
