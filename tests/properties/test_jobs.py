"""Issue 17: work spread over worker processes (``jobs``) gives what one process gives: a campaign
plays the same games in the same order (a time budget still cuts it to a prefix of the schedule),
and the ambiguity measurement the same pairs and witnesses."""
from __future__ import annotations

from cdg_oracle.properties.campaign import campaign, options_campaign


def facts(results):
    return [(r.scenario, r.seed, r.steps, r.winner, r.reason, r.failures, r.gaps, sorted(r.rules), sorted(r.events),
             r.options) for r in results]


def test_two_workers_give_the_results_of_one():
    one = campaign("labyrinth", ["lets_roll", "anaconda"], 3, 2)
    two = campaign("labyrinth", ["lets_roll", "anaconda"], 3, 2, jobs=2)
    assert len(one) == 4 and facts(one) == facts(two)


def test_solo_rounds_in_workers_and_a_budget_cuts_any_round():
    sets = [{"solo": True, "ideology": "normal"}, {"solo": True, "ideology": "virulent"}]
    one = options_campaign("labyrinth", ["lets_roll"], sets, 5, 2)
    two = options_campaign("labyrinth", ["lets_roll"], sets, 5, 2, jobs=2)
    assert facts(one) == facts(two) and len(one) == 4
    # A budget bounds the whole campaign, the first round too (issue 28.6): a prefix of the schedule.
    cut = options_campaign("labyrinth", ["lets_roll"], sets, 5, 2, budget_s=0.0, jobs=2)
    assert cut == []


def test_paired_games_in_workers_give_the_tallies_of_one():
    """The ambiguity measurement (properties/impact.py) plays its pairs in worker
    processes: the same pairs, witnesses and order for any number of jobs."""
    from cdg_oracle.properties import impact

    readings = [impact.Reading("labyrinth", "fatwa_first_plot", False),
                impact.Reading("labyrinth", "deal_order", "jihadist_then_us"),
                impact.Reading("labyrinth", "solo_travel_origin_count", "unassigned_cells")]
    one = impact.measure_readings(readings, 3, 7)
    two = impact.measure_readings(readings, 3, 7, jobs=2)
    assert {r: (t.pairs, t.witness, t.note) for r, t in one.items()} == \
        {r: (t.pairs, t.witness, t.note) for r, t in two.items()}
    assert sum(len(t.pairs) for t in one.values()) == 9
