"""Canonical states compared: their hash and the minimal difference between two of them.

A canonical state (``State.canonical()``, model/core/game.py) is plain JSON. Two are equal iff
their canonical JSON text (sorted keys, compact separators) is equal; :func:`canonical_hash` is the
SHA-256 of that text, what traces store per step and at the end. :func:`diff` lists where two
states differ, path by path (``countries.Iraq.sleepers: expected 2, found 3``), going down into
objects and equal-length lists, and reporting a list of scalars that changed length as the items
missing and the items extra, so that a divergence report shows only what differs.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

MISSING = "<absent>"


def canonical_json(value: Any) -> str:
    """Sorted keys, ``,``/``:`` separators, non-ASCII escaped as ``\\uXXXX`` (as ``action_key``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def canonical_hash(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON text of ``value`` (a canonical state)."""
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()


def diff(expected: Any, found: Any, path: str = "", limit: int = 50) -> list[dict]:
    """Where ``found`` differs from ``expected``: ``[{"path", "expected", "found"}]`` (at most
    ``limit`` entries; a last entry with path ``"..."`` says how many more there were)."""
    out: list[dict] = []
    _diff(expected, found, path, out)
    if len(out) > limit:
        more = len(out) - limit
        out = out[:limit] + [{"path": "...", "expected": None, "found": f"{more} more differences"}]
    return out


def _scalar(x: Any) -> bool:
    return not isinstance(x, (dict, list))


def _diff(e: Any, f: Any, path: str, out: list[dict]) -> None:
    if isinstance(e, dict) and isinstance(f, dict):
        for k in sorted(set(e) | set(f)):
            sub = f"{path}.{k}" if path else str(k)
            if k not in f:
                out.append({"path": sub, "expected": e[k], "found": MISSING})
            elif k not in e:
                out.append({"path": sub, "expected": MISSING, "found": f[k]})
            else:
                _diff(e[k], f[k], sub, out)
        return
    if isinstance(e, list) and isinstance(f, list):
        if len(e) == len(f):
            for i, (x, y) in enumerate(zip(e, f)):
                _diff(x, y, f"{path}[{i}]", out)
            return
        if all(_scalar(x) for x in e + f):
            ce, cf = Counter(map(canonical_json, e)), Counter(map(canonical_json, f))
            missing = [json.loads(k) for k in sorted((ce - cf).elements())]
            extra = [json.loads(k) for k in sorted((cf - ce).elements())]
            out.append({"path": path, "expected": e, "found": f, "missing": missing, "extra": extra})
            return
    if type(e) is not type(f) or e != f:
        out.append({"path": path or "(state)", "expected": e, "found": f})


def render(entries: list[dict]) -> list[str]:
    """One line per difference, for a report."""
    lines = []
    for x in entries:
        if "missing" in x:
            parts = []
            if x["missing"]:
                parts.append(f"missing {canonical_json(x['missing'])}")
            if x["extra"]:
                parts.append(f"extra {canonical_json(x['extra'])}")
            lines.append(f"{x['path']}: {', '.join(parts)}")
        elif x["path"] == "...":
            lines.append(f"... {x['found']}")
        else:
            lines.append(f"{x['path']}: expected {_short(x['expected'])}, found {_short(x['found'])}")
    return lines


def _short(v: Any, width: int = 120) -> str:
    text = v if v == MISSING else canonical_json(v)
    return text if len(text) <= width else text[: width - 1] + "…"


def action_set_diff(expected: list, found: list) -> dict:
    """Two legal-action lists compared as sets (by canonical JSON): what is missing, what is extra."""
    e = {canonical_json(a): a for a in expected}
    f = {canonical_json(a): a for a in found}
    return {"missing": [e[k] for k in sorted(set(e) - set(f))],
            "extra": [f[k] for k in sorted(set(f) - set(e))]}
