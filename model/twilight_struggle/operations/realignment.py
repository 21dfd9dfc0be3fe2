"""Realignment rolls (6.2).

6.2.1: a realignment roll reduces enemy influence; the side need not have influence in or next to
the target; each roll is resolved before the next target is named, and a country may be the target
of several rolls. 6.2.2: each roll costs 1 op; both sides roll a die and add +1 per adjacent
country they control, +1 if they have more influence in the target than the other, +1 if the
target is adjacent to their superpower; the higher total removes the difference from the loser's
influence there (never below zero); a tie removes nothing. 6.2.3: realignment never adds
influence. 8.1.5: no roll in a region DEFCON restricts (ruling ``defcon_restricts_realignment``;
card 96's rolls under ruling ``card_96_free_realign`` excepted);
ruling ``realign_needs_enemy_influence``: the target must hold enemy influence.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, ask_values, cite, pop, roll
from cdg_oracle.model.twilight_struggle import defcon
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.control import OPPONENT, controls, remove_influence
from cdg_oracle.model.twilight_struggle.operations import budget, ops_left, spend


@implements("6.2.1", "8.1.5")
def can_target(st, side: str, country: str, closed: tuple[str, ...] | None = None, bars: bool | None = None) -> bool:
    """A realignment roll may target ``country``: not in a DEFCON-restricted region (8.1.5, ruling
    ``defcon_restricts_realignment``), and holding enemy influence (ruling
    ``realign_needs_enemy_influence``). ``closed``: the regions DEFCON closes now, if known. 5.5: an
    event in force may bar it (effects hook ``realign_barred``)."""
    if st.rulings.defcon_restricts_realignment and st.map.countries[country].region in (
            closed if closed is not None else defcon.closed_regions(st)):
        return False
    if st.rulings.realign_needs_enemy_influence and st.d["influence"][country][OPPONENT[side]] <= 0:
        return False
    if bars is None:
        bars = effects.active(st, "realign_barred")
    return not (bars and effects.any_(st, "realign_barred", side=side, country=country))


def targets(st, f: dict) -> list[str]:
    """The targets of the next roll; ``f["area"]``: rolls an event limits to a region (card 47);
    ``f["ignore_defcon"]``: an event's rolls DEFCON does not restrict (card 96, ruling
    ``card_96_free_realign``)."""
    closed = () if f.get("ignore_defcon") else defcon.closed_regions(st)
    area, bars = f.get("area"), effects.active(st, "realign_barred")
    return [c for c in _candidates(st, f["side"]) if can_target(st, f["side"], c, closed, bars) and budget(st, f, c) >= 1
            and (area is None or st.map.in_area(c, area))]


def _candidates(st, side: str):
    """The countries worth asking :func:`can_target` about (those with enemy influence, when the
    ruling asks for it)."""
    if st.rulings.realign_needs_enemy_influence:
        other, inf = OPPONENT[side], st.d["influence"]
        return [c for c in st.map.names if inf[c][other]]
    return st.map.names


def available(st, side: str) -> bool:
    """Some country can be the target of a realignment roll now."""
    closed, bars = defcon.closed_regions(st), effects.active(st, "realign_barred")
    return any(can_target(st, side, c, closed, bars) for c in _candidates(st, side))


@implements("6.2.2")
def modifiers(st, side: str, country: str) -> int:
    """6.2.2: +1 per adjacent country ``side`` controls, +1 for more influence in the target than
    the other side, +1 if the target is adjacent to ``side``'s superpower."""
    inf = st.d["influence"][country]
    n = sum(1 for c in st.map.countries[country].adjacent if controls(st, side, c))
    n += inf[side] > inf[OPPONENT[side]]
    n += st.map.adjacent_to_superpower(country, side)
    if st.d["effects"]:  # 5.5: an event's modifier (effects hook ``realign_modifier``)
        n += effects.total(st, "realign_modifier", side=side, country=country)
    return n


@implements("6.2.2", "6.2.3")
def resolve(st, side: str, country: str, own_die: int, enemy_die: int) -> None:
    """6.2.2: the higher modified roll removes the difference from the loser's influence in the
    target; a tie does nothing. 6.2.3: no influence is added."""
    other = OPPONENT[side]
    mine = own_die + modifiers(st, side, country)
    theirs = enemy_die + modifiers(st, other, country)
    cite(st, "6.2.2", "6.2.3")
    if mine > theirs:
        remove_influence(st, other, country, mine - theirs)
    elif theirs > mine:
        remove_influence(st, side, country, theirs - mine)


@ENGINE.procedure("realign", reposes=True)
@implements("6.2", "6.2.1", "6.0")
def realign(st, f, a) -> None:
    """Realignment rolls with the card's ops, one at a time: a target, the acting side's die, the
    other side's die, the result (6.2)."""
    side = f["side"]
    if a is None and f["pc"] == "own_die":  # without an answer: the die again
        roll(st, "6.2.2", f"{side}'s realignment die in {f['target']}")
        return
    if a is None and f["pc"] == "enemy_die":
        roll(st, "6.2.2", f"{OPPONENT[side]}'s realignment die in {f['target']}")
        return
    if f["pc"] == "target" and a is not None:
        f["target"] = a["country"]
        f["pc"] = "own_die"
        roll(st, "6.2.2", f"{side}'s realignment die in {a['country']}")
        return
    if f["pc"] == "own_die":
        f["own_die"] = a["die"]
        f["pc"] = "enemy_die"
        roll(st, "6.2.2", f"{OPPONENT[side]}'s realignment die in {f['target']}")
        return
    if f["pc"] == "enemy_die":
        spend(st, f, f["target"], 1)
        resolve(st, side, f["target"], f.pop("own_die"), a["die"])
    options = targets(st, f)
    if not options:
        pop(st)
        return
    f["pc"] = "target"
    ask_values(st, side, "country", options, "6.2.1",
        f"{side}: realignment roll target ({ops_left(st, f)})")
