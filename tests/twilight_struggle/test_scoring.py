"""Region scoring (10.1, 10.2.3) and Southeast Asia Scoring (7.2), with the scoring cards played as
events in an action round.

Positions start from an empty map (every country's influence cleared) with exactly the control the
test needs: a side "controls" a country here by holding influence equal to its stability and the
other side none (2.1.7). Cards (seed edition): Asia Scoring 1, Europe Scoring 2, Middle East Scoring
3, South America Scoring 35, Central America Scoring 37, Southeast Asia Scoring 38, Africa Scoring
79; the Mid War ones need turn 4 or later. Card marks use the catalogue's (Deluxe) numbers, where
South America Scoring is "card 81". The expected values are the seed's scoring cards
(seed_twilight_struggle.md section e), written out here, never read from data/tables.yaml.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle.mapdata import load_map
from tests.twilight_struggle.helpers import ZERO, play, position

MAP = load_map()
OTHER = {"USSR": "US", "US": "USSR"}
FILLER = {"USSR": 7, "US": 4}   # a card for the other side, so that play stops at its action round

ASIA, EUROPE, MIDDLE_EAST, SOUTH_AMERICA, CENTRAL_AMERICA, SOUTHEAST_ASIA, AFRICA = 1, 2, 3, 35, 37, 38, 79


def board(**by_side) -> dict:
    """Every country's influence cleared, then ``USSR=[...]`` and ``US=[...]`` control the countries
    listed (influence equal to the stability), or ``extra={country: {US: n, USSR: m}}``."""
    inf = {c: dict(ZERO) for c in MAP.names}
    for side in ("USSR", "US"):
        for c in by_side.get(side, []):
            inf[c] = {**ZERO, side: MAP.countries[c].stability}
    for c, v in by_side.get("extra", {}).items():
        inf[c] = {**ZERO, **v}
    return inf


def score(card: int, influence: dict, side: str = "USSR", vp: int = 0, turn: int = 4, rulings: dict | None = None):
    """``side`` plays scoring ``card`` as the event of its first action round; the state after it."""
    st = position(influence=influence, vp=vp, turn=turn, rulings=rulings,
                  hands={side: [card], OTHER[side]: [FILLER[OTHER[side]]]},
                  next={"phase": "action_round", "side": side, "round": 1})
    return play(st, {"card": card}, {"use": "event"})


# -- 10.1.1: the levels -------------------------------------------------------------------------------

@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
def test_presence_is_one_controlled_country():
    """Presence: a side controls at least one country of the region (a non-battleground here, so
    no bonus): the Middle East's Presence is 3 VP."""
    st = score(MIDDLE_EAST, board(USSR=["Lebanon"]))
    assert st.d["vp"] == -3


@pytest.mark.rule("10.1.1", "card 3")
def test_no_country_controlled_scores_nothing():
    """Influence short of control gives no level: a side with no controlled country scores 0."""
    st = score(MIDDLE_EAST, board(extra={"Iraq": {"USSR": 2}, "Israel": {"US": 3}}))
    assert st.d["vp"] == 0


@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
def test_domination_needs_a_battleground_and_a_non_battleground():
    """Domination: more countries and more battlegrounds than the opponent, with at least one
    battleground and one non-battleground among them: Iraq and Lebanon against the US's Jordan is
    Domination (5 + 1 battleground) against Presence (3)."""
    st = score(MIDDLE_EAST, board(USSR=["Iraq", "Lebanon"], US=["Jordan"]))
    assert st.d["vp"] == 3 - (5 + 1)


@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
def test_battlegrounds_alone_are_not_domination():
    """More countries and more battlegrounds, but no non-battleground: only Presence (3 + 2
    battlegrounds) against the US's Presence (3)."""
    st = score(MIDDLE_EAST, board(USSR=["Iraq", "Libya"], US=["Jordan"]))
    assert st.d["vp"] == 3 - (3 + 2)


@pytest.mark.rule("10.1.1", "card 3")
def test_non_battlegrounds_alone_are_not_domination():
    """More countries but no battleground (not more battlegrounds than the opponent): Presence."""
    st = score(MIDDLE_EAST, board(USSR=["Lebanon", "Jordan", "Syria"], US=["Gulf States"]))
    assert st.d["vp"] == 3 - 3


@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
def test_domination_needs_more_countries():
    """A battleground and a non-battleground, more battlegrounds, but as many countries as the
    opponent: Presence each (3 + 1 against 3)."""
    st = score(MIDDLE_EAST, board(USSR=["Iraq", "Lebanon"], US=["Jordan", "Syria"]))
    assert st.d["vp"] == 3 - (3 + 1)


@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
def test_domination_needs_more_battlegrounds():
    """More countries, but as many battlegrounds as the opponent: Presence each."""
    st = score(MIDDLE_EAST, board(USSR=["Iraq", "Lebanon", "Jordan"], US=["Israel"]))
    assert st.d["vp"] == (3 + 1) - (3 + 1)


@pytest.mark.rule("10.1.1", "10.1.2", "card 37")
def test_control_needs_every_battleground_but_no_non_battleground():
    """Control: more countries and every battleground of the region; no non-battleground is needed.
    Central America: Cuba, Mexico and Panama are Control (5) + 3 battlegrounds + Cuba and Mexico
    adjacent to the USA (2)."""
    st = score(CENTRAL_AMERICA, board(USSR=["Cuba", "Mexico", "Panama"]))
    assert st.d["vp"] == -(5 + 3 + 2)


@pytest.mark.rule("10.1.1", "10.1.2", "card 37")
def test_control_needs_more_countries():
    """Every battleground but only as many countries as the opponent: Presence (1 + 3 + 2)
    against Presence (1)."""
    st = score(CENTRAL_AMERICA, board(USSR=["Cuba", "Mexico", "Panama"],
                                      US=["Haiti", "Guatemala", "El Salvador"]))
    assert st.d["vp"] == 1 - (1 + 3 + 2)


@pytest.mark.rule("10.1.1", "10.1.2", "card 79")
def test_missing_one_battleground_is_not_control():
    """Four of Africa's five battlegrounds and a non-battleground: Domination (4 + 4), not Control."""
    st = score(AFRICA, board(US=["Algeria", "Angola", "Nigeria", "South Africa", "Botswana"]))
    assert st.d["vp"] == 4 + 4


# -- 10.1.2: the bonuses ------------------------------------------------------------------------------

@pytest.mark.rule("10.1.2", "card 37")
def test_adjacency_bonus_is_for_the_enemy_superpower_only():
    """+1 per controlled country adjacent to the enemy superpower: the USSR's Mexico earns it
    (next to the USA); the US's Cuba does not (next to its own superpower). Both Presence: the US
    1 + 1 battleground, the USSR 1 + 1 battleground + 1 adjacency."""
    st = score(CENTRAL_AMERICA, board(USSR=["Mexico"], US=["Cuba"]))
    assert st.d["vp"] == (1 + 1) - (1 + 1 + 1)


@pytest.mark.rule("10.1.2", "card 2")
def test_adjacency_bonus_in_europe():
    """In Europe the US earns +1 for Finland and Poland (next to the USSR); the USSR earns it for
    Canada (next to the USA). US: Presence 3 + Poland 1 + 2 adjacency; USSR: Presence 3 + 1."""
    st = score(EUROPE, board(US=["Finland", "Poland"], USSR=["Canada", "Benelux", "Denmark"]))
    assert st.d["vp"] == (3 + 1 + 2) - (3 + 1)


@pytest.mark.rule("10.1.2", "card 1")
def test_adjacency_bonus_in_asia():
    """In Asia the US earns +1 for North Korea and Afghanistan (next to the USSR), the USSR +1 for
    Japan (next to the USA). US: Presence 3 + 1 battleground + 2; USSR: Presence 3 + 1 + 1."""
    st = score(ASIA, board(US=["North Korea", "Afghanistan"], USSR=["Japan", "Burma", "Taiwan"]))
    assert st.d["vp"] == (3 + 1 + 2) - (3 + 1 + 1)


@pytest.mark.rule("10.1.2", "2.1.6")
def test_only_europe_asia_and_central_america_touch_a_superpower():
    """The countries adjacent to a superpower, whose control earns the 10.1.2 bonus against that
    superpower's enemy, lie in Europe, Asia and Central America only (the Middle East, South
    America and Africa scoring cards print no such bonus)."""
    linked = {c: (MAP.countries[c].region, MAP.countries[c].superpower)
              for c in MAP.names if MAP.countries[c].superpower}
    assert linked == {
        "Canada": ("Europe", "USA"), "Finland": ("Europe", "USSR"), "Poland": ("Europe", "USSR"),
        "Romania": ("Europe", "USSR"), "Afghanistan": ("Asia", "USSR"), "North Korea": ("Asia", "USSR"),
        "Japan": ("Asia", "USA"), "Cuba": ("Central America", "USA"), "Mexico": ("Central America", "USA"),
    }


@pytest.mark.rule("10.1.2", "10.2.3", "card 3")
def test_both_sides_score_and_only_the_difference_moves_the_marker():
    """Each side's VP are totalled and only the difference goes on the track (10.2.3): the US's
    Domination (5 + 2) against the USSR's Presence (3 + 1), from +2: +5."""
    st = score(MIDDLE_EAST, board(US=["Israel", "Egypt", "Jordan"], USSR=["Iraq"]), vp=2)
    assert st.d["vp"] == 2 + (5 + 2) - (3 + 1)


# -- each region's values (the scoring cards) -----------------------------------------------------------

#: region card, a non-battleground next to no superpower, its battlegrounds, the seed's values
#: (Presence, Domination, Control; Europe's Control is a win), the USSR's adjacency bonus with
#: every battleground (countries next to the USA among them).
REGIONS = [
    ("Asia", ASIA, "Burma", ["India", "Japan", "North Korea", "Pakistan", "South Korea", "Thailand"], (3, 7, 9), 1),
    ("Europe", EUROPE, "Benelux", ["East Germany", "France", "Italy", "Poland", "West Germany"], (3, 7, None), 0),
    ("Middle East", MIDDLE_EAST, "Lebanon", ["Egypt", "Iran", "Iraq", "Israel", "Libya", "Saudi Arabia"], (3, 5, 7), 0),
    ("Central America", CENTRAL_AMERICA, "Haiti", ["Cuba", "Mexico", "Panama"], (1, 3, 5), 2),
    ("South America", SOUTH_AMERICA, "Bolivia", ["Argentina", "Brazil", "Chile", "Venezuela"], (2, 5, 6), 0),
    ("Africa", AFRICA, "Botswana", ["Algeria", "Angola", "Nigeria", "South Africa", "Zaire"], (1, 4, 6), 0),
]


@pytest.mark.rule("10.1.1", "card 1", "card 2", "card 3", "card 37", "card 79", "card 81")
@pytest.mark.parametrize("region, card, plain, bgs, values, adjacency", REGIONS, ids=[r[0] for r in REGIONS])
def test_each_region_scores_its_presence(region, card, plain, bgs, values, adjacency):
    """Presence (a non-battleground only) scores the card's first value."""
    st = score(card, board(USSR=[plain]))
    assert st.d["vp"] == -values[0]


@pytest.mark.rule("10.1.1", "10.1.2", "card 1", "card 2", "card 3", "card 37", "card 79", "card 81")
@pytest.mark.parametrize("region, card, plain, bgs, values, adjacency", REGIONS, ids=[r[0] for r in REGIONS])
def test_each_region_scores_its_domination(region, card, plain, bgs, values, adjacency):
    """Domination (a non-battleground and one battleground not next to the USA) scores the
    card's second value + 1 for the battleground."""
    bg = next(c for c in bgs if c not in ("Japan", "Cuba", "Mexico"))
    st = score(card, board(USSR=[plain, bg]))
    assert st.d["vp"] == -(values[1] + 1)


@pytest.mark.rule("10.1.1", "10.1.2", "card 1", "card 3", "card 37", "card 79", "card 81")
@pytest.mark.parametrize("region, card, plain, bgs, values, adjacency",
                         [r for r in REGIONS if r[0] != "Europe"], ids=[r[0] for r in REGIONS if r[0] != "Europe"])
def test_each_region_scores_its_control(region, card, plain, bgs, values, adjacency):
    """Control (every battleground) scores the card's third value + 1 per battleground + 1 per
    country next to the enemy superpower."""
    st = score(card, board(USSR=bgs))
    assert st.d["vp"] == -(values[2] + len(bgs) + adjacency)
    assert st.outcome() is None


@pytest.mark.rule("10.1.1", "10.3.1", "card 2")
@pytest.mark.parametrize("side", ["USSR", "US"])
def test_control_of_europe_wins_when_europe_is_scored(side):
    """Europe's Control has no VP value: the side that controls Europe when Europe Scoring is played
    wins at once (10.3.1), whatever the VP (here 15 for the other side)."""
    bgs = ["East Germany", "France", "Italy", "Poland", "West Germany"]
    vp = 15 if side == "USSR" else -15
    st = score(EUROPE, board(**{side: bgs}), side=OTHER[side], vp=vp)
    assert st.outcome()["winner"] == side and st.outcome()["rule"] == "10.3.1"
    assert st.decision() is None and st.d["vp"] == vp


# -- the scoring_tiers ruling (A09) -----------------------------------------------------------------

@pytest.mark.rule("10.1.1", "10.1.2", "card 3")
@pytest.mark.reading("A09")
@pytest.mark.parametrize("scoring_tiers, expected", [("highest", 3 - (5 + 1)), ("cumulative", 3 - (3 + 5 + 1))])
def test_scoring_tiers_domination(scoring_tiers, expected):
    """A09: a Domination of the Middle East (Iraq, Lebanon) against Presence (Jordan). ``highest``
    (default, the example of play: 'Dominano l'Europa ottenendo 7 VP + 3 VP'): 5 + 1 against 3;
    ``cumulative``: Presence and Domination, 3 + 5 + 1 against 3."""
    st = score(MIDDLE_EAST, board(USSR=["Iraq", "Lebanon"], US=["Jordan"]), rulings={"scoring_tiers": scoring_tiers})
    assert st.d["vp"] == expected


@pytest.mark.rule("10.1.1", "10.1.2", "card 37")
@pytest.mark.reading("A09")
@pytest.mark.parametrize("scoring_tiers, expected", [
    ("highest", -(5 + 3 + 2)),
    ("cumulative", -(1 + 5 + 3 + 2)),
])
def test_scoring_tiers_control_without_domination(scoring_tiers, expected):
    """A09: Control of Central America with its three battlegrounds only (no non-battleground, so
    Domination's conditions are not met, 10.1.1). ``highest``: Control 5 + 3 battlegrounds + 2
    adjacent to the USA; ``cumulative`` (every level met): Presence 1 + Control 5 + 3 + 2."""
    st = score(CENTRAL_AMERICA, board(USSR=["Cuba", "Mexico", "Panama"]), rulings={"scoring_tiers": scoring_tiers})
    assert st.d["vp"] == expected


# -- 7.2: Southeast Asia Scoring -----------------------------------------------------------------------

@pytest.mark.rule("7.2", "card 38", "10.2.3")
def test_southeast_asia_scoring():
    """1 VP per controlled Southeast Asian country, 2 for Thailand; no levels, no battleground or
    adjacency bonus; countries of Asia outside Southeast Asia (India, Japan) count for nothing.
    USSR: Vietnam, Laos/Cambodia, Thailand = 4; US: Philippines, Malaysia, Japan = 2."""
    st = score(SOUTHEAST_ASIA, board(USSR=["Vietnam", "Laos/Cambodia", "Thailand", "India"],
                                     US=["Philippines", "Malaysia", "Japan"]))
    assert st.d["vp"] == 2 - 4


@pytest.mark.rule("7.2", "card 38")
@pytest.mark.parametrize("country, value", [("Burma", 1), ("Laos/Cambodia", 1), ("Vietnam", 1), ("Malaysia", 1),
                                            ("Indonesia", 1), ("Philippines", 1), ("Thailand", 2)])
def test_southeast_asia_values(country, value):
    """Each Southeast Asian country is worth 1 VP, Thailand 2."""
    st = score(SOUTHEAST_ASIA, board(US=[country]), side="US")
    assert st.d["vp"] == value


@pytest.mark.rule("7.2", "2.2.4", "2.2.6", "card 38")
def test_southeast_asia_scoring_is_removed_and_the_others_discarded():
    """Southeast Asia Scoring is the one scoring card removed from the game after play; the other
    scoring cards go to the discards."""
    st = score(SOUTHEAST_ASIA, board())
    assert SOUTHEAST_ASIA in st.d["removed"] and SOUTHEAST_ASIA not in st.d["discard"]
    st = score(MIDDLE_EAST, board())
    assert MIDDLE_EAST in st.d["discard"] and MIDDLE_EAST not in st.d["removed"]


@pytest.mark.rule("10.2.2")
def test_gaining_vp_moves_the_marker_toward_the_gainer():
    """10.2.2: a side that gains VP moves the marker its way: the US up, the USSR down."""
    from cdg_oracle.model.twilight_struggle.tracks import gain_vp

    st = position(vp=-1)
    gain_vp(st, "US", 2)
    assert st.d["vp"] == 1  # 10.2.1's example: from -1, 2 US VP give +1
    gain_vp(st, "USSR", 3)
    assert st.d["vp"] == -2


@pytest.mark.rule("2.2.5", "7.3", "2.2.4", "2.2.6")
@pytest.mark.parametrize("card, zone", [(21, "in_effect"), (8, "removed"), (20, "discard")])
def test_where_a_card_played_as_an_event_goes(card, zone):
    """2.2.4: a starred card played as an event leaves the game; 2.2.5, 7.3: an underlined one stays
    beside the map, its event lasting; 2.2.6: any other goes to the discards. (Only the scoring
    events are implemented yet: the step every event ends with is called here directly.) NATO (21)
    is starred and underlined: beside the map; Fidel (8) starred; Olympic Games (20) neither."""
    from cdg_oracle.model.twilight_struggle.events.play import after_event

    st = position()
    st.d["deck"].remove(card)
    st.d["table"].append(card)
    after_event(st, card, "US")
    assert card in st.d[zone] and card not in st.d["table"]
    recorded = [e for e in st.d["effects"] if e["card"] == card]
    assert recorded == ([{"card": card, "side": "US", "until": "cancelled"}] if zone == "in_effect" else [])
