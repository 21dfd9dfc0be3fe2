"""Region scoring (10.1) and the final scoring (10.3.2).

10.1.1: in a region a side has *Presence* if it controls at least one country there; *Domination*
if it controls more countries than the opponent and more battlegrounds than the opponent, with at
least one battleground and one non-battleground among them; *Control* if it controls more
countries than the opponent and every battleground of the region. 10.1.2: each side adds +1 VP per
battleground it controls there and +1 per country it controls there adjacent to the enemy
superpower; the difference of the two totals goes on the track (10.2.3). The value of each level
is the scoring card's (data/tables.yaml). Europe's Control wins the game at once (10.3.1).
Southeast Asia Scoring (card 38 in both numberings, 7.2) gives 1 VP per country of Southeast Asia
the side controls, 2 for Thailand, and is never scored at the end of the game (10.3.2).
An event's effect may take battlegrounds off a side's count (5.5; effects hook
``scoring_battlegrounds``: card 73 Shuttle Diplomacy) and end once a region is scored
(``after_scoring``); one may make a country a battleground for scoring (hook
``scoring_battleground``: card 35 Formosan Resolution's Taiwan).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.twilight_struggle.control import OPPONENT, controls
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.tables import load_tables
from cdg_oracle.model.twilight_struggle.tracks import net_vp

SCORED_REGIONS = ("Europe", "Asia", "Middle East", "Central America", "South America", "Africa")


@implements("10.1.1", "5.5")
def scoring_battleground(st, country: str, region: str, final: bool = False) -> bool:
    """``country`` counts as a battleground when ``region`` is scored (``final``: at the final
    scoring, 10.3.2): a battleground of the map (2.1.4), or one an event in force makes so (hook
    ``scoring_battleground``: card 35)."""
    if st.map.countries[country].battleground:
        return True
    return bool(st.d["effects"]) and effects.any_(st, "scoring_battleground", country=country, region=region,
                                                  final=final)


@implements("5.5")
def battlegrounds_less(st, region: str, final: bool = False) -> dict[str, int]:
    """The battlegrounds each side counts fewer than it controls when ``region`` is scored (an
    event's effect, hook ``scoring_battlegrounds``: card 73; ``final``: the final scoring, 10.3.2),
    never more than it controls."""
    return _tally(st, region, final)[2]


def _tally(st, region: str, final: bool) -> tuple[list[str], dict[str, list[str]], dict[str, int]]:
    """What scoring ``region`` counts, each read once: its battlegrounds when it is scored
    (:func:`scoring_battleground`), the countries each side controls (2.1.7) and the
    battlegrounds each side counts fewer (5.5, :func:`battlegrounds_less`)."""
    countries = st.map.area(region)
    bgs = [c for c in countries if scoring_battleground(st, c, region, final)]
    held = {s: [c for c in countries if controls(st, s, c)] for s in ("US", "USSR")}
    less = {}
    for s in ("US", "USSR"):
        held_bgs = sum(1 for c in bgs if c in held[s])
        less[s] = min(held_bgs, effects.total(st, "scoring_battlegrounds", side=s, region=region, final=final))
    return bgs, held, less


@implements("10.1.1")
def levels_met(st, region: str, final: bool = False) -> dict[str, list[str]]:
    """10.1.1: for each side, every level it meets in ``region``, lowest first: ``presence`` (a
    country controlled), ``domination`` (more countries and more battlegrounds than the other, with
    a battleground and a non-battleground among them), ``control`` (more countries, every
    battleground; no non-battleground needed, so Control may come without Domination). A
    battleground an effect takes off a side's count (:func:`battlegrounds_less`) is not counted."""
    return _levels(*_tally(st, region, final))


def _levels(bgs: list[str], held: dict[str, list[str]], less: dict[str, int]) -> dict[str, list[str]]:
    """:func:`levels_met` from a region's tally (:func:`_tally`)."""
    n = {s: len(held[s]) - less[s] for s in held}
    bg = {s: sum(1 for c in held[s] if c in bgs) - less[s] for s in held}
    out = {}
    for s in ("US", "USSR"):
        o = OPPONENT[s]
        more = n[s] > n[o]
        met = ["presence"] if n[s] else []
        if more and bg[s] > bg[o] and bg[s] >= 1 and n[s] - bg[s] >= 1:
            met.append("domination")
        if more and bg[s] == len(bgs):
            met.append("control")
        out[s] = met
    return out


def region_levels(st, region: str) -> dict[str, str | None]:
    """Each side's highest level in ``region`` (10.1.1): ``control``, ``domination``,
    ``presence`` or None."""
    return {s: (met[-1] if met else None) for s, met in levels_met(st, region).items()}


@implements("10.1.2")
def region_vp(st, region: str, final: bool = False) -> dict[str, int | None]:
    """10.1.1-10.1.2: the VP each side scores in ``region``; None for a side whose Control of
    Europe wins the game (10.3.1). Under the ruling ``scoring_tiers`` = ``cumulative`` a side
    scores every level it meets, not only its highest. A battleground an effect takes off a side's
    count (:func:`battlegrounds_less`; ``final``: the final scoring) gives no VP."""
    values = load_tables().scoring[region]
    bgs, held, less = _tally(st, region, final)
    met = _levels(bgs, held, less)
    out: dict[str, int | None] = {}
    for s, levels in met.items():
        if "control" in levels and values.control is None:
            out[s] = None
            continue
        if not levels:
            vp = 0
        elif st.rulings.scoring_tiers == "cumulative":
            vp = sum(getattr(values, lv) for lv in levels)
        else:
            vp = getattr(values, levels[-1])
        for c in held[s]:
            vp += c in bgs
            vp += st.map.adjacent_to_superpower(c, OPPONENT[s])
        out[s] = vp - less[s]
    return out


@implements("10.1", "10.1.2", "10.2.3", "10.3.1")
def score_region(st, region: str, final: bool = False) -> None:
    """Score ``region`` now (``final``: in the final scoring, 10.3.2): the net VP on the track
    (10.2.3), or the game won by the side that controls Europe (10.3.1); then the effects that
    end with a scoring do (hook ``after_scoring``: card 73)."""
    vp = region_vp(st, region, final)
    cite(st, "10.1.1", "10.1.2")
    for s, v in vp.items():
        if v is None:
            cite(st, "10.3.1")
            st.d["terminal"] = {"winner": s, "reason": f"{s} controls Europe when it is scored", "rule": "10.3.1"}
            return
    net_vp(st, vp["US"], vp["USSR"])
    effects.run(st, "after_scoring", region=region, final=final)


@implements("7.2")
def score_southeast_asia(st) -> None:
    """Southeast Asia Scoring: per side, the VP of the Southeast Asian countries it controls (1
    each, Thailand 2); the net on the track (10.2.3)."""
    table = load_tables().southeast_asia
    vp = {s: sum(v for c, v in table.items() if controls(st, s, c)) for s in ("US", "USSR")}
    net_vp(st, vp["US"], vp["USSR"])
