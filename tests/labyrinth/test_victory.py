"""Victory (chapter 2): the instant wins of 2.1.1 and 2.1.2, checked "nel momento in cui" they occur
(after every step, A44), the simultaneous case (2.2, A44) and the end-of-game comparison (2.3).

"At the moment" is shown by driving an operation whose step makes the condition true and checking
that the game ends there, before the operation's later steps (a Prestige shift, a die) happen.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import IllegalAction
from cdg_oracle.model.core.game import TERMINAL
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from tests.labyrinth.harness import HALT, conserve, position, run_proc, start_proc

MUSLIM_ORDER = ["Morocco", "Algeria/Tunisia", "Libya", "Egypt", "Sudan", "Somalia", "Jordan", "Lebanon",
                "Syria", "Turkey", "Iraq", "Saudi Arabia", "Gulf States", "Yemen", "Pakistan",
                "Central Asia", "Indonesia/Malaysia", "Afghanistan"]


def govern(st, gov, names, align="ally"):
    for n in names:
        st.d["countries"][n]["gov"] = gov
        st.d["countries"][n]["align"] = "adversary" if gov == "islamist_rule" else align
        if gov != "poor" and gov != "fair":
            st.d["countries"][n]["rc"] = None
    return st


def test_the_muslim_list_is_the_maps():
    assert sorted(MUSLIM_ORDER) == sorted(position().map.muslim)


# -- 2.1.1 US --------------------------------------------------------------------------------------
@pytest.mark.rule("2.1.1", "7.2.1.2")
def test_us_wins_the_moment_good_resources_reach_twelve():
    """War of Ideas makes the Gulf States (3) Good with 9 Good Resources already: 12, the US wins
    at once. (Roll 6 +1 High Prestige -1 Fair to Good +1 adjacent Good Ally = 7.)"""
    st = govern(position("lets_roll"), "good", ["Saudi Arabia", "Iraq", "Egypt"])
    assert victory.good_resources(st) == 9 and victory.us_instant_win(st) is None
    run_proc(st, "op_war_of_ideas", [{"country": "Gulf States"}, 6], side="US", card=15, value=2)
    assert st.winner() == "US" and st.d["terminal"]["rule"] == "2.1.1"
    assert "12 Resources" in st.d["terminal"]["reason"]


@pytest.mark.rule("2.1.1")
def test_eleven_good_resources_do_not_win():
    st = govern(position("lets_roll"), "good", ["Saudi Arabia", "Iraq", "Morocco"])
    run_proc(st, "op_war_of_ideas", [{"country": "Gulf States"}, 6], side="US", card=15, value=2)
    assert victory.good_resources(st) == 11 and not st.is_terminal()


@pytest.mark.rule("2.1.1", "4.9.4")
def test_us_wins_the_moment_the_fifteenth_muslim_country_is_fair_or_good():
    """14 Muslim countries Fair or Good; a War of Ideas tests unmarked Lebanon (die 5: Fair): the
    US wins on the test, before the War of Ideas roll is made."""
    st = position("lets_roll")
    names = [n for n in MUSLIM_ORDER if n not in ("Lebanon", "Afghanistan", "Yemen", "Sudan")]
    govern(st, "fair", names)
    assert victory.count_governance(st, ("good", "fair")) == 14
    assert victory.us_instant_win(st) is None
    start_proc(st, "op_war_of_ideas", side="US", card=15, value=2)
    st.apply({"country": "Lebanon"})
    st.apply({"die": 5})
    assert st.winner() == "US" and "15 Muslim countries" in st.d["terminal"]["reason"]
    assert st.d["countries"]["Lebanon"]["align"] == "neutral"      # no WoI roll happened


@pytest.mark.rule("2.1.1", "7.4.2", "A45")
def test_us_wins_the_moment_the_last_cell_leaves_the_map():
    """Disrupt removes the last cell (Saudi Arabia, 2 troops): the US wins at once, before the
    Disrupt's Prestige +1 for troops (7.4.4). A Cadre does not count as a cell (A45)."""
    st = position("lets_roll", countries={"Afghanistan": {"sleepers": 0}, "Saudi Arabia": {"actives": 1},
                                          "Libya": {"cadre": True}})
    conserve(st)
    run_proc(st, "op_disrupt", [{"country": "Saudi Arabia"}, {"cell": "active"}], side="US", card=32, value=3)
    assert st.winner() == "US" and "no Jihadist cells" in st.d["terminal"]["reason"]
    assert st.d["prestige"] == 7


@pytest.mark.rule("2.1.1")
def test_cells_anywhere_on_the_map_prevent_the_no_cells_win():
    st = position("lets_roll", countries={"Afghanistan": {"sleepers": 0}, "France": {"sleepers": 1}})
    conserve(st)
    assert victory.us_instant_win(st) is None
    st.d["countries"]["France"]["sleepers"] = 0
    st.d["countries"]["France"]["cadre"] = True
    assert "no Jihadist cells" in victory.us_instant_win(st)


# -- 2.1.2 Jihadist ---------------------------------------------------------------------------------
@pytest.mark.rule("2.1.2", "A17")
@pytest.mark.parametrize("irs, wins", [
    (["Afghanistan", "Pakistan", "Iraq"], True),            # 1 + 2 + 3, Afghanistan-Pakistan adjacent
    (["Iraq", "Saudi Arabia"], True),                       # 3 + 3, adjacent
    (["Iraq", "Indonesia/Malaysia"], False),                # 3 + 3, not adjacent (A17: a pair needed)
    (["Afghanistan", "Gulf States", "Somalia", "Lebanon"], False),   # 6, no two adjacent
    (["Afghanistan", "Pakistan", "Somalia", "Lebanon"], False),      # a pair but only 5
])
def test_islamist_rule_over_six_resources_with_an_adjacent_pair(irs, wins):
    """2.1.2: 'il Governo Islamico governa paesi con un totale di almeno 6 Risorse che includono
    almeno 2 paesi adiacenti' (A17: at least one adjacent pair)."""
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor", "align": "ally"}})
    govern(st, "islamist_rule", irs)
    assert bool(victory.jihadist_instant_win(st)) == wins


@pytest.mark.rule("2.1.2", "8.4.4")
def test_jihadist_wins_the_moment_a_revolution_completes_the_pair():
    """A Major Jihad in Iraq (Poor, 5 cells) with 2 successes makes it Islamist Rule next to
    Islamist Rule Saudi Arabia: 3 + 3 + Afghanistan 1 = 7 with an adjacent pair."""
    st = position("lets_roll", countries={"Iraq": {"sleepers": 5}})
    govern(st, "islamist_rule", ["Saudi Arabia"])
    conserve(st)
    assert victory.jihadist_instant_win(st) is None
    run_proc(st, "op_jihad", [{"country": "Iraq"}, {"country": "Iraq"}, {"major": True}, 1, 1],
             side="Jihadist", card=60, value=2)
    assert st.winner() == "Jihadist" and st.d["terminal"]["rule"] == "2.1.2"
    assert st.d["countries"]["Iraq"]["gov"] == "islamist_rule"


@pytest.mark.rule("2.1.2", "8.5.6")
def test_jihadist_wins_the_moment_prestige_falls_to_one_with_fifteen_poor():
    """15 Muslim countries Poor or Islamist Rule; an unblocked plot where troops are drops Prestige
    2 -> 1: the Jihadist wins at once, before the plot's Governance dice are rolled."""
    st = position("lets_roll", prestige=2, countries={"Saudi Arabia": {"plots": [1]}})
    st.d["plots_available"].remove(1)
    govern(st, "poor", [n for n in MUSLIM_ORDER if n not in ("Afghanistan", "Morocco", "Turkey", "Jordan")])
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 15
    assert victory.jihadist_instant_win(st) is None
    start_proc(st, "resolve_plots")
    assert st.winner() == "Jihadist" and "Prestige 1" in st.d["terminal"]["reason"]
    assert st.d["prestige"] == 1


@pytest.mark.rule("2.1.2")
def test_prestige_one_with_fourteen_poor_does_not_win():
    st = position("lets_roll", prestige=1)
    govern(st, "poor", [n for n in MUSLIM_ORDER if n not in ("Afghanistan", "Morocco", "Turkey", "Jordan", "Egypt")])
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 14
    assert victory.jihadist_instant_win(st) is None
    st.d["prestige"] = 2
    govern(st, "poor", ["Egypt"])
    assert victory.jihadist_instant_win(st) is None


@pytest.mark.rule("2.1.2", "5.2.5", "A44")
@pytest.mark.parametrize("world_three", [False, True])
def test_end_of_turn_prestige_loss_to_one_wins_before_diplomacy(world_three):
    """5.2.5 lowers Prestige for Islamist Rule, 'Poi' (then) raises it for World Posture 3. With 15
    Poor/IR countries and Prestige 2, the -1 reaches 1 and the Jihadist wins at that moment (2.1.2,
    A44: checked after each atomic effect) even when Diplomacy would raise it back (ruling decided
    here: the two 5.2.5 shifts are separate steps)."""
    st = position("lets_roll", prestige=2)
    govern(st, "poor", [n for n in MUSLIM_ORDER if n not in ("Afghanistan", "Morocco", "Turkey", "Jordan")])
    if world_three:
        for n in ("United Kingdom", "France"):
            st.d["countries"][n]["posture"] = "hard"
    hands = {s: list(h) for s, h in st.d["hands"].items()}
    start_proc(st, "end_of_turn")
    assert st.winner() == "Jihadist" and st.d["prestige"] == 1 and st.d["terminal"]["rule"] == "2.1.2"
    assert st.d["hands"] == hands and st.d["funding"] == 8             # no deal; Funding -1 done


@pytest.mark.rule("2.1.2", "5.2.5")
def test_end_of_turn_without_fifteen_poor_goes_on_to_diplomacy():
    st = position("lets_roll", prestige=1)
    for n in ("United Kingdom", "France"):
        st.d["countries"][n]["posture"] = "hard"
    start_proc(st, "end_of_turn")
    assert not st.is_terminal() and st.d["prestige"] == 2


# -- 2.2 / A44 both at once -------------------------------------------------------------------------
@pytest.mark.rule("2.2", "A44")
@pytest.mark.parametrize("phase, winner", [("us_action", "US"), ("jihadist_action", "Jihadist")])
def test_both_conditions_at_once_go_to_the_acting_side(phase, winner):
    """2.2 gives Oil Price Spike's tie to the side that played it; A44 (ruling
    ``simultaneous_victory: acting_side``) extends that to any step."""
    st = position("lets_roll")
    govern(st, "good", ["Saudi Arabia", "Iraq", "Egypt", "Gulf States"])                # 12 Good
    govern(st, "islamist_rule", ["Afghanistan", "Pakistan", "Central Asia", "Somalia"])  # 6 IR, a pair
    st.d["phase"] = phase
    victory.check_instant(st)
    assert st.winner() == winner and st.d["terminal"]["rule"] == "2.2"


@pytest.mark.rule("2.2", "A44", "card 117")
@pytest.mark.parametrize("ruling, card, winner", [
    ("acting_side", 60, "Jihadist"),     # the Jihadist implements the event (6.3.2.2): he acts
    ("phasing_side", 60, "US"),          # the US Action Phase's side
    ("phasing_side", 117, "Jihadist"),   # 2.2 itself: Oil Price Spike's player wins, whatever the ruling
])
@pytest.mark.reading("P12")
def test_both_at_once_in_an_event_the_other_side_implements(ruling, card, winner):
    """A Jihadist event the US's operations trigger in the US Action Phase (6.3.2) makes both sides
    win at once: the readings of ``simultaneous_victory`` (A44) give it to the acting side (the
    Jihadist, implementing the event) or to the phasing side (the US); an Oil Price Spike event is
    2.2's own case, its player wins under either reading."""
    st = position("lets_roll")
    st.d["rulings"]["simultaneous_victory"] = ruling
    st = type(st)(st.d)
    govern(st, "good", ["Saudi Arabia", "Iraq", "Egypt", "Gulf States"])
    govern(st, "islamist_rule", ["Afghanistan", "Pakistan", "Central Asia", "Somalia"])
    st.d["phase"] = "us_action"
    st.d["stack"].append({"proc": "event", "pc": "done", "card": card, "side": "Jihadist", "trigger": "ops"})
    victory.check_instant(st)
    assert st.winner() == winner and st.d["terminal"]["rule"] == "2.2"


# -- 2.3 end of game ---------------------------------------------------------------------------------
@pytest.mark.rule("2.3")
@pytest.mark.parametrize("good, ir, rc, winner", [
    (["Gulf States"], [], None, "US"),                          # 3 > 2 x 1 (Afghanistan)
    (["Morocco"], [], None, "Jihadist"),                        # 2 = 2 x 1: not more than twice
    (["Gulf States", "Egypt"], ["Iraq"], None, "Jihadist"),     # 6 vs 2 x 4
    (["Gulf States", "Egypt", "Saudi Arabia"], ["Libya"], None, "US"),    # 9 > 2 x 2
    (["Gulf States"], [], "green", "Jihadist"),                 # green RC Iraq counts: 3 vs 2 x 4
    (["Gulf States"], [], "tan", "US"),                         # tan does not
])
def test_end_of_game_good_resources_must_exceed_twice_islamist_rule(good, ir, rc, winner):
    """2.3: 'gli USA vincono se le Risorse sotto Buon Governo sono piu del doppio di quelle sotto
    Governo Islamico ... contate qualsiasi Cambio di Regime piazzato questo turno (segnalino verde)
    come Governo Islamico'."""
    st = position("lets_roll")
    govern(st, "good", good)
    govern(st, "islamist_rule", ir)
    if rc:
        st.d["countries"]["Iraq"]["rc"] = rc
    victory.end_of_game(st)
    assert st.winner() == winner and st.d["terminal"]["rule"] == "2.3"


# -- the terminal state ------------------------------------------------------------------------------
@pytest.mark.rule("2.1")
def test_a_won_game_is_terminal():
    st = govern(position("lets_roll"), "good", ["Saudi Arabia", "Iraq", "Egypt"])
    run_proc(st, "op_war_of_ideas", [{"country": "Gulf States"}, 6], side="US", card=15, value=2)
    assert st.current_player() == TERMINAL and st.legal_actions() == [] and st.chance_outcomes() == []
    assert st.returns() == {"US": 1, "Jihadist": -1} and st.decision() is None
    assert st.d["stack"] == []
    with pytest.raises(IllegalAction):
        st.apply(HALT)
    st2 = type(st).from_json(st.to_json())
    assert st2 == st and st2.is_terminal()


# -- the remembered check (victory.muslim_conditions_key) ------------------------------------------
@pytest.mark.rule("2.1", "2.1.1", "2.1.2", "card 117")
def test_the_remembered_check_sees_every_input_change():
    """check_instant remembers the inputs of its last check that found no condition held; each
    input it reads still ends the game when it alone changes: the last cell leaving (the
    Governances unchanged), an Oil Price Spike raising Good Resources to 12, Prestige falling to
    1 with 15 Muslim countries Poor or Islamist Rule, and a ruling that turns a held position
    into a win (A17: Islamist Rule over 8 Resources, 5 of them in the one adjacent pair, wins
    under ``adjacent_pair`` and not under ``connected_group``)."""
    def checked(st):
        victory.check_instant(st)
        assert not st.is_terminal() and st._muslim_conditions_unmet is not None
        return st

    st = checked(position("lets_roll", countries={"Afghanistan": {"sleepers": 0}, "France": {"sleepers": 1}}))
    st.d["countries"]["France"]["sleepers"] = 0
    victory.check_instant(st)
    assert st.winner() == "US" and st.d["terminal"]["rule"] == "2.1.1"

    st = checked(govern(position("lets_roll"), "good", ["Saudi Arabia", "Iraq", "Egypt", "Morocco"]))
    assert victory.good_resources(st) == 11     # +1 each for the exporters Saudi Arabia and Iraq: 13
    st.d["lapsing"].append(117)
    victory.check_instant(st)
    assert st.winner() == "US" and "12 Resources" in st.d["terminal"]["reason"]

    poor = [n for n in MUSLIM_ORDER if n not in ("Turkey", "Indonesia/Malaysia", "Morocco")]
    st = checked(govern(position("lets_roll", prestige=2), "poor", poor))
    st.d["prestige"] = 1
    victory.check_instant(st)
    assert st.winner() == "Jihadist" and "Prestige 1" in st.d["terminal"]["reason"]

    st = govern(position("lets_roll"), "islamist_rule", ["Iraq", "Syria", "Indonesia/Malaysia"])
    st.rulings = LabyrinthRulings.from_dict({"ir_win_adjacency": "connected_group"})
    checked(st)                                  # 8 Resources in all, 5 in the one adjacent group
    st.rulings = LabyrinthRulings.from_dict({})  # the default: 6 in all with an adjacent pair
    victory.check_instant(st)
    assert st.winner() == "Jihadist"
