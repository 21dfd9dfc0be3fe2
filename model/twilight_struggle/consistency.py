"""The consistency laws of every Twilight Struggle state, as plain predicates over the state data
(seed_twilight_struggle.md section h, I1-I17 where they are laws of a state rather than of a move).
Each returns a list of violations (empty when it holds).

Stated once, here, for two users: the model refuses a state read from JSON or a position that
breaks one (``TwilightState.from_json``, position.py), and the properties tools check every
generated game against them after every step (properties/twilight_struggle/); z3 proves the
track bounds inductive over every move (properties/twilight_struggle/z3_proofs.py).
"""
from __future__ import annotations

from collections import Counter

from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, ERA_FROM_TURN, deck
from cdg_oracle.model.twilight_struggle.mapdata import load_map
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.tracks import MILOPS_MAX

SIDES = ("USSR", "US")
CARD_ZONES = ("deck", "discard", "removed", "in_effect", "table")


def edition_cards(d: dict) -> dict:
    o = d["options"]
    return deck(o["edition"], o["optional_cards"], TwilightRulings.from_dict(d["rulings"]).seed_un_intervention_ops)


def eras_in_play(d: dict) -> set[str]:
    """4.4: the Early War cards from the start, the Mid War from turn 4, the Late War from turn 8."""
    return {era for era, turn in ERA_FROM_TURN.items() if d["turn"] >= turn}


def zoned_cards(d: dict, pile: bool = True) -> list[int]:
    """Every card in a zone (the draw pile unless ``pile`` is false, the hands, the discards,
    removed, beside the map, on the table, the headlines), once per zone it is in."""
    out = [n for z in CARD_ZONES if pile or z != "deck" for n in d[z]] + [n for s in SIDES for n in d["hands"][s]]
    return out + [n for n in d["headline"].values() if n is not None]


def track_bounds(d: dict) -> list[str]:
    """I1, I2, I8, I9, I13: DEFCON 1-5 and 1 only when the game is over (8.1); VP within +/-20
    during play (10.2.1; final scoring may pass them, 10.3.2); turn 1-10 (4.1); action round 0-8;
    Military Operations 0-5 (8.2); Space Race 0-8 (6.4) and at most 2 attempts a turn (6.4.2)."""
    out = []
    over = d["terminal"] is not None
    if not 1 <= d["defcon"] <= 5 or (d["defcon"] == 1 and not over):
        out.append(f"defcon {d['defcon']} outside 2-5 during play (8.1)")
    final = over and d["terminal"].get("rule") == "10.3.2"
    if not final and not -20 <= d["vp"] <= 20:
        out.append(f"vp {d['vp']} outside -20..+20 (10.2.1)")
    if not 1 <= d["turn"] <= 10:
        out.append(f"turn {d['turn']} outside 1-10 (4.1)")
    if not 0 <= d["round"] <= 8:
        out.append(f"action round {d['round']} outside 0-8 (4.5)")
    if d["phasing"] not in (None,) + SIDES:
        out.append(f"phasing {d['phasing']!r} is not a side")
    for side in SIDES:
        if not 0 <= d["milops"][side] <= MILOPS_MAX:
            out.append(f"{side} military operations {d['milops'][side]} outside 0-{MILOPS_MAX} (8.2)")
        if not 0 <= d["space"][side] <= 8:
            out.append(f"{side} Space Race box {d['space'][side]} outside 0-8 (6.4)")
        if not 0 <= d["space_attempts"][side] <= 2:
            out.append(f"{side} made {d['space_attempts'][side]} Space Race attempts this turn (6.4.2)")
    return out


def influence_sound(d: dict) -> list[str]:
    """I3, I17: every country of the map has a whole, non-negative influence of each side (6.1.5),
    and nothing else does (the superpower spaces take none, 2.1.5)."""
    out = []
    names = set(load_map().names)
    got = set(d["influence"])
    for c in sorted(got - names):
        out.append(f"influence in {c!r}, which is not a country of the map (2.1.5)")
    for c in sorted(names - got):
        out.append(f"no influence record for {c}")
    for c in sorted(got & names):
        for side in SIDES:
            n = d["influence"][c].get(side)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                out.append(f"{c}: {side} influence {n!r} is not a whole number >= 0 (6.1.5)")
    return out


def cards_conserved(d: dict) -> list[str]:
    """I11, I12: every card of the edition's eras in play is in exactly one zone (the draw pile, a
    hand, the discards, removed, beside the map, on the table, a headline); the China Card is in
    none of them, held by one side (9.1)."""
    out = []
    cards = edition_cards(d)
    zones = zoned_cards(d)
    twice = sorted(n for n, k in Counter(zones).items() if k > 1)
    if twice:
        out.append(f"card {twice[0]} is in two zones")
    unknown = sorted(set(zones) - set(cards), key=str)
    if unknown:
        out.append(f"card {unknown[0]!r} is not a card of the {d['options']['edition']} edition")
    if CHINA_CARD in zones:
        out.append("the China Card is in a zone; it is only ever held (9.1)")
    eras = eras_in_play(d)
    should = {n for n, c in cards.items() if c.era in eras and n != CHINA_CARD}
    missing = sorted(should - set(zones))
    if missing:
        out.append(f"card {missing[0]} ({cards[missing[0]].name}) is in no zone")
    extra = sorted(set(zones) - should - set(unknown) - {CHINA_CARD})
    if extra:
        out.append(f"card {extra[0]} ({cards[extra[0]].name}) is of an era not yet in play (4.4)")
    china = d["china"]
    if china.get("holder") not in SIDES or not isinstance(china.get("face_up"), bool):
        out.append("the China Card must be held by USSR or US, face up or down (9.3)")
    return out


def check_all(d: dict) -> list[str]:
    """Every law above."""
    return track_bounds(d) + influence_sound(d) + cards_conserved(d)
