"""The set-up (3.0-3.4), the sequence of play (4.0-4.5), military operations (8.2) and DEFCON's
improvement (8.1.6), with scripted dice and draws. The example of play, its deals and end-of-turn
checks included, is played through the whole model in test_example_of_play.py.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle import new_game
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import EVENTS
from tests.twilight_struggle.helpers import play, position, question

EASTERN = {"Austria", "Bulgaria", "Czechoslovakia", "East Germany", "Finland", "Hungary", "Poland", "Romania",
           "Yugoslavia"}
WESTERN = {"Austria", "Benelux", "Canada", "Denmark", "Finland", "France", "Greece", "Italy", "Norway",
           "Spain/Portugal", "Sweden", "Turkey", "United Kingdom", "West Germany"}


def deal_first(st) -> None:
    """Answer every draw of the deal with the first card offered (a scripted deal)."""
    while question(st) == "deal.drawn":
        play(st, st.legal_actions()[0])


def total(st, side: str) -> int:
    return sum(v[side] for v in st.d["influence"].values())


# -- set-up ---------------------------------------------------------------------------------------------
@pytest.mark.rule("3.1", "3.2", "3.3", "3.4")
def test_the_standard_set_up_of_the_seed():
    """3.1: 8 Early War cards each, the China Card face up before the USSR; 3.2: the USSR places 15
    (9 fixed, 6 anywhere in Eastern Europe, Austria and Finland included), first; 3.3: then the US
    23 (16 fixed, 7 in Western Europe); 3.4: DEFCON 5, VP 0, turn 1, Space Race and military
    operations at zero."""
    st = new_game()
    assert question(st) == "deal.drawn"
    deal_first(st)
    assert [len(st.d["hands"][s]) for s in ("USSR", "US")] == [8, 8]
    assert all(st.cards[c].era == "early" for s in ("USSR", "US") for c in st.d["hands"][s])
    assert st.d["china"] == {"holder": "USSR", "face_up": True}
    assert (st.d["defcon"], st.d["vp"], st.d["turn"]) == (5, 0, 1)
    assert st.d["space"] == st.d["milops"] == {"USSR": 0, "US": 0}
    assert total(st, "USSR") == 9 and total(st, "US") == 16
    for _ in range(6):
        assert st.current_player() == "USSR" and {a["country"] for a in st.legal_actions()} == EASTERN
        play(st, {"country": "Poland"})
    for _ in range(7):
        assert st.current_player() == "US" and {a["country"] for a in st.legal_actions()} == WESTERN
        play(st, {"country": "Italy"})
    assert total(st, "USSR") == 15 and total(st, "US") == 23


@pytest.mark.rule("3.2", "3.3")
def test_each_side_s_free_placement_cites_its_own_rule():
    """The USSR's free set-up markers are 3.2's, the US's 3.3's: each question names its rule, and
    each placement cites it."""
    st = new_game()
    deal_first(st)
    for side, rule, n in (("USSR", "3.2", 6), ("US", "3.3", 7)):
        for _ in range(n):
            assert st.current_player() == side and st.decision()["rule"] == rule
            st.apply(st.legal_actions()[0])
            assert rule in st.applied_rules()


@pytest.mark.rule("3.3")
def test_the_deluxe_edition_places_25_us_influence_with_2_in_canada():
    """3.3 of the English Deluxe rulebook (the option edition=deluxe): 2 US influence in Canada, 25
    in all; the seed's own edition places none there (its 23)."""
    seed, deluxe = new_game(), new_game(options={"edition": "deluxe"})
    assert seed.d["influence"]["Canada"]["US"] == 0 and deluxe.d["influence"]["Canada"]["US"] == 2
    assert total(deluxe, "US") - total(seed, "US") == 2
    assert 35 in seed.cards and seed.cards[35].name == "South America Scoring"
    assert deluxe.cards[35].name == "Formosan Resolution"


@pytest.mark.rule("11.1.3")
def test_the_winning_bid_moves_the_vp_marker_before_play():
    """11.1.3: the winning bid of the auction for sides is applied to the VP track at once."""
    assert new_game(options={"bid": {"to": "USSR", "vp": 2}}).d["vp"] == -2
    assert new_game(options={"bid": {"to": "US", "vp": 3}}).d["vp"] == 3


@pytest.mark.rule("4.4", "3.0")
def test_the_late_war_scenario():
    """The English rulebook's Late War scenario: turn 8, DEFCON 4 (its turn begins at the deal: no
    improvement), VP -4, Space Race USSR 6 / US 8, the events in effect beside the map, every other
    Early and Mid War starred card removed but the four kept, 9 cards dealt to each."""
    st = new_game("late_war")
    deal_first(st)
    assert (st.d["turn"], st.d["defcon"], st.d["vp"]) == (8, 4, -4)
    assert st.d["space"] == {"USSR": 6, "US": 8}
    assert [len(st.d["hands"][s]) for s in ("USSR", "US")] == [9, 9]
    names = {st.cards[n].name for n in st.d["in_effect"]}
    assert names == {"US/Japan Mutual Defense Pact", "Marshall Plan", "NATO", "Warsaw Pact Formed",
                     "De Gaulle Leads France", "Flower Power"}
    removed = {st.cards[n].name for n in st.d["removed"]}
    assert "Fidel" in removed and "Bear Trap" not in removed and "Camp David Accords" not in removed
    assert all(st.cards[n].era in ("early", "mid") and st.cards[n].removed for n in st.d["removed"])


# -- dealing (4.5 B, 4.3, 4.3.1, 4.4) ------------------------------------------------------------------------
@pytest.mark.rule("4.5", "4.3", "4.3.1")
def test_the_deal_empties_the_pile_then_reshuffles_the_discards():
    """4.3.1: the cards left in the pile are dealt first; 4.3: then the discards become the pile
    (the removed cards never return). As in the example of play's turn 3 deal (where 4 cards are
    left, not its 5: A42, test_example_of_play.py)."""
    cards = new_game().cards
    starred = [n for n, c in cards.items() if c.era == "early" and c.removed and n != CHINA_CARD][:5]
    early = [n for n, c in cards.items() if c.era == "early" and n != CHINA_CARD and n not in starred]
    hands = {"USSR": early[:5], "US": early[5:10]}
    discard, removed, pile = early[10:25], starred, early[25:]  # only a card with an asterisk is removed (2.2.4)
    st = position(hands=hands, discard=discard, removed=removed, turn=2, next={"phase": "turn"})
    assert len(pile) == 5 and st.d["deck"] == pile
    for left in range(5, 0, -1):
        assert sorted(a["card"] for a in st.legal_actions()) == st.d["deck"] and len(st.d["deck"]) == left
        play(st, st.legal_actions()[0])
    assert st.d["discard"] == [] and sorted(a["card"] for a in st.legal_actions()) == discard
    deal_first(st)
    assert [len(st.d["hands"][s]) for s in ("USSR", "US")] == [8, 8]
    assert set(pile) <= set(st.d["hands"]["USSR"] + st.d["hands"]["US"])
    assert not set(removed) & set(st.d["hands"]["USSR"] + st.d["hands"]["US"])


@pytest.mark.rule("4.5")
@pytest.mark.reading("P01")
@pytest.mark.parametrize("order, first_three", [("alternate", ["USSR", "US", "USSR"]),
                                                ("ussr_first", ["USSR", "USSR", "USSR"])])
def test_the_deal_order(order, first_three):
    """P01 (no source gives the order of the deal): alternately, the USSR first, by default; or the
    USSR's hand first."""
    st = new_game(rulings={"deal_order": order})
    who = []
    for _ in range(3):
        who.append(st.decision()["prompt"].rsplit(" ", 1)[1])
        play(st, st.legal_actions()[0])
    assert who == first_three


@pytest.mark.rule("4.5", "4.1")
def test_hands_are_filled_to_8_in_turns_1_to_3_and_9_after():
    """4.5 B: the hands are filled up to 8 cards in turns 1-3, to 9 in turns 4-10; the China Card is
    never counted (9.1)."""
    for turn, size in ((3, 8), (4, 9)):
        st = position(turn=turn, next={"phase": "turn"}, hands={"USSR": [7], "US": [4]})
        deal_first(st)
        assert [len(st.d["hands"][s]) for s in ("USSR", "US")] == [size, size]


@pytest.mark.rule("4.4", "4.1")
def test_the_mid_war_cards_join_the_pile_at_the_end_of_turn_3():
    """4.4 (and 4.5 I): at the end of turn 3 the Mid War cards are added to the draw pile, not to
    the discards, which stay where they are. The example of play's turn 4: the rest of the Early War
    pile shuffled with the Mid War cards."""
    st = position(turn=3, next={"phase": "end_of_turn"}, hands={"USSR": [], "US": []}, discard=[4, 5, 7])
    assert st.d["turn"] == 4
    assert st.d["discard"] == [4, 5, 7]
    mid = {n for n, c in st.cards.items() if c.era == "mid"}
    pile = set(st.d["deck"]) | set(st.d["hands"]["USSR"]) | set(st.d["hands"]["US"])
    assert mid <= pile


# -- 4.5 A, 8.1.6 ---------------------------------------------------------------------------------------------
@pytest.mark.rule("8.1.6", "8.1.2", "4.5", "8.1.7")
@pytest.mark.parametrize("before, after", [(4, 5), (2, 3), (5, 5)])
def test_defcon_improves_by_one_at_the_start_of_a_turn(before, after):
    """8.1.6, 4.5 A: a DEFCON below 5 improves by 1 at the start of each turn (the example of
    play: 'Il DEFCON torna a 5'); 8.1.2: never above 5."""
    st = position(turn=2, defcon=before, next={"phase": "turn"})
    assert st.d["defcon"] == after


# -- the headline (4.5 C) ---------------------------------------------------------------------------------------
@pytest.mark.rule("4.5", "9.5")
def test_the_headline_offers_only_implemented_events_never_the_china_card(monkeypatch):
    """4.5 C, 9.5: the China Card is never headlined; of the hand only the cards whose event the model
    implements are offered (here the scoring card, the events of 4, 5, 7 and 8 taken out of the
    registry for the test); a side with none plays no headline and the gap is recorded."""
    for n in (4, 5, 7, 8):
        monkeypatch.delitem(EVENTS, n, raising=False)
    st = position(next={"phase": "headline"}, hands={"USSR": [1, 7, 8], "US": [4, 5]})
    assert question(st) == "headline.card" and st.current_player() == "USSR"
    assert st.legal_actions() == [{"card": 1}]
    play(st, {"card": 1})
    assert st.d["not_implemented"][-1]["side"] == "US"


@pytest.mark.rule("4.5")
def test_headline_choices_are_hidden_until_both_are_revealed():
    """4.5 C: the cards are chosen in secret and revealed together: posed in turn, the first
    choice is kept out of the other side's observation."""
    st = position(next={"phase": "headline"}, hands={"USSR": [1, 7], "US": [3, 4]})
    play(st, {"card": 1})
    assert st.current_player() == "US"
    assert st.observation("US")["headline"]["USSR"] == "chosen"
    assert st.observation("USSR")["headline"]["USSR"] == 1


@pytest.mark.rule("4.5", "10.1")
def test_headlines_resolve_higher_value_first_scoring_zero_us_first_on_a_tie():
    """4.5 C: the higher headline value first, a scoring card counting 0; on a tie the US first. Two
    scoring cards: the US's first (Asia Scoring by the US, Middle East by the USSR: Asia scored
    before the Middle East). Asia: USSR Presence + North Korea; ME: both Presence."""
    st = position(next={"phase": "headline"}, hands={"USSR": [3, 7], "US": [1, 4]})
    play(st, {"card": 3}, {"card": 1})
    assert st.d["headline"] == {"USSR": None, "US": None}
    assert question(st) == "action_round.play" and {1, 3} <= set(st.d["discard"])


# -- action rounds (4.5 E) -------------------------------------------------------------------------------------
def rounds_played(st) -> list[tuple[str, int]]:
    seen = []
    while not st.is_terminal() and st.d["turn"] == st.d["turn"]:
        if question(st) == "action_round.play":
            key = (st.current_player(), st.d["round"])
            if seen and key == seen[-1]:
                break
            seen.append(key)
            play(st, st.legal_actions()[0])
        elif question(st).startswith("deal") or question(st) == "headline.card":
            break
        else:
            play(st, st.legal_actions()[0])
    return seen


@pytest.mark.rule("4.5", "4.2", "4.0")
@pytest.mark.parametrize("turn, rounds", [(1, 6), (4, 7)])
def test_six_then_seven_action_rounds_the_ussr_first(turn, rounds):
    """4.5 E: 6 action rounds in turns 1-3, 7 in turns 4-10, alternating, the USSR first in each
    pair; 4.2: the phasing side is the one whose round it is."""
    cards = [n for n, c in position().cards.items() if c.era == "early" and not c.scoring and n != CHINA_CARD]
    size = 8 if turn <= 3 else 9  # the turn's deal (4.5 B)
    hands = {"USSR": cards[:size], "US": cards[size:2 * size]}
    st = position(turn=turn, hands=hands, china={"holder": "USSR", "face_up": False})
    order = []
    while question(st) != "deal.drawn" and not st.is_terminal():
        if question(st) == "action_round.play":
            order.append((st.current_player(), st.d["round"]))
            assert st.d["phasing"] == st.current_player()
        play(st, st.legal_actions()[0])
    expected = [(s, r) for r in range(1, rounds + 1) for s in ("USSR", "US")]
    assert order == expected


@pytest.mark.rule("4.5", "10.1.5")
def test_a_scoring_card_cannot_be_held():
    """4.5 E: scoring cards cannot be held: a side with as many scoring cards as action rounds left
    may play only them (and not the China Card, 9.5)."""
    st = position(next={"phase": "action_round", "side": "USSR", "round": 5}, hands={"USSR": [1, 2, 7], "US": [4, 5]})
    assert st.legal_actions() == [{"card": 1}, {"card": 2}]
    st = position(next={"phase": "action_round", "side": "USSR", "round": 4}, hands={"USSR": [1, 2, 7], "US": [4, 5]})
    assert {"card": 7} in st.legal_actions() and {"card": CHINA_CARD} in st.legal_actions()


@pytest.mark.rule("4.5")
def test_a_side_without_cards_skips_its_action_rounds():
    """4.5 E: a side short of cards skips its rounds while the other finishes."""
    st = position(next={"phase": "action_round", "side": "USSR", "round": 5}, hands={"USSR": [], "US": [4, 5]},
                  china={"holder": "US", "face_up": False})
    assert st.current_player() == "US" and st.d["round"] == 5


# -- the end of the turn ---------------------------------------------------------------------------------------
@pytest.mark.rule("8.2.1", "4.5")
@pytest.mark.reading("A01")
@pytest.mark.parametrize("reading, vp", [("defcon_at_check", 0), ("defcon_at_step_d", -1)])
def test_the_requirement_is_the_defcon_at_the_check(reading, vp, monkeypatch):
    """A01: 4.5's step D has no description. By default (8.2.1 'corrente', and the example of play)
    the requirement is the DEFCON when it is checked; under the other reading, the DEFCON of step D.
    DEFCON 5 at step D; a USSR coup in Iran degrades it to 4; at the check the USSR has 5, the US 4:
    nothing, or 1 VP to the USSR. (No headline: the events of cards 4 and 7 are taken out of the
    registry for the test.)"""
    for n in (4, 7):
        monkeypatch.delitem(EVENTS, n, raising=False)
    st = position(defcon=5, turn=2, next={"phase": "headline"}, hands={"USSR": [7], "US": [4]},
                  milops={"USSR": 2, "US": 4}, china={"holder": "US", "face_up": True},
                  rulings={"milops_requirement": reading})
    assert question(st) == "action_round.play"
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Iran"}, 1)
    assert st.d["defcon"] == 4 and st.d["milops"]["USSR"] == 5
    while question(st) != "deal.drawn":
        play(st, st.legal_actions()[0])
    assert st.d["vp"] == vp


@pytest.mark.rule("9.3", "4.5")
def test_the_china_card_is_turned_face_up_at_the_end_of_the_turn():
    """4.5 H, 9.3: the China Card, passed face down during the turn, is turned face up."""
    st = position(next={"phase": "end_of_turn"}, china={"holder": "US", "face_up": False}, hands={"USSR": [], "US": []})
    assert st.d["china"] == {"holder": "US", "face_up": True} and st.d["turn"] == 2


@pytest.mark.rule("11.0", "11.1.3")
@pytest.mark.parametrize("options, message", [
    ({"tournament": "yes"}, "options: tournament must be true or false, not 'yes'"),
    ({"bid": {"to": "USSR", "vp": 25}}, "options: bid must be {to: US or USSR, vp: 0-19} (11.1.3)"),
    ({"optional_cards": True}, "options: optional_cards are the Deluxe's cards 104-110; set edition deluxe too"),
    ({"variant": 1}, "options: unknown option 'variant'"),
])
def test_the_optional_rules_are_named_options_refused_in_one_line(options, message):
    """11.0: the tournament rules are optional: named options, each refused in one line when bad."""
    from cdg_oracle.model.core.errors import DataError

    with pytest.raises(DataError) as e:
        new_game(options=options)
    assert str(e.value).startswith(message)
