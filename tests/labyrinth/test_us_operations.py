"""US operations (rulebook chapter 7) with scripted dice and choices.

Every test drives one operation procedure (``op_<name>``) through the decision protocol with the
harness (``tests/labyrinth/harness.py``): each target list is asserted exactly (what is in and what
is out), each die is scripted, and the test names the rule it checks. The primary text is the
Italian rulebook (shared/seeds/000_61ca04b15074b205.txt, chapter 7 and the tables); the dossier
(shared/research/seed_labyrinth.md) is the secondary source. The positions start from the Let's Roll!
set-up (Gulf States Fair Ally 2 troops, Saudi Arabia Poor Ally 2 troops, Pakistan Fair Neutral,
Iraq/Libya Poor Adversary, Syria Fair Adversary, Afghanistan Islamist Rule with 4 Sleepers, Israel
Hard, US Hard, Prestige 7, 11 troops on the track).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.operations import us
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.tables import governance_from_die, posture_from_die
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, troops_level
from tests.labyrinth.harness import conserve, events_run, feed, finished, position, run_proc, start_proc

WOI, DEPLOY, RC, WITHDRAW = "op_war_of_ideas", "op_deploy", "op_regime_change", "op_withdraw"
DISRUPT, ALERT, REASSESS = "op_disrupt", "op_alert", "op_reassessment"

# Cards with the right printed value, for the record (the procedures take ``value`` explicitly).
CARD1, CARD2, CARD3 = 2, 12, 39


def card_for(value: int) -> int:
    return {1: CARD1, 2: CARD2, 3: CARD3}[value]


def countries(st) -> list[str]:
    """The countries offered at the pending decision (``{"country": X}`` actions)."""
    return [a["country"] for a in st.legal_actions()]


def start(st, proc: str, value: int):
    return start_proc(st, proc, side="US", card=card_for(value), value=value)


def run(st, proc: str, script: list, value: int):
    return run_proc(st, proc, script, side="US", card=card_for(value), value=value)


def set_rulings(st, **switches) -> None:
    st.d["rulings"].update(switches)
    st.rulings = LabyrinthRulings.from_dict(st.d["rulings"])


def is_die_node(st) -> bool:
    return st.current_player() == "chance" and st.legal_actions() == [{"die": n} for n in range(1, 7)]


UNTESTED_MUSLIM = ["Algeria/Tunisia", "Central Asia", "Egypt", "Indonesia/Malaysia", "Jordan", "Lebanon",
                   "Morocco", "Somalia", "Sudan", "Turkey", "Yemen"]
GOOD_NON_MUSLIM = ["Benelux", "Canada", "Eastern Europe", "France", "Germany", "India", "Italy",
                   "Scandinavia", "Serbia", "Spain", "United Kingdom"]  # not the US, not Israel
FAIR_NON_MUSLIM = ["Caucasus", "China", "Kenya/Tanzania", "Philippines", "Russia", "Thailand"]


# ==============================================================================================
# 7.1: ops value against Governance; Islamist Rule
# ==============================================================================================
@pytest.mark.rule("7.1.1")
@pytest.mark.rule("7.2.1.1")
@pytest.mark.rule("7.2.3")
@pytest.mark.rule("7.1.3")
@pytest.mark.parametrize("value", [1, 2, 3])
def test_woi_targets_follow_card_value(value):
    """7.1.1: Good needs 1+, Fair 2+, Poor 3. At the Let's Roll! start: value 1 reaches untested
    Muslim countries (tested first, 4.9.4) and Good non-Muslim ones; 2 adds the Fair Gulf States
    (Ally) and Pakistan (Neutral) and the Fair non-Muslim countries; 3 adds the Poor Ally Saudi
    Arabia. Never: Adversaries (Iraq, Libya, Syria), Islamist Rule Afghanistan, the US, Israel, Iran."""
    st = position("lets_roll")
    start(st, WOI, value)
    expected = set(UNTESTED_MUSLIM) | set(GOOD_NON_MUSLIM)
    if value >= 2:
        expected |= {"Gulf States", "Pakistan"} | set(FAIR_NON_MUSLIM)
    if value >= 3:
        expected |= {"Saudi Arabia"}
    assert set(countries(st)) == expected
    for never in ("Iraq", "Libya", "Syria", "Afghanistan", "United States", "Israel", "Iran"):
        assert never not in countries(st)


@pytest.mark.rule("7.1.1")
@pytest.mark.rule("7.4.1")
@pytest.mark.parametrize("value, expected", [
    (1, {"United Kingdom"}),
    (2, {"United Kingdom", "Russia", "Pakistan", "Jordan"}),
    (3, {"United Kingdom", "Russia", "Pakistan", "Jordan", "Saudi Arabia"}),
])
def test_disrupt_targets_follow_card_value(value, expected):
    """7.1.1 with 7.4.1: a Good target needs 1+, Fair 2+, Poor 3."""
    st = position("lets_roll", countries={
        "Saudi Arabia": {"sleepers": 1},                       # Poor Ally
        "Pakistan": {"sleepers": 1, "troops": 2},              # Fair Neutral with 2 troops
        "Jordan": {"gov": "fair", "align": "ally", "cadre": True},  # Fair Ally, Cadre only
        "Russia": {"posture": "soft", "sleepers": 1},          # Fair non-Muslim
        "United Kingdom": {"posture": "soft", "actives": 1},   # Good non-Muslim
    })
    conserve(st)
    start(st, DISRUPT, value)
    assert set(countries(st)) == expected


@pytest.mark.rule("7.1.1")
@pytest.mark.rule("7.3.2")
def test_deploy_destination_follows_card_value():
    """7.3.2: the destination's Governance sets the value; the Troops track counts as Good-1.
    With value 1 the track cannot deploy anywhere (no Good Ally), so only the two countries with
    troops are origins, and only towards the track."""
    st = position("lets_roll")
    start(st, DEPLOY, 1)
    assert st.legal_actions() == [{"from": "Gulf States"}, {"from": "Saudi Arabia"}]
    feed(st, [{"from": "Gulf States"}])
    assert st.legal_actions() == [{"to": "track"}]
    for value, dests in ((2, ["Gulf States"]), (3, ["Gulf States", "Saudi Arabia"])):
        st = position("lets_roll")
        start(st, DEPLOY, value)
        assert st.legal_actions() == [{"from": "track"}, {"from": "Gulf States"}, {"from": "Saudi Arabia"}]
        feed(st, [{"from": "track"}])
        assert st.legal_actions() == [{"to": d} for d in dests]


@pytest.mark.rule("7.1.3")
@pytest.mark.rule("7.3.4")
def test_islamist_rule_country_allows_only_regime_change():
    """7.1.3 (and A38, FAQ 2): in an Islamist Rule country the only US operation is Regime Change,
    even if an event made it Neutral, even with troops, cells and a plot there."""
    st = position("lets_roll", countries={
        "Afghanistan": {"align": "neutral", "troops": 2, "plots": [2]},
    })
    conserve(st)
    assert "Afghanistan" not in us.woi_targets(st, 3)
    assert "Afghanistan" not in us.disrupt_targets(st, 3)
    assert all("Afghanistan" not in us.deploy_destinations(st, 3, s) for s in us.deploy_sources(st))
    assert "Afghanistan" not in us.alert_targets(st, 3)
    assert us.regime_change_targets(st, 3) == ["Afghanistan"]
    # Islamist Rule Ally (never by the rules, but the gate is the Governance, not the Alignment).
    st.d["countries"]["Afghanistan"]["align"] = "ally"
    assert all("Afghanistan" not in us.deploy_destinations(st, 3, s) for s in us.deploy_sources(st))


@pytest.mark.rule("7.1.2")
def test_available_ops_at_lets_roll_start():
    """7.1.2: an operation is offered only if it can legally be conducted with the value. At the
    start: WoI and Deploy with any value, Regime Change (Hard, IR Afghanistan, 11 on the track)
    with 3; no Disrupt (the only cells are in IR Afghanistan), no Alert (no plot), no Withdraw
    (Hard), no Reassessment (not the US Action Phase)."""
    st = position("lets_roll")
    for value in (1, 2):
        assert us.available_ops(st, value, card_for(value)) == [{"op": "war_of_ideas"}, {"op": "deploy"}]
    assert us.available_ops(st, 3, CARD3) == [{"op": "war_of_ideas"}, {"op": "deploy"}, {"op": "regime_change"}]


# ==============================================================================================
# 7.2.1: War of Ideas in a Muslim country
# ==============================================================================================
@pytest.mark.rule("7.2.1.1")
@pytest.mark.rule("7.2.1.2")
def test_woi_success_shifts_neutral_to_ally_without_governance_change():
    """7.2.1.1: success moves a Neutral to Ally; its Governance does not change. Pakistan (Fair
    Neutral), Prestige 7 (+1): 4 + 1 = 5."""
    st = position("lets_roll")
    run(st, WOI, [{"country": "Pakistan"}, 4], 2)
    p = st.d["countries"]["Pakistan"]
    assert (p["align"], p["gov"], p["aid"]) == ("ally", "fair", 0)


@pytest.mark.rule("7.2.1.1")
@pytest.mark.rule("7.2.1.2")
def test_woi_success_improves_poor_ally_to_fair_keeping_aid():
    """7.2.1.1: an Ally improves one level, Poor -> Fair. Only a shift to Good removes Aid
    (7.2.2.3), so Saudi Arabia's 2 Aid stay. Prestige 5 (0) + 2 Aid: 3 + 2 = 5."""
    st = position("lets_roll", prestige=5, countries={"Saudi Arabia": {"aid": 2}})
    assert us.woi_modifiers(st, "Saudi Arabia") == 2
    run(st, WOI, [{"country": "Saudi Arabia"}, 3], 3)
    s = st.d["countries"]["Saudi Arabia"]
    assert (s["gov"], s["align"], s["aid"]) == ("fair", "ally", 2)


@pytest.mark.rule("7.2.1.1")
@pytest.mark.rule("7.2.2.3")
@pytest.mark.rule("7.3.4.1")
@pytest.mark.rule("7.2.1.3")
def test_woi_fair_to_good_removes_aid_besieged_and_regime_change():
    """7.2.1.1 note, 7.2.2.3, 7.3.4.1: a shift to Good removes all Aid, the Besieged Regime and the
    Regime Change marker. Gulf States as a tan RC country with troops 6 - cells 1 = 5 (7.2.1.3),
    Prestige 10 (+2), -1 to Good, +1 Aid: 3 + 2 = 5."""
    st = position("lets_roll", prestige=10, countries={
        "Gulf States": {"troops": 6, "sleepers": 1, "aid": 1, "besieged": True, "rc": "tan"},
    })
    conserve(st)
    assert us.woi_modifiers(st, "Gulf States") == 2
    run(st, WOI, [{"country": "Gulf States"}, 3], 2)
    g = st.d["countries"]["Gulf States"]
    assert (g["gov"], g["align"], g["aid"], g["besieged"], g["rc"]) == ("good", "ally", 0, False, None)
    assert g["troops"] == 6 and g["sleepers"] == 1


@pytest.mark.rule("7.2.1.2")
@pytest.mark.rule("4.9.2")
@pytest.mark.rule("4.7.1")
@pytest.mark.parametrize("prestige, drm", [(1, -1), (3, -1), (4, 0), (6, 0), (7, 1), (9, 1), (10, 2), (12, 2)])
def test_woi_prestige_modifier(prestige, drm):
    """WoI table: Prestige Low (1-3) -1, Medium (4-6) 0, High (7-9) +1, Very High (10-12) +2.
    Pakistan (Fair Neutral, no other DRM): the smallest successful die is 5 - drm; one less
    fails by exactly one and places Aid (7.2.2.1)."""
    st = position("lets_roll", prestige=prestige)
    assert us.woi_modifiers(st, "Pakistan") == drm
    run(st, WOI, [{"country": "Pakistan"}, 5 - drm], 2)
    assert st.d["countries"]["Pakistan"]["align"] == "ally"
    st = position("lets_roll", prestige=prestige)
    run(st, WOI, [{"country": "Pakistan"}, 4 - drm], 2)
    p = st.d["countries"]["Pakistan"]
    assert (p["align"], p["aid"]) == ("neutral", 1)


@pytest.mark.rule("4.7.2.1")
@pytest.mark.rule("7.2.1.2")
@pytest.mark.parametrize("soft, us_posture, penalty", [
    (["Russia"], "hard", 0),                                   # Israel Hard 1 vs Russia Soft 1: World 0
    (["Russia", "China"], "hard", 1),                          # Soft 1 against US Hard
    (["Russia", "China", "Thailand"], "hard", 2),              # Soft 2
    (["Russia", "China", "Thailand", "Philippines"], "hard", 3),
    (["Russia", "China", "Thailand", "Philippines", "Caucasus", "India"], "hard", 3),  # capped at 3
    (["Russia", "China", "Thailand"], "soft", 0),              # same side: no penalty
    ([], "soft", 1),                                           # Israel Hard 1 against US Soft
])
def test_woi_gwot_penalty(soft, us_posture, penalty):
    """4.7.2.1: the GWOT penalty is the World value when World and US Postures differ (Israel
    counts Hard, 4.3.3), else 0; it is subtracted from the WoI roll (WoI table)."""
    st = position("lets_roll", prestige=7, us_posture=us_posture,
                  countries={n: {"posture": "soft"} for n in soft})
    assert gwot_penalty(st.d) == penalty
    drm = 1 - penalty
    assert us.woi_modifiers(st, "Pakistan") == drm
    if 5 - drm <= 6:
        run(st, WOI, [{"country": "Pakistan"}, 5 - drm], 2)
        assert st.d["countries"]["Pakistan"]["align"] == "ally"
    st = position("lets_roll", prestige=7, us_posture=us_posture,
                  countries={n: {"posture": "soft"} for n in soft})
    run(st, WOI, [{"country": "Pakistan"}, 4 - drm], 2)
    assert st.d["countries"]["Pakistan"]["align"] == "neutral"


@pytest.mark.rule("7.2.1.2")
@pytest.mark.rule("4.9.2")
def test_woi_adjacent_good_ally_counts_once_and_only_if_good_ally():
    """WoI table: +1 for an adjacent Good Ally, at most +1. Saudi Arabia (Poor Ally, Prestige 5)
    borders Gulf States, Iraq, Jordan and Yemen. A Good Neutral neighbour or a non-adjacent Good
    Ally gives nothing."""
    base = dict(prestige=5)
    st = position("lets_roll", **base, countries={"Jordan": {"gov": "good", "align": "neutral"},
                                                  "Pakistan": {"gov": "good", "align": "ally"}})
    assert us.woi_modifiers(st, "Saudi Arabia") == 0
    st = position("lets_roll", **base, countries={"Jordan": {"gov": "good", "align": "ally"}})
    assert us.woi_modifiers(st, "Saudi Arabia") == 1
    st = position("lets_roll", **base, countries={"Jordan": {"gov": "good", "align": "ally"},
                                                  "Gulf States": {"gov": "good"},
                                                  "Yemen": {"gov": "good", "align": "ally"}})
    assert us.woi_modifiers(st, "Saudi Arabia") == 1
    run(st, WOI, [{"country": "Saudi Arabia"}, 4], 3)
    assert st.d["countries"]["Saudi Arabia"]["gov"] == "fair"


@pytest.mark.rule("7.2.1.2")
@pytest.mark.rule("4.9.2")
def test_woi_minus_one_only_when_attempting_fair_to_good():
    """WoI table: -1 when the attempt would make the country Good, i.e. a Fair Ally. A Fair Neutral
    attempts Neutral -> Ally and a Poor Ally attempts Fair: no -1. Prestige 5."""
    st = position("lets_roll", prestige=5)
    assert us.woi_modifiers(st, "Gulf States") == -1     # Fair Ally
    assert us.woi_modifiers(st, "Pakistan") == 0         # Fair Neutral
    assert us.woi_modifiers(st, "Saudi Arabia") == 0     # Poor Ally
    run(st, WOI, [{"country": "Gulf States"}, 5], 2)
    assert st.d["countries"]["Gulf States"]["gov"] == "fair" and st.d["countries"]["Gulf States"]["aid"] == 1
    st = position("lets_roll", prestige=5)
    run(st, WOI, [{"country": "Gulf States"}, 6], 2)
    assert st.d["countries"]["Gulf States"]["gov"] == "good"


@pytest.mark.rule("7.2.2.1")
@pytest.mark.rule("7.2.2.2")
def test_woi_aid_only_on_fail_by_one_and_only_if_none():
    """7.2.2.1: a roll failing by exactly one in a country without Aid places one Aid, including
    the rulebook's '6 when a theoretical 7 was needed'; 7.2.2.2: WoI never adds a second Aid;
    failing by two places nothing."""
    # Gulf States: Prestige 2 (-1), -1 to Good: 6 - 2 = 4 -> fails by one -> Aid.
    st = position("lets_roll", prestige=2)
    run(st, WOI, [{"country": "Gulf States"}, 6], 2)
    assert st.d["countries"]["Gulf States"]["aid"] == 1 and st.d["countries"]["Gulf States"]["gov"] == "fair"
    # Saudi Arabia with 1 Aid, Prestige 5: 3 + 1 = 4 fails by one, but Aid is already there.
    st = position("lets_roll", prestige=5, countries={"Saudi Arabia": {"aid": 1}})
    run(st, WOI, [{"country": "Saudi Arabia"}, 3], 3)
    assert st.d["countries"]["Saudi Arabia"]["aid"] == 1 and st.d["countries"]["Saudi Arabia"]["gov"] == "poor"
    # Fails by two: nothing.
    st = position("lets_roll", prestige=5)
    run(st, WOI, [{"country": "Saudi Arabia"}, 3], 3)
    assert st.d["countries"]["Saudi Arabia"]["aid"] == 0


@pytest.mark.rule("7.2.1.2")
def test_woi_negative_modifiers_can_make_success_impossible():
    """7.2.1.2 note: negative DRMs can make success impossible. Gulf States, Prestige 1 (-1), -1 to
    Good, GWOT penalty 3: even a 6 makes 3."""
    st = position("lets_roll", prestige=1,
                  countries={n: {"posture": "soft"} for n in ("Russia", "China", "Thailand", "Philippines")})
    assert us.woi_modifiers(st, "Gulf States") == -5
    run(st, WOI, [{"country": "Gulf States"}, 6], 2)
    g = st.d["countries"]["Gulf States"]
    assert (g["gov"], g["aid"]) == ("fair", 0)


@pytest.mark.rule("4.9.4")
@pytest.mark.rule("7.2.1.1")
def test_woi_untested_target_is_tested_first():
    """4.9.4: a target without Governance is tested first (Governance table, Neutral), then the WoI
    is rolled. Egypt: test 5 -> Fair Neutral; WoI 4 + 1 (Prestige 7) = 5 -> Ally."""
    st = position("lets_roll")
    start(st, WOI, 3)
    feed(st, [{"country": "Egypt"}])
    assert st.decision()["rule"] == "4.9.4" and is_die_node(st)
    feed(st, [5])
    assert st.d["countries"]["Egypt"] == {**st.d["countries"]["Egypt"], "gov": "fair", "align": "neutral"}
    assert st.decision()["rule"] == "7.2.1.2"
    feed(st, [4])
    assert finished(st)
    assert (st.d["countries"]["Egypt"]["gov"], st.d["countries"]["Egypt"]["align"]) == ("fair", "ally")


@pytest.mark.rule("4.9.5")
@pytest.mark.rule("7.1.1")
def test_woi_fails_automatically_when_test_makes_card_too_weak():
    """4.9.5: a WoI with a card too weak for the Governance its test produced fails automatically:
    no WoI roll, no Aid. Egypt with a 2: test 2 -> Poor Neutral."""
    st = position("lets_roll")
    run(st, WOI, [{"country": "Egypt"}, 2], 2)
    e = st.d["countries"]["Egypt"]
    assert (e["gov"], e["align"], e["aid"]) == ("poor", "neutral", 0)
    # With a 1 even a Fair result is too weak (the untested country is still a legal choice).
    st = position("lets_roll")
    run(st, WOI, [{"country": "Egypt"}, 6], 1)
    e = st.d["countries"]["Egypt"]
    assert (e["gov"], e["align"], e["aid"]) == ("fair", "neutral", 0)


@pytest.mark.rule("7.2.1.3")
def test_woi_regime_change_country_needs_troops_five_more_than_cells():
    """7.2.1.3: a Regime Change country is a WoI target only if its troops exceed its cells by 5
    or more (green or tan marker alike)."""
    rc = {"gov": "poor", "align": "ally", "rc": "green", "troops": 6, "sleepers": 0, "actives": 1}
    st = position("lets_roll", countries={"Afghanistan": rc})
    conserve(st)
    assert "Afghanistan" in us.woi_targets(st, 3)
    st.d["countries"]["Afghanistan"]["sleepers"] = 1
    conserve(st)
    assert "Afghanistan" not in us.woi_targets(st, 3)
    st.d["countries"]["Afghanistan"].update(rc="tan", troops=7)
    conserve(st)
    assert "Afghanistan" in us.woi_targets(st, 3)


@pytest.mark.rule("7.2.1.1")
@pytest.mark.rule("7.2.1.2")
def test_woi_adversary_excluded_good_neutral_allowed():
    """7.2.1.1: the target must not be an Adversary, whatever its Governance; a Good Neutral is a
    target (it can become an Ally)."""
    st = position("lets_roll", countries={"Syria": {"gov": "good"}, "Jordan": {"gov": "good", "align": "neutral"}})
    targets = us.woi_targets(st, 3)
    assert "Syria" not in targets and "Iraq" not in targets and "Libya" not in targets
    assert "Jordan" in targets
    run(st, WOI, [{"country": "Jordan"}, 4], 1)
    assert st.d["countries"]["Jordan"]["align"] == "ally" and st.d["countries"]["Jordan"]["gov"] == "good"


@pytest.mark.rule("7.2.1.1")
@pytest.mark.reading("A13")
def test_woi_good_ally_a_target_by_default_ruling():
    """A13 (ruling woi_on_good_ally, default True since issue 27: 7.2.1.1 bars only an Adversary): a
    Good Ally is a target, a success changes nothing, and a roll that fails by one places a first
    Aid marker (7.2.2.1); with the switch off it is not a target."""
    st = position("lets_roll", countries={"Gulf States": {"gov": "good"}})
    assert "Gulf States" in us.woi_targets(st, 1)
    before = dict(st.d["countries"]["Gulf States"])
    run(st, WOI, [{"country": "Gulf States"}, 6], 1)
    assert st.d["countries"]["Gulf States"] == before
    die = 4 - us.woi_modifiers(st, "Gulf States")  # a modified 4: one short of 7.2.1.2's 5
    run(st, WOI, [{"country": "Gulf States"}, die], 1)
    assert st.d["countries"]["Gulf States"] == dict(before, aid=1)
    set_rulings(st, woi_on_good_ally=False)
    assert "Gulf States" not in us.woi_targets(st, 3)


# ==============================================================================================
# 7.2.3: War of Ideas in a non-Muslim country
# ==============================================================================================
@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.9.3")
def test_woi_non_muslim_hard_matching_us_gains_prestige():
    """7.2.3: roll the Posture table, 1-4 Soft, 5-6 Hard; if the result equals the US Posture,
    Prestige +1. Russia (marked Soft) rolls 5 -> Hard = US Hard."""
    st = position("lets_roll", countries={"Russia": {"posture": "soft"}})
    run(st, WOI, [{"country": "Russia"}, 5], 2)
    assert st.d["countries"]["Russia"]["posture"] == "hard"
    assert st.d["prestige"] == 8


@pytest.mark.rule("7.2.3")
def test_woi_non_muslim_rolls_whether_or_not_posture_is_set():
    """7.2.3: the roll is made whether or not Posture is already marked and may change it; no
    Prestige if it differs from the US Posture. Russia Hard rolls 4 -> Soft with the US Hard."""
    st = position("lets_roll", countries={"Russia": {"posture": "hard"}})
    run(st, WOI, [{"country": "Russia"}, 4], 2)
    assert st.d["countries"]["Russia"]["posture"] == "soft"
    assert st.d["prestige"] == 7
    st = position("lets_roll", us_posture="soft", countries={"Russia": {"posture": "hard"}})
    run(st, WOI, [{"country": "Russia"}, 1], 2)
    assert st.d["prestige"] == 8       # Soft = US Soft


@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.9.4")
def test_woi_untested_non_muslim_rolls_posture_once():
    """7.2.3 (IT): the US rolls the Posture table ONCE, 'to determine (or change)' the Posture,
    'whether or not Posture is already marked'. For an untested country that single roll is the
    4.9.4 test: no separate test roll precedes it. Germany untested: one die 6 -> Hard, +1."""
    st = position("lets_roll")
    start(st, WOI, 1)
    feed(st, [{"country": "Germany"}])
    assert is_die_node(st) and st.decision()["rule"] == "4.9.3"
    feed(st, [6])
    assert finished(st)
    assert st.d["countries"]["Germany"]["posture"] == "hard" and st.d["prestige"] == 8


@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.3.3")
def test_woi_non_muslim_excludes_us_israel_iran_and_needs_value():
    """7.2.3 (IT, D25): not the United States or Israel; Iran is neither Muslim nor non-Muslim (A19)
    and has no Posture: never a WoI target. A Fair non-Muslim country needs 2 (7.1.1)."""
    st = position("lets_roll")
    for value in (1, 2, 3):
        targets = us.woi_targets(st, value)
        assert "United States" not in targets and "Israel" not in targets and "Iran" not in targets
    assert "Russia" not in us.woi_targets(st, 1) and "Russia" in us.woi_targets(st, 2)
    assert "United Kingdom" in us.woi_targets(st, 1)


@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.7.1")
def test_woi_non_muslim_prestige_clamped_at_12():
    """4.7.1: Prestige never exceeds 12."""
    st = position("lets_roll", prestige=12, countries={"Russia": {"posture": "soft"}})
    run(st, WOI, [{"country": "Russia"}, 6], 2)
    assert st.d["prestige"] == 12


# ==============================================================================================
# 7.3: Deploy
# ==============================================================================================
@pytest.mark.rule("7.3.1")
@pytest.mark.rule("7.3.3")
def test_deploy_from_track_to_ally_any_number():
    """7.3.1: any number of troops from one location to another; 7.3.3: the destination must be an
    Ally (hence Muslim): not Neutral Pakistan, not the Adversaries, not a non-Muslim country."""
    st = position("lets_roll", countries={"Russia": {"posture": "soft"}})
    start(st, DEPLOY, 3)
    feed(st, [{"from": "track"}])
    assert st.legal_actions() == [{"to": "Gulf States"}, {"to": "Saudi Arabia"}]
    feed(st, [{"to": "Saudi Arabia"}])
    assert st.legal_actions() == [{"troops": k} for k in range(1, 12)]
    feed(st, [{"troops": 5}])
    assert finished(st)
    assert st.d["countries"]["Saudi Arabia"]["troops"] == 7 and st.d["troops_track"] == 6


@pytest.mark.rule("7.3.1")
@pytest.mark.rule("7.3.2")
def test_deploy_from_country_to_track_or_other_ally_never_origin():
    """7.3.1-7.3.2: from a country the troops may go to the Troops track (Good-1, any card) or to
    another Ally; never back to the origin."""
    st = position("lets_roll")
    start(st, DEPLOY, 3)
    feed(st, [{"from": "Gulf States"}])
    assert st.legal_actions() == [{"to": "track"}, {"to": "Saudi Arabia"}]
    feed(st, [{"to": "track"}])
    assert st.legal_actions() == [{"troops": 1}, {"troops": 2}]
    feed(st, [{"troops": 2}])
    assert finished(st)
    assert st.d["countries"]["Gulf States"]["troops"] == 0 and st.d["troops_track"] == 13


@pytest.mark.rule("7.3.1")
@pytest.mark.rule("7.3.4.1")
def test_deploy_out_of_regime_change_country_keeps_cells_plus_five():
    """7.3.1 exception: troops may not deploy out of a Regime Change country (green or tan) if that
    would leave fewer than cells + 5 troops there. Iraq RC with 2 cells: 8 troops -> 1 may leave;
    7 troops -> Iraq is no origin."""
    st = position("lets_roll", countries={
        "Iraq": {"gov": "poor", "align": "ally", "rc": "tan", "troops": 8, "sleepers": 1, "actives": 1},
    })
    conserve(st)
    assert us.deployable(st, "Iraq") == 1
    start(st, DEPLOY, 3)
    assert {"from": "Iraq"} in st.legal_actions()
    feed(st, [{"from": "Iraq"}, {"to": "track"}])
    assert st.legal_actions() == [{"troops": 1}]
    st = position("lets_roll", countries={
        "Iraq": {"gov": "poor", "align": "ally", "rc": "green", "troops": 7, "sleepers": 1, "actives": 1},
    })
    conserve(st)
    start(st, DEPLOY, 3)
    assert st.legal_actions() == [{"from": "track"}, {"from": "Gulf States"}, {"from": "Saudi Arabia"}]


@pytest.mark.rule("7.3.1")
def test_deploy_without_regime_change_ignores_cells():
    """7.3.1: outside Regime Change countries cells do not pin troops: a Poor Ally with 2 troops and
    5 cells may deploy both out."""
    st = position("lets_roll", countries={"Saudi Arabia": {"sleepers": 5}})
    conserve(st)
    run(st, DEPLOY, [{"from": "Saudi Arabia"}, {"to": "Gulf States"}, {"troops": 2}], 2)
    assert st.d["countries"]["Gulf States"]["troops"] == 4 and st.d["countries"]["Saudi Arabia"]["troops"] == 0


# ==============================================================================================
# 7.3.4: Regime Change
# ==============================================================================================
@pytest.mark.rule("7.3.4")
@pytest.mark.rule("4.9.3")
@pytest.mark.rule("4.7.1")
@pytest.mark.rule("4.7.3")
def test_regime_change_afghanistan_two_player_example_step_9():
    """2-player example step 9 (h.4): card 39 -> Regime Change in Afghanistan with 6 troops from
    the track (10 on the map -> War); green marker; Governance roll 5 -> Fair; Ally; the 4
    Sleepers become Active; Prestige roll 6 (up), 4 and 1 -> +1: 5 -> 6."""
    st = position("lets_roll", prestige=5)
    start(st, RC, 3)
    assert st.legal_actions() == [{"country": "Afghanistan"}]
    feed(st, [{"country": "Afghanistan"}])
    assert st.legal_actions() == [{"from": "track"}]
    feed(st, [{"from": "track"}])
    assert st.legal_actions() == [{"troops": k} for k in range(6, 12)]
    feed(st, [{"troops": 6}, 5, 6, 4, 1])
    assert finished(st)
    a = st.d["countries"]["Afghanistan"]
    assert (a["troops"], a["rc"], a["gov"], a["align"], a["sleepers"], a["actives"]) == (6, "green", "fair", "ally", 0, 4)
    assert st.d["troops_track"] == 5 and troops_level(st.d["troops_track"]) == "war"
    assert st.d["prestige"] == 6


@pytest.mark.rule("7.3.4")
@pytest.mark.rule("7.3.4.1")
def test_regime_change_order_and_no_marker_on_islamist_rule():
    """7.3.4 lists: deploy, green marker, Governance roll, Ally, Sleepers Active, Prestige roll.
    At the Governance roll the troops are in; the green marker comes with the Governance result in
    one atomic step, so no state shows a Regime Change marker on an Islamist Rule country
    (7.3.4.1: only Poor or Fair countries can be RC countries). At the Prestige roll the country
    is a green RC Ally with its Sleepers Active."""
    st = position("lets_roll")
    start(st, RC, 3)
    feed(st, [{"country": "Afghanistan"}, {"from": "track"}, {"troops": 7}])
    a = st.d["countries"]["Afghanistan"]
    assert st.decision()["rule"] == "4.9.3"
    assert (a["troops"], a["gov"], a["rc"], a["align"], a["sleepers"]) == (7, "islamist_rule", None, "adversary", 4)
    feed(st, [4])
    assert st.decision()["rule"] == "4.7.1"
    assert (a["gov"], a["rc"], a["align"], a["sleepers"], a["actives"]) == ("poor", "green", "ally", 0, 4)
    feed(st, [2, 3, 5])        # down by the lower of 3 and 5
    assert finished(st) and st.d["prestige"] == 4


@pytest.mark.rule("7.3.4")
def test_regime_change_requirements():
    """7.3.4: US Posture Hard, a value-3 card, an Islamist Rule target and 6+ troops able to deploy
    from ONE location (not split between places)."""
    st = position("lets_roll")
    assert us.regime_change_targets(st, 3) == ["Afghanistan"]
    assert us.regime_change_targets(st, 2) == []
    st = position("lets_roll", us_posture="soft")
    assert us.regime_change_targets(st, 3) == []
    assert {"op": "regime_change"} not in us.available_ops(st, 3, CARD3)
    # 5 on the track, 5 in Gulf States, 5 in Saudi Arabia: 15 troops, but never 6 in one place.
    st = position("lets_roll", countries={"Gulf States": {"troops": 5}, "Saudi Arabia": {"troops": 5}})
    conserve(st)
    assert st.d["troops_track"] == 5
    assert us.regime_change_targets(st, 3) == []


@pytest.mark.rule("7.3.4")
@pytest.mark.rule("7.3.1")
def test_regime_change_sources_respect_regime_change_pinning():
    """7.3.4: the 6 troops must be able to deploy (7.3.1): from a Regime Change country only those
    above cells + 5 count. Iraq RC with 1 cell: 12 troops -> 6 free (a source, 6 only); 11 -> not."""
    iraq = {"gov": "fair", "align": "ally", "rc": "tan", "troops": 12, "actives": 1}
    st = position("lets_roll", countries={"Iraq": iraq, "Gulf States": {"troops": 0}, "Saudi Arabia": {"troops": 0}})
    conserve(st)
    assert st.d["troops_track"] == 3
    start(st, RC, 3)
    feed(st, [{"country": "Afghanistan"}])
    assert st.legal_actions() == [{"from": "Iraq"}]
    feed(st, [{"from": "Iraq"}])
    assert st.legal_actions() == [{"troops": 6}]
    st.d["countries"]["Iraq"]["troops"] = 11
    conserve(st)
    assert us.regime_change_targets(st, 3) == []


# ==============================================================================================
# 7.3.5: Withdraw
# ==============================================================================================
def withdraw_position(**tracks):
    st = position("lets_roll", us_posture="soft", **tracks, countries={
        "Iraq": {"gov": "fair", "align": "ally", "rc": "tan", "troops": 6, "sleepers": 3, "actives": 2,
                 "aid": 1, "besieged": False},
    })
    conserve(st)
    return st


@pytest.mark.rule("7.3.5")
@pytest.mark.rule("4.7.1")
def test_withdraw_any_number_regardless_of_cells():
    """7.3.5: US Soft, a value-3 card: deploy any number of troops out of a Regime Change country
    regardless of cells (here troops 6 - cells 5 = 1); remove all Aid; place a Besieged Regime;
    roll Prestige (5 up, 2 and 3 -> +2). The Regime Change marker stays."""
    st = withdraw_position()
    start(st, WITHDRAW, 3)
    assert st.legal_actions() == [{"from": "Iraq"}]
    feed(st, [{"from": "Iraq"}])
    assert st.legal_actions() == [{"to": "track"}, {"to": "Gulf States"}, {"to": "Saudi Arabia"}]
    feed(st, [{"to": "track"}])
    assert st.legal_actions() == [{"troops": k} for k in range(1, 7)]
    feed(st, [{"troops": 6}, 5, 2, 3])
    assert finished(st)
    i = st.d["countries"]["Iraq"]
    assert (i["troops"], i["aid"], i["besieged"], i["rc"], i["gov"], i["align"]) == (0, 0, True, "tan", "fair", "ally")
    assert (i["sleepers"], i["actives"]) == (3, 2)
    assert st.d["troops_track"] == 11 and st.d["prestige"] == 9


@pytest.mark.rule("7.3.5")
def test_withdraw_requirements():
    """7.3.5: only with US Posture Soft, a value-3 card and troops in a Regime Change country."""
    st = withdraw_position()
    assert us.withdraw_sources(st, 3) == ["Iraq"] and {"op": "withdraw"} in us.available_ops(st, 3, CARD3)
    assert us.withdraw_sources(st, 2) == []
    st.d["us_posture"] = "hard"
    assert us.withdraw_sources(st, 3) == []
    st = withdraw_position()
    st.d["countries"]["Iraq"]["troops"] = 0
    conserve(st)
    assert us.withdraw_sources(st, 3) == []


@pytest.mark.rule("7.3.5")
def test_withdraw_destination_ruling_and_existing_besieged():
    """A15 (ruling withdraw_destination): by default the track or an Ally (as Deploy); with
    'track_only' only the track. A Besieged Regime already there stays single (a flag)."""
    st = withdraw_position(prestige=12)
    set_rulings(st, withdraw_destination="track_only")
    st.d["countries"]["Iraq"]["besieged"] = True
    start(st, WITHDRAW, 3)
    feed(st, [{"from": "Iraq"}])
    assert st.legal_actions() == [{"to": "track"}]
    feed(st, [{"to": "track"}, {"troops": 2}, 6, 6, 6])
    assert finished(st)
    i = st.d["countries"]["Iraq"]
    assert (i["troops"], i["besieged"], i["rc"]) == (4, True, "tan")
    assert st.d["prestige"] == 12      # clamped (4.7.1)


# ==============================================================================================
# 7.4: Disrupt
# ==============================================================================================
@pytest.mark.rule("7.4.1")
def test_disrupt_target_conditions():
    """7.4.1: a cell or Cadre there, and an Ally, or 2+ troops, or non-Muslim (not Iran). Out: a
    Neutral with 1 troop, an Adversary without troops, Iran, a country without cells or Cadre."""
    st = position("lets_roll", countries={
        "Saudi Arabia": {"actives": 1},                                  # Ally: in
        "Gulf States": {"troops": 2},                                    # Ally without cells: out
        "Pakistan": {"troops": 2, "sleepers": 1},                        # Neutral, 2 troops: in
        "Egypt": {"gov": "fair", "align": "neutral", "troops": 1, "sleepers": 2},  # 1 troop: out
        "Iraq": {"sleepers": 2},                                         # Adversary: out
        "Iran": {"sleepers": 1},                                         # Iran: out
        "Philippines": {"posture": "soft", "sleepers": 1},               # non-Muslim: in
        "Jordan": {"gov": "good", "align": "ally", "cadre": True},       # Cadre only: in
    })
    conserve(st)
    start(st, DISRUPT, 3)
    assert countries(st) == ["Jordan", "Pakistan", "Philippines", "Saudi Arabia"]


@pytest.mark.rule("7.4.2")
def test_disrupt_one_cell_without_troops_or_hard_posture():
    """7.4.2: without 2+ troops or Hard Posture only 1 cell is affected. Philippines (Soft) with 2
    Active cells: one goes to the Funding track. No Prestige (no troops)."""
    st = position("lets_roll", countries={"Philippines": {"posture": "soft", "actives": 2}})
    conserve(st)
    track = st.d["cells_track"]
    start(st, DISRUPT, 2)
    feed(st, [{"country": "Philippines"}])
    assert st.legal_actions() == [{"cell": "active"}]
    feed(st, [{"cell": "active"}])
    assert finished(st)
    assert st.d["countries"]["Philippines"]["actives"] == 1 and st.d["cells_track"] == track + 1
    assert st.d["prestige"] == 7


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("7.4.4")
def test_disrupt_two_cells_with_two_troops_and_prestige():
    """7.4.2: 2+ troops -> 2 cells, chosen by the US (an Active is removed to the track, a Sleeper
    becomes Active); 7.4.4: Prestige +1. Saudi Arabia: 2 troops, 1 Active, 2 Sleepers."""
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1, "sleepers": 2}})
    conserve(st)
    track = st.d["cells_track"]
    start(st, DISRUPT, 3)
    feed(st, [{"country": "Saudi Arabia"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}])
    assert st.legal_actions() == [{"cell": "sleeper"}]
    feed(st, [{"cell": "sleeper"}])
    assert finished(st)
    s = st.d["countries"]["Saudi Arabia"]
    assert (s["actives"], s["sleepers"], s["cadre"]) == (1, 1, False)
    assert st.d["cells_track"] == track + 1 and st.d["prestige"] == 8


@pytest.mark.rule("7.4.2")
def test_disrupt_never_activates_then_removes_the_same_cell():
    """7.4.2 note: one Disrupt cannot make a Sleeper Active and then remove it. Saudi Arabia with 2
    troops and 2 Sleepers: both become Active, none is removed; with 1 Active and 1 Sleeper,
    activating the Sleeper first still leaves only the original Active removable."""
    st = position("lets_roll", countries={"Saudi Arabia": {"sleepers": 2}})
    conserve(st)
    start(st, DISRUPT, 3)
    feed(st, [{"country": "Saudi Arabia"}, {"cell": "sleeper"}])
    assert st.legal_actions() == [{"cell": "sleeper"}]
    feed(st, [{"cell": "sleeper"}])
    assert finished(st)
    assert (st.d["countries"]["Saudi Arabia"]["actives"], st.d["countries"]["Saudi Arabia"]["sleepers"]) == (2, 0)
    # A single Sleeper with two cells to affect: activated only.
    st = position("lets_roll", countries={"Saudi Arabia": {"sleepers": 1}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Saudi Arabia"}, {"cell": "sleeper"}], 3)
    assert st.d["countries"]["Saudi Arabia"]["actives"] == 1 and st.d["countries"]["Saudi Arabia"]["cadre"] is False


@pytest.mark.rule("7.4.2")
def test_disrupt_two_cells_in_hard_posture_country_without_troops():
    """7.4.2: Hard Posture -> 2 cells even without troops (and no Prestige, 7.4.4). Russia Hard, 2
    Actives: both removed -> a Cadre is placed (7.4.3)."""
    st = position("lets_roll", countries={"Russia": {"posture": "hard", "actives": 2}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Russia"}, {"cell": "active"}, {"cell": "active"}], 2)
    r = st.d["countries"]["Russia"]
    assert (r["actives"], r["cadre"]) == (0, True) and st.d["prestige"] == 7


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("4.9.4")
def test_disrupt_untested_non_muslim_is_tested_before_counting_cells():
    """4.9.4 then 7.4.2: an unmarked non-Muslim target is tested (Posture) first; Hard then gives 2
    cells. Germany (unmarked, 2 Actives): test 5 -> Hard."""
    st = position("lets_roll", countries={"Germany": {"actives": 2}})
    conserve(st)
    start(st, DISRUPT, 1)
    feed(st, [{"country": "Germany"}])
    assert st.decision()["rule"] == "4.9.4"
    feed(st, [5, {"cell": "active"}, {"cell": "active"}])
    assert finished(st)
    assert st.d["countries"]["Germany"]["posture"] == "hard" and st.d["countries"]["Germany"]["actives"] == 0


@pytest.mark.rule("7.4.2")
@pytest.mark.parametrize("us_posture, affected", [("hard", 2), ("soft", 1)])
def test_disrupt_in_united_states_uses_us_posture(us_posture, affected):
    """A14: the US's Posture for 7.4.2 is the US Posture on the GWOT track. US with 2 Sleepers."""
    st = position("lets_roll", us_posture=us_posture, countries={"United States": {"sleepers": 2}})
    conserve(st)
    start(st, DISRUPT, 1)
    assert "United States" in countries(st)
    feed(st, [{"country": "United States"}] + [{"cell": "sleeper"}] * affected)
    assert finished(st)
    assert st.d["countries"]["United States"]["actives"] == affected


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("7.4.4")
def test_disrupt_removes_cadre_when_no_cells_and_prestige_with_troops():
    """7.4.2: with no cells the Disrupt removes the Cadre; 7.4.4: +1 Prestige with 2+ troops even if
    only a Cadre was removed."""
    st = position("lets_roll", countries={"Gulf States": {"cadre": True}})
    run(st, DISRUPT, [{"country": "Gulf States"}], 2)
    assert st.d["countries"]["Gulf States"]["cadre"] is False and st.d["prestige"] == 8
    st = position("lets_roll", countries={"Jordan": {"gov": "fair", "align": "ally", "cadre": True}})
    run(st, DISRUPT, [{"country": "Jordan"}], 2)
    assert st.d["countries"]["Jordan"]["cadre"] is False and st.d["prestige"] == 7


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("7.4.3")
def test_disrupt_cells_never_both_cells_and_cadre():
    """7.4.2 note: a Disrupt never removes both cells and a Cadre: with a Cadre and a cell present
    (A31) the cell is affected and the Cadre stays."""
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1, "cadre": True}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Saudi Arabia"}, {"cell": "active"}], 3)
    s = st.d["countries"]["Saudi Arabia"]
    assert (s["actives"], s["cadre"]) == (0, True)


@pytest.mark.rule("7.4.3")
def test_disrupt_places_cadre_only_when_last_cell_removed():
    """7.4.3: removing the last cell places a Cadre; not if a cell remains, nor if the only cell
    was merely activated."""
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Saudi Arabia"}, {"cell": "active"}], 3)
    assert st.d["countries"]["Saudi Arabia"]["cadre"] is True
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 3}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Saudi Arabia"}, {"cell": "active"}, {"cell": "active"}], 3)
    assert st.d["countries"]["Saudi Arabia"]["actives"] == 1 and st.d["countries"]["Saudi Arabia"]["cadre"] is False


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("7.4.4")
def test_disrupt_afghanistan_two_player_example_step_13():
    """2-player example step 13 (h.4): Disrupt in Afghanistan (Poor RC Ally, 6 troops, 3 Active and
    3 Sleepers) with a 3: 2 Active cells removed, Prestige 6 -> 7; 4 cells left (1 Active)."""
    st = position("lets_roll", prestige=6, countries={
        "Afghanistan": {"gov": "poor", "align": "ally", "rc": "green", "troops": 6, "actives": 3, "sleepers": 3},
    })
    conserve(st)
    start(st, DISRUPT, 3)
    assert "Afghanistan" in countries(st)
    feed(st, [{"country": "Afghanistan"}, {"cell": "active"}, {"cell": "active"}])
    assert finished(st)
    a = st.d["countries"]["Afghanistan"]
    assert (a["actives"], a["sleepers"], a["cadre"]) == (1, 3, False) and st.d["prestige"] == 7


@pytest.mark.rule("7.4.4")
def test_disrupt_prestige_clamped_at_12():
    st = position("lets_roll", prestige=12, countries={"Saudi Arabia": {"sleepers": 1}})
    conserve(st)
    run(st, DISRUPT, [{"country": "Saudi Arabia"}, {"cell": "sleeper"}], 3)
    assert st.d["prestige"] == 12


# ==============================================================================================
# 7.5: Alert
# ==============================================================================================
def alert_position():
    st = position("lets_roll", plots_available=[1, 1, 3], wmd_available=0, countries={
        "Iraq": {"plots": [2, "WMD", 2]},
        "Iran": {"plots": [3]},
        "Philippines": {"posture": "soft", "plots": [1]},
    })
    st.d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"] = 2
    return st


@pytest.mark.rule("7.5.1")
@pytest.mark.rule("7.5.2")
def test_alert_needs_value_three_and_reaches_adversary_and_iran():
    """7.5.1: always a value-3 card regardless of Governance; 7.5.2: any country with a plot,
    Adversary (Iraq) and Iran included."""
    st = alert_position()
    assert us.alert_targets(st, 2) == [] and {"op": "alert"} not in us.available_ops(st, 2, CARD2)
    assert {"op": "alert"} in us.available_ops(st, 3, CARD3)
    start(st, ALERT, 3)
    assert countries(st) == ["Iran", "Iraq", "Philippines"]


@pytest.mark.rule("7.5.3")
@pytest.mark.rule("8.5.4")
def test_alert_chance_weights_follow_face_down_plots():
    """7.5.3/8.5.4: the US sees a plot only after selecting it, so the marker taken is a chance
    node weighted by the markers there: Iraq holds 2, WMD, 2 -> 2 with 2/3, WMD with 1/3."""
    st = alert_position()
    start(st, ALERT, 3)
    feed(st, [{"country": "Iraq"}])
    assert st.chance_outcomes() == [({"plot": 2}, Fraction(2, 3)), ({"plot": "WMD"}, Fraction(1, 3))]


@pytest.mark.rule("7.5.3")
@pytest.mark.rule("8.5.5")
def test_alert_wmd_removed_from_game():
    """7.5.3, 8.5.5: a blocked WMD plot is removed from the game, never back to Available."""
    st = alert_position()
    run(st, ALERT, [{"country": "Iraq"}, {"plot": "WMD"}], 3)
    assert st.d["countries"]["Iraq"]["plots"] == [2, 2]
    assert st.d["wmd_removed"] == 1 and st.d["wmd_available"] == 0
    assert st.d["plots_available"] == [1, 1, 3]


@pytest.mark.rule("7.5.3")
def test_alert_numbered_plot_returns_to_available():
    """7.5.3: a numbered plot returns face down to Available Plots (reusable, D01)."""
    st = alert_position()
    run(st, ALERT, [{"country": "Iraq"}, {"plot": 2}], 3)
    assert st.d["countries"]["Iraq"]["plots"] == ["WMD", 2]
    assert sorted(st.d["plots_available"]) == [1, 1, 2, 3] and st.d["wmd_removed"] == 0
    st = alert_position()
    start(st, ALERT, 3)
    feed(st, [{"country": "Iran"}])
    assert st.chance_outcomes() == [({"plot": 3}, Fraction(1))]
    feed(st, [{"plot": 3}])
    assert finished(st) and st.d["countries"]["Iran"]["plots"] == []


@pytest.mark.rule("7.1.3")
@pytest.mark.rule("7.5.2")
def test_alert_not_in_islamist_rule_country():
    """Rule question (decided): 7.5.2 allows a plot in 'any country (including an Adversary or
    Iran)', but 7.1.3 allows no US operation in an Islamist Rule country but Regime Change, and the
    7.1.1 exception for Alert concerns only the value. A plot placed in a Poor country that a
    Major Jihad by the Jihadist's second card turns into Islamist Rule is therefore not alertable."""
    st = alert_position()
    st.d["countries"]["Iraq"]["gov"] = "islamist_rule"
    assert us.alert_targets(st, 3) == ["Iran", "Philippines"]


# ==============================================================================================
# 7.6: Reassessment
# ==============================================================================================
def us_phase_position(hand: list[int], us_posture: str = "hard", card_index: int = 1):
    st = position("lets_roll", us_posture=us_posture)
    st.d["phase"] = "us_action"
    st.d["card_index"] = card_index
    st.d["hands"]["US"] = list(hand)
    return st


@pytest.mark.rule("7.6.1")
@pytest.mark.rule("7.6.2")
@pytest.mark.parametrize("before, after", [("hard", "soft"), ("soft", "hard")])
def test_reassessment_flips_posture_with_two_value_three_cards(before, after):
    """7.6.1: the Posture MUST change (IT 'DEVE', D39); 7.6.2: two value-3 cards, so the whole US
    Action Phase. Played through the US Action Phase: card 39 for Ops, Reassessment, second card
    42 (value 1 card 2 is not offered); the phase then ends with both cards discarded."""
    st = us_phase_position([39, 2, 42], us_posture=before)
    start_proc(st, "us_phase")
    feed(st, [{"card": 39}, {"use": "ops"}])
    assert {"op": "reassessment"} in st.legal_actions()
    feed(st, [{"op": "reassessment"}])
    assert st.legal_actions() == [{"card": 42}]
    feed(st, [{"card": 42}])
    assert finished(st)
    assert st.d["us_posture"] == after
    assert st.d["hands"]["US"] == [2] and {39, 42} <= set(st.d["discard"])
    assert events_run(st) == []                      # two US cards: no Jihadist event


@pytest.mark.rule("7.6.2")
def test_reassessment_only_as_first_card_with_another_three_in_hand():
    """7.6.2: only as the phase's first card, the played card of value 3, and another value-3 card
    in hand."""
    st = us_phase_position([42, 12])
    assert us.reassessment_possible(st, 3, 39)
    assert not us.reassessment_possible(st, 2, 12)                 # first card of value 2
    st = us_phase_position([12, 2])
    assert not us.reassessment_possible(st, 3, 39)                 # no second value-3 card
    st = us_phase_position([42], card_index=2)
    assert not us.reassessment_possible(st, 3, 39)                 # second card of the phase
    st = us_phase_position([42])
    st.d["phase"] = "jihadist_action"
    assert not us.reassessment_possible(st, 3, 39)


@pytest.mark.rule("7.6.2", "7.6.3", "6.3.2", "6.3.2.3", "card 92", "card 120")
@pytest.mark.parametrize("order, posture", [("first", "soft"), ("after", "hard")])
def test_reassessment_second_card_triggers_jihadist_event_and_us_election(order, posture):
    """6.3.2: the second card is used for Ops, so a Jihadist event on it happens; 6.3.2.3: US
    Election (120, Unassociated) always triggers; 7.6.3: the US orders the events and the Posture
    change. US Election rolls the US Posture (6: Hard): first, the flip then makes it Soft; after,
    the roll has the last word."""
    st = us_phase_position([92])
    st.d["countries"]["Iraq"].update(gov="poor", align="adversary")     # Saddam playable
    st.d["funding"] = 5
    run_proc(st, REASSESS, [{"card": 92}, {"event": order}], side="US", card=39, value=3)
    assert events_run(st) == [92] and st.d["funding"] == 9
    assert st.d["card_index"] == 2 and st.d["us_posture"] == "soft" and 92 in st.d["discard"]
    st = us_phase_position([120])
    run_proc(st, REASSESS, [{"card": 120}, {"event": order}, 6], side="US", card=39, value=3)
    assert events_run(st) == [120] and st.d["us_posture"] == posture and 120 in st.d["lapsing"]
    st = us_phase_position([113])                                   # Unassociated, value 3
    run_proc(st, REASSESS, [{"card": 113}], side="US", card=39, value=3)
    assert events_run(st) == [] and st.d["us_posture"] == "soft" and 113 in st.d["discard"]


# ==============================================================================================
# Tables: Prestige roll (4.7.1), Posture and Governance tables (4.9.3), Test (4.9.4)
# ==============================================================================================
@pytest.mark.rule("4.7.1")
@pytest.mark.parametrize("prestige, dice, result", [
    (7, [5, 3, 6], 10),     # 5: up, by the lower of 3 and 6
    (7, [6, 6, 2], 9),
    (7, [4, 2, 5], 5),      # 4: down
    (7, [1, 6, 6], 1),      # down 6, clamped at 1
    (3, [2, 4, 5], 1),      # clamped at 1
    (11, [6, 4, 4], 12),    # clamped at 12
    (12, [5, 1, 1], 12),
    (1, [5, 1, 2], 2),
])
def test_prestige_roll(prestige, dice, result):
    """4.7.1 and the Prestige table: 1-4 down, 5-6 up, then two dice and move by the lower; the
    track is bounded 1..12."""
    st = position("lets_roll", prestige=prestige)
    start_proc(st, "prestige_roll")
    feed(st, dice)
    assert finished(st) and st.d["prestige"] == result


@pytest.mark.rule("4.9.3")
@pytest.mark.parametrize("die, country_posture, us_posture", [
    (1, "soft", "soft"), (3, "soft", "soft"), (4, "soft", "hard"), (5, "hard", "hard"), (6, "hard", "hard"),
])
def test_posture_table_and_us_plus_one(die, country_posture, us_posture):
    """4.9.3: Posture table 1-4 Soft, 5-6 Hard; rolling the US Posture adds +1 (so 4 is Hard)."""
    assert posture_from_die(die) == country_posture and posture_from_die(die, us=True) == us_posture
    st = position("lets_roll", us_posture="soft" if us_posture == "hard" else "hard")
    run_proc(st, "posture_roll", [die], country="United States")
    assert st.d["us_posture"] == us_posture
    st = position("lets_roll")
    run_proc(st, "posture_roll", [die], country="Russia")
    assert st.d["countries"]["Russia"]["posture"] == country_posture


@pytest.mark.rule("4.9.3")
def test_posture_roll_for_israel_is_always_hard():
    """4.3.3: Israel is always Hard; a Posture roll there rolls nothing."""
    st = position("lets_roll")
    start_proc(st, "posture_roll", country="Israel")
    assert finished(st) and st.d["countries"]["Israel"]["posture"] == "hard"


@pytest.mark.rule("4.9.3")
@pytest.mark.rule("4.9.4")
@pytest.mark.parametrize("die, gov", [(1, "poor"), (4, "poor"), (5, "fair"), (6, "fair")])
def test_governance_table_and_test(die, gov):
    """4.9.3: Governance 1-4 Poor, 5-6 Fair; 4.9.4: a Test always gives Neutral."""
    assert governance_from_die(die) == gov
    st = position("lets_roll")
    run_proc(st, "test", [die], country="Egypt")
    assert (st.d["countries"]["Egypt"]["gov"], st.d["countries"]["Egypt"]["align"]) == (gov, "neutral")


# ==============================================================================================
# 2-player example fixtures (h.4) for War of Ideas
# ==============================================================================================
@pytest.mark.rule("7.2.1.2")
@pytest.mark.rule("7.2.2.1")
@pytest.mark.rule("7.2.2.3")
def test_two_player_example_steps_3_and_4_gulf_states():
    """Steps 3-4: card 65 (value 2) WoI Gulf States (Fair Ally): 4 + 1 (High) - 1 (to Good) = 4 ->
    Aid. Card 15 (value 2): 6 + 1 - 1 + 1 (Aid) = 7 -> Good, the Aid is removed; Good Resources 3."""
    from cdg_oracle.model.labyrinth.victory import good_resources

    st = position("lets_roll", countries={"Philippines": {"posture": "soft"}, "Russia": {"posture": "hard"}})
    run_proc(st, WOI, [{"country": "Gulf States"}, 4], side="US", card=65, value=2)
    assert st.d["countries"]["Gulf States"]["aid"] == 1 and st.d["countries"]["Gulf States"]["gov"] == "fair"
    assert us.woi_modifiers(st, "Gulf States") == 1
    run_proc(st, WOI, [{"country": "Gulf States"}, 6], side="US", card=15, value=2)
    g = st.d["countries"]["Gulf States"]
    assert (g["gov"], g["aid"]) == ("good", 0) and good_resources(st) == 3


@pytest.mark.rule("7.2.1.3")
@pytest.mark.rule("7.2.1.2")
def test_two_player_example_step_18_woi_in_regime_change_afghanistan():
    """Step 18: card 42 (3) WoI Afghanistan (RC Poor Ally; troops 6 - cells 1 = 5): 4 + 1 = 5 ->
    Fair. World Hard 3 (Israel, Russia, Philippines) = US Hard: no GWOT penalty."""
    st = position("lets_roll", countries={
        "Afghanistan": {"gov": "poor", "align": "ally", "rc": "green", "troops": 6, "sleepers": 0, "actives": 1},
        "Russia": {"posture": "hard"}, "Philippines": {"posture": "hard"},
    })
    conserve(st)
    start_proc(st, WOI, side="US", card=42, value=3)
    assert "Afghanistan" in countries(st)
    feed(st, [{"country": "Afghanistan"}, 4])
    assert finished(st)
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["rc"], a["troops"]) == ("fair", "green", 6)


# ==============================================================================================
# Protocol: citations and mid-operation states
# ==============================================================================================
@pytest.mark.rule("4.9.5")
def test_woi_automatic_failure_is_cited():
    """The step that ends a too-weak WoI after its test reports 4.9.5 among its applied rules."""
    st = position("lets_roll")
    start(st, WOI, 2)
    feed(st, [{"country": "Egypt"}])
    st.apply({"die": 1})
    assert "4.9.4" in st.applied_rules() and "4.9.5" in st.applied_rules()
    assert finished(st)


@pytest.mark.rule("7.4.2")
@pytest.mark.rule("7.3.4")
def test_mid_operation_states_round_trip_through_json():
    """DESIGN.md: every state, also one in the middle of an operation, round-trips through JSON and
    resumes identically (Disrupt between its two cells; Regime Change before its Prestige roll)."""
    from cdg_oracle.model.labyrinth.state import LabyrinthState

    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1, "sleepers": 2}})
    conserve(st)
    start(st, DISRUPT, 3)
    feed(st, [{"country": "Saudi Arabia"}, {"cell": "sleeper"}])
    copy = LabyrinthState.from_json(st.to_json())
    assert copy == st and copy.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    for s in (st, copy):
        feed(s, [{"cell": "active"}])
    assert copy == st and finished(copy)

    st = position("lets_roll")
    start(st, RC, 3)
    feed(st, [{"country": "Afghanistan"}, {"from": "track"}, {"troops": 6}, 5, 6])
    copy = LabyrinthState.from_json(st.to_json())
    assert copy == st
    for s in (st, copy):
        feed(s, [4, 1])
    assert copy == st and copy.d["prestige"] == 8
