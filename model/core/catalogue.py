"""A game's rule catalogue: every numbered rule and section heading of its rulebook, as data.

Each game keeps one YAML file (``model/<game>/data/rules.yaml``) with one entry per numbered rule or
heading, in rulebook order, each with its number exactly as printed, a short English title and a
scope (the part of the game it belongs to; each game names its own scopes) and, for a rule that
rests on a fact no source gives, ``gap``: the id of that gap in the game's register (``cdg-oracle
rules`` then reports the rule as resting on the gap, not as forgotten):

```yaml
rules:
  - {number: "1.0", title: "Introduction", scope: general}
  - {number: "2.1.4", title: "Battleground countries", scope: general}
```

``cdg-oracle rules`` joins a catalogue with the citation registry (``cdg_oracle.model.core.citations``)
to report every rule as implemented or not. This module is the machinery, once: the file is read with
the strict reader (``model/core/yamlio.py``) and validated on load (numbers well formed, unique, in
rulebook order, each heading catalogued before the rules under it; titles single lines; scopes among
the game's). Every problem raises ``DataError`` with one line: ``<file>: rule <n>: <what is wrong>``.
A game's module makes its loader with :func:`catalogue_loader` (its file, its scopes).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

_KEYS = frozenset({"number", "title", "scope", "gap"})

# "2.0" (a chapter heading), "2.1", "4.10", "7.2.1.3", "9.4.2.6.1": at least two parts, no leading
# zeros, and a zero only as the second part of a two-part chapter heading.
_NUMBER = re.compile(r"[1-9][0-9]*(?:\.(?:0|[1-9][0-9]*))(?:\.[1-9][0-9]*)*")


@dataclass(frozen=True)
class RuleEntry:
    """One numbered rule or section heading of the rulebook."""

    number: str
    title: str
    scope: str
    gap: str | None = None  # the game's gap this rule rests on, when no source gives what it needs


#: A named rule (a rulebook without numbers, such as a player aid): dotted lowercase words,
#: ``coalition``, ``coalition.train``, ``propaganda.resources``; a heading is the part before the last dot.
_NAME = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*")


def _name_problem(name: str) -> str | None:
    """Why ``name`` is not a well-formed rule name, or None if it is."""
    if not _NAME.fullmatch(name):
        return "bad name format (expected dotted lowercase words, e.g. 'coalition.train')"
    return None


def _number_problem(number: str) -> str | None:
    """Why ``number`` is not a well-formed rule number, or None if it is."""
    if not _NUMBER.fullmatch(number):
        return "bad number format (expected e.g. '7.2', '7.2.1.3' or a chapter heading '7.0')"
    parts = number.split(".")
    if len(parts) > 2 and parts[1] == "0":
        return "bad number format (only a chapter heading like '7.0' may have a zero part)"
    return None


def rule_sort_key(number: str) -> tuple[int, ...]:
    """Sort key in rulebook order: '7.2.10' after '7.2.9', '7.0' before '7.1', '7.2' before '7.2.1'.

    Raises ValueError for anything that is not a rule number.
    """
    if not isinstance(number, str) or _number_problem(number) is not None:
        raise ValueError(f"not a rule number: {number!r}")
    return tuple(int(part) for part in number.split("."))


def _parent(number: str) -> str | None:
    """The heading a rule sits under: '7.2.1.3' -> '7.2.1', '7.2' -> '7.0', '7.0' -> None."""
    parts = number.split(".")
    if len(parts) > 2:
        return ".".join(parts[:-1])
    if parts[1] != "0":
        return f"{parts[0]}.0"
    return None


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _entry_label(raw: object, index: int) -> str:
    """How an entry is named in an error message: its number if it has a usable one."""
    if isinstance(raw, dict):
        number = raw.get("number")
        if isinstance(number, str) and number.strip():
            return _one_line(number)
        if number is not None and not isinstance(number, (dict, list)):
            return _one_line(repr(number))
    return f"#{index + 1}"


def load_catalogue(path: str | Path, scopes: Sequence[str], named: bool = False) -> tuple[RuleEntry, ...]:
    """Every entry of the catalogue file ``path``, validated, in rulebook order; ``scopes`` are the
    game's allowed scopes. ``named``: the rules are named, not numbered (a source without rule
    numbers): each ``number`` is a dotted name, the file's order is the rulebook's, and a heading is
    the name before the last dot. Raises ``DataError`` (one line) if the file is malformed."""
    path = Path(path)
    where = str(path)
    scope_list = ", ".join(scopes)

    def fail(entry: str, what: str) -> DataError:
        return DataError(f"{where}: rule {entry}: {_one_line(what)}")

    data = read_yaml(path, f"{where}: rule -")  # the one strict reader (model/core/yamlio.py)

    if not isinstance(data, dict) or "rules" not in data:
        raise fail("-", "expected a mapping with a top-level 'rules' list")
    extra = sorted(str(k) for k in data if k != "rules")
    if extra:
        raise fail("-", f"unknown top-level key(s): {', '.join(extra)}")
    raw_rules = data["rules"]
    if not isinstance(raw_rules, list) or not raw_rules:
        raise fail("-", "'rules' must be a non-empty list")

    entries: list[RuleEntry] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_rules):
        label = _entry_label(raw, index)
        if not isinstance(raw, dict):
            raise fail(label, f"entry must be a mapping with keys number, title, scope; got {type(raw).__name__}")
        unknown = sorted(str(k) for k in raw if k not in _KEYS)
        if unknown:
            raise fail(label, f"unknown key(s): {', '.join(unknown)} (allowed: number, title, scope, gap)")

        if "number" not in raw or raw["number"] is None:
            raise fail(label, "missing number")
        number = raw["number"]
        if not isinstance(number, str):
            raise fail(label, f"number must be a quoted string (e.g. \"7.10\"), got {type(number).__name__} {number!r}")
        problem = _name_problem(number) if named else _number_problem(number)
        if problem:
            raise fail(label, f"{problem}: {number!r}")
        if number in seen:
            raise fail(label, f"duplicate number (first at entry #{seen[number] + 1})")
        if not named and entries and rule_sort_key(number) <= rule_sort_key(entries[-1].number):
            raise fail(label, f"out of order (comes after {entries[-1].number})")
        parent = (number.rpartition(".")[0] or None) if named else _parent(number)
        if parent is not None and parent not in seen:
            raise fail(label, f"its heading {parent} is not catalogued before it")

        title = raw.get("title")
        if title is None or (isinstance(title, str) and not title.strip()):
            raise fail(label, "missing title")
        if not isinstance(title, str):
            raise fail(label, f"title must be a string, got {type(title).__name__}")
        if "\n" in title.strip() or title != title.strip():
            raise fail(label, "title must be a single line without leading or trailing spaces")

        scope = raw.get("scope")
        if scope is None:
            raise fail(label, f"missing scope (one of {scope_list})")
        if scope not in scopes:
            raise fail(label, f"bad scope {scope!r} (one of {scope_list})")

        gap = raw.get("gap")
        if gap is not None and (not isinstance(gap, str) or not _NAME.fullmatch(gap)):
            raise fail(label, f"gap must be the id of a gap of the game (a lowercase word), got {gap!r}")

        seen[number] = index
        entries.append(RuleEntry(number=number, title=title, scope=scope, gap=gap))
    return tuple(entries)


def catalogue_loader(default_path: Path, scopes: Sequence[str], named: bool = False) -> Callable[..., tuple[RuleEntry, ...]]:
    """A game's ``load_rules_catalogue(path=None)``: with no argument, the game's packaged file
    ``default_path`` (loaded once, then cached; a failed load is not cached); with a path, that file,
    read afresh each call. Either way validated against the game's ``scopes`` (``named``: rules
    named, not numbered, :func:`load_catalogue`)."""
    scopes = tuple(scopes)

    @functools.lru_cache(maxsize=1)
    def load_default() -> tuple[RuleEntry, ...]:
        return load_catalogue(default_path, scopes, named)

    def load_rules_catalogue(path: str | Path | None = None) -> tuple[RuleEntry, ...]:
        """Every numbered rule of the rulebook, in rulebook order.

        With no argument, the packaged ``data/rules.yaml`` (loaded once, then cached). With a path,
        that file (read afresh each call). Raises ``DataError`` (one line) if the file is malformed.
        """
        if path is None:
            return load_default()
        return load_catalogue(path, scopes, named)

    return load_rules_catalogue


__all__ = ["RuleEntry", "catalogue_loader", "load_catalogue", "rule_sort_key"]
