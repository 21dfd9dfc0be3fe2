"""Golden summaries, for every game's scenario regression: a canonical, readable JSON record of a
scenario's set-up (the game's ``scenario_checks.summary``), written once and compared field by
field on every check.

:func:`golden_text` serialises a summary (sorted keys, ASCII, two-space indent, a plain list or
object on one line when it fits: the same dict always gives the same bytes, and the file reads as
a table); :func:`read_golden` reads one back (a one-line DataError for a file that is not a JSON
object); :func:`diff_summaries` reports each difference on one line, ``"<path>: golden <old>, now
<new>"``, a record's field missing on one side counting as that field's default (``records``:
top-level key -> the defaults of its records' fields, Labyrinth's ``countries``).
"""
from __future__ import annotations

import json
from pathlib import Path

from cdg_oracle.model.core.errors import DataError

WIDTH = 110
_ABSENT = object()


def golden_text(s: dict) -> str:
    """The canonical bytes of a summary (module docstring), with a final newline."""
    return _render(s, 0, 0) + "\n"


def _render(v, indent: int, used: int) -> str:
    flat = json.dumps(v, sort_keys=True, ensure_ascii=True)
    if not isinstance(v, (dict, list)) or not v:
        return flat
    plain = all(not isinstance(x, (dict, list)) for x in (v.values() if isinstance(v, dict) else v))
    if plain and indent + used + len(flat) <= WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(v, dict):
        items = []
        for k in sorted(v):
            key = json.dumps(str(k), ensure_ascii=True) + ": "
            items.append(pad + key + _render(v[k], indent + 2, len(key)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + _render(x, indent + 2, 0) for x in v) + "\n" + " " * indent + "]"


def shown(path: Path, root: Path) -> str:
    """A golden file's path as reports show it: relative to ``root`` (the repository) when inside it."""
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def read_golden(path: Path) -> dict | None:
    """The golden summary in ``path``, or None if there is none."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise DataError(f"{path}: not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    if not isinstance(data, dict):
        raise DataError(f"{path}: top level: expected a JSON object")
    return data


def _fmt(v) -> str:
    if v is _ABSENT:
        return "(absent)"
    if v is None:
        return "none"
    if isinstance(v, str):
        return v
    return json.dumps(v, sort_keys=True)


def _same(a, b) -> bool:
    if a is _ABSENT or b is _ABSENT:
        return a is b
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)  # 1 != true, 1 != 1.0


def diff_summaries(golden: dict, now: dict, records: dict[str, dict] | None = None) -> list[str]:
    """Every field that differs, one line each: ``"<path>: golden <old>, now <new>"``. Paths are
    dotted; under a key of ``records`` a record's fields are named ``<record>.<field>`` and a field
    missing on one side counts as its default there (``Iraq.troops: golden 0, now 1``)."""
    out: list[str] = []
    _diff(golden, now, "", out, records or {})
    return out


def _diff(g, n, path: str, out: list[str], records: dict) -> None:
    if isinstance(g, dict) and isinstance(n, dict):
        for k in sorted(set(g) | set(n), key=str):
            sub = f"{path}.{k}" if path else str(k)
            if sub in records and isinstance(g.get(k), dict) and isinstance(n.get(k), dict):
                _diff_records(g[k], n[k], out, records[sub], records)
            else:
                _diff(g.get(k, _ABSENT), n.get(k, _ABSENT), sub, out, records)
        return
    if not _same(g, n):
        out.append(f"{path}: golden {_fmt(g)}, now {_fmt(n)}")


def _diff_records(g: dict, n: dict, out: list[str], defaults: dict, records: dict) -> None:
    for name in sorted(set(g) | set(n)):
        gc, nc = g.get(name) or {}, n.get(name) or {}
        if not isinstance(gc, dict) or not isinstance(nc, dict):
            _diff(g.get(name, _ABSENT), n.get(name, _ABSENT), name, out, records)
            continue
        for field in sorted(set(gc) | set(nc)):
            default = defaults.get(field, _ABSENT)
            gv, nv = gc.get(field, default), nc.get(field, default)
            if not _same(gv, nv):
                out.append(f"{name}.{field}: golden {_fmt(gv)}, now {_fmt(nv)}")


def compare(path: Path, root: Path, now: dict, builtin: bool, stem: str, update_hint: str,
            records: dict[str, dict] | None = None) -> tuple[str | None, list[str], list[str], list[str]]:
    """Compare a scenario's summary ``now`` with its golden file ``path``: ``(compared, problems,
    differences, checked)``. A built-in scenario without a golden file is a problem (``update_hint``
    says how to write one); a file elsewhere without one is compared with nothing."""
    old = read_golden(path)
    if old is not None:
        differences = diff_summaries(old, now, records)
        return shown(path, root), list(differences), differences, ["golden"]
    if builtin:
        return None, [f"no golden file {shown(path, root)} (write it with: {update_hint})"], [], []
    return None, [], [], [f"no golden file for {stem!r}"]


def scenario_result(name: str, now: dict, problems: list[str], checked: list[str], path: Path, root: Path,
                    builtin: bool, stem: str, update_hint: str, use_golden: bool = True) -> dict:
    """One scenario's check as ``cdg-oracle scenario check`` reports it: the game's own ``problems``
    and ``checked``, then (``use_golden``) the comparison with its golden file (:func:`compare`):
    ``{"scenario", "ok", "problems", "golden", "differences", "checked"}``."""
    problems, checked = list(problems), list(checked)
    differences: list[str] = []
    compared = None
    if use_golden:
        compared, more, differences, also = compare(path, root, now, builtin, stem, update_hint)
        problems += more
        checked += also
    return {"scenario": str(name), "ok": not problems, "problems": problems, "golden": compared,
            "differences": differences, "checked": checked}


def is_builtin(name_or_path: str | Path, directory: Path, names: list[str]) -> bool:
    """Whether a scenario, by name or by a path to a YAML file, is one of the game's own (``names``,
    the files of ``directory``)."""
    p = Path(str(name_or_path))
    if p.suffix != ".yaml":
        return str(name_or_path) in names
    return p.resolve() == (directory / p.name).resolve()
