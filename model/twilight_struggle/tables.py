"""The printed tables of Twilight Struggle as data (``data/tables.yaml``): the Space Race track (6.4
and the chart), the region scoring values (10.1, the scoring cards' text), Southeast Asia Scoring
and the DEFCON restrictions (8.1.5). Loaded once with the strict reader and validated (one-line
DataError naming the file and the entry)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.twilight_struggle.mapdata import REGIONS, load_map

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "tables.yaml"
ABILITIES = (None, "two_space_attempts", "opponent_headlines_first", "discard_held_card", "eight_action_rounds")


@dataclass(frozen=True)
class SpaceBox:
    """A box of the Space Race track: ops needed (6.4.1), the highest roll that succeeds, VP to the
    first and to the second side to reach it (6.4.3), its ability (6.4.4)."""

    box: int
    name: str
    ops: int
    max_roll: int
    vp_first: int
    vp_second: int
    ability: str | None


@dataclass(frozen=True)
class RegionValues:
    """A scoring card's values (10.1.1): control None is an automatic victory (Europe, 10.3.1)."""

    presence: int
    domination: int
    control: int | None
    enemy_superpower_bonus: bool


@dataclass(frozen=True)
class Tables:
    space: dict[int, SpaceBox]
    scoring: dict[str, RegionValues]
    southeast_asia: dict[str, int]
    defcon_restricted: dict[int, tuple[str, ...]]


def _whole(v, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _parse(path: Path) -> Tables:
    where = str(path)
    d = read_yaml(path, where)

    def fail(entry: str, what: str) -> DataError:
        return DataError(f"{where}: {entry}: {what}")

    if not isinstance(d, dict):
        raise fail("-", "expected a mapping")
    unknown = sorted(str(k) for k in set(d) - {"space_race", "scoring", "southeast_asia", "defcon_restricted"})
    if unknown:
        raise fail("-", f"unknown key(s): {', '.join(unknown)}")
    space = {}
    raw = d.get("space_race")
    if not isinstance(raw, dict) or not all(type(k) is int for k in raw) or sorted(raw) != list(range(1, 9)):
        raise fail("space_race", "boxes 1-8 expected")
    for box, b in raw.items():
        entry = f"space_race {box}"
        if not isinstance(b, dict) or set(b) != {"name", "ops", "max_roll", "vp", "ability"}:
            raise fail(entry, "needs exactly name, ops, max_roll, vp [first, second], ability")
        vp = b["vp"]
        if not (isinstance(b["name"], str) and _whole(b["ops"], 1, 4) and _whole(b["max_roll"], 1, 6)
                and isinstance(vp, list) and len(vp) == 2 and all(_whole(v, 0, 10) for v in vp) and vp[0] >= vp[1]
                and b["ability"] in ABILITIES):
            raise fail(entry, "ops 1-4, max_roll 1-6, vp [first, second] with first >= second >= 0, a known ability")
        space[box] = SpaceBox(box, b["name"], b["ops"], b["max_roll"], vp[0], vp[1], b["ability"])
    scoring = {}
    raw = d.get("scoring")
    if not isinstance(raw, dict) or set(raw) != set(REGIONS):
        raise fail("scoring", f"one entry for each region: {', '.join(REGIONS)}")
    for region, v in raw.items():
        entry = f"scoring {region}"
        if not isinstance(v, dict) or set(v) != {"presence", "domination", "control", "enemy_superpower_bonus"}:
            raise fail(entry, "needs exactly presence, domination, control, enemy_superpower_bonus")
        if not (_whole(v["presence"], 1, 20) and _whole(v["domination"], 1, 20)
                and (v["control"] is None or _whole(v["control"], 1, 20))
                and isinstance(v["enemy_superpower_bonus"], bool)):
            raise fail(entry, "presence, domination, control: whole numbers (control null: a win); the bonus true or false")
        rv = RegionValues(v["presence"], v["domination"], v["control"], v["enemy_superpower_bonus"])
        if not (rv.presence < rv.domination and (rv.control is None or rv.domination < rv.control)):
            raise fail(entry, "presence < domination < control expected")
        if (rv.control is None) != (region == "Europe"):
            raise fail(entry, "only Europe's control is an automatic victory (10.3.1)")
        scoring[region] = rv
    sea = d.get("southeast_asia")
    if not isinstance(sea, dict) or set(sea) != set(load_map().area("Southeast Asia")):
        raise fail("southeast_asia", "one entry for each Southeast Asian country of the map")
    for c, v in sea.items():
        if not _whole(v, 1, 5):
            raise fail(f"southeast_asia {c}", f"VP {v!r} must be a whole number 1-5")
    restricted = {}
    raw = d.get("defcon_restricted")
    if not isinstance(raw, dict) or not all(type(k) is int for k in raw) or sorted(raw) != [2, 3, 4, 5]:
        raise fail("defcon_restricted", "levels 2-5 expected")
    for level, regions in raw.items():
        if not isinstance(regions, list) or not all(isinstance(r, str) and r in REGIONS for r in regions):
            raise fail(f"defcon_restricted {level}", "a list of regions")
        restricted[level] = tuple(regions)
    return Tables(space, scoring, dict(sea), restricted)


@functools.lru_cache(maxsize=1)
def _default() -> Tables:
    return _parse(DEFAULT_PATH)


def load_tables(path: str | Path | None = None) -> Tables:
    """The tables of ``data/tables.yaml`` (loaded once), or of the file ``path`` (read afresh)."""
    return _default() if path is None else _parse(Path(path))
