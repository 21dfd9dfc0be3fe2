"""Event play (6.2), triggered events (6.3.2), where the card goes (6.2.7, 6.2.9, 4.7.7), markers
and blocking (6.2.8), the marker data file, and the turn-level effects of events (cards 47, 73;
4.7.7.3; 2.2)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.engine import push
from cdg_oracle.model.labyrinth.events import EVENTS
from cdg_oracle.model.labyrinth.events import lasting
from cdg_oracle.model.labyrinth.events.play import allowed_in_scenario, put_away, triggered_side
from cdg_oracle.model.labyrinth.victory import acting_side
from tests.labyrinth.harness import feed, finished, give, playable, position, start_proc


@pytest.mark.rule("6.2.5", "card 6")
def test_only_the_associated_side_plays_an_associated_event():
    st = position("anaconda")  # Patriot Act in effect
    assert playable(st, "US", 6) and not playable(st, "Jihadist", 6)


@pytest.mark.rule("6.2.5", "6.3.2", "6.3.2.3", "6.3.1")
def test_which_side_a_triggered_event_belongs_to():
    st = position()
    assert triggered_side(st, "Jihadist", 6) == "US"
    assert triggered_side(st, "US", 95) == "Jihadist"
    assert triggered_side(st, "US", 6) is None           # own event (6.3.2.3)
    assert triggered_side(st, "US", 101) is None         # Unassociated (6.3.2.3)
    assert triggered_side(st, "Jihadist", 120) == "Jihadist"   # US Election always (6.3.1)


@pytest.mark.rule("6.2.6")
def test_scenario_limits_printed_on_cards():
    """'Evento non permesso negli scenari del 2002 o 2003' (card 43) and 'nello scenario del 2003'
    (cards 5, 37, 57, 116); 'Puoi chiamarmi Al' (card 78)."""
    assert not allowed_in_scenario(position("anaconda"), 43)
    assert not allowed_in_scenario(position("mission_accomplished"), 43)
    assert allowed_in_scenario(position("lets_roll"), 43)
    for n in (5, 37, 57, 116):
        assert not allowed_in_scenario(position("mission_accomplished"), n)
        assert allowed_in_scenario(position("anaconda"), n)
    assert not allowed_in_scenario(position("you_can_call_me_al"), 78)
    assert allowed_in_scenario(position("lets_roll"), 78)


@pytest.mark.rule("6.2.8")
def test_a_blocking_marker_blocks_and_ends_the_blocked_event():
    """6.2.8: Moro Talks (4) blocks Abu Sayyaf (57); placing its marker ends Abu Sayyaf's."""
    st = position("mission_accomplished")          # Abu Sayyaf marker on the Philippines
    assert lasting.in_effect(st, "Abu Sayyaf") and not lasting.blocked(st, 57)
    lasting.place_marker(st, 4, "Philippines")
    assert lasting.blocked(st, 57) and not lasting.in_effect(st, "Abu Sayyaf")
    assert lasting.marker_places(st, "Moro Talks") == ["Philippines"]
    lasting.remove_marker(st, "Moro Talks")
    assert not lasting.blocked(st, 57)


@pytest.mark.rule("6.2.8", "card 114", "card 61")
def test_a_lapsing_event_blocks_until_it_lapses():
    """GTMO (114): 'nessuna ... Rilascio di Detenuti per il resto di questo turno'."""
    st = position()
    st.d["lapsing"].append(114)
    assert lasting.blocked(st, 61)
    st.d["lapsing"].remove(114)
    st.d["lapsing_effects"].append(114)             # left the box early (4.7.7.3): still in effect
    assert lasting.blocked(st, 61)
    st.d["lapsing_effects"] = []
    assert not lasting.blocked(st, 61)


@pytest.mark.rule("6.2.8")
def test_blocked_reads_every_blocking_card_of_the_data_file_and_no_other():
    """6.2.8 through :func:`lasting.blockers_of`, the data file's ``blocks`` lists read the other
    way: every card a marker or lapsing event blocks is blocked while that one is in effect (put in
    the Events box, or in the Lapsing box), and no card is blocked with nothing in effect."""
    table = lasting.marker_table()
    pairs = [(m, b, "markers") for m, spec in table["markers"].items() for b in spec["blocks"]]
    pairs += [(m, b, "lapsing") for m, blocks in table["lapsing"].items() for b in blocks]
    assert pairs

    def nothing_in_effect():
        st = position()
        st.d.update(events_in_effect=[], lapsing=[], lapsing_effects=[])
        for c in st.d["countries"].values():
            c["markers"] = []
        return st

    empty = nothing_in_effect()
    assert not any(lasting.blocked(empty, n) for n in range(1, 121))
    for m, b, kind in pairs:
        st = nothing_in_effect()
        if kind == "markers":
            st.d["events_in_effect"] = [lasting.name_of(st, m)]
        else:
            st.d["lapsing"] = [m]
        assert lasting.blocked(st, b), (m, b, kind)
        assert m in lasting.blockers_of(b)[0 if kind == "markers" else 1]


@pytest.mark.rule("6.2.8", "card 84")
def test_leak_flips_a_marker_to_its_blocking_side():
    st = position("mission_accomplished")          # Enhanced Measures, Renditions, Wiretapping
    lasting.flip_to_leak(st, 44)
    assert not lasting.in_effect(st, "Renditions") and lasting.blocked(st, 44)
    assert "Leak [Renditions]" in st.d["events_in_effect"]
    assert lasting.in_effect(st, "Wiretapping") and not lasting.blocked(st, 31)


def _put_away(n, side, first_plot=False):
    st = position()
    give(st, "US", n)
    st.d["hands"]["US"].remove(n)
    st.d["in_play"].append(n)
    put_away(st, n, side, first_plot)
    return st.d


@pytest.mark.rule("6.2.9", "6.2.7", "4.7.7.1", "4.7.7.2", "4.7.7.3")
def test_where_the_card_goes():
    assert 4 in _put_away(4, "US")["removed"]                 # REMOVE, event happened
    assert 4 in _put_away(4, None)["discard"]                 # used for ops: not removed (6.2.9)
    assert 110 in _put_away(110, "US")["removed"]             # REMOVE if played by the US
    assert 110 in _put_away(110, "Jihadist")["discard"]
    assert 2 in _put_away(2, "US")["lapsing"]                 # LAPSING
    d = _put_away(2, "Jihadist", first_plot=True)             # lapsing event on the 1st Plot card
    assert d["first_plot"] == [2] and d["lapsing_effects"] == [2]
    d = _put_away(49, None, first_plot=True)
    assert d["first_plot"] == [49] and d["lapsing_effects"] == []
    assert 6 in _put_away(6, "US")["discard"]


@pytest.mark.rule("4.7.7.3", "5.3.1")
def test_a_mid_turn_reshuffle_keeps_the_lapsing_effects():
    """4.7.7.3: a lapsing card leaving its box early (a reshuffle) is replaced by its marker."""
    st = position()
    d = st.d
    d["discard"] += d["deck"]
    d["deck"] = []
    d["lapsing"] = [117]
    d["decks"] = 3                                  # a campaign game: the reshuffle does not end it
    start_proc(st, "draw", side="US")
    assert d["lapsing"] == [] and d["lapsing_effects"] == [117] and 117 in d["deck"]
    assert lasting.lapsing_in_effect(st, 117)


@pytest.mark.rule("5.2.6", "6.2.7", "4.2.6", "card 117")
def test_lapsing_effects_end_at_the_end_of_turn():
    from cdg_oracle.model.labyrinth.countries import resources

    st = position()
    base = resources(st, "Saudi Arabia")
    st.d["lapsing"] = [117]
    st.d["lapsing_effects"] = [118]
    assert resources(st, "Saudi Arabia") == base + 2 and resources(st, "Pakistan") == st.map.countries["Pakistan"].resources
    start_proc(st, "end_of_turn")
    while not finished(st):
        st.apply(st.legal_actions()[0])
    assert st.d["lapsing"] == [] and st.d["lapsing_effects"] == [] and resources(st, "Saudi Arabia") == base


@pytest.mark.rule("card 73", "5.2.5")
@pytest.mark.parametrize("pirates, somalia, drop", [
    (True, "islamist_rule", 0), (True, "poor", 1), (False, "islamist_rule", 1)])
def test_pirates_stop_the_funding_drop_while_somalia_or_yemen_is_islamist(pirates, somalia, drop):
    st = position(countries={"Somalia": {"gov": somalia, "align": "adversary"}}, funding=6)
    if pirates:
        lasting.place_marker(st, 73)
    start_proc(st, "end_of_turn")
    assert st.d["funding"] == 6 - drop


@pytest.mark.rule("card 47", "5.2.2")
def test_the_door_of_itjihad_was_closed_makes_the_jihadist_card_random():
    st = position()
    st.d["lapsing"].append(47)
    start_proc(st, "jihadist_phase")
    assert st.legal_actions()[0] == {"card": "random"}
    feed(st, [{"card": "random"}])
    assert st.current_player() == "chance"
    hand = st.d["hands"]["Jihadist"]
    assert [a["card"] for a, _ in st.chance_outcomes()] == hand


@pytest.mark.rule("6.2.4")
def test_a_mark_event_must_leave_its_marker():
    """6.2.4: implement every aspect, MARK included. The engine checks it at the end of every event."""
    st = position()
    n = next(n for n in EVENTS if st.cards[n].mark)
    st.d["stack"] = [{"proc": "test_halt", "pc": "start"},
                     {"proc": "event", "pc": "done", "card": n, "side": "US", "trigger": "play"}]
    with pytest.raises(RuntimeError, match="6.2.4"):
        from cdg_oracle.model.labyrinth.engine import run
        run(st)


@pytest.mark.rule("2.2")
def test_the_acting_side_is_the_side_implementing_the_running_event():
    st = position()
    st.d["phase"] = "us_action"
    assert acting_side(st) == "US"
    push(st, "event", card=117, side="Jihadist", trigger="play")
    assert acting_side(st) == "Jihadist"


@pytest.mark.rule("6.2.7", "6.2.8")
def test_the_marker_file_is_validated(tmp_path):
    good = lasting.PATH.read_text(encoding="utf-8")
    cases = {
        "card: 3,  where": "card: 2,  where",        # Biometrics is not a MARK card
        "blocks: [57]": "blocks: [121]",             # no such card
        "  - {card: 80,": "  - {card: 8,",           # not MARK, and FATA then has no entry
    }
    for old, new in cases.items():
        path = tmp_path / "m.yaml"
        path.write_text(good.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(DataError, match=str(path)):
            lasting._load(path)
    path = tmp_path / "m.yaml"
    path.write_text("markers: [", encoding="utf-8")
    with pytest.raises(DataError, match="line 1, column 11: invalid YAML"):
        lasting._load(path)


@pytest.mark.rule("6.2.3", "card 79", "card 2")
def test_a_later_event_prevails_over_an_earlier_one():
    """6.2.3: 'l'evento giocato per ultimo prevale'. Clean Operatives (79) travels automatically to a
    non-adjacent country even with Biometrics (2: no non-adjacent travel this turn) in effect."""
    from tests.labyrinth.harness import play_event

    st = position()
    st.d["lapsing"].append(2)
    play_event(st, 79, "Jihadist", [{"from": "Afghanistan"}, {"to": "United States"},
                                     {"from": "Afghanistan"}, {"to": "United States"}])
    assert st.d["countries"]["United States"]["sleepers"] == 2


@pytest.mark.rule("6.2.2", "card 30", "7.2.1.3")
def test_an_event_overrides_a_rule():
    """6.2.2 example: UN Nation Building rolls War of Ideas in a Regime Change country although the
    troops do not exceed the cells by 5 (7.2.1.3)."""
    from cdg_oracle.model.labyrinth.operations.us import woi_targets
    from tests.labyrinth.harness import play_event

    st = position("anaconda")           # Afghanistan: Poor Ally, Regime Change, 6 troops, 2 cells
    assert "Afghanistan" not in woi_targets(st, 3)
    play_event(st, 30, "US", [{"country": "Afghanistan"}, 6])
    c = st.d["countries"]["Afghanistan"]
    assert (c["gov"], c["aid"], c["rc"]) == ("fair", 1, "tan")


@pytest.mark.rule("6.3.1", "card 120", "card 52")
def test_us_election_discarded_at_random_by_an_event_triggers():
    """6.3.1 / card 120: 'Quando questa carta viene usata per operazioni o scartata'. IEDs (52) makes
    the US discard a random card; when it is US Election, its event happens (for the US)."""
    from tests.labyrinth.harness import events_run, play_event

    st = position("anaconda")                      # Afghanistan: Regime Change with cells
    give(st, "US", 120)
    st.d["hands"]["US"] = [120]
    play_event(st, 52, "Jihadist", [{"card": 120}, 6])   # US Posture roll 6 (+1): Hard
    assert events_run(st) == [52, 120] and st.d["us_posture"] == "hard"
    assert st.d["hands"]["US"] == [] and 120 in st.d["lapsing"] and st.d["in_play"] == []


@pytest.mark.rule("6.2")
def test_every_card_has_its_event():
    """All 120 events are registered, each as its own procedure, with a precondition function."""
    assert sorted(EVENTS) == list(range(1, 121))
    assert all(e.proc == f"event_{n}" and callable(e.playable) for n, e in EVENTS.items())
