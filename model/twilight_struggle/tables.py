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


def _parse(path: Path) -> Tables:
    where = str(path)
    d = read_yaml(path, where)

    def fail(entry: str, what: str) -> DataError:
        return DataError(f"{where}: {entry}: {what}")

    if not isinstance(d, dict):
        raise fail("-", "expected a mapping")
    space = {}
    raw = d.get("space_race")
    if not isinstance(raw, dict) or sorted(raw) != list(range(1, 9)):
        raise fail("space_race", "boxes 1-8 expected")
    for box, b in raw.items():
        try:
            vp = b["vp"]
            sb = SpaceBox(box, str(b["name"]), b["ops"], b["max_roll"], vp[0], vp[1], b["ability"])
        except (KeyError, TypeError, IndexError):
            raise fail(f"space_race {box}", "needs name, ops, max_roll, vp [first, second], ability") from None
        if sb.ops not in (1, 2, 3, 4) or sb.max_roll not in range(1, 7) or sb.ability not in ABILITIES \
                or sb.vp_first < sb.vp_second or sb.vp_second < 0:
            raise fail(f"space_race {box}", "ops 1-4, max_roll 1-6, vp first >= second >= 0, a known ability")
        space[box] = sb
    scoring = {}
    raw = d.get("scoring")
    if not isinstance(raw, dict) or set(raw) != set(REGIONS):
        raise fail("scoring", f"one entry for each region: {', '.join(REGIONS)}")
    for region, v in raw.items():
        try:
            rv = RegionValues(v["presence"], v["domination"], v["control"], v["enemy_superpower_bonus"])
        except (KeyError, TypeError):
            raise fail(f"scoring {region}", "needs presence, domination, control, enemy_superpower_bonus") from None
        if not (0 < rv.presence < rv.domination and (rv.control is None or rv.domination < rv.control)):
            raise fail(f"scoring {region}", "presence < domination < control expected")
        if (rv.control is None) != (region == "Europe"):
            raise fail(f"scoring {region}", "only Europe's control is an automatic victory (10.3.1)")
        scoring[region] = rv
    sea = d.get("southeast_asia")
    if not isinstance(sea, dict) or set(sea) != set(load_map().area("Southeast Asia")):
        raise fail("southeast_asia", "one entry for each Southeast Asian country of the map")
    restricted = {}
    raw = d.get("defcon_restricted")
    if not isinstance(raw, dict) or sorted(raw) != [2, 3, 4, 5]:
        raise fail("defcon_restricted", "levels 2-5 expected")
    for level, regions in raw.items():
        if not isinstance(regions, list) or any(r not in REGIONS for r in regions):
            raise fail(f"defcon_restricted {level}", "a list of regions")
        restricted[level] = tuple(regions)
    return Tables(space, scoring, dict(sea), restricted)


@functools.lru_cache(maxsize=1)
def load_tables() -> Tables:
    """The tables of ``data/tables.yaml`` (loaded once)."""
    return _parse(DEFAULT_PATH)
