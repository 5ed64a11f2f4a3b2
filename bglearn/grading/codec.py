"""The one codec between a sandboxed run and the grader: an answer value as tagged, bounded JSON.

The runner (inside the sandbox, next to the student's code) calls :func:`encode`; the grader (in its own
process) calls :func:`decode` and trusts nothing it reads: every bound is checked again on its side, and
anything the encoder could not have made is ``"invalid"``. Only plain data crosses: ``None``, booleans,
numbers, text, lists/tuples/sets/dicts of them and the engine's two colours — never an object whose
methods could run in the grader.

>>> from bglearn.grading.codec import decode, encode
>>> encode([6, 8])
{'v': {'list': [6, 8]}}
>>> decode(encode((1, [2, "x"])))       # what a submission's answer was, read back without trusting it
('ok', (1, [2, 'x']))
>>> decode({"v": {"eval": "__import__('os')"}})
('invalid', None)

Standard library only (the runner imports this module before any student code runs).
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["encode", "decode", "MAX_NODES", "MAX_CHARS", "MAX_DEPTH"]

MAX_NODES = 2000
"""At most this many values (items, keys, characters/64) in one answer; a real answer has a few dozen."""
MAX_CHARS = 20000
"""At most this many characters of text in one answer."""
MAX_DEPTH = 8
"""At most this deep a nesting of containers in one answer (the decoder allows a little more)."""
_DECODE_DEPTH = 12


class _TooLarge(Exception):
    pass


class _Unsupported(Exception):
    pass


class _Invalid(Exception):
    pass


# Containers read through their base type's own methods (a subclass cannot lie about its items).
_CONTAINERS: tuple[tuple[str, Any], ...] = (("list", list), ("tuple", tuple), ("set", set), ("set", frozenset))


class _Budget:
    """What one answer may still spend: values and characters."""

    def __init__(self) -> None:
        self.nodes = MAX_NODES
        self.chars = MAX_CHARS

    def spend(self, nodes: int, chars: int = 0) -> None:
        self.nodes -= nodes
        self.chars -= chars
        if self.nodes < 0 or self.chars < 0:
            raise _TooLarge


def _player_type() -> Any:
    module = sys.modules.get("bglearn.position")
    return getattr(module, "Player", None) if module is not None else None


def encode(value: Any) -> dict[str, Any]:
    """``value`` as tagged JSON the grader decodes into the same Python value:
    ``{"v": data}``, ``{"too_large": true}`` or ``{"unsupported": type name}``. Data: ``null``,
    ``true``/``false``, numbers, strings, and ``{"list"|"tuple"|"set": [...]}``,
    ``{"dict": [[k, v], ...]}``, ``{"player": 0|1}`` (``bglearn.WHITE`` / ``RED``). Subclasses of
    ``str``/``int``/``float``/``list``... are read as their base type, as ``check()`` reads them.
    Never raises, whatever ``value`` does when it is read."""
    budget = _Budget()
    player = _player_type()

    def enc(v: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise _TooLarge
        budget.spend(1)
        if v is None or v is True or v is False:
            return v
        if player is not None and isinstance(v, player):
            return {"player": int.__int__(v)}
        if isinstance(v, bool):
            return bool.__bool__(v)
        if isinstance(v, int):
            n = int.__int__(v)
            budget.spend(0, 1 + n.bit_length() // 3)
            return n if abs(n) < 2 ** 53 else {"int": str(n)}
        if isinstance(v, float):
            x = float.__float__(v)
            return x if x == x and x not in (float("inf"), float("-inf")) else {"float": repr(x)}
        if isinstance(v, str):
            s = str.__str__(v)
            budget.spend(len(s) // 64, len(s))
            return s
        for kind, base in _CONTAINERS:
            if isinstance(v, base):
                budget.spend(base.__len__(v))
                return {kind: [enc(item, depth + 1) for item in base.__iter__(v)]}
        if isinstance(v, dict):
            budget.spend(dict.__len__(v))
            return {"dict": [[enc(k, depth + 1), enc(val, depth + 1)] for k, val in dict.items(v)]}
        raise _Unsupported(type(v).__name__)

    try:
        return {"v": enc(value, 0)}
    except _TooLarge:
        return {"too_large": True}
    except _Unsupported as exc:
        return {"unsupported": str(exc)[:80]}
    except RecursionError:
        return {"too_large": True}
    except Exception as exc:  # a value that changes while read, a hostile __len__ ...
        return {"unsupported": type(exc).__name__}


def decode(data: Any) -> tuple[str, Any]:
    """An answer as :func:`encode` wrote it, back into its Python value: ``("ok", value)``,
    ``("too_large", None)``, ``("unsupported", type name)`` or ``("invalid", None)`` for anything not
    made by the encoder. The run's own bounds are not trusted: they are checked again here."""
    from ..position import Player

    budget = _Budget()

    def dec(v: Any, depth: int) -> Any:
        if depth > _DECODE_DEPTH:
            raise _TooLarge
        budget.spend(1)
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, str):
            budget.spend(len(v) // 64, len(v))
            return v
        if isinstance(v, (int, float)):
            return v
        if isinstance(v, dict) and len(v) == 1:
            (tag, body), = v.items()
            if isinstance(body, list):
                budget.spend(len(body))
            if tag in ("list", "tuple", "set") and isinstance(body, list):
                items = [dec(x, depth + 1) for x in body]
                return items if tag == "list" else (tuple(items) if tag == "tuple" else set(items))
            if tag == "dict" and isinstance(body, list):
                out = {}
                for pair in body:
                    if not (isinstance(pair, list) and len(pair) == 2):
                        raise _Invalid
                    out[dec(pair[0], depth + 1)] = dec(pair[1], depth + 1)
                return out
            if tag == "player" and body in (0, 1) and not isinstance(body, bool):
                return Player(body)
            if tag == "int" and isinstance(body, str) and len(body) <= 400:
                return int(body)
            if tag == "float" and body in ("nan", "inf", "-inf"):
                return float(body)
        raise _Invalid

    if not isinstance(data, dict) or len(data) != 1:
        return "invalid", None
    (key, body), = data.items()
    if key == "too_large" and body is True:
        return "too_large", None
    if key == "unsupported" and isinstance(body, str):
        return "unsupported", body[:80]
    if key == "v":
        try:
            return "ok", dec(body, 0)
        except _TooLarge:
            return "too_large", None
        except (_Invalid, TypeError, ValueError, RecursionError):
            return "invalid", None
    return "invalid", None
