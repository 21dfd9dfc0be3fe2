"""Game options: the part of their validation every game shares. A game's ``normalize_options``
starts from :func:`merged` (its defaults, then the options given, each name known) and then checks
each value its own way; every refusal is a one-line DataError starting ``options:``."""
from __future__ import annotations

from cdg_oracle.model.core.errors import DataError


def merged(options: dict | None, defaults: dict) -> dict:
    """``defaults`` with ``options`` over them; a non-mapping or an unknown name is refused."""
    out = dict(defaults)
    if options is None:
        return out
    if not isinstance(options, dict):
        raise DataError(f"options: must be an object with {', '.join(defaults)}")
    for k in options:
        if k not in defaults:
            raise DataError(f"options: unknown option {k!r} (known: {', '.join(defaults)})")
    out.update(options)
    return out
