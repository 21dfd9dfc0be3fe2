"""The sequence of play (chapter 5): turns of alternating Action Phases, unblocked plots at the end
of every US Action Phase, the end-of-turn steps 5.2.5-5.2.9, drawing, reshuffles and game length
(3.3, 5.3)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.action_log import new_phase, new_turn
from cdg_oracle.model.core.steps import call, choose, do, done, for_each, if_, pause, pick, repeat, var, while_
from cdg_oracle.model.labyrinth.engine import ENGINE, cite, push
from cdg_oracle.model.labyrinth.events.lasting import in_effect, lapsing_in_effect
from cdg_oracle.model.labyrinth.events.play import push_event, put_away
from cdg_oracle.model.labyrinth.options import is_solo, us_must_play_all
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, hand_sizes_of, shift_funding, shift_prestige, world_posture


def scenario_setup(st, f) -> None:
    """3.2: the scenario's set-up steps that need a decision or a die, in the file's order."""
    d = st.d
    for step in reversed(d["setup_steps"]):
        push(st, step["proc"], **step["args"])
    d["setup_steps"] = []


def begin_play(st, f) -> None:
    """The set-up is over: from now on instant victory is checked (2.1)."""
    st.d["started"] = True


def begin_turn(st, f) -> None:
    """A new turn. A55 ``last_action_phase``: under same_turn_only the last turn's phases are
    forgotten (action_log.new_turn)."""
    new_turn(st)


@ENGINE.sequence("game")
@implements("3.2", "5.1", "5.2.1")
def game():
    """The whole game: scenario set-up, the opening deal, then turns until victory or the end-game
    reshuffle (5.1). The Jihadist Action Phase opens every scenario (3.2)."""
    return [
        do(scenario_setup),
        do(begin_play),
        call("deal"),
        repeat([                    # for ever: the game ends by victory (2.1) or at the end-game
            do(begin_turn, name="next_turn"),   # reshuffle (3.3), never here
            call("turn"),
            call("end_of_turn"),
        ]),
    ]


def turn_is_over(st, f=None) -> bool:
    """5.2.1: the turn ends when both sides have used their hands, or when the Jihadist has used
    his and the US holds its final card (5.2.4)."""
    d = st.d
    return not d["hands"]["Jihadist"] and (not d["hands"]["US"] or d["us_held"])


def begin_jihadist_phase(st, f) -> None:
    """5.2.2: the Jihadist Action Phase; its first card."""
    d = st.d
    d["phase"] = "jihadist_action"
    d["card_index"] = 1
    new_phase(d)


def jihadist_phase_of(st, f) -> str:
    """The Jihadist Action Phase's procedure: the solo Jihadist's (chapter 9) or the player's."""
    return "solo_jihadist_phase" if is_solo(st) else "jihadist_phase"


def begin_us_phase(st, f) -> None:
    """5.2.2: the US Action Phase; its first card."""
    d = st.d
    d["phase"] = "us_action"
    d["card_index"] = 1
    new_phase(d)


def begin_plot_phase(st, f) -> None:
    """5.2.3: unblocked plots are resolved at the end of every US Action Phase. The card counter
    of the Action Phases (``card_index``) rests at 1 outside them, so that a state of the plots or
    the end of turn is one whatever the last phase played (a position's named point rebuilds it)."""
    st.d["phase"] = "plots"
    st.d["card_index"] = 1


@ENGINE.sequence("turn")
@implements("5.2", "5.2.2", "5.2.3", "4.7.5")
def turn():
    """One turn: Jihadist Action Phase, US Action Phase, unblocked plots; repeat (5.2.2-5.2.3)
    until the hands are used (5.2.1)."""
    return [
        repeat([
            do(begin_jihadist_phase),
            call(jihadist_phase_of),
            do(begin_us_phase),
            call("us_phase"),
            do(begin_plot_phase),
            call("resolve_plots"),
        ], until=turn_is_over, cite="4.7.5"),
    ]


def cadre_options(st) -> list:
    return [{"remove_cadre": n} for n, c in st.d["countries"].items() if c["cadre"]]


def jihadist_can_play(st) -> bool:
    """5.2.2: the Jihadist plays two cards in succession (fewer if fewer are held)."""
    d = st.d
    return bool(d["hands"]["Jihadist"]) and d["card_index"] <= 2


def jihadist_phase_is_over(st, f) -> bool:
    """No card left to play and no Cadre to remove (4.8.4): the phase ends."""
    return not jihadist_can_play(st) and not any(c["cadre"] for c in st.d["countries"].values())


@implements("4.8.4", "card 47")
def jihadist_options(st, f) -> list:
    """A card of his hand (under card 47, ``{"card": "random"}``: a card at random), any Cadre to
    remove (4.8.4), and with no card left to play, ``"pass"`` (end the phase)."""
    d = st.d
    can_play = jihadist_can_play(st)
    if not can_play:
        cards = []
    elif lapsing_in_effect(st, 47):
        cards = [{"card": "random"}]
    else:
        cards = [{"card": n} for n in d["hands"]["Jihadist"]]
    options = cards + cadre_options(st)
    if not can_play:
        options.append("pass")
    return options


def jihadist_rule(st, f) -> str:
    return "5.2.2" if jihadist_can_play(st) else "4.8.4"


def jihadist_prompt(st, f) -> str:
    return ("Jihadist Action Phase: play a card" if jihadist_can_play(st)
            else "Jihadist Action Phase: remove a Cadre or end the phase")


def passes(st, f) -> bool:
    return f["choice"] == "pass"


def removes_cadre(st, f) -> bool:
    return "remove_cadre" in f["choice"]


@implements("4.8.4")
def remove_cadre(st, f) -> None:
    """4.8.4: the Jihadist removes a Cadre at any point of his Action Phase."""
    st.d["countries"][f.pop("choice")["remove_cadre"]]["cadre"] = False
    cite(st, "4.8.4")


def plays_at_random(st, f) -> bool:
    return f["choice"]["card"] == "random"


def jihadist_hand(st, f) -> list:
    return [{"card": n} for n in st.d["hands"]["Jihadist"]]


def play_jihadist_card(st, f) -> None:
    """Play the card chosen (or taken at random), in the use an earlier event fixed if there is
    one (:func:`play_next`)."""
    play_next(st, f["choice"]["card"])


def next_card(st, f) -> None:
    """The phase's next card (5.2.2: two cards in succession). The card played is forgotten (the
    frame keeps no used answer, so that the phase at its next card is the same machine however it
    got there: model/labyrinth/position.py names it)."""
    st.d["card_index"] += 1
    f.pop("choice", None)


def lapse_second_card(st, f) -> None:
    """An unused "second card" instruction (cards 48, 53) lapses with the phase."""
    st.d["second_card"] = None


@ENGINE.sequence("jihadist_phase")
@implements("5.2.2", "5.2.2.2", "4.8.4")
def jihadist_phase():
    """5.2.2: the Jihadist plays two cards in succession (fewer if fewer are held). He may remove
    any Cadre at any point of any of his Action Phases (4.8.4: "durante qualsiasi propria Fase di
    Azione"): before, between or after his cards; with no card left to play he may only do that,
    then ends the phase ("pass").

    While The door of Itjihad was closed (card 47) is in effect, each card he plays is taken at
    random from his hand: he chooses to play ({"card": "random"}), the card is a chance node.
    A card whose use an earlier event fixed (``d["second_card"]``: cards 48, 53) is played that way."""
    return [
        repeat([
            if_(jihadist_phase_is_over, [do(lapse_second_card), done()]),
            choose("Jihadist", jihadist_options, jihadist_rule, jihadist_prompt, into="choice", name="choose",
                   key="card"),
            if_(passes, [do(lapse_second_card), done()]),
            if_(removes_cadre, [do(remove_cadre)], else_=[
                if_(plays_at_random, [
                    pick(jihadist_hand, "card 47", "The door of Itjihad was closed: the Jihadist's card, "
                         "at random from his hand", into="choice", name="random_card", cite="card 47"),
                ]),
                do(play_jihadist_card),
                do(next_card),
            ]),
        ]),
    ]


def play_next(st, n: int) -> None:
    """Play the Jihadist's card ``n``, in the use an earlier event fixed if there is one."""
    d = st.d
    special = d["second_card"]
    d["second_card"] = None
    if special is not None:
        push(st, "play_card", side="Jihadist", card=n, special=special)
    else:
        push(st, "play_card", side="Jihadist", card=n)


def begin_us_card_play(st, f) -> None:
    """5.2.4: whether the phase starts with a single card (the final-card choice is offered then
    only, unless ``us_final_card`` = ``any_point``); no card is held yet."""
    st.d["us_held"] = False
    f["single"] = len(st.d["hands"]["US"]) == 1


def us_may_play(st, f) -> bool:
    """5.2.2: the US plays two cards (fewer if fewer are held)."""
    d = st.d
    return d["card_index"] <= 2 and bool(d["hands"]["US"])


@implements("5.2.4", "9.7")
def us_options(st, f) -> list:
    """A card of the US hand; with one card left in a phase that started with one (or at any
    point, ``us_final_card``), 5.2.4 also offers to discard it or hold it (``f["final"]``) --
    not in a solo game at Ideology Infectious and above (9.7: the US must play all its cards)."""
    hand = st.d["hands"]["US"]
    final = len(hand) == 1 and (f["single"] or st.rulings.us_final_card == "any_point")
    if final and us_must_play_all(st):
        final = False  # 9.7 Infectious: the US must play all its cards (modifies 5.2.4)
        cite(st, "9.7")
    f["final"] = final
    options = [{"card": n} for n in hand]
    if final:
        options += [{"discard": hand[0]}, "hold"]
    return options


def us_rule(st, f) -> str:
    return "5.2.4" if f["final"] else "5.2.2"


def holds(st, f) -> bool:
    return f["choice"] == "hold"


def discards(st, f) -> bool:
    return "discard" in f["choice"]


@implements("5.2.4")
def hold_final_card(st, f) -> None:
    """5.2.4: the US holds its final card (the turn may end with it, 5.2.1); a held US Election
    may happen (A53, :func:`final_card_triggers`; the card stays held)."""
    d = st.d
    d["us_held"] = True
    cite(st, "5.2.4")
    n = d["hands"]["US"][0]
    if final_card_triggers(st, n, "hold"):
        push_event(st, n, "US", "hold")


@implements("5.2.4", "6.3.2.3")
def discard_final_card(st, f) -> None:
    """5.2.4: the US discards its final card (no effect); a discarded US Election happens (6.3.1,
    card 120, A53: :func:`final_card_triggers`)."""
    d = st.d
    n = f["choice"]["discard"]
    d["hands"]["US"].remove(n)
    d["in_play"].append(n)
    cite(st, "5.2.4", "6.3.2.3")
    f["card"] = n
    if final_card_triggers(st, n, "discard"):
        push_event(st, n, "US", "discard")  # 6.3.1, card 120: US Election's event happens when discarded


def put_away_discard(st, f) -> None:
    """The discarded card goes where its event (if it happened) sends it (6.2.9)."""
    put_away(st, f["card"], f.get("event_happened"))


def play_us_card(st, f) -> None:
    push(st, "play_card", side="US", card=f["choice"]["card"])


@ENGINE.sequence("us_phase")
@implements("5.2.2", "5.2.4")
def us_phase():
    """5.2.2: the US plays two cards. 5.2.4: in a US Action Phase in which the US has only one
    card it may play it, discard it (no effect) or hold it (``us_final_card`` ruling); whether a
    discarded or held US Election (card 120) happens: :func:`final_card_triggers` (A53)."""
    return [
        do(begin_us_card_play),
        while_(us_may_play, [
            choose("US", us_options, us_rule, "US Action Phase: play a card", into="choice", name="choose",
                   key="card"),
            if_(holds, [do(hold_final_card), done()]),
            if_(discards, [do(discard_final_card), do(put_away_discard), done()]),
            do(play_us_card),
            do(next_card),
        ]),
    ]


@implements("5.2.4", "6.3.1", "6.3.2.3", "card 120")
def final_card_triggers(st, n: int, how: str) -> bool:
    """Does the US's 5.2.4 choice ``how`` ("discard" or "hold") for its final card ``n`` cause the
    card's event? Only an automatic event can (card 120 US Election, 6.3.1: "Quando questa carta
    viene usata per operazioni o scartata"; 6.3.2.3 "ECCEZIONE: Elezioni USA"); the ruling
    ``us_election_final_card`` (A53) says when:

    * ``discard_triggers`` (default): its discard triggers it (the card's text prevails over 5.2.4's
      "scartare (senza effetto)", 6.2.2); holding it does not (holding is neither use nor discard);
    * ``discard_without_effect``: 5.2.4's "(senza effetto)" holds for it too: neither triggers;
    * ``hold_triggers``: both its discard and its hold trigger it. Project decisions: the event is
      implemented by the US (as for the discard), the card stays in the US hand (5.2.4 "tenere"; no
      Lapsing box), and every hold triggers it (5.2.4 offers the choice in each US Action Phase
      with one card, so a card held twice in a turn triggers twice)."""
    if not st.cards[n].automatic:
        return False
    reading = st.rulings.us_election_final_card
    if how == "hold":
        triggers = reading == "hold_triggers"
    else:
        triggers = reading != "discard_without_effect"
    if triggers:
        cite(st, "card 120")
    return triggers


@implements("card 73")
def pirates_in_effect(st) -> bool:
    """Pirates (card 73): while Somalia or Yemen is under Islamist Rule, Funding does not drop at
    the end of the turn (5.2.5)."""
    return in_effect(st, "Pirates") and any(
        st.d["countries"][n]["gov"] == "islamist_rule" for n in ("Somalia", "Yemen"))


@implements("5.2.5", "card 73")
def expenditures(st, f) -> None:
    """5.2.5: Funding -1 (not while Pirates holds, card 73); Prestige -1 if any country is under
    Islamist Rule (``islamist_rule_prestige_loss``, D28: once, or -1 per such country, clamped at 1,
    4.7.1; IT "in qualsiasi paese"). Instant victory is checked after this step (2.1.2 "nel momento
    in cui"; A44), so a Prestige that falls to 1 here wins for the Jihadist before Diplomacy can
    raise it."""
    d = st.d
    d["phase"] = "end_of_turn"
    d["card_index"] = 1     # outside an Action Phase (begin_plot_phase)
    if pirates_in_effect(st):
        cite(st, "card 73")
    else:
        shift_funding(d, -1)
    under_ir = sum(1 for c in d["countries"].values() if c["gov"] == "islamist_rule")
    if under_ir:
        shift_prestige(d, -under_ir if st.rulings.islamist_rule_prestige_loss == "per_country" else -1)
    cite(st, "5.2.5")


@implements("5.2.5")
def diplomacy(st, f) -> None:
    """5.2.5 "Poi": Prestige +1 if the net World Posture is 3 and matches the US Posture."""
    d = st.d
    w = world_posture(d)
    if abs(w) == 3 and gwot_penalty(d) == 0:
        shift_prestige(d, +1)
    cite(st, "5.2.5")


@implements("5.2.6", "4.7.7.3")
def lapse_events(st, f) -> None:
    """5.2.6: the cards in the Lapsing and 1st Plot boxes go to the discard pile; lapsing effects
    end (4.7.7.3); the 1st Plot exemption is available again."""
    d = st.d
    d["discard"].extend(d["lapsing"])
    d["discard"].extend(d["first_plot"])
    d["lapsing"] = []
    d["first_plot"] = []
    d["first_plot_used"] = False
    d["lapsing_effects"] = []
    cite(st, "5.2.6", "4.7.7.3")


@implements("5.2.7")
def reserves_to_zero(st, f) -> None:
    """5.2.7: both sides' Reserves to zero."""
    st.d["reserves"] = {"US": 0, "Jihadist": 0}
    cite(st, "5.2.7")


@implements("5.2.9")
def flip_regime_change(st, f) -> None:
    """5.2.9: green Regime Change markers flip to tan; the Turn marker advances."""
    d = st.d
    for c in d["countries"].values():
        if c["rc"] == "green":
            c["rc"] = "tan"
    cite(st, "5.2.9")
    d["turn"] += 1


@ENGINE.sequence("end_of_turn")
@implements("5.2.5", "5.2.6", "5.2.7", "5.2.9", "6.3.3.2", "4.7.7.1", "4.8.2")
def end_of_turn():
    """End of turn, in order: Expenditures & Diplomacy (5.2.5), event duration and 1st Plot reset
    (5.2.6), Reserves to zero (5.2.7), the deal (5.2.8), flip Regime Change markers (5.2.9).

    5.2.5's Prestige loss for Islamist Rule follows ``islamist_rule_prestige_loss`` (D28): -1 once
    if any country is under Islamist Rule (default), or -1 per such country."""
    return [
        do(expenditures),
        pause(),                    # 2.1: instant victory is checked before Diplomacy (A44)
        do(diplomacy),
        do(lapse_events),
        do(reserves_to_zero),
        call("deal"),
        do(flip_regime_change, name="dealt"),
    ]


@implements("5.2.8", "9.2")
def plan_the_deal(st, f) -> None:
    """5.2.8: who gets each card, in order (``f["order"]``): as many for the Jihadist as his
    Funding box shows and for the US as its Troops box shows (Funding 3's level: ruling
    ``funding_3_level``, A11), card by card (``deal_order``, D30). With the 9.2 mini-decks:
    "Distribuite e mescolate l'intera mano della jihad, poi distribuite la mano USA" -- the whole
    Jihadist hand, shuffled, then the US hand. A deal the pile cannot complete may reshuffle first
    (D31, :func:`short_deal`), which may end the game."""
    order = deal_order(st)
    f["order"] = order
    cite(st, "5.2.8")
    if short_deal(st, len(order) - order.count("shuffle")):
        reshuffle(st)  # D31 before_short_deal; at the game-length reshuffle the game ends here


@implements("5.2.8", "9.2")
def deal_order(st) -> list[str]:
    """The 5.2.8 deal's order (:func:`plan_the_deal`): "Jihadist" or "US" per card, "shuffle"
    where the 9.2 mini-decks shuffle the Jihadist's stack. Also what a position's named point
    ``{phase: end_of_turn, step: "5.2.8", dealt: k}`` resumes (model/labyrinth/position.py)."""
    d = st.d
    sizes = hand_sizes_of(st)
    j, u = sizes["Jihadist"], sizes["US"]
    if "minideck_next" in d:
        return ["Jihadist"] * j + ["shuffle"] + ["US"] * u
    if st.rulings.deal_order == "alternate":
        order = []
        for i in range(max(j, u)):
            if i < j:
                order.append("Jihadist")
            if i < u:
                order.append("US")
        return order
    return ["Jihadist"] * j + ["US"] * u


def shuffles_here(st, f) -> bool:
    return f["side"] == "shuffle"


@ENGINE.sequence("deal")
@implements("5.2.8")
def deal():
    """5.2.8: deal the Jihadist as many cards as his Funding box shows and the US as many as its
    Troops box shows (no hand limit), card by card (``deal_order`` ruling, D30). When the draw pile
    cannot complete both hands, the reshuffle comes at the draw that finds it empty (5.3.1), or
    before the first card is dealt (``reshuffle_timing``, D31: :func:`short_deal`)."""
    return [
        do(plan_the_deal),
        for_each("order", "side", [
            if_(shuffles_here, [call("shuffle_jihadist_stack", cite="9.2")],
                else_=[call("draw", side=var("side"))]),
        ]),
    ]


def pile_is_empty(st, f) -> bool:
    return not st.d["deck"]


@implements("5.3.1", "3.3")
def reshuffle_for_draw(st, f) -> None:
    """5.3.1: a card must be drawn and the pile is empty: reshuffle (at the game-length reshuffle
    the game ends, 3.3)."""
    reshuffle(st)


def draw_pile(st, f) -> list:
    return [{"card": n} for n in minideck_cards(st)]


def draw_rule(st, f) -> str:
    return "9.2" if minideck_cards(st) != st.d["deck"] else "5.3.1"


@implements("9.2")
def take_drawn_card(st, f) -> None:
    """The card drawn leaves the pile for ``side``'s hand (the next mini-deck is then due, 9.2)."""
    d = st.d
    n = f["drawn"]["card"]
    d["deck"].remove(n)
    add_to_hand(st, f["side"], n)
    advance_minideck(st, n)


@ENGINE.sequence("draw")
@implements("5.3.1", "3.3")
def draw():
    """Draw one card for ``side``: a chance node over the unordered draw pile. When a card must be
    drawn and the pile is empty, reshuffle the discards with the Lapsing and 1st Plot boxes and
    advance the Deck marker; at the reshuffle that matches the game length the game ends at once
    and 2.3 decides (5.3.1, 3.3)."""
    return [
        if_(pile_is_empty, [do(reshuffle_for_draw)]),
        if_(pile_is_empty, [done()]),          # nothing at all to draw: the hand stays short
        pick(draw_pile, draw_rule, "draw a card for {side}", into="drawn"),
        do(take_drawn_card),
    ]


@implements("5.3.1", "3.3", "4.7.5", "4.7.7.3")
def reshuffle(st) -> bool:
    """5.3.1: shuffle the discards with the Lapsing and 1st Plot boxes into a new draw pile (with
    the cards still in the pile, if any: D31 ``before_short_deal``) and advance the Deck marker
    (4.7.5); at the reshuffle that matches the game length the game ends at once and 2.3 decides
    (3.3). Returns False if the game ended."""
    d = st.d
    d["reshuffles"] += 1
    cite(st, "5.3.1")
    if d["reshuffles"] >= d["decks"]:
        victory.end_of_game(st)
        return False
    # 4.7.7.3: a lapsing card leaves its box early: its marker keeps the effect to the turn's end.
    d["lapsing_effects"].extend(d["lapsing"])
    d["deck"] = sorted(d["deck"] + d["discard"] + d["lapsing"] + d["first_plot"])
    if "minideck_next" in d:
        d["minideck_next"] = "Unassociated"  # 9.2: the deck is split again after a Reshuffle
    d["discard"], d["lapsing"], d["first_plot"] = [], [], []
    return True


@implements("5.2.8", "4.7.5", "5.3.1")
def short_deal(st, needed: int) -> bool:
    """Ruling ``reshuffle_timing`` (D31): must the 5.2.8 deal of ``needed`` cards reshuffle before
    its first card? ``on_empty_draw`` (default, 5.3.1 "Quando si deve pescare una carta ma il mazzo
    e terminato"): never, a draw that finds the pile empty reshuffles. ``before_short_deal`` (ES
    4.7.5 "o no hay suficientes cartas en él para completar la mano de ambos jugadores"; the IT
    example of play "sino a che non vi sono carte sufficienti nel mazzo per completare le mani dei
    giocatori. Quando accade questo, [...] il mazzo viene rimescolato"): yes, when the pile holds
    fewer than ``needed`` cards. Project decisions: the cards left in the pile are not dealt first
    but shuffled into the new pile (the example reshuffles "il mazzo", the deck as it stands);
    only the deal checks ahead -- a card drawn at any other time, or a deal the new pile still
    cannot complete, reshuffles when a draw finds the pile empty (5.3.1)."""
    if len(st.d["deck"]) >= needed or st.rulings.reshuffle_timing != "before_short_deal":
        return False  # the ruling is read only when the pile is short, the one case it changes
    cite(st, "4.7.5")
    return True


@implements("9.2")
def add_to_hand(st, side: str, n: int) -> None:
    """Card ``n`` joins ``side``'s hand; in a solo game the Jihadist hand is a face-down stack and a
    card he draws or takes goes on top (9.2; the solo example, Tora Bora)."""
    hand = st.d["hands"][side]
    if side == "Jihadist" and is_solo(st):
        hand.insert(0, n)
        return
    hand.append(n)
    hand.sort()


MINIDECKS = ("Unassociated", "Jihadist", "US")


@implements("9.2")
def minideck_cards(st) -> list[int]:
    """9.2 optional mini-decks: the deck is split into Unassociated, Jihadist and US events; each
    draw takes the next mini-deck in that order that still has cards (after the US one, the
    Unassociated one again). Without the option: the whole draw pile."""
    d = st.d
    if "minideck_next" not in d:
        return d["deck"]
    k = MINIDECKS.index(d["minideck_next"])
    for i in range(3):
        side = MINIDECKS[(k + i) % 3]
        pile = [n for n in d["deck"] if st.cards[n].side == side]
        if pile:
            return pile
    return d["deck"]


def advance_minideck(st, n: int) -> None:
    d = st.d
    if "minideck_next" in d:
        d["minideck_next"] = MINIDECKS[(MINIDECKS.index(st.cards[n].side) + 1) % 3]


def take_up_the_stack(st, f) -> None:
    """The cards of the stack, none placed yet."""
    f["rest"] = sorted(st.d["hands"]["Jihadist"])
    f["order"] = []


def two_or_more_left(st, f) -> bool:
    return len(f["rest"]) > 1


def stack_cards(st, f) -> list:
    return [{"card": n} for n in f["rest"]]


def stack_prompt(st, f) -> str:
    return f"shuffle the Jihadist stack: card {len(f['order']) + 1} from the top"


def place_next_card(st, f) -> None:
    n = f["pick"]["card"]
    f["rest"].remove(n)
    f["order"].append(n)


@implements("9.2")
def stack_shuffled(st, f) -> None:
    st.d["hands"]["Jihadist"] = f["order"] + f["rest"]
    cite(st, "9.2")


@ENGINE.sequence("shuffle_jihadist_stack")
@implements("9.2")
def shuffle_jihadist_stack():
    """9.2: shuffle the solo Jihadist's face-down stack (after the deal with the mini-decks; after
    FSB): one chance node per position from the top, uniform over the cards not yet placed, so
    every order is equally likely and each step is plain data."""
    return [
        do(take_up_the_stack),
        while_(two_or_more_left, [
            pick(stack_cards, "9.2", stack_prompt, into="pick"),
            do(place_next_card),
        ]),
        do(stack_shuffled),
    ]
