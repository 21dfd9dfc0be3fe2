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

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, ERA_FROM_TURN
from cdg_oracle.model.twilight_struggle.game import TwilightGame, load_scenario
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.mapdata import load_map
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.tracks import MILOPS_MAX

LAST_TURN = 10  # 4.1

SIDES = ("USSR", "US")
CARD_ZONES = ("deck", "discard", "removed", "in_effect", "table")


def edition_cards(d: dict) -> dict:
    """The deck of the edition ``d`` is played under: its Game's (game.py)."""
    return TwilightGame.for_state(d).cards


def eras_in_play(d: dict) -> set[str]:
    """4.4: the Early War cards from the start, the Mid War from turn 4, the Late War from turn 8."""
    return {era for era, turn in ERA_FROM_TURN.items() if d["turn"] >= turn}


def zoned_cards(d: dict, pile: bool = True) -> list[int]:
    """Every card in a zone (the draw pile unless ``pile`` is false, the hands, the discards,
    removed, beside the map, on the table, the headlines), once per zone it is in."""
    out = [n for z in CARD_ZONES if pile or z != "deck" for n in d[z]] + [n for s in SIDES for n in d["hands"][s]]
    return out + [n for n in d["headline"].values() if n is not None]


def _start_turn(d: dict) -> int:
    return load_scenario(d["scenario"])["turn"]


def _rounds(d: dict, side: str) -> int:
    """4.5 E: 6 action rounds in turns 1-3, 7 from turn 4; 6.4.4 box 8: 8 for its holder; card 86
    North Sea Oil: 8 for the US in the turn of its event (its record's ``turn``)."""
    from cdg_oracle.model.twilight_struggle.space_abilities import box_of

    fx = d["effects"] if isinstance(d["effects"], list) else []
    if side == "US" and any(isinstance(e, dict) and e.get("card") == 86 and e.get("turn") == d["turn"] for e in fx):
        return 8
    k = box_of("eight_action_rounds")
    return 8 if d["space"][side] >= k > d["space"][OPPONENT[side]] else 6 if d["turn"] <= 3 else 7


def track_bounds(d: dict) -> list[str]:
    """I1, I2, I8, I9, I13: DEFCON 1-5 and 1 only when the game is over (8.1); VP within +/-20
    (10.2.1; final scoring may pass them, 10.3.2; while a card is being played its VP are not yet
    checked, 10.3.1, so they may pass them too), and within +/-19 during play between cards (10.3.1:
    20 wins at once once a card's VP are all on the track); turn 1-10 (4.1), never before the
    scenario's first; action round 0 to the turn's last (4.5 E, 6.4.4); Military Operations 0-5
    (8.2); Space Race 0-8 (6.4) and at most 1 attempt a turn, 2 with box 2's ability (6.4.2, 6.4.4:
    a second attempt needs the marker on box 2 or past it); the turn's fixed requirement (ruling
    ``milops_requirement``) a DEFCON, and only under that ruling."""
    out = []
    over = d["terminal"] is not None
    if not 1 <= d["defcon"] <= 5 or (d["defcon"] == 1 and not over):
        out.append(f"defcon {d['defcon']} outside 2-5 during play (8.1)")
    final = over and d["terminal"].get("rule") == "10.3.2"
    if not final and not d["table"] and not -20 <= d["vp"] <= 20:  # mid-card: 10.3.1 waits for the card's end
        out.append(f"vp {d['vp']} outside -20..+20 with no card being played (10.2.1, 10.3.1)")
    elif not over and not d["table"] and not -20 < d["vp"] < 20:
        out.append(f"vp {d['vp']} during play with no card being played: 20 VP win at once (10.3.1)")
    if not 1 <= d["turn"] <= LAST_TURN:
        out.append(f"turn {d['turn']} outside 1-10 (4.1)")
    elif d["turn"] < _start_turn(d):
        out.append(f"turn {d['turn']} is before the {d['scenario']} scenario's first turn, {_start_turn(d)} (3.0)")
    if d["phasing"] not in (None,) + SIDES:
        out.append(f"phasing {d['phasing']!r} is not a side")
    if not all(0 <= d["space"][s] <= 8 for s in SIDES):
        out += [f"{s} Space Race box {d['space'][s]} outside 0-8 (6.4)" for s in SIDES if not 0 <= d["space"][s] <= 8]
        return out
    top = max(_rounds(d, s) for s in SIDES) if 1 <= d["turn"] <= LAST_TURN else 8
    if not 0 <= d["round"] <= top:
        out.append(f"action round {d['round']} outside 0-{top}: turn {d['turn']} has {top} (4.5 E, 6.4.4)")
    for side in SIDES:
        if not 0 <= d["milops"][side] <= MILOPS_MAX:
            out.append(f"{side} military operations {d['milops'][side]} outside 0-{MILOPS_MAX} (8.2)")
        tries = d["space_attempts"][side]
        if not 0 <= tries <= 2:
            out.append(f"{side} made {tries} Space Race attempts this turn: 1 a turn, 2 with box 2's ability (6.4.2)")
        elif tries == 2 and d["space"][side] < 2:
            out.append(f"{side} made 2 Space Race attempts this turn short of box 2, whose ability a second "
                       "needs (6.4.2, 6.4.4)")
    need = d["milops_required"]
    if need is not None:
        if TwilightRulings.from_dict(d["rulings"]).milops_requirement != "defcon_at_step_d":
            out.append("milops_required: fixed only under ruling milops_requirement=defcon_at_step_d (8.2.1)")
        elif need not in (2, 3, 4, 5):
            out.append(f"milops_required {need!r} is not a DEFCON of play, 2-5 (8.2.1)")
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


@implements("4.5", "9.1", "2.2.4", "7.3", "11.1.1")
def cards_in_place(d: dict) -> list[str]:
    """Where each card may be: a hand holds at most the turn's deal, 8 cards in turns 1-3 and 9
    from turn 4 (4.5 B; the China Card never counts, 9.1); only a card with an asterisk is removed
    (2.2.4); only an underlined event is beside the map (7.3), besides the scenario's own; a
    revealed hand (tournaments only, 11.1.1) is cards the side still holds, from step G of the
    turn to the next headline."""
    out = []
    cards = edition_cards(d)
    size = 8 if d["turn"] <= 3 else 9
    for side in SIDES:
        if len(d["hands"][side]) > size:
            out.append(f"hands.{side}: {len(d['hands'][side])} cards, more than turn {d['turn']}'s deal of {size} (4.5 B)")
    for n in d["removed"]:
        if n in cards and not cards[n].removed:
            out.append(f"removed: card {n} ({cards[n].name}) has no asterisk, so it is never removed (2.2.4)")
    scenarios_own = load_scenario(d["scenario"])["in_effect"]
    own = {n for n, c in cards.items() if c.name in scenarios_own}
    for n in d["in_effect"]:
        if n in cards and not cards[n].underlined and n not in own:
            out.append(f"in_effect: card {n} ({cards[n].name}) is not underlined: its event does not last (7.3)")
    for side in SIDES:
        shown = d["revealed"][side]
        if shown is None:
            continue
        if not d["options"]["tournament"]:
            out.append(f"revealed.{side}: held cards are revealed only under the tournament rules (11.1.1)")
        elif not isinstance(shown, list) or len(set(map(str, shown))) != len(shown) \
                or not set(shown) <= set(d["hands"][side]):
            out.append(f"revealed.{side}: {shown!r} is not a set of cards {side} holds (11.1.1)")
    return out


@implements("7.3")
def effects_sound(d: dict) -> list[str]:
    """The events' effects in force (events/effects.py): each ``{card, side, until, ...}``, a card of
    the edition once at most, sorted; ``until`` one of effects.UNTIL (``round`` naming whose round,
    ``of``, and when it ``started``); an effect lasting until cancelled is an event beside the map
    and every event beside the map has one (7.3)."""
    from cdg_oracle.model.twilight_struggle.events.effects import UNTIL

    out = []
    cards = edition_cards(d)
    effects = d["effects"]
    if not isinstance(effects, list):
        return [f"effects: a list of {{card, side, until}} records, not {effects!r}"[:200]]
    seen = []
    for i, e in enumerate(effects):
        where = f"effects[{i}]"
        if not isinstance(e, dict) or not {"card", "side", "until"} <= set(e):
            out.append(f"{where}: {{card, side, until, ...}} of an event in force (7.3), not {e!r}"[:200])
            continue
        card, side, until = e["card"], e["side"], e["until"]
        if type(card) is not int or card not in cards:
            out.append(f"{where}.card: {card!r} is not a card of the {d['options']['edition']} edition")
            continue
        seen.append(card)
        if side not in SIDES:
            out.append(f"{where}.side: {side!r} is not USSR or US (who played the event)")
        if until not in UNTIL:
            out.append(f"{where}.until: {until!r} is not one of {', '.join(UNTIL)}")
        elif until == "round" and (e.get("of") not in SIDES or not isinstance(e.get("started"), list)
                                   or len(e["started"]) != 3):
            out.append(f"{where}: an effect until the end of a round names whose round (of: USSR or US) and "
                       "when it started ([turn, round, side])")
        elif until == "cancelled" and card not in d["in_effect"]:
            out.append(f"{where}: card {card} ({cards[card].name}) lasts until cancelled, so it is beside the map "
                       "(in_effect, 7.3)")
    if seen != sorted(set(seen)):
        out.append("effects: one record per card, sorted by card")
    stated = {e.get("card") for e in effects if isinstance(e, dict) and e.get("until") == "cancelled"}
    for n in d["in_effect"]:
        if n in cards and n not in stated:
            out.append(f"in_effect: card {n} ({cards[n].name}) is beside the map with no effect record: state it "
                       f"under effects as {{card: {n}, side: {cards[n].side if cards[n].side in SIDES else 'US'}, "
                       "until: cancelled}} (7.3)")
    return out


def gaps_sound(d: dict) -> list[str]:
    """``not_implemented`` records only what play can meet: each entry ``{card, side, turn, round,
    what}`` with one of the model's messages (events/play.py GAPS), a turn of this game so far and a
    round 0-8; the card one whose event the model does not implement -- for an event operations
    triggered, the opponent's own (5.2) -- or 0 with no headline played (4.5 C,
    round 0)."""
    from cdg_oracle.model.twilight_struggle.events.play import GAPS, NO_HEADLINE, TRIGGERED_GAP, is_implemented

    out = []
    cards = edition_cards(d)
    keys = {"card", "side", "turn", "round", "what"}
    for i, g in enumerate(d["not_implemented"]):
        where = f"not_implemented[{i}]"
        if not isinstance(g, dict) or set(g) != keys:
            out.append(f"{where}: {{card, side, turn, round, what}} of an event play met (7.0), not {g!r}"[:200])
            continue
        card, side, turn, rnd, what = (g[k] for k in ("card", "side", "turn", "round", "what"))
        if what not in GAPS:
            out.append(f"{where}.what: {what!r} is not one of the model's records (events.GAPS)"[:200])
        elif side not in SIDES:
            out.append(f"{where}.side: {side!r} is not USSR or US")
        elif type(turn) is not int or not _start_turn(d) <= turn <= d["turn"]:
            out.append(f"{where}.turn: {turn!r} is not a turn of this game so far ({_start_turn(d)}-{d['turn']}, 4.1)")
        elif type(rnd) is not int or not 0 <= rnd <= 8:
            out.append(f"{where}.round: {rnd!r} is not an action round 0-8 (4.5)")
        elif what == NO_HEADLINE:
            if card != 0 or rnd != 0:
                out.append(f"{where}: no headline played is recorded with card 0 in round 0 (4.5 C)")
        elif type(card) is not int or card not in cards:
            out.append(f"{where}.card: {card!r} is not a card of the {d['options']['edition']} edition")
        elif is_implemented(cards[card]):
            out.append(f"{where}.card: card {card}'s event ({cards[card].name}) is implemented: never a gap (7.0)")
        elif what == TRIGGERED_GAP and cards[card].side != side:
            out.append(f"{where}: an event operations trigger is the opponent's own, carried out by him "
                       f"(5.2): card {card} is {cards[card].side}'s")
    return out


def check_all(d: dict) -> list[str]:
    """Every law above."""
    return (track_bounds(d) + influence_sound(d) + cards_conserved(d) + cards_in_place(d) + effects_sound(d)
            + gaps_sound(d))
