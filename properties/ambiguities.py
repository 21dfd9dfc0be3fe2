"""The ambiguity and errata registry of a game, as data: every known discrepancy between translations
of its rulebook and every known ambiguity or contradiction, each with its readings, the reading the
model follows and the ``Rulings`` switch (if any) that executes the others. The entries are the
one declaration of the switches: the game's ``Rulings`` class is built from them
(``model/core/rulings.py``, ``rulings_class``), so adding a switch is writing its entry.

This module is the machinery, once, for every game; a game's registry module
(``properties/<game>/registry.py``) declares an :class:`AmbiguityRegistry`: its folder, its rule
catalogue, its ``Rulings`` class, its card numbers, the form of its entry ids and its seed files.
The entries are YAML files in the game's folder (``model/<game>/data/ambiguities/*.yaml``: model
data, since the model reads its switches from them), read in
name order with the strict reader of ``model/core/yamlio.py`` (duplicate keys refused) and
validated on load: a problem raises :class:`cdg_oracle.model.core.errors.DataError` with one line
naming the file, the entry and the fault. One entry:

```yaml
- id: D01                      # the game's id form (Labyrinth: D01-D99, A01-A99, P01-P99; P: the project's own)
  kind: discrepancy            # discrepancy (the translations differ) | ambiguity | contradiction
  severity: CRIT               # CRIT | HIGH | MED | LOW (the dossier's grade, else the project's)
  title: "4.8.1: are numbered Plot markers reusable?"
  rules: ["4.8.1", "8.5.6"]    # rule numbers of the game's rule catalogue (model/<game>/data/rules.yaml)
  cards: []                    # card numbers of the game
  texts:                       # the words of the rulebooks, quoted from the seed files as they stand
    - {seed: "000", lang: it, text: "..."}
  english: "..."               # an English rendering of what the texts say and where they differ
  readings:                    # reading id -> what it says
    reusable: "..."
    single_use: "..."
  default: reusable            # the reading the model follows by default
  basis: rulebook_consistency  # why: errata | faq | card_clarification | worked_example |
                               #      rulebook_consistency | majority_of_translations | project_decision
  why: "..."
  effect: play                 # play: the readings lead to different play, executed by ``switch``;
                               # none: no effect on play (a translation slip, a wording); pending:
                               # different play, no switch yet (reported, never faked)
  switch: plot_markers_reusable   # a field of the game's Rulings class (effect play), else absent
  values: {reusable: true, single_use: false}   # reading -> the switch's value (effect play); the
                               # default reading's value is the switch's default, and the values'
                               # type (bool, int or str) the switch's type
  ruling:                      # declares the switch: exactly one entry naming it carries this block
    order: 36                  # its place among the game's switches: 1, 2, ... (Rulings.describe(),
                               # ``cdg-oracle rules --rulings``, the measurement list them in order)
    question: "4.8.1: do numbered Plot markers return to Available ...?"   # what --rulings prints
    source: "seed_labyrinth.md D01 (resolution: reusable; ...)"           # where the default comes from
    choices: [true, false]     # optional: every value of the switch, in this order (default: the
                               # values of ``values``, in reading order)
  no_switch: "..."             # effect none or pending: why there is no switch
  source: "seed_labyrinth.md D01"
```

Checks on load: ids unique and well formed; rule numbers in the rule catalogue; card numbers the
game's; every text's seed file and language known; the default among the readings; with
``effect: play`` the switch exists, ``values`` gives a legal value of it for every reading, and the
default reading maps to the switch's default; a ``ruling`` block only with ``effect: play``, well
formed (``model/core/rulings.py``, ``declaration``) and declaring the switch as the game's
``Rulings`` class has it (a registry folder given in place of the game's own may not redeclare a
switch). :meth:`AmbiguityRegistry.coverage_problems` checks the other direction: every ``Rulings``
switch is named by an entry and declared by exactly one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.rulings import Rulings, declaration
from cdg_oracle.model.core.yamlio import read_yaml

KINDS = ("discrepancy", "ambiguity", "contradiction")
SEVERITIES = ("CRIT", "HIGH", "MED", "LOW")
BASES = ("errata", "faq", "card_clarification", "worked_example", "rulebook_consistency",
         "majority_of_translations", "project_decision")
EFFECTS = ("play", "none", "pending")
FIELDS = {"id", "kind", "severity", "title", "rules", "cards", "texts", "english", "readings", "default",
          "basis", "why", "effect", "switch", "values", "ruling", "no_switch", "source"}
REQUIRED = FIELDS - {"switch", "values", "ruling", "no_switch"}


@dataclass(frozen=True)
class Entry:
    id: str
    kind: str
    severity: str
    title: str
    rules: tuple[str, ...]
    cards: tuple[int, ...]
    texts: tuple[dict, ...]
    english: str
    readings: dict[str, str]
    default: str
    basis: str
    why: str
    effect: str
    switch: str | None
    values: dict[str, Any]
    no_switch: str | None
    source: str
    file: str
    declares: bool = False  # its ``ruling`` block declares the switch

    def alternatives(self) -> list[str]:
        """The readings other than the default, in the order the entry gives them."""
        return [r for r in self.readings if r != self.default]

    def rulings_for(self, reading: str) -> dict:
        """The ``Rulings`` dict that executes ``reading`` (empty for the default)."""
        if self.switch is None:
            raise ValueError(f"{self.id}: no switch executes its readings ({self.effect})")
        return {self.switch: self.values[reading]}


@dataclass(frozen=True)
class AmbiguityRegistry:
    """One game's registry: where its entries are and what they are checked against.

    ``rules`` is the game's rule-catalogue loader (entries with a ``number``), ``rulings`` its
    ``Rulings`` class, ``cards`` its card numbers (a range), ``id_pattern`` the form of an entry id
    and ``id_hint`` how an error message names that form, ``seeds`` seed file number -> language.
    """

    directory: Path
    rules: Callable[[], Iterable[Any]]
    rulings: type[Rulings]
    cards: range
    id_pattern: re.Pattern
    id_hint: str
    seeds: Mapping[str, str]

    def load(self, directory: Path | None = None) -> tuple[Entry, ...]:
        """Every entry of the registry (the game's folder, or ``directory``), validated, in file
        then entry order."""
        directory = Path(self.directory if directory is None else directory)
        files = sorted(directory.glob("*.yaml"))
        if not files:
            raise DataError(f"{directory}: no registry file (*.yaml) in this folder")
        switches = {s["name"]: s for s in self.rulings.describe()}
        rules = {r.number for r in self.rules()}
        out: list[Entry] = []
        seen: dict[str, str] = {}
        for path in files:
            for entry in self._load_file(path, switches, rules):
                if entry.id in seen:
                    raise DataError(f"{path.name}: {entry.id}: given twice (also in {seen[entry.id]})")
                seen[entry.id] = path.name
                out.append(entry)
        return tuple(out)

    def coverage_problems(self, entries: tuple[Entry, ...]) -> list[str]:
        """Every ``Rulings`` switch must be named by an entry and declared by exactly one (the other
        direction is checked on load)."""
        named = {e.switch for e in entries if e.switch}
        declared = [e.switch for e in entries if e.declares]
        out = []
        for s in self.rulings.describe():
            if s["name"] not in named:
                out.append(f"switch {s['name']} is named by no registry entry")
            elif declared.count(s["name"]) != 1:
                out.append(f"switch {s['name']} is declared by {declared.count(s['name'])} entries (a ruling block), "
                           "not one")
        return out

    def _load_file(self, path: Path, switches: dict, rules: set) -> list[Entry]:
        where = path.name
        raw = read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)
        if not isinstance(raw, dict) or set(raw) != {"entries"} or not isinstance(raw["entries"], list):
            raise DataError(f"{where}: expected exactly one key 'entries' holding a list")
        return [self._entry(where, k, e, switches, rules) for k, e in enumerate(raw["entries"], 1)]

    def _entry(self, where: str, k: int, e: Any, switches: dict, rules: set) -> Entry:
        label = f"{where}: entry #{k}"
        if not isinstance(e, dict):
            raise DataError(f"{label}: not a mapping")
        if isinstance(e.get("id"), str):
            label = f"{where}: {e['id']}"

        def fail(msg: str) -> DataError:
            return DataError(f"{label}: {msg}")

        missing = REQUIRED - set(e)
        if missing:
            raise fail(f"missing {', '.join(sorted(missing))}")
        unknown = set(e) - FIELDS
        if unknown:
            raise fail(f"unknown field {', '.join(sorted(unknown))}")
        if not isinstance(e["id"], str) or not self.id_pattern.match(e["id"]):
            raise fail(f"id {e['id']!r} is not {self.id_hint}")
        for f in ("title", "english", "why", "source"):
            if not isinstance(e[f], str) or not e[f].strip():
                raise fail(f"{f} must be a non-empty text")
        for f, allowed in (("kind", KINDS), ("severity", SEVERITIES), ("basis", BASES), ("effect", EFFECTS)):
            if e[f] not in allowed:
                raise fail(f"{f} {e[f]!r} is not one of {', '.join(allowed)}")
        if not isinstance(e["rules"], list) or not all(isinstance(r, str) for r in e["rules"]):
            raise fail("rules must be a list of rule numbers (texts)")
        for r in e["rules"]:
            if r not in rules:
                raise fail(f"rule {r!r} is not in the rule catalogue")
        cards = self.cards
        if not isinstance(e["cards"], list) or \
                not all(isinstance(c, int) and c in cards for c in e["cards"]):
            raise fail(f"cards must be a list of card numbers {cards.start}-{cards.stop - 1}")
        if not e["rules"] and not e["cards"]:
            raise fail("names no rule and no card")
        texts = e["texts"]
        if not isinstance(texts, list) or not texts:
            raise fail("texts must be a non-empty list of {seed, lang, text}")
        for t in texts:
            if not isinstance(t, dict) or set(t) != {"seed", "lang", "text"}:
                raise fail("each text is {seed, lang, text}")
            if t["seed"] not in self.seeds:
                raise fail(f"text seed {t['seed']!r} unknown (one of {', '.join(self.seeds)})")
            if t["lang"] != self.seeds[t["seed"]]:
                raise fail(f"text of seed {t['seed']} is in {self.seeds[t['seed']]!r}, not {t['lang']!r}")
            if not isinstance(t["text"], str) or not t["text"].strip():
                raise fail("a text is empty")
        readings = e["readings"]
        if not isinstance(readings, dict) or len(readings) < 2 or \
                not all(isinstance(r, str) and isinstance(s, str) and s.strip() for r, s in readings.items()):
            raise fail("readings must map two or more reading ids to what each says")
        if e["default"] not in readings:
            raise fail(f"default {e['default']!r} is not one of its readings")
        switch, values, no_switch = e.get("switch"), e.get("values"), e.get("no_switch")
        if e["effect"] == "play":
            if switch not in switches:
                raise fail(f"effect play needs a switch of {self.rulings.__name__}; {switch!r} is none")
            sw = switches[switch]
            if not isinstance(values, dict) or set(values) != set(readings):
                raise fail(f"values must give the switch {switch}'s value for each reading ({', '.join(readings)})")
            for r, v in values.items():
                if v not in sw["choices"]:
                    raise fail(f"reading {r}: {v!r} is not a value of {switch} ({sw['choices']})")
            if values[e["default"]] != sw["default"]:
                raise fail(f"the default reading {e['default']} is {switch}={values[e['default']]!r}, "
                           f"but the switch's default is {sw['default']!r}")
            if no_switch is not None:
                raise fail("effect play has a switch: no_switch must be absent")
            declared = declaration(e, where)  # the model's own reading of the block (one-line errors)
            if declared is not None:
                names = [s["name"] for s in self.rulings.describe()]
                if (declared.default, list(declared.choices), declared.question, declared.source,
                        declared.order) != (sw["default"], sw["choices"], sw["question"], sw["source"],
                                            names.index(switch) + 1):
                    raise fail(f"its ruling block declares {switch} otherwise than {self.rulings.__name__} "
                               "(built from the game's own registry folder)")
        else:
            if switch is not None or values is not None:
                raise fail(f"effect {e['effect']}: no switch or values (effect play has them)")
            if "ruling" in e:
                raise fail(f"effect {e['effect']}: no ruling block (it declares the switch of an effect play entry)")
            if not isinstance(no_switch, str) or not no_switch.strip():
                raise fail(f"effect {e['effect']}: no_switch must say why there is no switch")
        return Entry(e["id"], e["kind"], e["severity"], e["title"], tuple(e["rules"]), tuple(e["cards"]),
                     tuple(dict(t) for t in texts), e["english"], dict(readings), e["default"], e["basis"],
                     e["why"], e["effect"], switch, dict(values or {}), no_switch, e["source"], where,
                     "ruling" in e)


def normalize(text: str) -> str:
    """Text compared for quoting: lower case, letters and digits only, single spaces."""
    return " ".join(re.sub(r"[^0-9a-zà-öø-ÿąćęłńóśźżñ]+", " ", text.lower()).split())


def seed_text(seed: str, seeds_dir: Path) -> str:
    """The normalized text of seed file ``seed`` (``NNN_*.txt``; the reflowed copy is skipped)."""
    files = [p for p in sorted(Path(seeds_dir).glob(f"{seed}_*.txt")) if ".reflowed" not in p.name]
    if not files:
        raise DataError(f"seed {seed}: no file {seed}_*.txt in {seeds_dir}")
    return normalize(files[0].read_text(encoding="utf-8", errors="replace"))


__all__ = ["AmbiguityRegistry", "BASES", "EFFECTS", "Entry", "FIELDS", "KINDS", "REQUIRED", "SEVERITIES",
           "normalize", "seed_text"]
