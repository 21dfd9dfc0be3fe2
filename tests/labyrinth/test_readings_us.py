"""Readings of the ambiguity registry that change US operations and the events of cards 14, 21 and
59 (issue 7): each test builds a position where the two readings of one registry entry give
different play, and asserts the exact result under the default reading and under the other one.

Entries and switches (model/labyrinth/rulings.py): A14 ``disrupt_us_posture``, D25
``woi_in_israel``, A38 ``neutral_islamist_rule_ops``, A50 ``covert_action_islamist_rule``, A51
``amerithrax_tie``, A36 ``lets_roll_targets``. The positions start from the Let's Roll! set-up
(Gulf States Fair Ally 2 troops, Saudi Arabia Poor Ally 2 troops, Pakistan Fair Neutral,
Iraq/Libya Poor Adversary, Syria Fair Adversary, Afghanistan Islamist Rule Adversary with 4
Sleepers, Israel Hard, US Hard, Prestige 7).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.operations import us
from tests.labyrinth.harness import (
    conserve, feed, finished, give, playable, position, run_proc, start_proc, with_rulings,
)

WOI, DISRUPT, ALERT = "op_war_of_ideas", "op_disrupt", "op_alert"
CARD_OF_VALUE = {1: 2, 2: 12, 3: 39}   # Biometrics, Al-Azhar, Libyan WMD (the value is explicit)


def at(scenario="lets_roll", rulings=None, countries=None, **tracks):
    """A position of ``scenario`` with ``countries``/``tracks`` edited (cubes and cylinders
    re-balanced), under the given Rulings switches."""
    st = position(scenario, countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def start_op(st, proc: str, value: int):
    return start_proc(st, proc, side="US", card=CARD_OF_VALUE[value], value=value)


def countries(st) -> list[str]:
    return [a["country"] for a in st.legal_actions()]


# -- A14: 7.4.2, a Disrupt in the United States ------------------------------------------------
@pytest.mark.rule("7.4.2")
@pytest.mark.parametrize("reading, us_posture, affected", [
    (True, "hard", 2),     # us_posture_counts (default): US Hard counts as Hard
    (False, "hard", 1),    # no_us_posture: no troops in the US, so 1 cell
    (True, "soft", 1),
    (False, "soft", 1),
])
@pytest.mark.reading("A14")
def test_a14_disrupt_in_the_united_states(reading, us_posture, affected):
    """A14 (``disrupt_us_posture``): 7.4.2 affects 2 cells "in un paese con almeno due truppe o la
    cui Postura è Dura". The United States with 2 Sleepers and no troops, a value-1 Disrupt: with
    the US Posture Hard, 2 cells become Active under the default reading (the GWOT-track Posture
    counts), 1 under ``no_us_posture``; with the US Soft, 1 under both."""
    st = at(rulings={"disrupt_us_posture": reading}, us_posture=us_posture,
            countries={"United States": {"sleepers": 2}})
    assert us.hard_posture(st, "United States") is (reading and us_posture == "hard")
    start_op(st, DISRUPT, 1)
    assert "United States" in countries(st)
    feed(st, [{"country": "United States"}] + [{"cell": "sleeper"}] * affected)
    assert finished(st)
    usa = st.d["countries"]["United States"]
    assert (usa["sleepers"], usa["actives"]) == (2 - affected, affected)


# -- D25: 7.2.3, a War of Ideas in Israel -------------------------------------------------------
@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.3.3")
@pytest.mark.parametrize("reading", [False, True])
@pytest.mark.reading("D25")
def test_d25_israel_as_a_war_of_ideas_target(reading):
    """D25 (``woi_in_israel``): IT 7.2.3 "che non siano gli Stati Uniti o Israele" (default
    ``exclude_israel``) against PL/ES (only the US excluded). Israel (Good, 4.3.1) is a target of a
    value-1 War of Ideas only under ``allow_israel``; the United States never is."""
    st = at(rulings={"woi_in_israel": reading})
    for value in (1, 2, 3):
        targets = us.woi_targets(st, value)
        assert ("Israel" in targets) is reading
        assert "United States" not in targets
    start_op(st, WOI, 1)
    assert ({"country": "Israel"} in st.legal_actions()) is reading


@pytest.mark.rule("7.2.3")
@pytest.mark.rule("4.3.3")
@pytest.mark.parametrize("us_posture, prestige", [("hard", 8), ("soft", 7)])
@pytest.mark.reading("D25")
def test_d25_war_of_ideas_in_israel_keeps_it_hard(us_posture, prestige):
    """D25 ``allow_israel``: 7.2.3 rolls the Posture table "per determinare (o cambiare) la Postura"
    and gives +1 Prestige if the Posture "dopo la Guerra delle Ideologie è uguale agli USA". Israel's
    Posture "è sempre Dura" (4.3.3): no die is rolled (nothing it could change), Israel stays Hard,
    and Prestige 7 -> 8 exactly when the US is Hard. Under the default the same choice is illegal."""
    st = at(rulings={"woi_in_israel": True}, us_posture=us_posture)
    start_op(st, WOI, 1)
    feed(st, [{"country": "Israel"}])
    assert finished(st)                    # no chance node
    assert st.d["countries"]["Israel"]["posture"] == "hard"
    assert st.d["prestige"] == prestige
    default = at(us_posture=us_posture)
    start_op(default, WOI, 1)
    assert {"country": "Israel"} not in default.legal_actions()


# -- A38: 7.1.3, a Neutral country under Islamist Rule (FAQ 2) -----------------------------------
NEUTRAL_IR_AFGHANISTAN = {"Afghanistan": {"align": "neutral", "troops": 2}}


@pytest.mark.rule("7.1.3")
@pytest.mark.rule("7.2.1.1")
@pytest.mark.parametrize("reading, open_", [("regime_change_only", False), ("neutral_opens_ops", True)])
@pytest.mark.reading("A38")
def test_a38_neutral_islamist_rule_country_and_war_of_ideas(reading, open_):
    """A38 (``neutral_islamist_rule_ops``): Afghanistan Islamist Rule shifted to Neutral by an event
    (FAQ 2). ``regime_change_only`` (default): no War of Ideas there, whatever the card; Regime
    Change stays possible. ``neutral_opens_ops``: a War of Ideas target with a value-3 card (7.1.1
    names a 3 for Islamist Rule), not with a value-2 one; a 6 shifts it to Ally (7.2.1.2), still
    under Islamist Rule. An Adversary under Islamist Rule stays closed under both readings."""
    st = at(rulings={"neutral_islamist_rule_ops": reading}, countries={"Afghanistan": {"align": "neutral"}})
    assert ("Afghanistan" in us.woi_targets(st, 3)) is open_
    assert "Afghanistan" not in us.woi_targets(st, 2)
    assert "Afghanistan" in us.regime_change_targets(st, 3)
    assert us.closed_by_islamist_rule(st, "Afghanistan") is not open_
    if open_:
        assert 6 + us.woi_modifiers(st, "Afghanistan") >= 5
        run_proc(st, WOI, [{"country": "Afghanistan"}, 6], side="US", card=39, value=3)
        afg = st.d["countries"]["Afghanistan"]
        assert (afg["gov"], afg["align"]) == ("islamist_rule", "ally")
        assert us.closed_by_islamist_rule(st, "Afghanistan")      # an Ally under IR: closed again
    adversary = at(rulings={"neutral_islamist_rule_ops": reading})
    assert "Afghanistan" not in us.woi_targets(adversary, 3)


@pytest.mark.rule("7.1.3")
@pytest.mark.rule("7.4.1")
@pytest.mark.rule("7.5.2")
@pytest.mark.parametrize("reading, open_", [("regime_change_only", False), ("neutral_opens_ops", True)])
@pytest.mark.reading("A38")
def test_a38_neutral_islamist_rule_country_and_disrupt_alert(reading, open_):
    """A38: Afghanistan Islamist Rule Neutral with 2 troops, 4 Sleepers and a plot. Default: no
    Disrupt and no Alert there (7.1.3; ``alert_in_islamist_rule`` False). ``neutral_opens_ops``: a
    Disrupt target with a value-3 card (2+ troops, 7.4.1), affecting 2 cells; an Alert target."""
    st = at(rulings={"neutral_islamist_rule_ops": reading}, countries=NEUTRAL_IR_AFGHANISTAN)
    st.d["plots_available"].remove(2)
    st.d["countries"]["Afghanistan"]["plots"].append(2)
    assert ("Afghanistan" in us.disrupt_targets(st, 3)) is open_
    assert "Afghanistan" not in us.disrupt_targets(st, 2)
    assert ("Afghanistan" in us.alert_targets(st, 3)) is open_
    if open_:
        run_proc(st, DISRUPT, [{"country": "Afghanistan"}, {"cell": "sleeper"}, {"cell": "sleeper"}],
                 side="US", card=39, value=3)
        afg = st.d["countries"]["Afghanistan"]
        assert (afg["sleepers"], afg["actives"]) == (2, 2)
        assert st.d["prestige"] == 8                       # 7.4.4: 2+ troops there


# -- A50: card 14 Covert Action on an Islamist Rule Adversary -----------------------------------
@pytest.mark.rule("card 14")
@pytest.mark.rule("7.1.3")
@pytest.mark.parametrize("reading, targets", [
    (True, ["Afghanistan", "Iraq", "Libya", "Syria"]),   # islamist_rule_allowed (default, FAQ 2)
    (False, ["Iraq", "Libya", "Syria"]),                 # islamist_rule_excluded
])
@pytest.mark.reading("A50")
def test_a50_covert_action_targets(reading, targets):
    """A50 (``covert_action_islamist_rule``): the Adversaries card 14 may select; Afghanistan is an
    Adversary under Islamist Rule."""
    st = at(rulings={"covert_action_islamist_rule": reading})
    start_proc(st, "event", card=14, side="US", trigger="play")
    assert countries(st) == targets


@pytest.mark.rule("card 14")
@pytest.mark.rule("7.1.3")
@pytest.mark.parametrize("reading", [True, False])
@pytest.mark.reading("A50")
def test_a50_covert_action_playable_with_only_an_islamist_rule_adversary(reading):
    """A50: with Afghanistan (Islamist Rule) the only Adversary, card 14 is playable for its event
    under the default reading and not under ``islamist_rule_excluded``; where it is, a 5 shifts
    Afghanistan to Neutral (still Islamist Rule)."""
    st = at(rulings={"covert_action_islamist_rule": reading},
            countries={n: {"align": "neutral"} for n in ("Iraq", "Libya", "Syria")})
    assert playable(st, "US", 14) is reading
    if reading:
        run_proc(st, "event", [{"country": "Afghanistan"}, 5], card=14, side="US", trigger="play")
        afg = st.d["countries"]["Afghanistan"]
        assert (afg["gov"], afg["align"]) == ("islamist_rule", "neutral")


# -- A51: card 59 Amerithrax, equal highest US cards -------------------------------------------
def us_hand(st, *cards):
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"]["US"])
    d["hands"]["US"] = []
    give(st, "US", *cards)
    return st


@pytest.mark.rule("card 59")
@pytest.mark.rule("6.3.2.3")
@pytest.mark.parametrize("reading", ["us_chooses", "random"])
@pytest.mark.reading("A51")
def test_a51_amerithrax_tie(reading):
    """A51 (``amerithrax_tie``): US hand Moro Talks (US 1), Al-Azhar (US 2), Euro-Islam (US 2),
    GTMO (Unassociated 3). ``us_chooses`` (default): the US picks between 12 and 16;
    ``random``: a uniform chance node between them (the IT solo example, "a caso"). Either way the
    card picked (16) is discarded."""
    st = us_hand(at(rulings={"amerithrax_tie": reading}), 4, 12, 16, 114)
    start_proc(st, "event", card=59, side="Jihadist", trigger="play")
    if reading == "us_chooses":
        assert st.current_player() == "US"
        assert st.legal_actions() == [{"card": 12}, {"card": 16}]
    else:
        assert st.current_player() == "chance"
        assert st.chance_outcomes() == [({"card": 12}, Fraction(1, 2)), ({"card": 16}, Fraction(1, 2))]
    feed(st, [{"card": 16}])
    assert finished(st)
    assert st.d["hands"]["US"] == [4, 12, 114] and st.d["discard"] == [16]


@pytest.mark.rule("card 59")
@pytest.mark.parametrize("reading", ["us_chooses", "random"])
def test_a51_amerithrax_single_highest_card_is_the_same_under_both(reading):
    """A51: with one highest US card (Al-Azhar) there is no tie: the US is asked under both readings
    (a single option)."""
    st = us_hand(at(rulings={"amerithrax_tie": reading}), 4, 12, 114)
    start_proc(st, "event", card=59, side="Jihadist", trigger="play")
    assert st.current_player() == "US" and st.legal_actions() == [{"card": 12}]


# -- A36: card 21 Let's Roll!, non-Muslim Good countries ---------------------------------------
def put_plot(st, name, plot):
    st.d["plots_available"].remove(plot)
    st.d["countries"][name]["plots"].append(plot)


@pytest.mark.rule("card 21")
@pytest.mark.rule("4.3.1")
@pytest.mark.parametrize("reading, sites", [
    ("ally_or_any_good", ["Saudi Arabia", "United Kingdom", "United States"]),
    ("muslim_only", ["Saudi Arabia"]),
])
@pytest.mark.reading("A36")
def test_a36_lets_roll_sites(reading, sites):
    """A36 (``lets_roll_targets``): plots in Saudi Arabia (Poor Ally), the United Kingdom and the
    United States (non-Muslim, Good, 4.3.1) and Iraq (Poor Adversary: never). The default offers
    the three; ``muslim_only`` Saudi Arabia alone."""
    st = at(rulings={"lets_roll_targets": reading})
    for name, plot in (("Saudi Arabia", 1), ("United Kingdom", 2), ("United States", 3), ("Iraq", 3)):
        put_plot(st, name, plot)
    start_proc(st, "event", card=21, side="US", trigger="play")
    assert sorted(countries(st)) == sites


@pytest.mark.rule("card 21")
@pytest.mark.rule("4.3.1")
@pytest.mark.parametrize("reading, can_play", [("ally_or_any_good", True), ("muslim_only", False)])
@pytest.mark.reading("A36")
def test_a36_lets_roll_with_a_plot_only_in_the_united_states(reading, can_play):
    """A36: the only plot is in the United States (Good): card 21 is playable under the default
    reading, not under ``muslim_only``. A Good Neutral Muslim country (Pakistan) qualifies under
    both."""
    st = at(rulings={"lets_roll_targets": reading})
    put_plot(st, "United States", 1)
    assert playable(st, "US", 21) is can_play
    st = at(rulings={"lets_roll_targets": reading}, countries={"Pakistan": {"gov": "good"}})
    put_plot(st, "Pakistan", 1)
    assert playable(st, "US", 21)
