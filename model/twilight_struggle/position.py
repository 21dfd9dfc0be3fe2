"""Twilight Struggle positions: what model/core/position.py needs to read and write them
(docs/positions.md; the published schema is ``data/position.schema.json``).

A position states, over its scenario's set-up, the tracks (``turn``, ``defcon``, ``vp``,
``milops``, ``space``, ``space_attempts``), the ``influence`` (only the countries that differ,
each ``{US: n, USSR: n}``), the card zones (``hands``, ``discard``, ``removed``, ``in_effect``,
``table``, ``headline``), the China Card (``china``: holder and face up), the tournament reveal
(``revealed``) and the model's record of unimplemented events met (``not_implemented``).

Derived, never typed (a stated value must agree): the draw pile ``deck``, every card of the eras in
play (4.4: Early War; Mid War from turn 4; Late War from turn 8) in no other zone, the China Card
never in it (9.1).

Where play stands (``next``): ``{phase: setup}`` (the scenario's own start), ``{phase: turn}``
(the start of the turn: 4.5 A, DEFCON improves, then the deal), ``{phase: headline}`` (the hands
dealt, the headline cards to choose, 4.5 C), ``{phase: action_round, side: USSR, round: 1}`` (that
side chooses the card of that action round, 4.5 E; optionally ``card: N``, that card chosen: play
goes on to its use), ``{phase: end_of_turn}`` (4.5 F-J).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.consistency import check_all, edition_cards, eras_in_play, zoned_cards
from cdg_oracle.model.twilight_struggle.scenarios import start_dict
from cdg_oracle.model.twilight_struggle.state import SIDES, TwilightState

SCHEMA = Path(__file__).with_name("data") / "position.schema.json"

#: Where play stands (``next`` sets them; ``machine`` states them).
MACHINE = ("stack", "pending", "terminal", "round", "phasing", "headline_shown", "milops_required")
#: What the header decides.
FIXED = ("game", "version", "scenario", "options", "rulings")
PHASES = ("setup", "turn", "headline", "action_round", "end_of_turn")
_GAME = {"proc": "game", "pc": "turn"}


@implements("4.4", "4.3")
def deck(d: dict) -> list[int]:
    """4.4: the draw pile holds every card of the eras in play that is in no other zone (sorted:
    the pile is unordered, draws are chance nodes); never the China Card (9.1)."""
    cards = edition_cards(d)
    seen: set = set()
    for n in zoned_cards(d, pile=False):
        if n in seen:
            raise DataError(f"state: card {n} is in two zones (hands, discard, removed, in_effect, table, headline)")
        if n not in cards or n == CHINA_CARD:
            raise DataError(f"state: {json.dumps(n)} is not a card that can be in a zone "
                            f"({'the China Card is only held, 9.1' if n == CHINA_CARD else 'unknown card'})")
        seen.add(n)
    eras = eras_in_play(d)
    return sorted(n for n, c in cards.items() if c.era in eras and n != CHINA_CARD and n not in seen)


DERIVED = {"deck": (deck, "the cards of the eras in play less those in the other zones (4.4)")}


def _action_round_stack(d: dict, side: str, number: int) -> list[dict]:
    from cdg_oracle.model.twilight_struggle.state import TwilightState
    from cdg_oracle.model.twilight_struggle.turn import rounds_of

    st = TwilightState(d)
    rounds = {s: rounds_of(st, s) for s in SIDES}
    if number > rounds[side]:
        raise DataError(f"round: {side} has {rounds[side]} action rounds this turn (4.5 E, 6.4.4)")
    top = max(rounds.values())
    rest = ["US"] if side == "USSR" and number <= rounds["US"] else []
    return [dict(_GAME), {"proc": "turn", "pc": "end_of_turn"},
            {"proc": "action_rounds", "pc": "next_side", "each_r": list(range(number + 1, top + 1)), "r": number,
             "each_side": rest, "side": side},
            {"proc": "action_round", "pc": "start", "side": side, "number": number}]


@implements("4.5")
def resume(d: dict, point: object) -> list:
    """Set ``d``'s machine at the named point ``point`` (module docstring); returns the actions to
    apply once play has reached its first question there (the ``card`` chosen)."""
    if not isinstance(point, dict):
        raise DataError("a mapping such as {phase: action_round, side: USSR, round: 1}")
    unknown = sorted(set(point) - {"phase", "side", "round", "card"})
    if unknown:
        raise DataError(f"{unknown[0]}: not a key of next (phase, side, round, card)")
    phase = point.get("phase")
    if phase not in PHASES:
        raise DataError(f"phase: {json.dumps(phase)} is not one of {', '.join(PHASES)}")
    if phase != "action_round" and set(point) - {"phase"}:
        raise DataError(f"side, round and card name an action round, not phase {phase}")
    if d["table"]:
        raise DataError("table: a named point has no card in play (state it under machine instead)")
    d.update(pending=None, terminal=None, round=0, phasing=None, headline_shown=[], milops_required=None)
    if phase == "setup":
        d["stack"] = [{"proc": "game", "pc": "start"}]
        return []
    if phase == "turn":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "start"}]
    elif phase == "headline":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "headline"}]
    elif phase == "end_of_turn":
        d["stack"] = [dict(_GAME), {"proc": "turn", "pc": "end"}, {"proc": "end_of_turn", "pc": "start"}]
    else:
        side, number, card = point.get("side"), point.get("round"), point.get("card")
        if side not in SIDES:
            raise DataError(f"side: {json.dumps(side)} is not USSR or US")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 8:
            raise DataError(f"round: {json.dumps(number)} is not an action round 1-8")
        if card is not None and (isinstance(card, bool) or not isinstance(card, int)):
            raise DataError(f"card: {json.dumps(card)} is not a card number")
        d["stack"] = _action_round_stack(d, side, number)
        return [] if card is None else [{"card": card}]
    return []


def points(d: dict) -> list[tuple[dict, dict]]:
    """The named points a state may stand at, each with the state as the position states it (a
    card just chosen is still in the hand, or the China Card still face up with its holder)."""
    stack = d["stack"]
    if len(stack) == 1 and stack[0] == {"proc": "game", "pc": "start"}:
        return [({"phase": "setup"}, d)]
    out: list[tuple[dict, dict]] = []
    if len(stack) >= 2 and stack[1]["proc"] == "turn":
        out += [({"phase": "turn"}, d), ({"phase": "headline"}, d)]
    if len(stack) == 4 and stack[3]["proc"] == "action_round":
        f = stack[3]
        point = {"phase": "action_round", "side": f["side"], "round": f["number"]}
        out.append((point, d))
        if f["pc"] == "use" and isinstance(f.get("play"), dict) and "card" in f["play"]:
            before = json.loads(json.dumps(d))
            card = f["play"]["card"]
            if card == CHINA_CARD:
                before["china"] = {"holder": f["side"], "face_up": True}
            else:
                before["table"].remove(card)
                before["hands"][f["side"]].append(card)
                before["hands"][f["side"]].sort()
            out.append(({**point, "card": card}, before))
    if len(stack) >= 3 and stack[2]["proc"] == "end_of_turn":
        out.append(({"phase": "end_of_turn"}, d))
    return out


def start(scenario: str, length: str = "standard", rulings: dict | None = None, options: dict | None = None) -> dict:
    """The set-up of ``scenario`` as a state dict, before any step (scenarios.start_dict)."""
    if not isinstance(scenario, str):
        raise DataError(f"scenario: {json.dumps(scenario)} is not a scenario name")
    return start_dict(scenario, length, rulings, options)


def check(d: dict) -> list[str]:
    """The consistency laws (model/twilight_struggle/consistency.py)."""
    return check_all(d)


@lru_cache(maxsize=1)
def schema() -> dict:
    """The published JSON Schema of Twilight Struggle positions (data/position.schema.json)."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


FORMAT = PositionFormat(start=start, state_class=TwilightState, machine=MACHINE, fixed=FIXED, resume=resume,
                        points=points, check=check, schema=schema, derived=DERIVED, unordered=("deck",))
