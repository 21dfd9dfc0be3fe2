"""The game options of A Distant Plain: every fact no source gives that play needs is a named option
with a neutral default, and each is a registered gap (data/gaps.yaml) that traces and ``cdg-oracle
rules`` report. A bad option is refused in one line.

* ``control`` (gap ``control_definition``): how a space's Control is decided; the aid uses COIN
  Control and Taliban Control but never defines them. ``coin_series`` (default): the reading every
  COIN-series rulebook states elsewhere, COIN Control where Coalition and Government pieces outnumber
  Taliban and Warlords pieces together, Taliban Control where Taliban pieces outnumber all others
  (background, not a source here: flagged); ``none``: no space is ever controlled.
* ``pakistan_control`` (gap ``pakistan_control``): whether a Pakistan space can be controlled
  (default true: the aid states no exception).
"""
from __future__ import annotations

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.options import merged

DEFAULT_OPTIONS = {"control": "coin_series", "pakistan_control": True}
CHOICES = {"control": ("coin_series", "none"), "pakistan_control": (True, False)}
GAPS = {"control": "control_definition", "pakistan_control": "pakistan_control"}


def normalize_options(options: dict | None) -> dict:
    """The full options dict for ``options`` (None: the defaults)."""
    out = merged(options, DEFAULT_OPTIONS)
    for k, v in out.items():
        if v not in CHOICES[k] or type(v) is not type(CHOICES[k][0]):
            raise DataError(f"options: {k} cannot be {v!r} (choices: {list(CHOICES[k])})")
    return out
    if not isinstance(options, dict):
        raise DataError(f"options: must be an object with {', '.join(DEFAULT_OPTIONS)}")
    for k, v in options.items():
        if k not in DEFAULT_OPTIONS:
            raise DataError(f"options: unknown option {k!r} (known: {', '.join(DEFAULT_OPTIONS)})")
        if v not in CHOICES[k] or type(v) is not type(CHOICES[k][0]):
            raise DataError(f"options: {k} cannot be {v!r} (choices: {list(CHOICES[k])})")
        out[k] = v
    return out
