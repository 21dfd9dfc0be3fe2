"""The sequence of play (4.0-4.5) and the end of the turn.

4.5 lists a turn's steps A-J: A improve DEFCON, B deal, C headline, D set the required military
operations, E action rounds, F the military operations check, G reveal the held cards (tournaments
only), H turn the China Card face up, I advance the turn marker (adding the Mid and Late War cards),
J final scoring after turn 10. (The seed's descriptions under the list are lettered one step
earlier and step D has none: ruling ``milops_requirement`` and the ambiguity registry.)
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, pop
from cdg_oracle.model.core.steps import call, choose, do, for_each, if_, pick, repeat
from cdg_oracle.model.twilight_struggle import space_abilities
from cdg_oracle.model.twilight_struggle.cards import ERA_FROM_TURN
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.tracks import improve_defcon, net_vp
from cdg_oracle.model.twilight_struggle.victory import check_vp, final_scoring

LAST_TURN = 10  # 4.1


# -- the game --------------------------------------------------------------------------------------
@ENGINE.sequence("game")
@implements("4.0", "4.1")
def game():
    """4.1: the set-up, then turns until the game ends (10 turns, then the final scoring)."""
    return [call("setup"), repeat([call("turn")])]


# -- one turn (4.5) ----------------------------------------------------------------------------------
def _begins_with_step_a(st, f) -> bool:
    """Every turn begins with step A, but a scenario's first turn may begin later (the Late War
    scenario's set-up is that of turn 8 after step A: ``begins_at: deal``)."""
    rules = st.scenario_rules
    return not (st.d["turn"] == rules["turn"] and rules["begins_at"] == "deal")


@implements("4.5", "8.1.6")
def improve_defcon_step(st, f) -> None:
    """4.5 A, 8.1.6: at the start of a turn DEFCON below 5 improves by 1."""
    cite(st, "8.1.6")
    improve_defcon(st, 1)


@implements("4.5", "9.1")
def hand_size(st, f=None) -> int:
    """4.5 B: 8 cards in turns 1-3, 9 in turns 4-10 (the China Card never counts, 9.1)."""
    return 8 if st.d["turn"] <= 3 else 9


@implements("8.2.1")
def set_required_milops(st, f) -> None:
    """4.5 D: under the ruling ``milops_requirement`` = ``defcon_at_step_d`` the turn's requirement
    is the DEFCON now; by default (8.2.1 'corrente') it is the DEFCON when it is checked."""
    st.d["milops_required"] = st.d["defcon"] if st.rulings.milops_requirement == "defcon_at_step_d" else None


@ENGINE.sequence("turn")
@implements("4.5")
def turn():
    """4.5: one turn, steps A-J (J only after turn 10)."""
    return [
        if_(_begins_with_step_a, [do(improve_defcon_step)]),
        call("deal", size=hand_size, cite="4.5"),
        call("headline"),
        do(set_required_milops),
        call("action_rounds"),
        call("end_of_turn"),
    ]


# -- dealing (4.5 B, 4.3, 4.3.1) -----------------------------------------------------------------------
def _next_to_draw(st, f) -> str | None:
    """Who is dealt the next card: the side short of ``size`` (ruling ``deal_order``: alternately,
    USSR first; or the USSR's hand first, then the US's)."""
    short = [s for s in ("USSR", "US") if len(st.d["hands"][s]) < f["size"]]
    if not short:
        return None
    if st.rulings.deal_order == "ussr_first" or len(short) == 1:
        return short[0]
    last = f.get("last")
    return "US" if last == "USSR" else "USSR"


def _side_to_deal(st, f) -> None:
    """The next card's side (:func:`_next_to_draw`), or the deal is over. 4.3: when the pile is
    empty the discards are reshuffled into a new one (the cards removed never return); 4.3.1: the
    cards left in the pile are dealt before that. With neither pile nor discards a side's hand
    stays short."""
    d = st.d
    side = _next_to_draw(st, f)
    if side is None:
        pop(st)
        return
    if not d["deck"]:
        cite(st, "4.3")
        if not d["discard"]:
            pop(st)
            return
        d["deck"] = sorted(d["discard"])
        d["discard"] = []
    f["side"] = side


def _deck_cards(st, f) -> list:
    return [{"card": n} for n in st.d["deck"]]


def _dealt_prompt(st, f) -> str:
    return f"a card is dealt to {f['side']}"


def _take_card(st, f) -> None:
    """The card drawn goes from the pile to the side's hand."""
    d = st.d
    card = f.pop("card")["card"]  # the frame keeps no answer between draws
    d["deck"].remove(card)
    d["hands"][f["side"]].append(card)
    d["hands"][f["side"]].sort()
    f["last"] = f["side"]


@ENGINE.sequence("deal")
@implements("4.3", "4.3.1", "4.5")
def deal():
    """Deal each side up to ``size`` cards, one at a time, each drawn at random from the pile (a
    chance node, 4.5); the pile rebuilt from the discards when empty (4.3, 4.3.1)."""
    return [
        repeat([
            do(_side_to_deal),
            pick(_deck_cards, "4.5", _dealt_prompt, into="card", name="drawn", key="card"),
            do(_take_card),
        ]),
    ]


# -- the action rounds (4.5 E) -------------------------------------------------------------------------
def rounds_of(st, side: str) -> int:
    """4.5: 6 action rounds in turns 1-3, 7 in turns 4-10; 6.4.4: 8 with box 8's ability; 5.5: 8
    when an event in force gives them this turn (effects hook ``eight_rounds``, card 86)."""
    n = 6 if st.d["turn"] <= 3 else 7
    if st.d["effects"] and effects.any_(st, "eight_rounds", side=side):
        return 8
    return 8 if space_abilities.has(st, side, "eight_action_rounds") else n


@implements("4.5", "5.5")
def lengthen_turn(st) -> None:
    """An event that gives a side more action rounds this turn during the action rounds (card 86)
    adds the rounds now due to the running action rounds (4.5 E), which counted them as they began."""
    for f in st.d["stack"]:
        if f["proc"] == "action_rounds" and "each_r" in f:
            last = max([f.get("r", 0), *f["each_r"]])
            top = max(rounds_of(st, s) for s in ("USSR", "US"))
            f["each_r"] = f["each_r"] + list(range(last + 1, top + 1))


def _round_numbers(st, f) -> list:
    return list(range(1, max(rounds_of(st, s) for s in ("USSR", "US")) + 1))


def _sides_this_round(st, f) -> list:
    """4.5: the USSR always plays first in each pair of action rounds."""
    return [s for s in ("USSR", "US") if f["r"] <= rounds_of(st, s)]


def _end_rounds(st, f) -> None:
    st.d["round"] = 0
    st.d["phasing"] = None


@ENGINE.sequence("action_rounds")
@implements("4.5", "4.2")
def action_rounds():
    """4.5: the action rounds, alternating, the USSR first in each pair."""
    return [
        for_each(_round_numbers, "r", [
            for_each(_sides_this_round, "side", [
                call("action_round", side=lambda st, f: f["side"], number=lambda st, f: f["r"]),
            ]),
        ]),
        do(_end_rounds),
    ]


# -- the end of the turn (4.5 F-J) ---------------------------------------------------------------------
def _space_walker(st, f) -> str | None:
    return next((s for s in ("USSR", "US") if space_abilities.has(st, s, "discard_held_card")
                 and st.d["hands"][s]), None)


def _space_walk_options(st, f) -> list:
    return [{"discard": c} for c in st.d["hands"][f["walker"]]] + [{"discard": None}]


def _find_walker(st, f) -> None:
    f["walker"] = _space_walker(st, f)


@implements("6.4.4")
def _space_walk_discard(st, f) -> None:
    """6.4.4 box 6: its holder may discard his held card at the end of the turn."""
    card = f["walk"]["discard"] if f.get("walk") else None
    if card is not None:
        cite(st, "6.4.4")
        st.d["hands"][f["walker"]].remove(card)
        st.d["discard"].append(card)
        st.d["discard"].sort()


@implements("8.2.1")
def required_milops(st) -> int:
    """8.2.1: the military operations each side needs this turn: the DEFCON ("corrente"), or the
    DEFCON at step D under the ruling ``milops_requirement`` = ``defcon_at_step_d``."""
    d = st.d
    return d["milops_required"] if d["milops_required"] is not None else d["defcon"]


@implements("8.2.1")
def milops_shortfall(st) -> dict[str, int]:
    """8.2.1: how many military operations each side lacks of :func:`required_milops` now (what the
    check at 4.5 F would give the opponent in VP)."""
    need = required_milops(st)
    return {s: max(0, need - st.d["milops"][s]) for s in ("USSR", "US")}


@implements("8.2.1", "4.5", "10.1.4")
def milops_check(st, f) -> None:
    """4.5 F, 8.2.1: a side whose military operations fall short of the requirement (the DEFCON)
    gives the opponent 1 VP per missing point; the net goes on the track (10.2.3), then both markers
    return to zero; 10.3.1 is checked."""
    d = st.d
    short = milops_shortfall(st)
    cite(st, "8.2.1")
    net_vp(st, us=short["USSR"], ussr=short["US"])
    d["milops"] = {"USSR": 0, "US": 0}
    d["milops_required"] = None
    check_vp(st)


@implements("11.1.1", "11.1.2")
def reveal_held_cards(st, f) -> None:
    """4.5 G, tournament rules only: 11.1.1 each side shows the other its held cards; 11.1.2 a side
    found holding a scoring card has started a nuclear war and loses at once (both: a draw)."""
    d = st.d
    if not d["options"]["tournament"]:
        return
    cite(st, "11.1.1")
    d["revealed"] = {s: list(d["hands"][s]) for s in ("USSR", "US")}
    holding = [s for s in ("USSR", "US") if any(st.cards[c].scoring for c in d["hands"][s])]
    if holding:
        cite(st, "11.1.2")
        winner = OPPONENT[holding[0]] if len(holding) == 1 else None
        d["terminal"] = {"winner": winner, "reason": f"{' and '.join(holding)} held a scoring card (11.1.2)",
                         "rule": "11.1.2"}


@implements("9.3")
def china_face_up(st, f) -> None:
    """4.5 H, 9.3: the China Card, passed face down during the turn, is turned face up."""
    st.d["china"]["face_up"] = True


@implements("4.4", "4.1", "4.5")
def advance_turn(st, f) -> None:
    """4.5 I: the turn marker advances; at the end of turn 3 the Mid War cards, at the end of turn
    7 the Late War cards, join the draw pile (4.4: the discards stay where they are). The events'
    effects "for the rest of the turn" have ended (events/effects.py)."""
    d = st.d
    effects.end_of_turn(st)
    d["turn"] += 1
    d["space_attempts"] = {"USSR": 0, "US": 0}
    era = next((e for e, t in ERA_FROM_TURN.items() if t == d["turn"] and t > 1), None)
    if era is not None:
        cite(st, "4.4")
        d["deck"] = sorted(d["deck"] + [n for n, c in st.cards.items() if c.era == era])


def _last_turn(st, f) -> bool:
    return st.d["turn"] == LAST_TURN


@ENGINE.sequence("end_of_turn")
@implements("4.5")
def end_of_turn():
    """4.5 F-J: (6.4.4's Space Walk discard), the military operations check, the reveal of held
    cards (tournaments), the China Card face up, then the final scoring after turn 10 or the next
    turn."""
    return [
        do(_find_walker),
        choose(lambda st, f: f["walker"], _space_walk_options, "6.4.4",
               lambda st, f: f"{f['walker']} (Space Walk): discard a held card?", into="walk",
               when=lambda st, f: f["walker"] is not None),
        do(_space_walk_discard),
        do(milops_check),
        do(reveal_held_cards),
        do(china_face_up),
        if_(_last_turn, [do(final_scoring)], [do(advance_turn)]),
    ]
