"""Twilight Struggle's refinement check (properties/twilight_struggle/refinement.py on
properties/refinement.py): every model step is a proved transition of z3_proofs.py, a short
sequence of them, or a stutter.

Random games of each scenario and edition have no finding (their first 40 steps, so the test takes
seconds; whole games of both scenarios and editions are slow tests: CDG_SLOW_TESTS=1); the hand-made
steps share one state and its Game's checker (a module fixture: the moves are built once);
hand-made bad steps (influence from nowhere, DEFCON moved twice by one coup, a card back from
removed) are findings that name the step's rules and the changed components; a card played and
finished in one step passes through the table (the waypoints); a family member changes nothing
outside its footprint; the added transitions are proved, and one broken on purpose is not; the
refinement check alone catches rule mutants.
"""
from __future__ import annotations

import os

import pytest
import z3

from cdg_oracle.model.twilight_struggle.scenarios import new_game
from cdg_oracle.properties import refinement as R
from cdg_oracle.properties import refinement_mutants as RM
from cdg_oracle.properties.walk import play_checked
from cdg_oracle.properties.twilight_struggle import mutants
from cdg_oracle.properties.twilight_struggle import refinement as TR
from cdg_oracle.properties.twilight_struggle import z3_invariants as I
from cdg_oracle.properties.twilight_struggle import z3_proofs as P
from cdg_oracle.properties.twilight_struggle.z3_invariants import Z

pytestmark = pytest.mark.game("twilight_struggle")

GAME = "twilight_struggle"


@pytest.fixture(scope="module")
def standard():
    """One standard set-up for the hand-made steps (its Game's checker is built once: R.checker
    keeps one per Game, each call a fresh tally)."""
    return new_game("standard")


def _checker(st):
    return R.checker(st), st


# -- random games ---------------------------------------------------------------------------------------
@pytest.mark.rule("4.5", "5.1", "6.1", "6.3.2", "6.4.1", "8.2.1")
@pytest.mark.parametrize("scenario,options", [
    ("standard", None), ("late_war", {"edition": "deluxe"}),
    ("standard", {"edition": "deluxe", "optional_cards": True}),
], ids=["standard-seed", "late_war-deluxe", "standard-deluxe-optional"])
def test_random_games_have_no_finding(scenario, options):
    """The first steps of a random game (the set-up's placements, deals, headlines, action rounds)
    are each matched: a stutter, one related move or a short sequence."""
    r = play_checked(GAME, scenario, 3, roundtrip_every=0, invariants=False, refine=True, max_steps=40,
                     options=options)
    assert r.failures == [], r.failures[:1]
    t = r.refinement
    assert t["steps"] == r.steps == 40 and t["findings"] == []
    assert t["stutters"] < t["steps"] and sum(t["lengths"].values()) + t["stutters"] == t["steps"]
    assert any(k.startswith("deal[") for k in t["matched"])


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
@pytest.mark.rule("4.5", "8.2.1", "10.3.2")
@pytest.mark.parametrize("scenario", ["late_war", "standard"])
@pytest.mark.parametrize("edition", ["seed", "deluxe"])
def test_whole_random_games_have_no_finding(scenario, edition):
    """Two whole games of each scenario and edition, to their end (turn 10's end: the Military
    Operations check and the final scoring in one step, turn_10_end), checked step by step."""
    for seed in (1, 2):
        r = play_checked(GAME, scenario, seed, roundtrip_every=0, invariants=False, refine=True,
                         options={"edition": edition})
        assert r.failures == [], r.failures[:1]
        assert r.refinement["findings"] == [] and r.refinement["steps"] == r.steps


# -- bad steps ------------------------------------------------------------------------------------------
@pytest.mark.rule("6.1")
def test_influence_from_nowhere_is_a_finding(standard):
    """Three US markers appear in France in one step citing 6.1.2 (an operation's marker):
    place_influence places one."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    post = dict(pre)
    post["inf[France][US]"] += 3
    f = c.check(pre, post, ["6.1.2"], 7)
    assert isinstance(f, R.Finding)
    assert f.step == 7 and f.rules == ["6.1.2"] and f.changed == {"inf[France][US]": [pre["inf[France][US]"], pre["inf[France][US]"] + 3]}
    assert "place_influence[France]" in f.candidates
    assert "no proved transition" in f.line()
    # one marker is a move
    post["inf[France][US]"] = pre["inf[France][US]"] + 1
    assert c.check(pre, post, ["6.1.2"]) == ("place_influence[France]",)
    # an event's influence, any amount in one country (a step citing a card)
    post["inf[France][US]"] = pre["inf[France][US]"] + 3
    assert c.check(pre, post, ["card 19"]) == ("event_influence[France]",)


@pytest.mark.rule("6.3.4", "8.1.4")
def test_defcon_moved_twice_by_one_coup_is_a_finding(standard):
    """A coup roll in a battleground degrades DEFCON by 1 (6.3.4): by 2 it is no move."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    assert pre["inf[Iran][US]"] > 0 or pre["inf[Iran][USSR]"] > 0
    post = dict(pre)
    post["defcon"] = pre["defcon"] - 2
    f = c.check(pre, post, ["6.3.2", "6.3.4"])
    assert isinstance(f, R.Finding) and f.changed == {"defcon": [pre["defcon"], pre["defcon"] - 2]}
    assert any(n.startswith("coup_roll[") for n in f.candidates)   # the transition that moves DEFCON
    post["defcon"] = pre["defcon"] - 1
    assert not isinstance(c.check(pre, post, ["6.3.2", "6.3.4"]), R.Finding)


@pytest.mark.rule("6.3.2", "6.3.4")
def test_a_narrowed_findings_candidates_are_the_related_moves_narrowed(standard):
    """The checker asks the narrowing (``allowed``) of the moves near the change alone (their
    meeting with the related moves is the same), and of every related move only for a finding's
    candidates: those are the exact way's, every related move narrowed and then the ones near the
    change first. DEFCON moved twice by the die of a coup in Iran: coup_roll[Iran] is the only coup
    among them (the other countries' coup_roll are related but not part of the step, 6.3.1)."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    post = dict(pre)
    post["defcon"] = pre["defcon"] - 2
    rules, ctx, action = ["6.3.2", "6.3.4"], ("die", "Iran"), {"die": 6}
    asked = []

    def allowed(n):
        asked.append(n)
        return TR.narrow(ctx, action, c.moves[n], rules)

    f = c.check(pre, post, rules, allowed=allowed)
    assert isinstance(f, R.Finding)
    narrowed = [n for n, m in c.moves.items() if TR.relates(rules, m) and TR.narrow(ctx, action, m, rules)]
    exact = [n for n in narrowed if "defcon" in c.moves[n].footprint] + \
        [n for n in narrowed if "defcon" not in c.moves[n].footprint]
    assert list(f.candidates) == exact[:len(f.candidates)] and set(f.candidates) == set(exact)
    assert [n for n in f.candidates if n.startswith("coup")] == ["coup_roll[Iran]"]
    # one marker less: explained, the narrowing asked of the moves that could change DEFCON alone
    asked.clear()
    post["defcon"] = pre["defcon"] - 1
    assert c.check(pre, post, rules, allowed=allowed) == ("coup_roll[Iran]",)
    assert asked and all("defcon" in c.moves[n].footprint for n in asked)


@pytest.mark.rule("2.2.4", "4.3")
def test_a_removed_card_back_in_a_hand_is_a_finding():
    c, st = _checker(new_game("late_war"))
    pre = I.concrete_values(st)
    removed = next(n for n, _ in I.cards_of(st) if pre[f"zone[{n}]"] == Z["removed"])
    post = dict(pre)
    post[f"zone[{removed}]"] = Z["hand_US"]
    assert isinstance(c.check(pre, post, ["card 32"]), R.Finding)


@pytest.mark.rule("5.1", "2.2.6")
def test_a_card_played_and_discarded_in_one_step_passes_through_the_table(standard):
    """Hand -> discards in one ``apply``: play_card, then card_leaves_table (the waypoint)."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    card = st.d["deck"][0]
    pre[f"zone[{card}]"] = Z["hand_USSR"]
    post = dict(pre)
    post[f"zone[{card}]"] = Z["discard"]
    got = c.check(pre, post, ["6.1"])
    assert got == (f"play_card[{card}]", f"card_leaves_table[{card}]"), got
    post[f"zone[{card}]"] = Z["deck"]   # hand -> the draw pile: no move of a played card
    assert isinstance(c.check(pre, post, ["6.1"]), R.Finding)


@pytest.mark.rule("4.5", "8.2.1", "10.3.2")
def test_turn_10s_end_is_the_military_operations_check_then_the_final_scoring(standard):
    """The model ends turn 10 in one ``apply``: the Military Operations check, then the final
    scoring (turn_10_end); the VP between the two is in no state the model shows. Not before turn
    10, and not when the check's 20 VP ended the game (no final flag then)."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    pre.update({"turn": 10, "milops[US]": 4, "milops[USSR]": 0, "vp": 0})
    post = dict(pre, **{"milops[US]": 0, "vp": 18, "over": True, "final": True})
    changed = frozenset(k for k in post if post[k] != pre[k])
    assert c.admits("turn_10_end", pre, post, changed)
    assert not c.admits("turn_10_end", dict(pre, turn=9), post, changed)
    # from 17 VP the check's 3 reach 20: the game ends there (milops_check's own end), no scoring
    near, ended = dict(pre, vp=17), dict(post, vp=20, final=False)
    ended_changed = frozenset(k for k in ended if ended[k] != near[k])
    assert c.admits("milops_check", near, ended, ended_changed)
    assert not c.admits("turn_10_end", near, ended, ended_changed)
    # the step the model takes: the round's card leaving the table too, a sequence of the two
    card = st.d["deck"][0]
    pre[f"zone[{card}]"] = Z["table"]
    post = dict(post, **{f"zone[{card}]": Z["discard"]})
    changed = frozenset(k for k in post if post[k] != pre[k])
    names = [f"card_leaves_table[{card}]", "turn_10_end", "milops_check", "final_scoring", f"event_card_move[{card}]"]
    related = {n for n in names if TR.relates(["8.2.1", "10.3.2", "card 6"], c.moves[n])}
    assert related == set(names[:4])   # card 6 (The China Card) cites no event's card move
    got = c.sequence(names, related, pre, post, changed, 3)
    assert got == (f"card_leaves_table[{card}]", "turn_10_end"), got
    assert c.sequence([n for n in names if n != "turn_10_end"], related, pre, post, changed, 3) in (None, R.BOUNDED)


@pytest.mark.rule("4.5", "8.2.1", "10.3.2")
def test_the_full_search_decides_turn_10s_end(standard):
    """The whole check of turn 10's end (the rules the model cites there): some 380 moves touch
    the VP and the game's end (every card's card_leaves_table, every country's coups), and the
    search skips those whose guards without a choice fail on the state it is at (a card not on the
    table: properties/refinement.py ``Checker.enabled``), so it reaches the card on the table then
    turn_10_end within SEARCH_BUDGET (it was *search bounded* when every member was tried with
    every waypoint of the VP)."""
    c, st = _checker(standard)
    pre = I.concrete_values(st)
    card = st.d["deck"][0]
    pre.update({"turn": 10, "milops[US]": 4, "milops[USSR]": 0, "vp": 0, f"zone[{card}]": Z["table"]})
    post = dict(pre, **{"milops[US]": 0, "vp": 18, "over": True, "final": True, f"zone[{card}]": Z["discard"]})
    rules = ["6.2.2", "6.2.3", "8.2.1", "10.3.2", "10.1.1", "10.1.2", "card 6"]   # late_war's, seed 1
    before = R.STATS["searches bounded"]
    got = c.check(pre, post, rules)
    assert got == (f"card_leaves_table[{card}]", "turn_10_end"), got if not isinstance(got, R.Finding) else got.line()
    assert R.STATS["searches bounded"] == before


def test_a_stutter_is_matched(standard):
    c, st = _checker(standard)
    v = I.concrete_values(st)
    assert c.check(v, dict(v), ["6.0"]) == (R.STUTTER,)


# -- the adapter's pieces --------------------------------------------------------------------------------
def test_rules_of_expands_card_lists():
    assert TR.rules_of("8.1.3, 8.1.7, cards 4 11 58-60, card 40") == (
        "8.1.3", "8.1.7", "card 4", "card 11", "card 58", "card 59", "card 60", "card 40")
    with pytest.raises(ValueError):
        TR.rules_of("cards 4x")


def test_the_abstraction_is_the_invariants_vector():
    st = new_game("standard")
    m = TR.model(st.game_object)
    assert m.abstraction.components == tuple(I.SymState.fresh("", I.cards_of(st)).components())
    assert m.abstraction.values(st) == I.concrete_values(st)
    assert P.track_values(st)["defcon"] == I.concrete_values(st)["defcon"]


def test_the_abstraction_reads_each_component_under_its_name():
    """``concrete_values`` names its components once per process (z3_invariants ``_track_names``,
    ``_influence_names``, ``_zone_names``): over a random late_war game (Deluxe), every state's
    vector has the symbolic vector's names in its order, and each value is the one the state holds
    under the name written out per step (the exact way: each track and each country's influence by
    side, each card's zone code)."""
    import random

    st = new_game("late_war", options={"edition": "deluxe"})
    rng = random.Random(3)
    for _ in range(120):
        v = I.concrete_values(st)
        cards = I.cards_of(st)
        assert list(v) == list(I.SymState.fresh("", cards).components())
        d = st.d
        for field, key in (("milops", "milops"), ("space", "space"), ("attempts", "space_attempts")):
            for side in I.SIDES:
                assert v[f"{field}[{side}]"] == I._whole(d[key].get(side))
        for c, rec in d["influence"].items():
            for side in I.SIDES:
                assert v[f"inf[{c}][{side}]"] == I._whole(rec.get(side))
        codes, stray = I.zone_codes(d, cards)
        assert {n: v[f"zone[{n}]"] for n, _ in cards} == codes and v["stray"] == stray
        if st.is_terminal():
            break
        if st.current_player() == "chance":
            st.apply(rng.choice([a for a, _ in st.chance_outcomes()]))
        else:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["coup_roll[Iran]", "card_leaves_table[25]", "place_influence[Japan]"])
def test_a_family_member_changes_nothing_outside_its_footprint(name):
    """The member's footprint is the transition's outside the index plus its own components: the
    transition with the index fixed leaves every other component as it was."""
    st = new_game("standard")
    m = {x.name: x for x in TR.model(st.game_object).moves}[name]
    base, label = name[:-1].split("[")
    t = P.TRANSITIONS[base]
    pre = I.SymState.fresh("pre:", I.cards_of(st))
    c = P.Choices("t")
    post = t.fn(pre, c)
    choice = "card" if "card" in c.labels else "country"
    k = c.consts[choice]
    j = [str(x) for x in c.labels[choice]].index(label)
    pc, qc = pre.components(), post.components()
    for n in pc:
        if n not in m.footprint:
            assert z3.simplify(z3.substitute(qc[n], (k, z3.IntVal(j)))).eq(pc[n]), n


ADDED = ("coup_target", "coup_roll", "space_declare", "space_roll", "event_influence", "event_card_move",
         "event_china_card", "turn_10_end")


@pytest.mark.rule("6.3.1", "6.3.2", "6.4.1", "6.1.5", "9.4", "10.3.2")
@pytest.mark.parametrize("name", ADDED)
def test_each_added_transition_is_proved(name):
    r = P.prove(name)
    assert (r["verdict"], r["counterexample"], r["enabled"]) == ("proved", None, True)


def _card_back_from_removed(s, c):
    """event_card_move with removed among the sources: 2.2.4 broken."""
    c.require(z3.Not(s.over))
    k = c.int("card", 0, len(s.cards) - 1, [n for n, _ in s.cards])
    return P._move_card(s, c, k, Z["removed"], Z["hand_US"])


@pytest.mark.rule("2.2.4")
def test_a_card_move_from_removed_has_a_counterexample():
    r = P.prove_transition("card back from removed", "2.2.4", _card_back_from_removed)
    assert r["verdict"] == "counterexample" and "removed_stay_removed" in r["counterexample"]["broken"]


# -- mutants --------------------------------------------------------------------------------------------
def test_the_caught_list_names_registered_mutants():
    assert len(mutants.REFINEMENT_CAUGHT) >= 5
    assert set(mutants.REFINEMENT_CAUGHT) <= set(mutants.MUTANTS)


@pytest.mark.parametrize("name", mutants.REFINEMENT_QUICK)
def test_the_refinement_check_alone_catches_mutants(name):
    r = RM.catches_mutant(GAME, name, games_=3, max_steps=400)
    assert r["caught"], r


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
@pytest.mark.parametrize("name", mutants.REFINEMENT_CAUGHT)
def test_the_refinement_check_alone_catches_every_listed_mutant(name):
    r = RM.catches_mutant(GAME, name)
    assert r["caught"], r


def _turn_10_end_step(scenario: str, seed: int, edition: str):
    """The step of a random game (play_checked's choices, unchecked) that ends turn 10: the state
    after it, the abstraction before and after, its rules."""
    import random

    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.sampling import sample_chance

    rng = random.Random(seed)
    st = get(GAME).new_state(scenario, "standard", None, {"edition": edition})
    prev = I.concrete_values(st)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply(sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance"
                 else legal[rng.randrange(len(legal))])
        now = I.concrete_values(st)
        if now["final"] and not prev["final"]:
            return st, prev, now, st.applied_rules()
        prev = now
    raise AssertionError("no final scoring")


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
@pytest.mark.rule("6.3.4", "4.5", "10.3.2")
def test_a_coup_then_turn_10s_end_in_one_step_is_explained():
    """late_war (seed edition), campaign seed 1 game 12, step 341: the last round's coup with the
    China Card in Saudi Arabia (its influence and DEFCON 3 -> 2), the China Card face up, turn 10's
    end. The coup leaves the game's end to turn_10_end; other coups could take DEFCON too, so
    leaving all it shares with related moves left it nothing to do: the search also lets a move leave
    one of them alone (properties/refinement.py ``_leave_one``). It was a finding, the search not
    bounded."""
    st, pre, post, rules = _turn_10_end_step("late_war", 100015, "seed")
    assert (pre["defcon"], post["defcon"], pre["china_face_up"], post["china_face_up"]) == (3, 2, False, True)
    got = R.checker(st).check(pre, post, rules)
    assert got == ("coup_roll[Saudi Arabia]", "china_face_up", "turn_10_end"), \
        got if not isinstance(got, R.Finding) else got.line()


def _turn_10_end_step_narrowed(scenario: str, seed: int, edition: str):
    """As :func:`_turn_10_end_step`, with the step's action and the adapter's context of the state
    before it (``coup_context``, what the StepObserver reads)."""
    import random

    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.sampling import sample_chance

    rng = random.Random(seed)
    st = get(GAME).new_state(scenario, "standard", None, {"edition": edition})
    prev = I.concrete_values(st)
    while not st.is_terminal():
        legal = st.legal_actions()
        ctx = TR.coup_context(st)
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else legal[rng.randrange(len(legal))]
        st.apply(a)
        now = I.concrete_values(st)
        if now["final"] and not prev["final"]:
            return st, prev, now, st.applied_rules(), ctx, a
        prev = now
    raise AssertionError("no final scoring")


@pytest.mark.rule("6.3.1", "6.3.2", "4.5", "10.3.2")
def test_turn_10s_end_after_an_influence_placement_is_decided_without_the_coups():
    """late_war (Deluxe), campaign seed 1 game 6, step 333: the round's last influence placed
    (Cuba), the region's scoring, the card leaving the table, the China Card face up and turn 10's
    end in one ``apply``. No coup is under way at its start, so no member of coup, coup_target or
    coup_roll can be part of it (the adapter's ``narrow``, 6.3.1: a coup's target is its own
    question); the search then decides it in 135 parts tried (1,332 without the narrowing, where the
    members of coup and coup_target of every country could each take the Military Operations; it
    was *search bounded* in the whole games run before ``_leave_one``, which alone decides it now)."""
    st, pre, post, rules, ctx, action = _turn_10_end_step_narrowed("late_war", 100009, "deluxe")
    assert ctx == ("none", None) and action == {"country": "Cuba"}
    c = R.checker(st)
    allowed = lambda n: TR.narrow(ctx, action, c.moves[n], rules)  # noqa: E731
    before, parts = R.STATS["searches bounded"], R.STATS["sequence parts tried"]
    got = c.check(pre, post, rules, allowed=allowed)
    # no region_scoring: the step cites no region scored by its card (10.1), the final scoring's
    # VP are turn_10_end's
    assert "10.1" not in rules
    assert got == ("card_leaves_table[61]", "place_influence[Cuba]", "china_face_up", "turn_10_end"), \
        got if not isinstance(got, R.Finding) else got.line()
    assert R.STATS["searches bounded"] == before
    assert R.STATS["sequence parts tried"] - parts < 500   # the coups of other countries not tried


@pytest.mark.rule("6.3.1", "6.3.2")
def test_narrow_keeps_only_the_coup_under_way(standard):
    """A coup's die step may be coup_roll of the frame's target only; its target step coup_target
    of the country answered only; a step that is neither, no coup's move; other moves are kept."""
    c, _ = _checker(standard)
    m = c.moves
    die, target, none = ("die", "Iran"), ("target", None), ("none", None)
    assert TR.narrow(die, {"die": 3}, m["coup_roll[Iran]"])
    assert not TR.narrow(die, {"die": 3}, m["coup_roll[Iraq]"])
    assert not TR.narrow(die, {"die": 3}, m["coup_target[Iran]"]) and not TR.narrow(die, {"die": 3}, m["coup[Iran]"])
    assert TR.narrow(target, {"country": "Iraq"}, m["coup_target[Iraq]"])
    assert not TR.narrow(target, {"country": "Iraq"}, m["coup_target[Iran]"])
    assert not TR.narrow(target, {"country": "Iraq"}, m["coup_roll[Iraq]"])
    assert not TR.narrow(none, {"use": "event"}, m["coup_roll[Iran]"])
    assert TR.narrow(none, {"use": "event"}, m["turn_10_end"]) and TR.narrow(die, {"die": 3}, m["card_leaves_table[1]"])


def test_coup_context_reads_the_coup_under_way(standard):
    """The adapter's context of a state: the coup on top of the stack asking its target or its die."""
    st = standard.clone() if hasattr(standard, "clone") else standard
    assert TR.coup_context(st) == ("none", None)
    frame = {"proc": "coup", "pc": "die", "target": "Iran", "side": "USSR"}
    fake = type("S", (), {"d": {"stack": [frame], "pending": {"player": "chance"}}})()
    assert TR.coup_context(fake) == ("die", "Iran")
    fake.d["stack"] = [dict(frame, pc="target")]
    assert TR.coup_context(fake) == ("target", None)
    fake.d["pending"] = None
    assert TR.coup_context(fake) == ("none", None)


def test_coup_context_reads_a_space_race_die(standard):
    """The Space Race attempt's die on top of the stack (operations/space_race.py, 6.4.1)."""
    frame = {"proc": "space", "pc": "die", "side": "US"}
    fake = type("S", (), {"d": {"stack": [frame], "pending": {"player": "chance"}}})()
    assert TR.coup_context(fake) == ("space", "US")
    fake.d["pending"] = None
    assert TR.coup_context(fake) == ("none", None)


@pytest.mark.rule("6.4.1", "10.1", "7.2", "8.2.1", "card 50", "7.6")
def test_narrow_keeps_the_acts_the_step_cites(standard):
    """The Space Race's moves only in its own two steps (space_attempt never); a region's scoring,
    Southeast Asia's, the Military Operations check and one card's acts only in a step citing
    their rule or card; the moves of any card's event only in a step citing a card's event that is
    not a scoring card's or The China Card's, or a war (7.6)."""
    c, _ = _checker(standard)
    m = c.moves
    none, space = ("none", None), ("space", "US")
    assert TR.narrow(none, {"use": "space"}, m["space_declare"], ["6.0", "6.4.2"])
    assert not TR.narrow(none, {"use": "event"}, m["space_declare"], ["6.0", "6.4.2"])
    assert TR.narrow(space, {"die": 2}, m["space_roll"], ["6.4.1"])
    assert not TR.narrow(none, {"use": "event"}, m["space_roll"], ["6.4.1"])
    assert not TR.narrow(space, {"die": 2}, m["space_attempt"], ["6.4.1"])
    assert TR.narrow(none, {"use": "event"}, m["region_scoring"], ["card 1", "10.1", "10.1.1"])
    assert not TR.narrow(none, {"use": "event"}, m["region_scoring"], ["10.3.2", "10.1.1", "10.1.2"])
    assert TR.narrow(none, {"use": "event"}, m["southeast_asia_scoring"], ["card 38", "7.2"])
    assert not TR.narrow(none, {"use": "event"}, m["southeast_asia_scoring"], ["card 1", "10.1"])
    assert TR.narrow(none, {"use": "event"}, m["milops_check"], ["4.5", "8.2.1"])
    assert not TR.narrow(none, {"use": "event"}, m["milops_check"], ["4.5", "10.3.1"])
    assert TR.narrow(none, {"use": "influence"}, m["effect_vp_checked"], ["6.1.1", "card 50"])
    assert not TR.narrow(none, {"use": "influence"}, m["effect_vp_checked"], ["6.1.1", "10.3.1"])
    # a scoring card's event is its scoring alone; The China Card has none
    for name in ("event_vp", "event_influence[Iran]", "event_card_move[1]"):
        assert not TR.narrow(none, {"use": "event"}, m[name], ["card 1", "10.1", "10.3.1"])
        assert not TR.narrow(none, {"use": "event"}, m[name], ["10.3.2", "card 6"])
        assert TR.narrow(none, {"use": "event"}, m[name], ["card 1", "10.1", "card 73"])
        assert TR.narrow(none, {"use": "event"}, m[name], ["card 11", "7.6"])
    # the others are kept
    assert TR.narrow(none, {"use": "event"}, m["card_leaves_table[1]"], [])
    assert TR.narrow(none, {"use": "event"}, m["turn_10_end"], [])


def _step_alone(scenario: str, edition: str, seed: int, step: int):
    """The campaign's game of ``seed`` (properties/walk.py play_checked's choices) played unchecked
    to its step ``step``, that step checked alone through a StepObserver: (verdict, parts tried,
    searches bounded)."""
    import random

    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.sampling import sample_chance

    rng = random.Random(seed)
    st = get(GAME).new_state(scenario, "standard", None, {"edition": edition})
    for n in range(step):
        legal = st.legal_actions()
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else legal[rng.randrange(len(legal))]
        if n == step - 1:
            observer = R.StepObserver(st, scenario, seed)
        st.apply(a)
    parts, bounded = R.STATS["sequence parts tried"], R.STATS["searches bounded"]
    got = observer.observe(st, a)
    return got, R.STATS["sequence parts tried"] - parts, R.STATS["searches bounded"] - bounded


@pytest.mark.rule("10.1", "8.2.1", "10.3.1", "card 1")
def test_a_scoring_card_then_the_milops_check_ending_the_game_is_explained():
    """The committed report's finding (standard, seed edition, seed 100005, step 306): the US plays
    Asia Scoring (card 1) as the round's last card; the card leaves the table and the turn's
    Military Operations check gives the USSR its 20th VP (10.3.1) in one ``apply``. It was *search
    bounded* (20,000 parts): the moves of other acts that may take the VP (the Space Race's, any
    event's, Southeast Asia's, card 50's...) each tried with the VP's waypoints at every state. The
    step cites card 1's scoring and 8.2.1 only, so the adapter's ``narrow`` keeps region_scoring,
    milops_check and the card leaving the table; and the card may leave the table taking its zone
    alone (what it must change), the VP and the game's end left to the check."""
    got, parts, bounded = _step_alone("standard", "seed", 100005, 306)
    assert got == ("card_leaves_table[1]", "milops_check"), got if not isinstance(got, R.Finding) else got.line()
    assert bounded == 0 and parts < 200


@pytest.mark.rule("6.3.2", "4.5", "8.2.1", "10.3.2")
def test_a_coup_die_then_turn_10s_end_is_decided():
    """late_war (Deluxe), campaign seed 1 game 2 (seed 100005), step 348: the last round's coup die
    in SE African States, the card leaving the table and turn 10's end in one ``apply``. It was
    *search bounded*; it is decided: the card leaves the table taking its zone alone, the VP and
    the game's end left to turn_10_end (properties/refinement.py: a move may take only what it must
    change)."""
    got, parts, bounded = _step_alone("late_war", "deluxe", 100005, 348)
    assert got == ("coup_roll[SE African States]", "card_leaves_table[69]", "turn_10_end"), \
        got if not isinstance(got, R.Finding) else got.line()
    assert bounded == 0 and parts < 1_000


@pytest.mark.rule("6.3.4", "8.1.6", "4.5")
def test_a_coup_die_then_the_next_turns_defcon_improvement_is_explained():
    """standard (seed edition), campaign seed 1 game 1 (seed 100004), step 271: the last round's
    coup die in Egypt (a battleground: DEFCON 5 -> 4, 6.3.4), the card leaving the table, the end
    of the turn and the next turn's DEFCON improvement (4 -> 5, 4.5 A, 8.1.6) in one ``apply``: the
    DEFCON is unchanged by the step but changed twice within it, which the sequences (each
    component taken once) cannot say; ``coup_roll_improved`` (z3_proofs.py), the composition of
    the two proved transitions, explains it. Before the events' narrowing it was matched by a
    realignment roll and an event's influence in Egypt, in a step citing neither."""
    got, parts, bounded = _step_alone("standard", "seed", 100004, 271)
    assert not isinstance(got, R.Finding), got.line()
    assert "coup_roll_improved[Egypt]" in got and "coup_roll[Egypt]" not in got
    assert not any(n.startswith(("realign_roll", "event_influence")) for n in got)
    assert bounded == 0 and parts < 1_000
