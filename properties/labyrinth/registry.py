"""The ambiguity and errata registry of Labyrinth (issue 7): every known discrepancy between the
Italian, Polish and Spanish rulebooks and every known ambiguity or contradiction, as data.

The entries are YAML files in ``properties/labyrinth/ambiguities/`` (read in name order with
the strict reader of ``model/core/yamlio.py`` (duplicate keys refused), validated on load: a problem raises
:class:`cdg_oracle.model.core.errors.DataError` naming the file, the entry and the fault). One entry:

```yaml
- id: D01                      # D01-D56 and A01-A55: seed_labyrinth.md section g; P01...: the project's own
  kind: discrepancy            # discrepancy (the translations differ) | ambiguity | contradiction
  severity: CRIT               # CRIT | HIGH | MED | LOW (the dossier's grade; P entries: the project's)
  title: "4.8.1: are numbered Plot markers reusable?"
  rules: ["4.8.1", "8.5.6"]    # rule numbers of the catalogue (model/labyrinth/data/rules.yaml)
  cards: []                    # card numbers 1-120
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
  switch: plot_markers_reusable   # a LabyrinthRulings field (effect play), else absent
  values: {reusable: true, single_use: false}   # reading -> the switch's value (effect play)
  no_switch: "..."             # effect none or pending: why there is no switch
  source: "seed_labyrinth.md D01"
```

Checks on load: ids unique and well formed; rule numbers in the rule catalogue; cards 1-120;
every text's seed file and language known; the default among the readings; with ``effect: play``
the switch exists, ``values`` gives a legal value of it for every reading, and the default reading
maps to the switch's default. :func:`coverage_problems` checks the other direction: every
``Rulings`` switch is named by an entry.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings

DIRECTORY = Path(__file__).resolve().parent / "ambiguities"
SEEDS = {"000": "it", "001": "pl", "002": "it", "003": "it", "004": "es"}
KINDS = ("discrepancy", "ambiguity", "contradiction")
SEVERITIES = ("CRIT", "HIGH", "MED", "LOW")
BASES = ("errata", "faq", "card_clarification", "worked_example", "rulebook_consistency",
         "majority_of_translations", "project_decision")
EFFECTS = ("play", "none", "pending")
ID = re.compile(r"^(D|A|P)\d\d$")
FIELDS = {"id", "kind", "severity", "title", "rules", "cards", "texts", "english", "readings", "default",
          "basis", "why", "effect", "switch", "values", "no_switch", "source"}
REQUIRED = FIELDS - {"switch", "values", "no_switch"}


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

    def alternatives(self) -> list[str]:
        """The readings other than the default, in the order the entry gives them."""
        return [r for r in self.readings if r != self.default]

    def rulings_for(self, reading: str) -> dict:
        """The ``Rulings`` dict that executes ``reading`` (empty for the default)."""
        if self.switch is None:
            raise ValueError(f"{self.id}: no switch executes its readings ({self.effect})")
        return {self.switch: self.values[reading]}


def load_registry(directory: Path = DIRECTORY) -> tuple[Entry, ...]:
    """Every entry of the registry, validated, in file then entry order."""
    files = sorted(Path(directory).glob("*.yaml"))
    if not files:
        raise DataError(f"{Path(directory).name}: no registry file (*.yaml)")
    switches = {s["name"]: s for s in LabyrinthRulings.describe()}
    rules = {r.number for r in load_rules_catalogue()}
    out: list[Entry] = []
    seen: dict[str, str] = {}
    for path in files:
        for entry in _load_file(path, switches, rules):
            if entry.id in seen:
                raise DataError(f"{path.name}: {entry.id}: given twice (also in {seen[entry.id]})")
            seen[entry.id] = path.name
            out.append(entry)
    return tuple(out)


def _load_file(path: Path, switches: dict, rules: set) -> list[Entry]:
    where = path.name
    raw = read_yaml(path, where)  # the one strict reader (model/core/yamlio.py)
    if not isinstance(raw, dict) or set(raw) != {"entries"} or not isinstance(raw["entries"], list):
        raise DataError(f"{where}: expected exactly one key 'entries' holding a list")
    return [_entry(where, k, e, switches, rules) for k, e in enumerate(raw["entries"], 1)]


def _entry(where: str, k: int, e: Any, switches: dict, rules: set) -> Entry:
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
    if not isinstance(e["id"], str) or not ID.match(e["id"]):
        raise fail(f"id {e['id']!r} is not D01-D99, A01-A99 or P01-P99")
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
    if not isinstance(e["cards"], list) or not all(isinstance(c, int) and 1 <= c <= 120 for c in e["cards"]):
        raise fail("cards must be a list of card numbers 1-120")
    if not e["rules"] and not e["cards"]:
        raise fail("names no rule and no card")
    texts = e["texts"]
    if not isinstance(texts, list) or not texts:
        raise fail("texts must be a non-empty list of {seed, lang, text}")
    for t in texts:
        if not isinstance(t, dict) or set(t) != {"seed", "lang", "text"}:
            raise fail("each text is {seed, lang, text}")
        if t["seed"] not in SEEDS:
            raise fail(f"text seed {t['seed']!r} unknown (one of {', '.join(SEEDS)})")
        if t["lang"] != SEEDS[t["seed"]]:
            raise fail(f"text of seed {t['seed']} is in {SEEDS[t['seed']]!r}, not {t['lang']!r}")
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
            raise fail(f"effect play needs a switch of LabyrinthRulings; {switch!r} is none")
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
    else:
        if switch is not None or values is not None:
            raise fail(f"effect {e['effect']}: no switch or values (effect play has them)")
        if not isinstance(no_switch, str) or not no_switch.strip():
            raise fail(f"effect {e['effect']}: no_switch must say why there is no switch")
    return Entry(e["id"], e["kind"], e["severity"], e["title"], tuple(e["rules"]), tuple(e["cards"]),
                 tuple(dict(t) for t in texts), e["english"], dict(readings), e["default"], e["basis"],
                 e["why"], e["effect"], switch, dict(values or {}), no_switch, e["source"], where)


def coverage_problems(entries: tuple[Entry, ...]) -> list[str]:
    """Every ``Rulings`` switch must be named by an entry (the other direction is checked on load)."""
    named = {e.switch for e in entries if e.switch}
    return [f"switch {s['name']} is named by no registry entry" for s in LabyrinthRulings.describe()
            if s["name"] not in named]


def normalize(text: str) -> str:
    """Text compared for quoting: lower case, letters and digits only, single spaces."""
    return " ".join(re.sub(r"[^0-9a-zà-öø-ÿąćęłńóśźżñ]+", " ", text.lower()).split())


def seed_text(seed: str, seeds_dir: Path) -> str:
    """The normalized text of seed file ``seed`` (``NNN_*.txt``; the reflowed copy is skipped)."""
    files = [p for p in sorted(seeds_dir.glob(f"{seed}_*.txt")) if ".reflowed" not in p.name]
    if not files:
        raise DataError(f"seed {seed}: no file {seed}_*.txt in {seeds_dir}")
    return normalize(files[0].read_text(encoding="utf-8", errors="replace"))
