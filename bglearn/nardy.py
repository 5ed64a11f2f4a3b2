"""Deprecated alias of :mod:`bglearn.variants.long_nardy`, kept for one release: Long Nardy now lives
in the variants wing. Import from ``bglearn.variants.long_nardy`` (or ask
``bglearn.variants.find_variant("long-nardy")``) instead.

>>> from bglearn.variants.long_nardy import opposite   # the new home of every name below
>>> opposite(24)
12
"""

from __future__ import annotations

import warnings

from .variants.long_nardy import (
    HEAD,
    OPPOSITE,
    VARIANT,
    LongNardyPosition,
    head_limit,
    nardy_result_kind,
    nardy_sequences,
    opposite,
    six_block,
)

__all__ = ["VARIANT", "HEAD", "OPPOSITE", "LongNardyPosition", "opposite", "head_limit", "six_block",
           "nardy_sequences", "nardy_result_kind"]

warnings.warn("bglearn.nardy is now bglearn.variants.long_nardy; this alias goes in the next release",
              DeprecationWarning, stacklevel=2)
