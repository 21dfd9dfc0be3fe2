"""The z3 victory-condition analysis (2.1.1, 2.1.2, 2.2, 2.3, 9.1; seed_labyrinth.md c.4, A12, A17,
A39, A44, h.2 items 20-23): the facts it finds on the map data, its agreement with the Python
victory functions, and that a deliberately broken encoding is caught."""
from __future__ import annotations

import json
from itertools import combinations

import pytest

from cdg_oracle.model.labyrinth import victory as vic
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.properties.labyrinth import victory_analysis as va

pytestmark = [pytest.mark.game("labyrinth"),  # the rules its rule marks name are Labyrinth's
              pytest.mark.xdist_group("labyrinth_victory_analysis")]  # the analysis made once (conftest)

US_GOOD, US_FAIR = "us_good_resources", "us_fair_or_good"
J_IR, J_PRESTIGE = "jihadist_islamist_rule", "jihadist_prestige"


@pytest.fixture(scope="module")
def result(labyrinth_victory_analysis):
    return labyrinth_victory_analysis


def pair(result, a, b, spike):
    (entry,) = [p for p in result["pairs"] if (p["a"], p["b"], p["oil_price_spike"]) == (a, b, spike)]
    return entry


def by_spike(entries):
    return [e["max"] for e in entries]


# ------------------------------------------------------------------ the facts on the map data

def test_the_map_data_the_analysis_reads(result):
    assert result["map"]["muslim_countries"] == 18
    assert [r["resources"] for r in result["map"]["resources_by_spike"]] == [34, 41, 48]


@pytest.mark.rule("2.1.1", "2.1.2")
def test_every_instant_condition_is_reachable_on_its_own(result):
    conds = {c["name"]: c for c in result["conditions"]}
    assert list(conds) == [US_GOOD, US_FAIR, J_IR, J_PRESTIGE]
    for c in conds.values():
        assert c["reachable"] and c["reachable_alone"], c["name"]
        others = [n for n in conds if n != c["name"]]
        assert c["witness"]["holds"][c["name"]] and not any(c["witness"]["holds"][n] for n in others)
    fewest = {n: [f["countries"] for f in c["fewest_countries"]] for n, c in conds.items()}
    # four 3-Resource countries; three with a Spike (4 + 4 + 4); a pair of adjacent 3s (e.g. Iraq,
    # Saudi Arabia); 15 of 18 for the counting conditions.
    assert fewest == {US_GOOD: [4, 3, 3], US_FAIR: [15, 15, 15], J_IR: [2, 2, 2], J_PRESTIGE: [15, 15, 15]}


@pytest.mark.rule("2.1.1", "2.1.2", "2.2", "4.2.6")
def test_which_pairs_of_instant_conditions_can_hold_together(result):
    table = {(p["a"], p["b"]): [] for p in result["pairs"]}
    for p in result["pairs"]:
        table[(p["a"], p["b"])].append(p["simultaneous"])
        assert (p["witness"] is not None) == p["simultaneous"]
        assert p["reason"] == "sat" if p["simultaneous"] else p["reason"].startswith("unsat")
    assert table == {
        (US_GOOD, US_FAIR): [True, True, True],
        (US_GOOD, J_IR): [True, True, True],       # h.2 item 20: 12 + 6 <= 34 Resources
        (US_GOOD, J_PRESTIGE): [False, True, True],  # only with an Oil Price Spike
        (US_FAIR, J_IR): [True, True, True],
        (US_FAIR, J_PRESTIGE): [False, False, False],  # 15 + 15 > 18
        (J_IR, J_PRESTIGE): [True, True, True],
    }


@pytest.mark.rule("2.1.1", "2.1.2")
def test_the_two_fifteen_country_conditions_never_hold_together(result):
    for spike in (0, 1, 2):
        p = pair(result, US_FAIR, J_PRESTIGE, spike)
        assert not p["simultaneous"] and p["witness"] is None
        assert "Fair or Good is at most 3 (needs 15)" in p["reason"]


@pytest.mark.rule("2.1.1", "2.1.2", "4.2.6")
def test_good_12_with_prestige_1_needs_an_oil_price_spike(result):
    p = pair(result, US_GOOD, J_PRESTIGE, 0)
    assert "Good Resources is at most 9 (needs 12)" in p["reason"]  # 3 countries outside Poor/IR: 3 x 3
    w = pair(result, US_GOOD, J_PRESTIGE, 1)["witness"]
    goods = [n for n, g in w["governance"].items() if g == "good"]
    assert len(goods) == 3 and all(load_map().countries[n].oil_exporter for n in goods)
    assert w["figures"]["good_resources"] == 12 and w["prestige"] == 1


@pytest.mark.rule("2.1.1", "2.1.2")
def test_good_12_and_islamist_rule_6_hold_together_even_without_a_spike(result):
    w = pair(result, US_GOOD, J_IR, 0)["witness"]
    assert w["figures"]["good_resources"] >= 12 and w["figures"]["islamist_resources"] >= 6
    assert w["figures"]["adjacent_islamist_pair"]


@pytest.mark.rule("2.2", "card 117", "card 118")
def test_playing_oil_price_spike_can_cause_only_the_resources_double_victory(result):
    sim = result["simultaneity"]
    caused = sorted({(e["from"], e["to"], e["a"], e["b"]) for e in sim["spike_play"] if e["possible"]})
    assert caused == [(0, 1, US_GOOD, J_IR), (1, 2, US_GOOD, J_IR)]
    for e in sim["spike_play"]:
        if e["possible"]:
            assert not any(e["witness"]["before"]["holds"].values())
            assert e["witness"]["after"]["holds"][US_GOOD] and e["witness"]["after"]["holds"][J_IR]
    assert not any(e["possible"] for e in sim["spike_lapse"])  # 5.2.6: a lapse creates no victory


@pytest.mark.rule("2.1", "2.2", "A44")
def test_which_single_steps_can_satisfy_both_sides_at_once(result):
    steps = {(e["change"], e["oil_price_spike"]): e["double_victory"] for e in result["simultaneity"]["steps"]}
    assert steps == {
        ("one_country_and_prestige", 0): False, ("one_country_and_prestige", 1): True,
        ("one_country_and_prestige", 2): True,
        ("one_country", 0): False, ("one_country", 1): False, ("one_country", 2): False,
        ("prestige", 0): False, ("prestige", 1): False, ("prestige", 2): False,
        ("two_countries", 0): True, ("two_countries", 1): True, ("two_countries", 2): True,
    }
    for e in result["simultaneity"]["steps"]:
        if e["double_victory"]:
            before, after = e["witness"]["before"], e["witness"]["after"]
            assert not any(before["holds"].values())
            assert (after["holds"][US_GOOD] or after["holds"][US_FAIR])
            assert (after["holds"][J_IR] or after["holds"][J_PRESTIGE])
            changed = {n for n in set(before["governance"]) | set(after["governance"])
                       if before["governance"].get(n) != after["governance"].get(n)}
            assert len(changed) <= (2 if e["change"] == "two_countries" else 1)


@pytest.mark.rule("2.3")
def test_end_of_game_facts(result):
    eog = result["end_of_game"]
    assert eog["us_win_iff_not_twice_ir_at_least_good"]
    assert eog["empty_board_winner"] == "Jihadist"  # 0 > 2 x 0 is false
    assert by_spike(eog["max_good_resources_without_instant_win"]) == [11, 11, 11]
    assert by_spike(eog["max_islamist_resources_without_instant_win"]) == [18, 21, 24]
    assert by_spike(eog["max_islamist_resources_with_green_rc_for_us_end_win"]) == [5, 5, 5]
    most = eog["most_islamist_resources_without_instant_win"]
    assert most["figures"]["islamist_resources"] == 18 and not most["figures"]["adjacent_islamist_pair"]
    assert eog["us_can_win"]["us_end_win"] and not eog["jihadist_can_win"]["us_end_win"]
    green = eog["green_rc_decides"]
    assert green["green_rc"] and not green["us_end_win"]
    assert green["figures"]["good_resources"] > 2 * green["figures"]["islamist_resources"]
    assert all(e["possible"] for e in eog["spike_decides"])  # A39 matters both ways


@pytest.mark.rule("9.1", "A12")
def test_a_three_deck_solo_game_reaching_its_end_is_always_a_us_loss(result):
    solo = result["end_of_game"]["solo"]
    assert {e["decks"]: e["us_can_win"] for e in solo["by_game_length"]} == {1: True, 2: True, 3: False}
    assert solo["three_decks_always_us_loss"] and solo["counterexample"] is None


def test_what_the_rules_leave_undecided_is_stated_with_rule_numbers(result):
    assert len(result["undecided"]) >= 6
    for sentence in result["undecided"]:
        assert isinstance(sentence, str) and any(ch.isdigit() for ch in sentence), sentence
    text = " ".join(result["undecided"])
    for rule in ("2.2", "2.3", "A17", "A39", "A44", "simultaneous_victory"):
        assert rule in text
    assert result["a17"]["readings_differ"]


# ------------------------------------------------------------------ against the Python model

@pytest.mark.rule("2.1.1", "2.1.2", "2.3")
def test_every_witness_agrees_with_the_python_victory_functions(result):
    cc = result["cross_check"]
    assert cc["disagreements"] == []
    assert cc["states"] == len(list(va._witnesses(result))) >= 40


@pytest.mark.rule("2.1.1", "2.1.2", "2.2")
def test_pair_witnesses_as_model_states(result):
    """Each pair witness as a concrete Let's Roll state: us_instant_win / jihadist_instant_win say
    what z3 says, and a cross-side double victory is declared under 2.2 for the acting side."""
    for p in result["pairs"]:
        if not p["simultaneous"]:
            continue
        st = va.model_state(p["witness"])
        us = p["witness"]["holds"][US_GOOD] or p["witness"]["holds"][US_FAIR]
        jihad = p["witness"]["holds"][J_IR] or p["witness"]["holds"][J_PRESTIGE]
        assert (vic.us_instant_win(st) is not None) == us
        assert (vic.jihadist_instant_win(st) is not None) == jihad
        if p["cross_side"]:
            st.d["phase"] = "us_action"
            vic.check_instant(st)
            assert st.d["terminal"]["rule"] == "2.2" and st.d["terminal"]["winner"] == "US"


def test_evaluate_agrees_with_the_witnesses(result):
    for _, w in list(va._witnesses(result))[:12]:
        assert va.evaluate(w) == {"holds": w["holds"], "us_end_win": w["us_end_win"]}


# ------------------------------------------------------------------ a broken encoding is caught

@pytest.mark.rule("2.1.2", "A17")
def test_ignoring_adjacency_changes_verdicts(result, monkeypatch):
    good = result["end_of_game"]["most_islamist_resources_without_instant_win"]
    st = va.model_state(good)
    assert vic.jihadist_instant_win(st) is None and va.evaluate(good)["holds"][J_IR] is False
    monkeypatch.setattr(va, "muslim_adjacent_pairs", lambda m: sorted(combinations(m.muslim, 2)))
    enc = va._Encoding(load_map())
    eog = va._end_of_game(enc)
    assert by_spike(eog["max_islamist_resources_without_instant_win"]) == [5, 5, 5]  # was 18/21/24
    assert not va._a17(enc)["readings_differ"]
    # The broken encoding now calls the 18-Resource board a Jihadist win; the model does not.
    assert va.evaluate(good)["holds"][J_IR] is True


@pytest.mark.rule("4.2.6", "2.2")
def test_ignoring_the_oil_price_spike_changes_verdicts_and_fails_the_cross_check(monkeypatch):
    monkeypatch.setattr(va._Encoding, "res", lambda self, n, spike: self.base[n])
    broken = {"pairs": va._pairs(va._Encoding(load_map()))}
    assert not pair(broken, US_GOOD, J_PRESTIGE, 1)["simultaneous"]  # was possible
    cc = va.cross_check(broken)
    assert cc["disagreements"] and any("@1" in d or "@2" in d for d in cc["disagreements"])


# ------------------------------------------------------------------ output

def test_the_result_is_plain_deterministic_data(result):
    assert json.loads(json.dumps(result, sort_keys=True)) == result
    assert va._conditions(va._Encoding(load_map())) == result["conditions"]  # canonical: the same again


def test_render_md(result):
    lines = va.render_md(result)
    assert all(isinstance(x, str) for x in lines)
    text = "\n".join(lines)
    assert lines[0].startswith("# ")
    for needle in ("## Pairs of instant conditions", "## What 2.2 and 2.3 leave undecided",
                   "| us_fair_or_good | jihadist_prestige | impossible | impossible | impossible |",
                   "0 disagreement(s)", "A12"):
        assert needle in text
