"""Readings of the victory rules made executable (issue 7): each test builds a position where the two
readings of a registry entry give different results and asserts the result of each.

- A17 ``ir_win_adjacency`` (2.1.2): a pair of adjacent Islamist Rule countries anywhere, or at
  least 6 Resources within one connected group of adjacent Islamist Rule countries;
- D03 ``end_game_measure`` (2.3): the end-of-game comparison counts Resources or countries;
- D28 ``islamist_rule_prestige_loss`` (5.2.5): Prestige -1 once, or once per Islamist Rule country.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth import victory
from tests.labyrinth.harness import conserve, finished, position, run_proc, start_proc, with_rulings
from tests.labyrinth.solo.helpers import solo_position

MUSLIM_ORDER = ["Morocco", "Algeria/Tunisia", "Libya", "Egypt", "Sudan", "Somalia", "Jordan", "Lebanon",
                "Syria", "Turkey", "Iraq", "Saudi Arabia", "Gulf States", "Yemen", "Pakistan",
                "Central Asia", "Indonesia/Malaysia", "Afghanistan"]


def govern(st, gov, names):
    for n in names:
        c = st.d["countries"][n]
        c["gov"] = gov
        c["align"] = "adversary" if gov == "islamist_rule" else "ally"
        if gov in ("good", "islamist_rule"):
            c["rc"] = None
    return st


def under(st, **switches):
    """``st`` rebuilt under ``switches`` (LabyrinthState reads its rulings at construction)."""
    return with_rulings(st, **switches)


# -- A17 2.1.2: the adjacency clause of the Islamist Rule win -------------------------------------------
@pytest.mark.rule("2.1.2")
@pytest.mark.parametrize("irs, spike, pair_wins, group_wins, group_resources", [
    # 1 + 2 + 3 = 6 with the pair Afghanistan-Pakistan, but that group holds 3 and Iraq 3 alone
    (["Afghanistan", "Pakistan", "Iraq"], 0, True, False, 3),
    # 3 + 1 + 1 + 1 = 6 with the pair Iraq-Jordan (4 in that group), Somalia and Lebanon apart
    (["Iraq", "Jordan", "Somalia", "Lebanon"], 0, True, False, 4),
    # a chain Afghanistan-Pakistan-Indonesia/Malaysia (the ends not adjacent): one group of 6
    (["Afghanistan", "Pakistan", "Indonesia/Malaysia"], 0, True, True, 6),
    (["Iraq", "Saudi Arabia"], 0, True, True, 6),               # one adjacent pair holding 6
    (["Iraq", "Indonesia/Malaysia"], 0, False, False, 0),       # 6 but no two adjacent
    # Oil Price Spike (4.2.6) counts in the group: Iraq 3+1 with Syria 2 = 6
    (["Iraq", "Syria"], 1, True, True, 6),
    (["Iraq", "Syria"], 0, False, False, 5),
])
@pytest.mark.parametrize("reading", ["adjacent_pair", "connected_group"])
@pytest.mark.reading("A17")
def test_a17_islamist_rule_win_pair_or_connected_group(irs, spike, pair_wins, group_wins, group_resources, reading):
    """A17, 2.1.2 'il Governo Islamico governa paesi con un totale di almeno 6 Risorse che
    includono almeno 2 paesi adiacenti': ``adjacent_pair`` (default) needs 6 Resources in all and
    some adjacent Islamist Rule pair; ``connected_group`` needs 6 within one connected group of
    adjacent Islamist Rule countries (map adjacency)."""
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor", "align": "ally"}})
    govern(st, "islamist_rule", irs)
    st.d["lapsing"] = [117][:spike]
    st = under(st, ir_win_adjacency=reading)
    assert victory.connected_islamist_resources(st) == group_resources
    won = victory.jihadist_instant_win(st)
    assert bool(won) == (pair_wins if reading == "adjacent_pair" else group_wins)
    if won and reading == "connected_group":
        assert won == f"Islamist Rule over {group_resources} Resources within one group of adjacent countries (2.1.2)"
    elif won:
        assert won == "Islamist Rule over at least 6 Resources including 2 adjacent countries (2.1.2)"


@pytest.mark.rule("2.1.2")
def test_a17_islamist_rule_groups_follow_the_map_adjacency():
    """A17: the connected groups are taken over the map's adjacency among Islamist Rule countries."""
    st = position("lets_roll")
    govern(st, "islamist_rule", ["Pakistan", "Indonesia/Malaysia", "Iraq", "Syria", "Lebanon", "Morocco"])
    assert victory.islamist_rule_groups(st) == [
        ["Afghanistan", "Indonesia/Malaysia", "Pakistan"], ["Iraq", "Lebanon", "Syria"], ["Morocco"]]


@pytest.mark.rule("2.1.2", "8.4.4")
@pytest.mark.parametrize("reading, wins", [("adjacent_pair", True), ("connected_group", False)])
@pytest.mark.reading("A17")
def test_a17_revolution_in_iraq_next_to_nothing(reading, wins):
    """A17: Afghanistan and Pakistan are under Islamist Rule (3 Resources, an adjacent pair); a Major
    Jihad with 2 successes makes Iraq (3) Islamist Rule, adjacent to neither. 6 Resources in all
    with a pair: the Jihadist wins at that moment under ``adjacent_pair``; under
    ``connected_group`` no group holds 6 and the game goes on."""
    st = position("lets_roll", countries={"Iraq": {"sleepers": 5}})
    govern(st, "islamist_rule", ["Pakistan"])
    conserve(st)
    st = under(st, ir_win_adjacency=reading)
    assert victory.jihadist_instant_win(st) is None
    run_proc(st, "op_jihad", [{"country": "Iraq"}, {"country": "Iraq"}, {"major": True}, 1, 1],
             side="Jihadist", card=60, value=2)
    assert st.d["countries"]["Iraq"]["gov"] == "islamist_rule"
    assert st.is_terminal() == wins
    if wins:
        assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2"


@pytest.mark.rule("9.1", "2.1.2")
@pytest.mark.parametrize("reading", ["adjacent_pair", "connected_group"])
def test_a17_not_read_in_a_solo_game(reading):
    """A17 / 9.1: in a solo game Islamist Rule over 6 Resources wins without adjacency, so neither
    reading of the adjacency clause applies: Iraq 3 + Indonesia/Malaysia 3 + Afghanistan 1, none
    adjacent to another, wins under both."""
    st = solo_position(rulings={"ir_win_adjacency": reading})
    govern(st, "islamist_rule", ["Iraq", "Indonesia/Malaysia"])
    assert st.rulings.ir_win_adjacency == reading
    assert victory.jihadist_instant_win(st) == "Islamist Rule over 7 Resources, adjacency not needed (9.1)"


# -- D03 2.3: Resources or countries at the end of the game ---------------------------------------------
@pytest.mark.rule("2.3")
@pytest.mark.parametrize("good, ir, green, by_resources, by_countries", [
    # Good Gulf States: 3 Resources > 2 x 1, but 1 country is not more than 2 x 1
    (["Gulf States"], [], None, "US", "Jihadist"),
    # 2 Good countries = 2 x 1 Islamist Rule: a tie is the Jihadist's; 6 Resources > 2
    (["Gulf States", "Saudi Arabia"], [], None, "US", "Jihadist"),
    # 5 small Good countries (6 Resources) against Afghanistan + Iraq (4 Resources, 2 countries)
    (["Morocco", "Lebanon", "Jordan", "Somalia", "Yemen"], ["Iraq"], None, "Jihadist", "US"),
    # a green (this turn's) Regime Change in Lebanon counts as an Islamist Rule country: 3 <= 2 x 2
    (["Gulf States", "Saudi Arabia", "Egypt"], [], "green", "US", "Jihadist"),
    (["Gulf States", "Saudi Arabia", "Egypt"], [], "tan", "US", "US"),
])
@pytest.mark.parametrize("reading", ["resources", "countries"])
@pytest.mark.reading("D03")
def test_d03_end_of_game_counts_resources_or_countries(good, ir, green, by_resources, by_countries, reading):
    """D03, 2.3: IT/PL 'le Risorse sotto Buon Governo sono piu del doppio di quelle sotto Governo
    Islamico' (``resources``, default); ES 'mas del doble de paises con gobernabilidad Good que con
    Islamist Rule' (``countries``). Green Regime Change counts as Islamist Rule in both (Let's Roll:
    Afghanistan, 1 Resource, is Islamist Rule)."""
    st = position("lets_roll")
    govern(st, "good", good)
    govern(st, "islamist_rule", ir)
    if green:
        st.d["countries"]["Lebanon"].update(gov="poor", align="ally", rc=green)
    st = under(st, end_game_measure=reading)
    victory.end_of_game(st)
    want = by_resources if reading == "resources" else by_countries
    assert st.winner() == want and st.d["terminal"]["rule"] == "2.3"
    assert ("Good Resources" if reading == "resources" else "Good countries") in st.d["terminal"]["reason"]


@pytest.mark.rule("2.3", "5.3.1", "3.3")
@pytest.mark.parametrize("reading, winner, reason", [
    ("resources", "US", "end of game: Good Resources 3 > 2 x Islamist Rule Resources 1 (2.3)"),
    ("countries", "Jihadist", "end of game: Good countries 1 <= 2 x Islamist Rule countries 1 (2.3)"),
])
@pytest.mark.reading("D03")
def test_d03_end_game_reshuffle_applies_the_reading(reading, winner, reason):
    """D03: a Standard game ends when a card must be drawn from the exhausted deck (5.3.1); 2.3 then
    decides under ``end_game_measure``: Good Gulf States (1 country, 3 Resources) against Islamist
    Rule Afghanistan (1 country, 1 Resource)."""
    st = position("lets_roll", countries={"Gulf States": {"gov": "good"}})
    d = st.d
    d["hands"] = {"US": [], "Jihadist": []}
    d["removed"] = sorted(n for n in range(1, 121) if n != 1)
    d["deck"], d["discard"], d["lapsing"], d["first_plot"] = [], [1], [], []
    st = under(st, end_game_measure=reading)
    start_proc(st, "draw", side="US")
    assert st.is_terminal() and st.winner() == winner
    assert st.d["terminal"] == {"winner": winner, "reason": reason, "rule": "2.3"}


@pytest.mark.rule("9.1", "2.3")
@pytest.mark.parametrize("reading, winner, rule", [("resources", "US", "2.3"), ("countries", "Jihadist", "2.3")])
@pytest.mark.reading("D03")
def test_d03_solo_threshold_unchanged_then_2_3_by_the_reading(reading, winner, rule):
    """D03 with 9.1: the solo end-of-deck threshold stays as ``solo_end_measure`` says (6 Good
    Resources for a 1-deck game: Gulf States + Saudi Arabia = 6, met); the 2.3 comparison that
    follows counts per ``end_game_measure``: 6 Resources > 2 x 1, but 2 Good countries = 2 x 1."""
    st = solo_position(rulings={"end_game_measure": reading})
    govern(st, "good", ["Gulf States", "Saudi Arabia"])
    assert st.d["decks"] == 1
    victory.end_of_game(st)
    assert st.winner() == winner and st.d["terminal"]["rule"] == rule


# -- D28 5.2.5: Prestige -1 for Islamist Rule, once or per country ---------------------------------------
def end_of_turn(st):
    """Run 5.2.5-5.2.9 to the next turn (every draw answered with the lowest card)."""
    start_proc(st, "end_of_turn")
    while not st.is_terminal() and st.current_player() == "chance":
        st.apply(st.legal_actions()[0])
    assert st.is_terminal() or finished(st), st.decision()
    return st


@pytest.mark.rule("5.2.5")
@pytest.mark.parametrize("irs, prestige, once, per_country", [
    (["Iraq", "Libya"], 7, 6, 4),          # Afghanistan, Iraq, Libya: -1 or -3
    ([], 7, 6, 6),                          # Afghanistan alone: -1 either way
    (["Iraq", "Libya", "Somalia", "Lebanon"], 4, 3, 1),   # -5 clamped at 1 (4.7.1)
])
@pytest.mark.parametrize("reading", ["once", "per_country"])
@pytest.mark.reading("D28")
def test_d28_prestige_loss_once_or_per_islamist_rule_country(irs, prestige, once, per_country, reading):
    """D28, 5.2.5: PL/ES/IT example '-1 se vi e qualsiasi paese con Governo Islamico' (``once``,
    default); IT 5.2.5 'Diminuite il Prestigio di uno in qualsiasi paese che e sotto Governo
    Islamico' read as -1 per Islamist Rule country (``per_country``). No Diplomacy (World Posture
    is not 3)."""
    st = position("lets_roll", prestige=prestige)
    govern(st, "islamist_rule", irs)
    st = under(st, islamist_rule_prestige_loss=reading)
    end_of_turn(st)
    assert not st.is_terminal()
    assert st.d["prestige"] == (once if reading == "once" else per_country)


@pytest.mark.rule("5.2.5")
@pytest.mark.parametrize("reading", ["once", "per_country"])
def test_d28_no_islamist_rule_no_loss(reading):
    """D28: with no country under Islamist Rule neither reading lowers Prestige."""
    st = position("lets_roll", prestige=7, countries={"Afghanistan": {"gov": "poor", "align": "ally"}})
    st = under(st, islamist_rule_prestige_loss=reading)
    assert end_of_turn(st).d["prestige"] == 7


@pytest.mark.rule("5.2.5")
@pytest.mark.parametrize("reading, prestige", [("once", 3), ("per_country", 2)])
@pytest.mark.reading("D28")
def test_d28_per_country_clamps_before_diplomacy(reading, prestige):
    """D28: Prestige 3, Islamist Rule in Afghanistan, Iraq and Libya, World Posture Hard 3 matching
    the US: ``once`` 3 - 1 + 1 = 3; ``per_country`` 3 - 3 = 0, clamped to 1, then +1 = 2 (5.2.5 note
    on clamping)."""
    st = position("lets_roll", prestige=3)
    govern(st, "islamist_rule", ["Iraq", "Libya"])
    for n in ("United Kingdom", "France"):
        st.d["countries"][n]["posture"] = "hard"
    st = under(st, islamist_rule_prestige_loss=reading)
    assert end_of_turn(st).d["prestige"] == prestige


@pytest.mark.rule("5.2.5", "2.1.2")
@pytest.mark.parametrize("reading, wins", [("once", False), ("per_country", True)])
@pytest.mark.reading("D28")
def test_d28_per_country_loss_to_one_wins_for_the_jihadist(reading, wins):
    """D28 with 2.1.2: 15 Muslim countries Poor or Islamist Rule (Afghanistan and Somalia Islamist
    Rule, not adjacent: 2 Resources), Prestige 3: ``once`` leaves Prestige 2 and the turn goes on;
    ``per_country`` drops it to 1 and the Jihadist wins at that moment, before the deal."""
    st = position("lets_roll", prestige=3)
    govern(st, "poor", [n for n in MUSLIM_ORDER if n not in ("Afghanistan", "Morocco", "Turkey", "Jordan", "Somalia")])
    govern(st, "islamist_rule", ["Somalia"])
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 15
    st = under(st, islamist_rule_prestige_loss=reading)
    hands = {s: list(h) for s, h in st.d["hands"].items()}
    start_proc(st, "end_of_turn")
    assert st.is_terminal() == wins
    if wins:
        assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2" and st.d["prestige"] == 1
        assert st.d["hands"] == hands                       # no deal
    else:
        assert st.d["prestige"] == 2
