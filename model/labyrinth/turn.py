"""The sequence of play (chapter 5): turns of alternating Action Phases, unblocked plots at the end
of every US Action Phase, the end-of-turn steps 5.2.5-5.2.9, drawing, reshuffles and game length
(3.3, 5.3)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.action_log import new_phase, new_turn
from cdg_oracle.model.labyrinth.engine import ask, cite, pick_chance, pop, procedure, push
from cdg_oracle.model.labyrinth.events.lasting import in_effect, lapsing_in_effect
from cdg_oracle.model.labyrinth.events.play import push_event, put_away
from cdg_oracle.model.labyrinth.solo.options import is_solo, us_must_play_all
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, hand_sizes_of, shift_funding, shift_prestige, world_posture


@procedure("game")
@implements("3.2", "5.1", "5.2.1")
def game(st, f, a) -> None:
    """The whole game: scenario set-up, the opening deal, then turns until victory or the end-game
    reshuffle (5.1). The Jihadist Action Phase opens every scenario (3.2)."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "setup_done"
        for step in reversed(d["setup_steps"]):
            push(st, step["proc"], **step["args"])
        d["setup_steps"] = []
        return
    if pc == "setup_done":
        d["started"] = True
        f["pc"] = "dealt"
        push(st, "deal")
        return
    if pc == "dealt" or pc == "next_turn":
        f["pc"] = "turn_over"
        new_turn(st)  # A55 ``last_action_phase``: under same_turn_only the last turn's phases are forgotten
        push(st, "turn")
        return
    if pc == "turn_over":
        f["pc"] = "next_turn"
        push(st, "end_of_turn")
        return


def turn_is_over(st) -> bool:
    """5.2.1: the turn ends when both sides have used their hands, or when the Jihadist has used
    his and the US holds its final card (5.2.4)."""
    d = st.d
    return not d["hands"]["Jihadist"] and (not d["hands"]["US"] or d["us_held"])


@procedure("turn")
@implements("5.2", "5.2.2", "5.2.3", "4.7.5")
def turn(st, f, a) -> None:
    """One turn: Jihadist Action Phase, US Action Phase, unblocked plots; repeat (5.2.2-5.2.3)."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        d["phase"] = "jihadist_action"
        d["card_index"] = 1
        new_phase(d)
        f["pc"] = "after_jihadist"
        push(st, "solo_jihadist_phase" if is_solo(st) else "jihadist_phase")
        return
    if pc == "after_jihadist":
        d["phase"] = "us_action"
        d["card_index"] = 1
        new_phase(d)
        f["pc"] = "after_us"
        push(st, "us_phase")
        return
    if pc == "after_us":
        d["phase"] = "plots"
        f["pc"] = "after_plots"
        push(st, "resolve_plots")
        return
    if pc == "after_plots":
        cite(st, "4.7.5")
        if turn_is_over(st):
            pop(st)
        else:
            f["pc"] = "start"
        return


def cadre_options(st) -> list:
    return [{"remove_cadre": n} for n, c in st.d["countries"].items() if c["cadre"]]


@procedure("jihadist_phase")
@implements("5.2.2", "5.2.2.2", "4.8.4")
def jihadist_phase(st, f, a) -> None:
    """5.2.2: the Jihadist plays two cards in succession (fewer if fewer are held). He may remove
    any Cadre at any point of any of his Action Phases (4.8.4: "durante qualsiasi propria Fase di
    Azione"): before, between or after his cards; with no card left to play he may only do that,
    then ends the phase ("pass").

    While The door of Itjihad was closed (card 47) is in effect, each card he plays is taken at
    random from his hand: he chooses to play ({"card": "random"}), the card is a chance node.
    A card whose use an earlier event fixed (``d["second_card"]``: cards 48, 53) is played that way."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or pc == "choose":
        if a is None:
            hand = d["hands"]["Jihadist"]
            can_play = bool(hand) and d["card_index"] <= 2
            cadres = cadre_options(st)
            if not can_play and not cadres:
                end_jihadist_phase(st)
                return
            if not can_play:
                cards = []
            elif lapsing_in_effect(st, 47):
                cards = [{"card": "random"}]
            else:
                cards = [{"card": n} for n in hand]
            options = cards + cadres
            if not can_play:
                options.append("pass")
            f["pc"] = "choose"
            ask(st, "Jihadist", options, "5.2.2" if can_play else "4.8.4",
                "Jihadist Action Phase: play a card" if can_play
                else "Jihadist Action Phase: remove a Cadre or end the phase")
            return
        if a == "pass":
            end_jihadist_phase(st)
            return
        if "remove_cadre" in a:
            d["countries"][a["remove_cadre"]]["cadre"] = False
            cite(st, "4.8.4")
            f["pc"] = "choose"
            return
        if a["card"] == "random":
            f["pc"] = "random_card"
            cite(st, "card 47")
            pick_chance(st, [{"card": n} for n in d["hands"]["Jihadist"]], None, "card 47",
                        "The door of Itjihad was closed: the Jihadist's card, at random from his hand")
            return
        f["pc"] = "played"
        play_next(st, a["card"])
        return
    if pc == "random_card":
        f["pc"] = "played"
        play_next(st, a["card"])
        return
    if pc == "played":
        d["card_index"] += 1
        f["pc"] = "choose"
        return


def play_next(st, n: int) -> None:
    """Play the Jihadist's card ``n``, in the use an earlier event fixed if there is one."""
    d = st.d
    special = d["second_card"]
    d["second_card"] = None
    if special is not None:
        push(st, "play_card", side="Jihadist", card=n, special=special)
    else:
        push(st, "play_card", side="Jihadist", card=n)


def end_jihadist_phase(st) -> None:
    st.d["second_card"] = None  # an unused "second card" instruction lapses with the phase
    pop(st)


@procedure("us_phase")
@implements("5.2.2", "5.2.4")
def us_phase(st, f, a) -> None:
    """5.2.2: the US plays two cards. 5.2.4: in a US Action Phase in which the US has only one
    card it may play it, discard it (no effect) or hold it (``us_final_card`` ruling); whether a
    discarded or held US Election (card 120) happens: :func:`final_card_triggers` (A53)."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        d["us_held"] = False
        f["pc"] = "choose"
        f["single"] = len(d["hands"]["US"]) == 1
        return
    if pc == "choose":
        hand = d["hands"]["US"]
        if a is None:
            if d["card_index"] > 2 or not hand:
                pop(st)
                return
            final = len(hand) == 1 and (f["single"] or st.rulings.us_final_card == "any_point")
            if final and us_must_play_all(st):
                final = False  # 9.7 Infectious: the US must play all its cards (modifies 5.2.4)
                cite(st, "9.7")
            options = [{"card": n} for n in hand]
            if final:
                options += [{"discard": hand[0]}, "hold"]
            ask(st, "US", options, "5.2.4" if final else "5.2.2", "US Action Phase: play a card")
            return
        if a == "hold":
            d["us_held"] = True
            cite(st, "5.2.4")
            if final_card_triggers(st, hand[0], "hold"):
                # A53 hold_triggers: US Election held as the final card happens; the card stays held.
                f["pc"] = "held"
                push_event(st, hand[0], "US", "hold")
                return
            pop(st)
            return
        if "discard" in a:
            n = a["discard"]
            hand.remove(n)
            d["in_play"].append(n)
            cite(st, "5.2.4", "6.3.2.3")
            f["pc"] = "discarded"
            f["card"] = n
            if final_card_triggers(st, n, "discard"):
                # 6.3.1, card 120: US Election's event happens when it is discarded.
                push_event(st, n, "US", "discard")
            return
        f["pc"] = "played"
        push(st, "play_card", side="US", card=a["card"])
        return
    if pc == "played":
        d["card_index"] += 1
        f["pc"] = "choose"
        return
    if pc == "discarded":
        put_away(st, f["card"], f.get("event_happened"))
        pop(st)
        return
    if pc == "held":
        pop(st)
        return


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


@procedure("end_of_turn")
@implements("5.2.5", "5.2.6", "5.2.7", "5.2.9", "6.3.3.2", "4.7.7.1", "4.8.2")
def end_of_turn(st, f, a) -> None:
    """End of turn, in order: Expenditures & Diplomacy (5.2.5), event duration and 1st Plot reset
    (5.2.6), Reserves to zero (5.2.7), the deal (5.2.8), flip Regime Change markers (5.2.9).

    5.2.5's Prestige loss for Islamist Rule follows ``islamist_rule_prestige_loss`` (D28): -1 once
    if any country is under Islamist Rule (default), or -1 per such country."""
    d = st.d
    if f["pc"] == "start":
        d["phase"] = "end_of_turn"
        # 5.2.5: Funding -1; Prestige -1 if any country is under Islamist Rule (D28: once).
        # Instant victory is checked after this step (2.1.2 "nel momento in cui"; A44), so a
        # Prestige that falls to 1 here wins for the Jihadist before Diplomacy can raise it.
        if pirates_in_effect(st):
            cite(st, "card 73")
        else:
            shift_funding(d, -1)
        # Ruling islamist_rule_prestige_loss (D28): "once" (default), or "per_country": -1 for each
        # country under Islamist Rule (IT "in qualsiasi paese"), clamped at 1 (4.7.1).
        under_ir = sum(1 for c in d["countries"].values() if c["gov"] == "islamist_rule")
        if under_ir:
            shift_prestige(d, -under_ir if st.rulings.islamist_rule_prestige_loss == "per_country" else -1)
        cite(st, "5.2.5")
        f["pc"] = "diplomacy"
        return
    if f["pc"] == "diplomacy":
        # 5.2.5 "Poi": +1 if the net World Posture is 3 and matches the US Posture.
        w = world_posture(d)
        if abs(w) == 3 and gwot_penalty(d) == 0:
            shift_prestige(d, +1)
        cite(st, "5.2.5")
        # 5.2.6: cards in the Lapsing and 1st Plot boxes to the discard pile; lapsing effects end.
        d["discard"].extend(d["lapsing"])
        d["discard"].extend(d["first_plot"])
        d["lapsing"] = []
        d["first_plot"] = []
        d["first_plot_used"] = False
        d["lapsing_effects"] = []
        cite(st, "5.2.6", "4.7.7.3")
        # 5.2.7
        d["reserves"] = {"US": 0, "Jihadist": 0}
        cite(st, "5.2.7")
        f["pc"] = "dealt"
        push(st, "deal")
        return
    # 5.2.9
    for c in d["countries"].values():
        if c["rc"] == "green":
            c["rc"] = "tan"
    cite(st, "5.2.9")
    d["turn"] += 1
    pop(st)


@procedure("deal")
@implements("5.2.8")
def deal(st, f, a) -> None:
    """5.2.8: deal the Jihadist as many cards as his Funding box shows and the US as many as its
    Troops box shows (no hand limit), card by card (``deal_order`` ruling, D30). When the draw pile
    cannot complete both hands, the reshuffle comes at the draw that finds it empty (5.3.1), or
    before the first card is dealt (``reshuffle_timing``, D31: :func:`short_deal`)."""
    d = st.d
    if f["pc"] == "start":
        sizes = hand_sizes_of(st)  # Funding 3's level: ruling funding_3_level (A11)
        j, u = sizes["Jihadist"], sizes["US"]
        if st.rulings.deal_order == "alternate" and "minideck_next" not in d:
            order = []
            for i in range(max(j, u)):
                if i < j:
                    order.append("Jihadist")
                if i < u:
                    order.append("US")
        else:
            order = ["Jihadist"] * j + ["US"] * u
        if "minideck_next" in d:
            # 9.2 mini-decks: "Distribuite e mescolate l'intera mano della jihad, poi distribuite
            # la mano USA": the whole Jihadist hand, shuffled, then the US hand.
            order = ["Jihadist"] * j + ["shuffle"] + ["US"] * u
        f["order"] = order
        f["pc"] = "next"
        cite(st, "5.2.8")
        if short_deal(st, j + u) and not reshuffle(st):
            return  # D31 before_short_deal: the game-length reshuffle ended the game before the deal
    if f["pc"] == "next":
        if not f["order"]:
            pop(st)
            return
        side = f["order"].pop(0)
        f["pc"] = "next"
        if side == "shuffle":
            cite(st, "9.2")
            push(st, "shuffle_jihadist_stack")
            return
        push(st, "draw", side=side)
        return


@procedure("draw")
@implements("5.3.1", "3.3")
def draw(st, f, a) -> None:
    """Draw one card for ``side``: a chance node over the unordered draw pile. When a card must be
    drawn and the pile is empty, reshuffle the discards with the Lapsing and 1st Plot boxes and
    advance the Deck marker; at the reshuffle that matches the game length the game ends at once
    and 2.3 decides (5.3.1, 3.3)."""
    d = st.d
    if f["pc"] == "start":
        if not d["deck"]:
            if not reshuffle(st):
                return
            if not d["deck"]:
                pop(st)  # nothing at all to draw: the hand stays short
                return
        f["pc"] = "drawn"
        pile = minideck_cards(st)
        pick_chance(st, [{"card": n} for n in pile], None, "9.2" if pile != d["deck"] else "5.3.1",
                    f"draw a card for {f['side']}")
        return
    n = a["card"]
    d["deck"].remove(n)
    add_to_hand(st, f["side"], n)
    advance_minideck(st, n)
    pop(st)


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


@procedure("shuffle_jihadist_stack")
@implements("9.2")
def shuffle_jihadist_stack(st, f, a) -> None:
    """9.2: shuffle the solo Jihadist's face-down stack (after the deal with the mini-decks; after
    FSB): one chance node per position from the top, uniform over the cards not yet placed, so
    every order is equally likely and each step is plain data."""
    d = st.d
    if f["pc"] == "start":
        f.update(pc="pick", rest=sorted(d["hands"]["Jihadist"]), order=[])
    elif a is not None:
        f["rest"].remove(a["card"])
        f["order"].append(a["card"])
    if len(f["rest"]) <= 1:
        d["hands"]["Jihadist"] = f["order"] + f["rest"]
        cite(st, "9.2")
        pop(st)
        return
    pick_chance(st, [{"card": n} for n in f["rest"]], None, "9.2",
                f"shuffle the Jihadist stack: card {len(f['order']) + 1} from the top")
