"""The events of the optional cards 104-110 (model/twilight_struggle/events/optional_104_110.py),
with scripted dice and random picks.

Every position is in the Deluxe edition with the optional cards. Fillers: 34 Nuclear Test Ban
(neutral, 4 ops), 20 Olympic Games (neutral, 2 ops); scoring cards 1 Asia, 2 Europe, 3 Middle
East, 37 Central America, 38 Southeast Asia. The standard set-up's influence: US United Kingdom 5,
Canada 2, Iran 1, Israel 1, Japan 1, South Korea 1, Philippines 1, Australia 4, Panama 1, South
Africa 1; USSR East Germany 3, North Korea 3, Finland 1, Syria 1, Iraq 1.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle.events import effects, registered
from cdg_oracle.model.twilight_struggle.events.play import can_happen
from tests.twilight_struggle.helpers import play, position, question

OPT = {"edition": "deluxe", "optional_cards": True}
USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
NORAD_RECORD = {"card": 106, "side": "US", "until": "cancelled"}


def game(turn: int = 4, **state):
    """A Deluxe position with the optional cards, in ``turn`` (default 4: Early and Mid War cards)."""
    return position(options=OPT, turn=turn, **state)


def countries(st) -> list[str]:
    return [a["country"] for a in st.legal_actions() if "country" in a]


def round_trips(st) -> None:
    """The state, effects included, is written as a position and read back unchanged."""
    assert from_document(to_document(st)).d == st.d


# -- 104 The Cambridge Five ------------------------------------------------------------------------------------
@pytest.mark.rule("card 104")
def test_cambridge_five_offers_the_regions_of_the_us_scoring_cards():
    """Card 104: the US holds Middle East and Central America Scoring (and a non-scoring card): the
    USSR may place 1 influence in a country of either region, or not; the card is discarded (no
    asterisk); the reveal is kept in the effect record for the turn."""
    st = game(hands={"USSR": [104], "US": [3, 37, 34]})
    play(st, {"card": 104}, {"use": "event"})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "USSR"
    expected = sorted(c for c in st.map.names if st.map.countries[c].region in ("Middle East", "Central America"))
    assert sorted(countries(st)) == expected and st.legal_actions()[-1] == {"stop": True}
    play(st, {"country": "Iran"})
    assert st.d["influence"]["Iran"] == {"US": 1, "USSR": 1}
    assert st.d["discard"] == [104] and 104 not in st.d["removed"]
    assert {"card": 104, "side": "USSR", "until": "turn", "shown": [3, 37]} in st.d["effects"]
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"
    round_trips(st)


@pytest.mark.rule("card 104", "4.5")
def test_cambridge_five_as_a_headline_reveals_only_the_cards_still_in_hand():
    """4.5 C: the USSR headlines card 104 (2 ops) against the US's Middle East Scoring (no ops,
    second): the scoring card chosen as a headline is no longer in the US hand, so only Central
    America Scoring is revealed."""
    st = game(next=HEADLINE, hands={"USSR": [104, 34], "US": [3, 37, 20]})
    play(st, {"card": 104}, {"card": 3})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "USSR"
    assert sorted(countries(st)) == sorted(st.map.area("Central America"))
    assert effects.effect(st, 104)["shown"] == [37]
    play(st, {"country": "Mexico"})
    assert st.d["influence"]["Mexico"]["USSR"] == 1 and 104 in st.d["discard"]


@pytest.mark.rule("card 104", "2.1.2")
def test_cambridge_five_southeast_asia_scoring_names_only_southeast_asia():
    """Card 104: Southeast Asia Scoring names the sub-region: only its countries are offered."""
    st = game(hands={"USSR": [104], "US": [38]})
    play(st, {"card": 104}, {"use": "event"})
    assert sorted(countries(st)) == sorted(st.map.area("Southeast Asia"))
    assert "Japan" not in countries(st)


@pytest.mark.rule("card 104")
def test_cambridge_five_may_place_nothing():
    st = game(hands={"USSR": [104], "US": [2]})
    before = {c: dict(v) for c, v in st.d["influence"].items()}
    play(st, {"card": 104}, {"use": "event"}, {"stop": True})
    assert st.d["influence"] == before and st.d["discard"] == [104]


@pytest.mark.rule("card 104")
def test_cambridge_five_with_no_scoring_card_shown_asks_nothing():
    """No scoring card in the US hand: the event happens (the reveal shows none), no question."""
    st = game(hands={"USSR": [104], "US": [34, 20]})
    play(st, {"card": 104}, {"use": "event"})
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"
    assert {"card": 104, "side": "USSR", "until": "turn", "shown": []} in st.d["effects"]
    assert st.d["discard"] == [104]


@pytest.mark.rule("card 104", "5.2")
def test_cambridge_five_triggered_by_us_operations_is_carried_out_by_the_ussr():
    """5.2: the US plays card 104 for influence, the event first: the USSR decides where."""
    st = game(next=US_1, hands={"USSR": [], "US": [104, 1]})
    play(st, {"card": 104}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "USSR" and "Japan" in countries(st) and "Iran" not in countries(st)
    play(st, {"country": "Japan"})
    assert st.d["influence"]["Japan"] == {"US": 1, "USSR": 1}
    assert question(st) == "influence.place" and st.decision()["player"] == "US"


@pytest.mark.rule("card 104", "4.4", "5.2", "7.5")
def test_cambridge_five_has_no_event_in_the_late_war():
    """Card 104 in turn 8: not offered as an event nor headlined; the US's operations trigger no
    event (no question) and the card goes to the discards."""
    st = game(turn=8, hands={"USSR": [104], "US": [2]})
    assert not can_happen(st, "USSR", 104)
    play(st, {"card": 104})
    assert {"use": "event"} not in st.legal_actions()
    assert can_happen(game(turn=7, hands={"USSR": [104], "US": []}), "USSR", 104)
    st = game(turn=8, next=US_1, hands={"USSR": [], "US": [104, 2]})
    play(st, {"card": 104}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is always asked
    assert question(st) == "influence.place"
    play(st, {"country": "Japan"}, {"country": "Japan"})
    assert st.d["discard"] == [104] and not effects.in_force(st, 104)


# -- 105 Special Relationship -------------------------------------------------------------------------------------
@pytest.mark.rule("card 105")
def test_special_relationship_without_nato_adds_one_next_to_the_uk():
    """Card 105, the US controlling the UK (set-up: 5) without NATO: 1 US influence in a country
    adjacent to the UK (Benelux, Canada, France, Norway); no VP; the card is discarded."""
    st = game(next=US_1, hands={"USSR": [], "US": [105]})
    play(st, {"card": 105}, {"use": "event"})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"country": "Benelux"}, {"country": "Canada"}, {"country": "France"},
                                  {"country": "Norway"}]
    play(st, {"country": "Norway"})
    assert st.d["influence"]["Norway"] == {"US": 1, "USSR": 0} and st.d["vp"] == 0
    assert st.d["discard"] == [105]


@pytest.mark.rule("card 105", "card 21")
@pytest.mark.reading("C105")
@pytest.mark.parametrize("rulings", [None, {"card_105_placement": "one_country"}])
def test_special_relationship_with_nato_adds_two_in_western_europe_and_two_vp(rulings):
    """Card 105 with NATO (21) in effect, ruling ``card_105_placement`` at its default
    ``one_country``: 2 US influence in the one Western European country chosen (Turkey here, not
    adjacent to the UK), and 2 VP to the US."""
    st = game(next=US_1, hands={"USSR": [], "US": [105]}, vp=-3, in_effect=[21],
              effects=[{"card": 21, "side": "US", "until": "cancelled"}], rulings=rulings)
    play(st, {"card": 105}, {"use": "event"})
    assert question(st) == "event_105.where"
    assert sorted(countries(st)) == sorted(st.map.area("Western Europe"))
    play(st, {"country": "Turkey"})
    assert st.d["influence"]["Turkey"] == {"US": 2, "USSR": 0} and st.d["vp"] == -1


@pytest.mark.rule("card 105", "card 21")
@pytest.mark.reading("C105")
def test_special_relationship_with_nato_region_reading_spreads_the_two_markers():
    """Ruling ``card_105_placement=region`` (registry C105): two markers, each in any Western
    European country (here Turkey and Norway); 2 VP."""
    st = game(next=US_1, hands={"USSR": [], "US": [105]}, in_effect=[21],
              effects=[{"card": 21, "side": "US", "until": "cancelled"}],
              rulings={"card_105_placement": "region"})
    play(st, {"card": 105}, {"use": "event"})
    assert question(st) == "place_influence.where"
    assert countries(st) == [c for c in st.map.names if st.map.in_area(c, "Western Europe")]
    play(st, {"country": "Turkey"}, {"country": "Norway"})
    assert st.d["influence"]["Turkey"]["US"] == 1 and st.d["influence"]["Norway"]["US"] == 1
    assert st.d["vp"] == 2 and question(st) == "action_round.play"


@pytest.mark.rule("card 105")
def test_special_relationship_without_the_uk_does_nothing():
    """The UK not US-controlled (5 US, 1 USSR): the event happens and changes nothing."""
    st = game(next=US_1, hands={"USSR": [], "US": [105]}, vp=2, in_effect=[21],
              effects=[{"card": 21, "side": "US", "until": "cancelled"}],
              influence={"United Kingdom": {"US": 5, "USSR": 1}})
    before = {c: dict(v) for c, v in st.d["influence"].items()}
    play(st, {"card": 105}, {"use": "event"})
    assert st.d["influence"] == before and st.d["vp"] == 2 and st.d["discard"] == [105]
    assert st.decision()["player"] == "USSR"


@pytest.mark.rule("card 105", "5.2")
def test_special_relationship_triggered_by_ussr_operations_gives_the_us_its_influence():
    st = game(hands={"USSR": [105], "US": []})
    play(st, {"card": 105}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "US"
    play(st, {"country": "France"})
    assert st.d["influence"]["France"] == {"US": 1, "USSR": 0}
    assert question(st) == "influence.place" and st.decision()["player"] == "USSR"


@pytest.mark.rule("card 105", "4.5")
def test_special_relationship_as_a_headline():
    """4.5 C: the US headlines card 105 (2 ops) against the USSR's Europe Scoring (no ops): the US's
    event first; the US places next to the UK, then Europe is scored."""
    st = game(next=HEADLINE, hands={"USSR": [2, 34], "US": [105, 20]})
    play(st, {"card": 2}, {"card": 105})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"
    play(st, {"country": "Canada"})
    assert st.d["influence"]["Canada"]["US"] == 3 and 105 in st.d["discard"] and 2 in st.d["discard"]
    assert question(st) == "action_round.play"


# -- 106 NORAD -----------------------------------------------------------------------------------------------------
def norad(defcon: int = 3, canada: int = 4, next=USSR_1, **state):
    """NORAD in force (its card beside the map), the US controlling Canada (stability 4) by default."""
    influence = state.pop("influence", {})
    influence.setdefault("Canada", {"US": canada, "USSR": 0})
    return game(next=next, defcon=defcon, in_effect=[106], effects=[dict(NORAD_RECORD)], influence=influence,
                **state)


@pytest.mark.rule("card 106", "7.3", "2.2.5")
def test_norad_goes_beside_the_map_with_the_us_effect():
    st = game(next=US_1, hands={"USSR": [], "US": [106]}, defcon=4)
    play(st, {"card": 106}, {"use": "event"})
    assert st.d["in_effect"] == [106] and 106 not in st.d["removed"] + st.d["discard"]
    assert {**NORAD_RECORD, "defcon": 4} in st.d["effects"]
    round_trips(st)


@pytest.mark.rule("card 106", "6.3.4", "8.1.4")
def test_norad_ussr_coup_moving_defcon_to_2_gives_the_us_one_influence():
    """The USSR's coup in Iran (battleground) moves DEFCON 3 -> 2: at the end of the USSR's round the
    US adds 1 influence to a country already holding US influence (Iran lost its only one)."""
    st = norad(hands={"USSR": [34, 2], "US": [20]})
    play(st, {"card": 34}, {"use": "coup"}, {"country": "Iran"}, 1)
    assert st.d["defcon"] == 2 and st.d["influence"]["Iran"] == {"US": 0, "USSR": 0}
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"
    assert st.decision()["rule"] == "card 106"
    options = countries(st)
    assert "Iran" not in options and "Canada" in options and "United Kingdom" in options
    assert options == [c for c in st.map.names if st.d["influence"][c]["US"] > 0]
    round_trips(st)
    play(st, {"country": "Israel"})
    assert st.d["influence"]["Israel"]["US"] == 2
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"
    assert 106 in st.d["in_effect"] and effects.effect(st, 106)["defcon"] == 2
    play(st, {"card": 20}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    assert question(st) == "action_round.play" and st.decision()["player"] == "USSR"  # once only


@pytest.mark.rule("card 106", "6.3.4")
def test_norad_us_round_counts_too():
    """The US's own coup in Iraq (battleground) moves DEFCON 3 -> 2 in the US's round: the US adds 1
    influence."""
    st = norad(next=US_1, hands={"USSR": [], "US": [34]})
    play(st, {"card": 34}, {"use": "coup"}, {"country": "Iraq"}, 1)
    assert st.d["defcon"] == 2
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"


@pytest.mark.rule("card 106")
@pytest.mark.parametrize("defcon, canada", [(2, 4), (3, 3), (4, 4)])
def test_norad_needs_canada_and_a_move_to_2(defcon, canada):
    """No addition: DEFCON already 2 as the round began (the USSR then coups a non-battleground,
    Kenya), Canada not US-controlled (3 < 4) as a coup in Angola moves DEFCON 3 -> 2, or DEFCON
    moved 4 -> 3 only."""
    target = "Kenya" if defcon == 2 else "Angola"
    st = norad(defcon=defcon, canada=canada, hands={"USSR": [34], "US": [20]},
               influence={target: {"US": 1, "USSR": 0}})
    play(st, {"card": 34}, {"use": "coup"}, {"country": target}, 1)
    assert st.d["defcon"] == defcon - (1 if defcon > 2 else 0)
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"


@pytest.mark.rule("card 106", "4.5")
def test_norad_not_in_the_headline_phase():
    """DEFCON moving to 2 during the headline phase (no action round) gives nothing; the round after
    it begins at 2."""
    assert registered(4) is not None  # every event is registered
    st = norad(next=HEADLINE, hands={"USSR": [2, 34], "US": [4, 20]})
    play(st, {"card": 2}, {"card": 4})  # Duck and Cover (US) first: DEFCON 3 -> 2, then VP
    assert st.d["defcon"] == 2
    while question(st) != "action_round.play":
        assert question(st) != "place_influence.where" or st.decision()["rule"] != "card 106"
        st.apply(st.legal_actions()[0])
    assert effects.effect(st, 106)["defcon"] == 2


@pytest.mark.rule("card 106", "5.2")
def test_norad_triggered_by_ussr_coup_operations_is_the_us_effect_and_reads_that_round():
    """5.2: the USSR plays NORAD for a coup in Iran, the event first: the effect is the US's at once
    and DEFCON moving 3 -> 2 by that very coup gives the US its influence at the round's end."""
    st = game(hands={"USSR": [106], "US": []}, defcon=3, influence={"Canada": {"US": 4, "USSR": 0}})
    play(st, {"card": 106}, {"use": "coup"}, {"event": "before"})
    assert {**NORAD_RECORD, "defcon": 3} in st.d["effects"]
    play(st, {"country": "Iran"}, 2)
    assert st.d["defcon"] == 2 and st.decision()["player"] == "US" and question(st) == "place_influence.where"
    play(st, {"country": "Canada"})
    assert st.d["influence"]["Canada"]["US"] == 5 and st.d["in_effect"] == [106]


@pytest.mark.rule("card 106", "card 42", "7.3")
def test_norad_cancelled_by_quagmire():
    """Card 42's event ends NORAD: its card leaves the map for the removed cards (asterisk)."""
    assert registered(42) is not None  # every event is registered
    st = norad(defcon=4, hands={"USSR": [42], "US": [34]})
    play(st, {"card": 42}, {"use": "event"})
    assert not effects.in_force(st, 106) and 106 in st.d["removed"] and 106 not in st.d["in_effect"]


# -- 107 Che -------------------------------------------------------------------------------------------------------
CHE_INFLUENCE = {"Guatemala": {"US": 1, "USSR": 0}, "Haiti": {"US": 2, "USSR": 0},
                 "Costa Rica": {"US": 1, "USSR": 0}, "Kenya": {"US": 1, "USSR": 0}}


@pytest.mark.rule("card 107", "6.3.5", "8.2.5")
@pytest.mark.reading("C107")
@pytest.mark.parametrize("rulings", [None, {"card_107_coup": "optional"}])
def test_che_first_coup_removing_us_influence_allows_a_second_elsewhere(rulings):
    """Card 107: the targets are the non-battlegrounds of Central/South America and Africa holding
    US influence (not Panama, South Africa: battlegrounds); Guatemala (stability 1), 3 ops + die 3 -
    2 = 4: 1 US removed, 3 USSR added; no military operations (free); the second coup may not aim at
    Guatemala. Ruling ``card_107_coup`` at its default ``optional``: each coup is asked."""
    st = game(hands={"USSR": [107], "US": []}, influence=CHE_INFLUENCE, rulings=rulings)
    play(st, {"card": 107}, {"use": "event"})
    assert question(st) == "event_107.coup_1" and st.legal_actions() == [{"coup": True}, {"coup": False}]
    play(st, {"coup": True})
    assert countries(st) == ["Costa Rica", "Guatemala", "Haiti", "Kenya"]
    play(st, {"country": "Guatemala"}, 3)
    assert st.d["influence"]["Guatemala"] == {"US": 0, "USSR": 3} and st.d["milops"]["USSR"] == 0
    assert question(st) == "event_107.coup_2"
    play(st, {"coup": True})
    assert countries(st) == ["Costa Rica", "Haiti", "Kenya"]
    play(st, {"country": "Haiti"}, 1)  # 3 + 1 - 2 = 2: both US influence removed
    assert st.d["influence"]["Haiti"] == {"US": 0, "USSR": 0}
    assert question(st) == "action_round.play" and st.d["discard"] == [107] and st.d["defcon"] == 5


@pytest.mark.rule("card 107")
def test_che_failed_coup_gives_no_second():
    """Costa Rica (stability 3): 3 + 3 - 6 = 0, nothing removed: no second coup."""
    st = game(hands={"USSR": [107], "US": [20]}, influence=CHE_INFLUENCE)
    play(st, {"card": 107}, {"use": "event"}, {"coup": True}, {"country": "Costa Rica"}, 3)
    assert st.d["influence"]["Costa Rica"] == {"US": 1, "USSR": 0}
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"


@pytest.mark.rule("card 107", "6.3.5")
def test_che_may_be_declined_and_asks_nothing_without_a_target():
    st = game(hands={"USSR": [107], "US": []}, influence=CHE_INFLUENCE)
    play(st, {"card": 107}, {"use": "event"}, {"coup": False})
    assert question(st) == "action_round.play" and st.d["influence"]["Guatemala"] == {"US": 1, "USSR": 0}
    st = game(hands={"USSR": [107], "US": []})  # set-up: only battlegrounds (Panama, South Africa)
    play(st, {"card": 107}, {"use": "event"})
    assert question(st) == "action_round.play" and st.d["discard"] == [107]


@pytest.mark.rule("card 107", "6.3.5")
@pytest.mark.reading("C107")
def test_che_compulsory_reading_makes_each_coup_without_asking():
    """Ruling ``card_107_coup=compulsory`` (registry C107): no yes/no question; the USSR chooses the
    target at once; the first coup removing US influence, the second follows the same way."""
    st = game(hands={"USSR": [107], "US": [20]}, influence=CHE_INFLUENCE, rulings={"card_107_coup": "compulsory"})
    play(st, {"card": 107}, {"use": "event"})
    assert question(st) == "coup.target" and countries(st) == ["Costa Rica", "Guatemala", "Haiti", "Kenya"]
    play(st, {"country": "Haiti"}, 1)  # 3 + 1 - 2 = 2
    assert st.d["influence"]["Haiti"] == {"US": 0, "USSR": 0}
    assert question(st) == "coup.target" and countries(st) == ["Costa Rica", "Guatemala", "Kenya"]
    play(st, {"country": "Costa Rica"}, 1)
    assert question(st) == "action_round.play" and st.decision()["player"] == "US"


@pytest.mark.rule("card 107", "5.2")
def test_che_triggered_by_us_operations_is_the_ussrs_coup():
    """5.2: the US plays Che for influence, the event after: the USSR decides and coups Kenya
    (stability 2): 3 + 6 - 4 = 5; then the second coup, declined."""
    st = game(next=US_1, hands={"USSR": [], "US": [107]}, influence=CHE_INFLUENCE)
    play(st, {"card": 107}, {"use": "influence"}, {"event": "after"}, *[{"country": "Japan"}] * 3)
    assert question(st) == "event_107.coup_1" and st.decision()["player"] == "USSR"
    play(st, {"coup": True}, {"country": "Kenya"}, 6)
    assert st.d["influence"]["Kenya"] == {"US": 0, "USSR": 4}
    play(st, {"coup": False})
    assert st.d["discard"] == [107] and st.decision()["player"] == "USSR"


# -- 108 Our Man in Tehran -------------------------------------------------------------------------------------------
@pytest.mark.rule("card 108", "5.2", "7.5")
def test_our_man_in_tehran_needs_a_us_controlled_middle_east_country():
    """Set-up: Iran 1 (stability 2), Israel 1 (4): no US control: not offered; triggered by the USSR's
    operations the event does not happen and the starred card goes to the discards (5.2)."""
    st = game(next=US_1, hands={"USSR": [], "US": [108]})
    assert not can_happen(st, "US", 108)
    play(st, {"card": 108})
    assert {"use": "event"} not in st.legal_actions()
    st = game(hands={"USSR": [108], "US": []})
    play(st, {"card": 108}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is always asked
    assert question(st) == "influence.place"
    play(st, {"country": "Iraq"}, {"country": "Iraq"})
    assert st.d["discard"] == [108] and 108 not in st.d["removed"]


@pytest.mark.rule("card 108", "5.4")
def test_our_man_in_tehran_draws_five_discards_some_returns_the_rest():
    """Card 108, the US controlling Iran: 5 draws, each a chance node over the pile's undrawn cards;
    then, card by card in number order, discard or return; the discarded go to the discards, the
    rest stay in the pile; the US hand is unchanged; the card is removed."""
    st = game(next=US_1, hands={"USSR": [], "US": [108, 34]}, influence={"Iran": {"US": 2, "USSR": 0}})
    pile = list(st.d["deck"])
    play(st, {"card": 108}, {"use": "event"})
    drawn = [pile[0], pile[5], pile[10], pile[-1], pile[3]]
    for n, c in enumerate(drawn):
        assert question(st) == "event_108.drawn"
        assert sorted(a["card"] for a in st.legal_actions()) == [x for x in pile if x not in drawn[:n]]
        play(st, {"card": c})
    looked = sorted(drawn)
    for c in looked:
        assert question(st) == "event_108.answer" and st.decision()["player"] == "US"
        assert st.legal_actions() == [{"discard": c}, {"keep": c}]
        play(st, {"discard": c} if c in (pile[5], pile[-1]) else {"keep": c})
    assert st.d["discard"] == sorted([pile[5], pile[-1]])
    assert st.d["deck"] == [x for x in pile if x not in (pile[5], pile[-1])]
    assert st.d["hands"]["US"] == [34] and 108 in st.d["removed"]
    assert question(st) == "action_round.play" and st.decision()["player"] == "USSR"
    assert all("drawn" not in f for f in st.d["stack"])


@pytest.mark.rule("card 108", "4.3")
def test_our_man_in_tehran_rebuilds_the_pile_from_the_discards():
    """Two cards in the pile: both drawn, then the discards become the pile (4.3) and three more are
    drawn from them; a card discarded returns to the discards."""
    base = game()
    pool = sorted(n for n in base.d["deck"] if n not in (108, 34))
    starred = [n for n in pool if base.cards[n].removed]
    plain = [n for n in pool if n not in starred]
    keep, old = plain[:2], plain[2:]
    st = game(next=US_1, hands={"USSR": [], "US": [108, 34]}, influence={"Iran": {"US": 2, "USSR": 0}},
              discard=old, removed=starred)
    assert st.d["deck"] == keep
    play(st, {"card": 108}, {"use": "event"}, {"card": keep[0]})
    assert st.legal_actions() == [{"card": keep[1]}]
    play(st, {"card": keep[1]})
    assert st.d["discard"] == [] and st.d["deck"] == sorted(keep + old)
    assert sorted(a["card"] for a in st.legal_actions()) == old
    play(st, {"card": old[0]}, {"card": old[1]}, {"card": old[2]})
    for c in sorted(keep + old[:3]):
        play(st, {"discard": c} if c == keep[0] else {"keep": c})
    assert st.d["discard"] == [keep[0]] and st.d["deck"] == sorted(keep[1:] + old)


@pytest.mark.rule("card 108", "5.2")
def test_our_man_in_tehran_triggered_by_ussr_operations_lets_the_us_choose():
    st = game(hands={"USSR": [108], "US": []}, influence={"Iran": {"US": 2, "USSR": 0}})
    pile = list(st.d["deck"])
    play(st, {"card": 108}, {"use": "influence"}, {"event": "before"}, *[{"card": c} for c in pile[:5]])
    assert st.decision()["player"] == "US" and question(st) == "event_108.answer"
    play(st, *[{"keep": c} for c in pile[:5]])
    assert st.d["deck"] == pile and st.d["discard"] == []
    assert question(st) == "influence.place" and st.decision()["player"] == "USSR"
    play(st, {"country": "Iraq"}, {"country": "Iraq"})
    assert 108 in st.d["removed"]


# -- 109 Yuri and Samantha --------------------------------------------------------------------------
@pytest.mark.rule("card 109", "4.5")
def test_yuri_and_samantha_each_us_coup_gives_the_ussr_a_vp_for_the_turn():
    """Card 109 (turn 8): the USSR's effect until the end of the turn; the US's coup in Syria (won or
    lost) gives the USSR 1 VP; a USSR coup gives nothing; the card is removed."""
    st = game(turn=8, hands={"USSR": [109, 20], "US": [34, 2]})
    play(st, {"card": 109}, {"use": "event"})
    assert {"card": 109, "side": "USSR", "until": "turn"} in st.d["effects"] and 109 in st.d["removed"]
    play(st, {"card": 34}, {"use": "coup"}, {"country": "Syria"}, 1)  # 4 + 1 - 4 = 1
    assert st.d["influence"]["Syria"] == {"US": 0, "USSR": 0} and st.d["vp"] == -1
    play(st, {"card": 20}, {"use": "coup"}, {"country": "Iran"}, 6)
    assert st.d["vp"] == -1
    effects.end_of_turn(st)
    assert not effects.in_force(st, 109)


@pytest.mark.rule("card 109", "5.2")
def test_yuri_and_samantha_triggered_by_the_us_coup_counts_that_coup():
    """5.2: the US plays card 109 for a coup, the event first: the USSR's effect is in force for
    that very coup (1 VP, the coup failing: 2 + 1 - 4 < 1)."""
    st = game(turn=8, next=US_1, hands={"USSR": [], "US": [109]}, vp=3)
    play(st, {"card": 109}, {"use": "coup"}, {"event": "before"}, {"country": "Syria"}, 1)
    assert st.d["influence"]["Syria"] == {"US": 0, "USSR": 1} and st.d["vp"] == 2
    assert 109 in st.d["removed"]
    round_trips(st)


# -- 110 AWACS Sale to Saudis -------------------------------------------------------------------------
@pytest.mark.rule("card 110", "7.3")
def test_awacs_adds_two_in_saudi_arabia_and_stays_in_effect():
    st = game(turn=8, next=US_1, hands={"USSR": [], "US": [110]}, influence={"Saudi Arabia": {"US": 1, "USSR": 2}})
    play(st, {"card": 110}, {"use": "event"})
    assert st.d["influence"]["Saudi Arabia"] == {"US": 3, "USSR": 2}
    assert st.d["in_effect"] == [110] and {"card": 110, "side": "US", "until": "cancelled"} in st.d["effects"]
    round_trips(st)


@pytest.mark.rule("card 110", "card 56", "7.5")
def test_awacs_in_effect_prohibits_muslim_revolution():
    assert registered(56) is not None  # every event is registered
    st = game(turn=8, hands={"USSR": [56], "US": []})
    assert can_happen(st, "USSR", 56)
    st = game(turn=8, hands={"USSR": [56], "US": []}, in_effect=[110],
              effects=[{"card": 110, "side": "US", "until": "cancelled"}])
    assert not can_happen(st, "USSR", 56)
    play(st, {"card": 56})
    assert {"use": "event"} not in st.legal_actions()


@pytest.mark.rule("card 110", "5.2")
def test_awacs_triggered_by_ussr_operations_is_the_us_effect():
    st = game(turn=8, hands={"USSR": [110], "US": []})
    play(st, {"card": 110}, {"use": "influence"}, {"event": "before"})
    assert st.d["influence"]["Saudi Arabia"] == {"US": 2, "USSR": 0}
    play(st, *[{"country": "Iraq"}] * 3)
    assert st.d["in_effect"] == [110] and {"card": 110, "side": "US", "until": "cancelled"} in st.d["effects"]
