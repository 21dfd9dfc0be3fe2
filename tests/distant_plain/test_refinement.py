"""A Distant Plain's refinement check (properties/distant_plain/refinement.py): every step of random
games is one of the proved transitions of z3_proofs.py (or a short sequence of them, or a stutter),
and rule mutants are caught by that check alone (properties/distant_plain/mutants.py)."""
from __future__ import annotations

import os

import pytest

from cdg_oracle.model.distant_plain.scenarios import new_game
from cdg_oracle.properties.distant_plain import mutants
from cdg_oracle.properties.distant_plain import z3_proofs as P
from cdg_oracle.properties.refinement import STUTTER, Finding, checker, refinement_of
from tests.incremental import incremental_changes

pytestmark = pytest.mark.game("distant_plain")


def test_the_game_names_its_refinement_and_every_transition_is_a_move():
    spec = refinement_of("distant_plain")
    assert spec is not None and spec.game == "distant_plain"
    c = checker(new_game())
    assert set(c.moves) == set(P.TRANSITIONS) | set(P.COMPOSITES)
    assert all(m.footprint for n, m in c.moves.items() if n != "propaganda_victory")
    # a composite's footprint is its parts'
    both = c.moves["warlords_rally+propaganda_resources"].footprint
    assert both == c.moves["warlords_rally"].footprint | c.moves["propaganda_resources"].footprint


@pytest.mark.rule("propaganda", "limited_operation")
def test_a_moves_terms_are_its_program_run_over_the_checkers_vector():
    """A move's effect is its program's build over the probe vector, the vector and the choices
    substituted (properties/distant_plain/refinement.py ``_move``): the same terms as the program
    run over the checker's vector with the move's label, for every move, and the program's only
    free constants besides the vector are its choices (``Work.choices``: what the substitution
    renames)."""
    from cdg_oracle.properties.distant_plain import z3_state as S
    from cdg_oracle.properties.refinement import _constant_asts_each

    st = new_game()
    c = checker(st)
    facts = S.facts_of_options(st.game_object.options, st.game_object.rulings.changes())
    vector = {x.decl().name() for x in c.pre.values()}
    chose = 0
    for name, spec in {**P.TRANSITIONS, **P.COMPOSITES}.items():
        w = P.Work(S.StateView(facts, dict(c.pre)), "m#0")
        spec.build(w)
        guards, values = c.moves[name].effect(c.pre, "m#0.")
        assert len(guards) == len(w.guards) and all(a.eq(b) for a, b in zip(guards, w.guards)), name
        assert set(values) == c.moves[name].footprint, name
        assert all(values[n].eq(w.e[n]) for n in values), name
        free = {x for d in _constant_asts_each(guards + list(values.values())) for x in d} - vector
        assert free <= {x.decl().name() for x in w.choices.values()}, name
        # the move names its choices (Move.choices, what the checker's lazy walk trusts) as the build has them
        assert [x.decl().name() for x in c.moves[name].choices("m#0.")] == [x.decl().name() for x in w.choices.values()]
        chose += bool(free)
    assert chose > 40   # the check can fail: most moves choose


@pytest.mark.rule("propaganda", "limited_operation")
def test_the_checkers_lazy_walk_of_a_moves_values_reads_what_the_whole_walk_reads():
    """A move that names its choices (``Move.choices``) is built with its footprint's values
    walked only when a check reads them (properties/refinement.py ``_LazyReads``): asked one by
    one, each gives the pre components the whole walk of the move's terms gives it, and is a plain
    value (no choice) exactly where the whole walk finds no choice in it; its guards likewise
    (walked when asked, ``"(guards)"``), those without a choice (found by a substitution of the
    choices, ``_without_choice``) exactly those the whole walk finds none in, each one of the
    move's Python guards; a value holds a choice exactly where the substitution of the choices
    moves it (``_hold_choice``)."""
    from cdg_oracle.properties.refinement import _constant_asts_each, _hold_choice, _other_constants, _without_choice

    c = checker(new_game())
    lazy = 0
    for name, m in c.moves.items():
        e = c.effect(name)
        lazy += e.lazy
        found = _constant_asts_each(list(e.guards))
        assert e.reads["(guards)"] == sorted({c._pre_name[x] for consts in found for x in consts
                                              if x in c._pre_name}), name
        plain = [g for g, consts in zip(e.guards, found) if all(x in c._pre_name for x in consts)]
        assert [g.get_id() for g in _without_choice(list(e.guards), e.choices)] == [g.get_id() for g in plain], name
        assert len(c._fixed(e)) == len(plain), name   # (a lazy effect's: sorted out when first asked)
        found = _constant_asts_each([e.values[n] for n in sorted(m.footprint)])
        held = _hold_choice([e.values[n] for n in sorted(m.footprint)], _other_constants(e.choices))
        for n, consts, free in zip(sorted(m.footprint), found, held):
            reads = sorted({c._pre_name[x] for x in consts if x in c._pre_name})
            assert e.reads[n] == reads, (name, n)
            assert (n in e.plain) == all(x in c._pre_name for x in consts), (name, n)
            assert free == (not all(x in c._pre_name for x in consts)), (name, n)
    assert lazy > 40   # the check can fail: most moves choose, so are walked lazily


@pytest.mark.parametrize("seed,options", [(3, None), (4, mutants.OPTION_SETS[1])])
def test_the_incremental_abstraction_equals_the_whole_one(seed, options):
    """The refinement check's incremental abstraction (``_Incremental``: only the spaces whose dict
    changed, and the boxes and tracks when one changed, recomputed) gives, after every step of a
    random game, the vector the whole abstraction (``z3_state.concrete_values``) gives, and as
    changed exactly the components that differ."""
    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.distant_plain.refinement import model

    st = get("distant_plain").new_state("sandbox", "standard", None, options)
    moved = incremental_changes(st, model(st.game_object).abstraction, seed, 120)
    # the game moved pieces on the map and changed boxes or tracks: both kinds of part were recomputed
    assert any("[" in k for k in moved) and any("[" not in k for k in moved)


@pytest.mark.rule("propaganda", "limited_operation")
@pytest.mark.parametrize("seed,options", [(0, None), (1, mutants.OPTION_SETS[1])])
def test_every_step_of_random_games_is_a_proved_transition(seed, options):
    obs, steps = mutants.play_observed(seed, options, stop_at_finding=False)
    t = obs.checker.tally
    assert t.findings == [], [f.line() for f in t.findings]
    assert t.steps == steps > 50
    assert t.steps > t.stutters > 0
    assert len(t.matched) >= 10          # many transitions exercised, not one catch-all
    assert t.lengths[1] > t.lengths.get(2, 0)


@pytest.mark.rule("propaganda.resources")
def test_the_warlords_last_answer_and_the_resources_phase_are_one_composite_step():
    """The Warlords pay for a Rally and, in the same answer, the Propaganda round's Resources phase
    pays them: one component changed twice, so a composite transition says so."""
    st = new_game()
    c = checker(st)
    pre = c.abstraction.values(st)
    post = dict(pre)
    post["available.warlords_underground"] -= 1
    post["warlords_underground[Kandahar]"] += 1
    post["resources.Warlords"] -= 1                                    # the Rally's Resource
    post["resources.Government"] += pre["aid"] + 12                    # Aid + the Econ of every LoC
    cited = ["warlords.operations.rally", "propaganda.resources"]
    assert c.check(pre, post, cited) == ("warlords_rally+propaganda_resources",)
    post["resources.Government"] += 1                                  # one Resource too many
    v = c.check(pre, post, cited)
    assert isinstance(v, Finding) and "warlords_rally+propaganda_resources" in v.candidates


@pytest.mark.rule("warlords.operations.rally", "propaganda.resources")
def test_a_witness_of_one_space_serves_the_same_step_in_another():
    """A Rally's witness in Kandahar, its space choice moved to Helmand (``Refinement.label_value``:
    a space's index), is a witness of the same Rally in Helmand: no z3 call for it, the verdict the
    same, and a step one Resource off still refused. Without ``label_value`` z3 is asked."""
    import dataclasses

    from cdg_oracle.properties.refinement import STATS, Checker

    def rally(pre: dict, space: str, extra: int = 0) -> dict:
        post = dict(pre)
        post["available.warlords_underground"] -= 1
        post[f"warlords_underground[{space}]"] += 1
        post["resources.Warlords"] -= 1
        post["resources.Government"] += pre["aid"] + 12 + extra
        return post

    st = new_game()
    cited = ["warlords.operations.rally", "propaganda.resources"]
    spec = refinement_of("distant_plain")
    calls = {}
    shared = checker(st).model   # the Game's moves (built once), in two checkers of their own (fresh caches)
    for label_value in (spec.label_value, None):
        c = Checker(dataclasses.replace(spec, label_value=label_value), st.game_object, shared)
        pre = c.abstraction.values(st)
        assert c.check(pre, rally(pre, "Kandahar"), cited) == ("warlords_rally+propaganda_resources",)
        before = STATS["z3 solver calls"]
        assert c.check(pre, rally(pre, "Helmand"), cited) == ("warlords_rally+propaganda_resources",)
        calls[label_value is not None] = STATS["z3 solver calls"] - before
        wrong = rally(pre, "Herat", extra=1)
        assert not c.admits("warlords_rally+propaganda_resources", pre, wrong,
                            frozenset(k for k in wrong if wrong[k] != pre[k]))
    assert calls == {True: 0, False: 1}


@pytest.mark.rule("warlords.operations.rally")
def test_a_slice_is_first_asked_with_its_choice_of_space_pinned():
    """A Rally's first slice in Kandahar (the one space the step changed; the Rally's one choice of
    a space, ``Move.labelled``) is asked of z3 with that choice pinned (``Checker._pins``): one
    query, its witness in Kandahar. A pin that does not fit (Herat) is a hint refused: z3 then asks
    the slice whole, the verdict the same. A step one Resource off is refused either way."""
    import z3

    from cdg_oracle.properties.distant_plain.refinement import _space_index
    from cdg_oracle.properties.refinement import STATS, Checker

    def rally(pre: dict, space: str, extra: int = 0) -> dict:
        post = dict(pre)
        post["available.warlords_underground"] -= 1
        post[f"warlords_underground[{space}]"] += 1
        post["resources.Warlords"] -= 1 - extra
        return post

    st = new_game()
    spec = refinement_of("distant_plain")
    shared = checker(st).model   # the Game's moves (built once), in checkers of their own (fresh caches)
    assert next(m for m in shared.moves if m.name == "warlords_rally").labelled == ("space",)
    for pin in (None, "Herat"):
        c = Checker(spec, st.game_object, shared)
        if pin is None:   # the pin the step gives: its one changed space
            got = c._pins(c.effect("warlords_rally"), ["Kandahar"])
            assert {n: v.as_long() for n, v in got.items()} == {"warlords_rally#0.space": _space_index("Kandahar")}
        else:
            c._pins = lambda e, labels, recalled=True: {f"{e.move.name}#0.space": z3.IntVal(_space_index(pin))}
        pre = c.abstraction.values(st)
        post = rally(pre, "Kandahar")
        changed = frozenset(k for k in post if post[k] != pre[k])
        before = STATS["z3 solver calls"]
        assert c.check(pre, post, ["warlords.operations.rally"]) == ("warlords_rally",)
        assert STATS["z3 solver calls"] - before == (1 if pin is None else 2)
        assert c._recent[("warlords_rally", changed)][-1][1]["warlords_rally#0.space"] == _space_index("Kandahar")
        wrong = rally(pre, "Kandahar", extra=1)
        assert not c.admits("warlords_rally", pre, wrong, frozenset(k for k in wrong if wrong[k] != pre[k]))


@pytest.mark.rule("government.operations.train")
def test_a_slice_that_changes_no_space_is_first_asked_with_the_space_its_answer_names():
    """A Train's payment changes no space (the Government's Resources alone), so the step gives no
    pin; its answer names the space (``Refinement.action_labels``): z3 is first asked with the
    Train's choice of a space pinned there, its witness in that space (Kandahar). An answer naming
    a space where no Train is (a LoC) is a hint refused: the slice asked whole, the verdict the
    same as without an answer. A payment one Resource off is refused whatever the answer names."""
    from cdg_oracle.properties.distant_plain.refinement import _action_labels, _space_index
    from cdg_oracle.properties.refinement import Checker

    st = new_game()
    spec = refinement_of("distant_plain")
    shared = checker(st).model   # the Game's moves (built once), in checkers of their own (fresh caches)
    moves = {m.name: m for m in shared.moves}
    assert _action_labels({"space": "Kandahar", "do": "place"}, moves["government_train"]) == {"space": "Kandahar"}
    assert _action_labels({"move": "coalition_bases", "from": "available", "to": "Kabul"},
                          moves["coalition_surge"]) == {"to": "Kabul"}
    assert _action_labels({"space": "Kabul"}, moves["warlords_rally+propaganda_resources"]) == {"0.space": "Kabul"}
    assert _action_labels({"aid": 2}, moves["coalition_surge"]) == {} and _action_labels(3, moves["sharia"]) == {}
    cited, changed = ["government.operations.train"], frozenset({"resources.Government"})
    for action, space in (({"space": "Kandahar"}, "Kandahar"), ({"space": "Kabul-Tor Kham LOC"}, None), (None, None)):
        c = Checker(spec, st.game_object, shared)
        pre = c.abstraction.values(st)
        post = dict(pre, **{"resources.Government": pre["resources.Government"] - 3})
        assert c.check(pre, post, cited, action=action) == ("government_train",)
        if space is not None:   # the witness kept is in the space the answer named
            assert c._recent[("government_train", changed)][-1][1]["government_train#0.space"] == _space_index(space)
        wrong = dict(pre, **{"resources.Government": pre["resources.Government"] - 4})
        assert isinstance(Checker(spec, st.game_object, shared).check(pre, wrong, cited, action=action), Finding)


@pytest.mark.rule("propaganda.redeploy.redeploy")
def test_a_witness_of_a_step_that_went_the_same_ways_is_translated_first():
    """Of the witnesses of steps of one form, those whose changed values went the same ways (up,
    down) are translated first (``_ways``): a Redeploy from Farah to Ghazni (from the first space to
    the second, in the map's order) takes the witness of one from Helmand to Kandahar, not that of
    the later one from Zabol to Herat (the other way round, which would be refused, its program
    made): one residual program made, no z3 call, the verdict the same; a Redeploy one guerrilla
    short still refused."""
    from cdg_oracle.properties.refinement import STATS, Checker

    st = new_game()
    c = Checker(refinement_of("distant_plain"), st.game_object, checker(st).model)   # fresh caches
    pre = dict(c.abstraction.values(st), **{f"taliban_underground[{n}]": 2
                                             for n in ("Helmand", "Kandahar", "Herat", "Zabol", "Ghazni", "Farah")})

    def redeploy(a: str, b: str, lost: int = 0) -> dict:
        return dict(pre, **{f"taliban_underground[{a}]": 1, f"taliban_underground[{b}]": 3 - lost})

    cited = ["propaganda.redeploy.redeploy"]
    for a, b in (("Helmand", "Kandahar"), ("Zabol", "Herat")):
        assert c.check(pre, redeploy(a, b), cited) == ("redeploy",)
    calls, made = STATS["z3 solver calls"], len(c._residuals)
    assert c.check(pre, redeploy("Farah", "Ghazni"), cited) == ("redeploy",)
    assert (STATS["z3 solver calls"] - calls, len(c._residuals) - made) == (0, 1)
    assert isinstance(c.check(pre, redeploy("Farah", "Herat", lost=1), cited), Finding)


@pytest.mark.rule("warlords.operations.rally", "propaganda.resources")
def test_a_composite_borrows_the_witness_of_its_first_part():
    """The Rally that ends the Warlords' turn (``warlords_rally+propaganda_resources``) in Helmand
    takes the witness of a Rally alone in Kandahar (``Refinement.witness_from``: the composite's
    choices are its first part's renamed; the space moved by ``label_value``): no z3 call for it,
    the verdict the same, and a step one Resource off still refused. Without ``witness_from`` z3
    is asked."""
    import dataclasses

    from cdg_oracle.properties.refinement import STATS, Checker

    def rally(pre: dict, space: str, phase: bool, extra: int = 0) -> dict:
        post = dict(pre)
        post["available.warlords_underground"] -= 1
        post[f"warlords_underground[{space}]"] += 1
        post["resources.Warlords"] -= 1
        if phase:   # the Resources phase: Aid + the Econ of every LoC to the Government
            post["resources.Government"] += pre["aid"] + 12 + extra
        return post

    st = new_game()
    spec = refinement_of("distant_plain")
    both = ["warlords.operations.rally", "propaganda.resources"]
    calls = {}
    shared = checker(st).model   # the Game's moves (built once), in two checkers of their own (fresh caches)
    for witness_from in (spec.witness_from, None):
        c = Checker(dataclasses.replace(spec, witness_from=witness_from), st.game_object, shared)
        pre = c.abstraction.values(st)
        assert c.check(pre, rally(pre, "Kandahar", False), ["warlords.operations.rally"]) == ("warlords_rally",)
        before = STATS["z3 solver calls"]
        assert c.check(pre, rally(pre, "Helmand", True), both) == ("warlords_rally+propaganda_resources",)
        calls[witness_from is not None] = STATS["z3 solver calls"] - before
        wrong = rally(pre, "Herat", True, extra=1)
        assert not c.admits("warlords_rally+propaganda_resources", pre, wrong,
                            frozenset(k for k in wrong if wrong[k] != pre[k]))
    assert calls == {True: 0, False: 1}


def test_which_moves_relate_to_a_step_is_the_rule_by_rule_reading():
    """``relates`` (the transitions related to a list of rules made once per list) is the reading
    rule by rule, for every move: a transition where one of its rules relates to a cited rule
    (``default_relates``), a composite where each of its parts does; over the rules the steps of
    random games cite, each rule alone, and none."""
    import random

    from cdg_oracle.properties.distant_plain.refinement import relates
    from cdg_oracle.properties.refinement import default_relates, related

    def by_rule(cited: list, move) -> bool:
        parts = move.name.split("+")
        if len(parts) == 1:
            return default_relates(cited, move)
        return all(any(related(c, r) for c in cited for r in P.TRANSITIONS[p].rules) for p in parts)

    st = new_game()
    moves = checker(st).model.moves
    rng, lists = random.Random(5), [[]]
    for _ in range(300):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
        lists.append(st.applied_rules())
    lists += [[r] for t in P.TRANSITIONS.values() for r in t.rules] + [["propaganda"], ["warlords.operations"]]
    assert sum(relates(c, m) for c in lists for m in moves) > 100   # the check can fail
    assert all(relates(c, m) == by_rule(c, m) for c in lists for m in moves)


def fresh_checker_and_vectors(seed: int, steps: int, checks: bool) -> tuple:
    """A checker of A Distant Plain with fresh caches, and the abstract vectors of a random game of
    the default set-up (``seed``, at most ``steps`` steps), each step observed (checked by that
    checker where ``checks``, else by the game's shared one) and none a finding."""
    import random

    from cdg_oracle.properties.refinement import Checker, StepObserver

    st = new_game()
    c = Checker(refinement_of("distant_plain"), st.game_object, checker(st).model)   # fresh caches
    obs = StepObserver(st)
    if checks:
        obs.checker = c
    rng, vectors = random.Random(seed), [obs.prev]
    for _ in range(steps):
        if st.is_terminal():
            break
        a = rng.choice(st.legal_actions())
        st.apply(a)
        assert not isinstance(obs.observe(st, a), Finding)
        vectors.append(obs.prev)
    return c, vectors


def test_a_witness_residual_value_made_on_its_first_call_is_its_python_function():
    """A witness's residual values are made when first called (``Checker._later``, a ``_Deferred``
    :func:`python_function`): over the vectors of a random game, before and after each is first
    called, each gives what the term's own function gives (the exact path)."""
    from cdg_oracle.properties.refinement import python_function

    c, vectors = fresh_checker_and_vectors(3, 250, checks=True)
    deferred = list(c._deferred.values())
    assert len(deferred) > 20   # the check can fail
    told = 0
    for t, fn in deferred:
        exact = python_function(t, c._pre_name, c._leaves)
        got = [fn(v) for v in vectors[::5]]
        assert got == [exact(v) for v in vectors[::5]]
        told += len(set(got)) > 1
    assert told > 5   # values that differ between vectors


@pytest.mark.rule("government.operations.train", "islamabad.hostility")
def test_a_changed_value_without_a_choice_is_checked_with_the_slice():
    """A move that names its choices sorts out none of a step's changed values before its slice
    (``Checker.admits``): a Train's payment that also turns a Taliban guerrilla in Waziristan
    Active, Islamabad short of Hostility (the standing condition's value, which reads no choice of
    the Train), is refused by the slice, on a fresh checker and on one that has met the payment."""
    from cdg_oracle.properties.distant_plain import z3_proofs as Z
    from cdg_oracle.properties.refinement import Checker

    st = new_game()
    spec, shared = refinement_of("distant_plain"), checker(st).model
    for warm in (False, True):
        c = Checker(spec, st.game_object, shared)
        pre = dict(c.abstraction.values(st), **{"taliban_underground[Waziristan (Pakistan)]": 2})
        assert pre["islamabad"] != Z.HOSTILITY
        paid = dict(pre, **{"resources.Government": pre["resources.Government"] - 3})
        if warm:
            assert c.admits("government_train", pre, paid, frozenset({"resources.Government"}))
        flipped = dict(paid, **{"taliban_underground[Waziristan (Pakistan)]": 1,
                                "taliban_active[Waziristan (Pakistan)]": 1})
        assert not c.admits("government_train", pre, flipped, frozenset(k for k in flipped if flipped[k] != pre[k]))
        assert c.admits("government_train", pre, paid, frozenset({"resources.Government"}))


@pytest.mark.rule("warlords.operations.rally")
def test_a_guard_without_a_choice_is_sorted_out_when_first_asked():
    """A move that names its choices leaves its guards without a choice unsorted when built
    (``_Effect.unfixed``): ``Checker.enabled`` sorts them out when it first asks (the Warlords'
    Rally needs a Resource: not enabled at 0, enabled at 1), and a Rally step at 0 Resources is
    refused by its slice, whether asked before or after."""
    from cdg_oracle.properties.refinement import Checker

    st = new_game()
    spec, shared = refinement_of("distant_plain"), checker(st).model
    for enabled_first in (False, True):
        c = Checker(spec, st.game_object, shared)
        base = c.abstraction.values(st)
        broke, rich = (dict(base, **{"resources.Warlords": r}) for r in (0, 1))
        assert c.effect("warlords_rally").unfixed and c.effect("warlords_rally").fixed == []
        if enabled_first:
            assert not c.enabled("warlords_rally", broke) and c.enabled("warlords_rally", rich)
            assert not c.effect("warlords_rally").unfixed and len(c.effect("warlords_rally").fixed) == 1
        for pre, ok in ((broke, False), (rich, True)):
            post = dict(pre, **{"available.warlords_underground": pre["available.warlords_underground"] - 1,
                                "warlords_underground[Kandahar]": pre["warlords_underground[Kandahar]"] + 1,
                                "resources.Warlords": pre["resources.Warlords"] - 1})
            assert c.admits("warlords_rally", pre, post, frozenset(k for k in post if post[k] != pre[k])) is ok
        assert c.enabled("warlords_rally", rich) and not c.enabled("warlords_rally", broke)


def test_a_slice_grounded_on_arrays_kept_between_vectors_is_the_substitution_of_its_values():
    """``Checker._ground`` over the whole vector keeps its ctypes arrays between calls, updating the
    values that changed since the last vector: over a random game's vectors (in order, then
    backwards, then each twice), with a choice pinned or not, the term it gives is the one the
    substitution of every value read by a walk of the terms gives (the same z3 term)."""
    import z3

    from cdg_oracle.properties.refinement import _conjunction

    c, vectors = fresh_checker_and_vectors(11, 60, checks=False)
    e = c.effect("government_train")
    parts = list(e.guards) + [e.values["resources.Government"] == 7, e.values["police[Kabul]"] >= 1,
                              z3.Sum([c.pre[n] for n in c._every]) >= 0]   # (this one reads every value)
    space = next(x for x in e.choices if x.decl().name().endswith(".space"))
    for v in vectors + vectors[::-3] + [w for w in vectors[:10] for _ in (0, 1)]:
        for extra in ([], [(space, z3.IntVal(13))]):
            fast = c._ground(parts, v, extra=extra, reads=c._every)[0]
            assert fast.eq(_conjunction(c._ground(parts, v, extra=extra))), (extra, v)
    terms = [c._ground(parts, v, reads=c._every)[0] for v in vectors]   # kept alive: ids not reused
    assert len({t.get_id() for t in terms}) > 10   # the check can fail: the vectors differ in what it reads


def test_a_whole_vector_key_is_its_values_whatever_the_order_of_its_components():
    """A slice keyed by the whole vector reads its values in the dict's order where the components
    are in the first vector's (``Checker._vector_bytes``): equal vectors give equal keys, unequal
    ones unequal keys, a vector in another order (its values the first's read in that order, so
    the same values listed) a key of its own, and the same vector reordered the key the sorted
    reading gives."""
    from cdg_oracle.properties.refinement import Checker, _values_of

    st = new_game()
    c = Checker(refinement_of("distant_plain"), st.game_object, checker(st).model)   # fresh caches
    read = _values_of(c._every)
    v = c.abstraction.values(st)
    first = c._vector_bytes(v, read)
    assert c._vector_bytes(dict(v), read) == first
    assert c._vector_bytes(dict(v, **{"aid": v["aid"] + 1}), read) != first
    names = list(v)
    j = next(j for j, n in enumerate(names) if v[n] != v[names[0]])
    names[0], names[j] = names[j], names[0]
    swapped = dict(zip(names, v.values()))   # the same values listed, two names of unequal values swapped
    assert tuple(swapped.values()) == tuple(v.values()) and swapped != v
    assert c._vector_bytes(swapped, read) != first
    reordered = dict(sorted(v.items()))
    assert c._vector_bytes(reordered, read) == c._vector_bytes(dict(sorted(v.items())), read) != first


@pytest.mark.rule("propaganda.reset", "propaganda.resources")
def test_a_closed_moves_values_compiled_when_first_evaluated_give_the_verdicts_of_all_compiled():
    """A move without a choice (``_Effect.closed``: the Resources phase, Reset) has its values
    compiled when first evaluated: a Reset tried on a step it does not explain compiles a few of
    its 199 values, not all; over random games every step's verdict is the one a checker whose
    closed moves have every value compiled on their build (``Checker._settled``) gives."""
    import random

    from cdg_oracle.properties.refinement import Checker, StepObserver

    st = new_game()
    spec, shared = refinement_of("distant_plain"), checker(st).model
    lazy, eager = Checker(spec, st.game_object, shared), Checker(spec, st.game_object, shared)
    build = eager.effect
    eager.effect = lambda name: eager._settled(build(name))
    pre = lazy.abstraction.values(st)
    pre["taliban_underground[Helmand]"] = 2
    post = dict(pre, **{"taliban_underground[Helmand]": 1,
                        "taliban_underground[Kandahar]": pre["taliban_underground[Kandahar]"] + 1})
    changed = frozenset(k for k in post if post[k] != pre[k])
    assert not lazy.admits("propaganda_reset", pre, post, changed)
    e = lazy.effect("propaganda_reset")
    assert e.closed and len(e.plain) > 150 and sum(f is not None for f in e.plain.values()) < 10
    assert not eager.admits("propaganda_reset", pre, post, changed)
    # the Resources phase on the set-up, whole and with one of its changes alone (the others left)
    whole = eager.effect("propaganda_resources")
    pre = dict(lazy.abstraction.values(new_game()), **{"warlords_bases[Helmand]": 1, "taliban_bases[Kandahar]": 1})
    post = dict(pre, **{n: fn(pre) for n, fn in whole.plain.items()})
    changed = sorted(k for k in post if post[k] != pre[k])
    assert len(changed) > 1, changed
    part = dict(pre, **{changed[0]: post[changed[0]]})
    for c in (Checker(spec, st.game_object, shared), eager):
        assert not c.admits("propaganda_resources", pre, part, frozenset(changed[:1]))
        assert c.admits("propaganda_resources", pre, post, frozenset(changed))
    seen = 0
    for seed in (0, 1):
        st = new_game()
        a_obs, b_obs = StepObserver(st), StepObserver(st)
        a_obs.checker, b_obs.checker = lazy, eager
        rng = random.Random(seed)
        for _ in range(400):
            if st.is_terminal():
                break
            a = rng.choice(st.legal_actions())
            st.apply(a)
            got = a_obs.observe(st, a)
            assert got == b_obs.observe(st, a)
            seen += "propaganda_resources" in got or "propaganda_reset" in "".join(got)
    assert seen   # the check can fail: a closed move explained some step


@pytest.mark.rule("pieces", "coalition.special_activities.surge")
def test_a_step_with_one_extra_piece_is_a_finding_naming_the_piece():
    st = new_game()
    c = checker(st)
    pre = c.abstraction.values(st)
    post = dict(pre)
    post["coalition_troops[Kabul]"] += 1              # a Coalition troop from nowhere
    v = c.check(pre, post, ["coalition.special_activities.surge"])
    assert isinstance(v, Finding)
    assert v.changed == {"coalition_troops[Kabul]": [0, 1]}
    assert "coalition_surge" in v.candidates
    # the same troop taken from Available is a Surge step
    post["available.coalition_troops"] -= 1
    assert c.check(pre, post, ["coalition.special_activities.surge"]) == ("coalition_surge",)
    assert c.check(pre, pre, ["coalition.special_activities.surge"]) == (STUTTER,)


@pytest.mark.rule("government.operations.train")
def test_a_step_citing_another_rule_is_not_explained_by_the_transition_that_would_fit():
    st = new_game()
    c = checker(st)
    pre = c.abstraction.values(st)
    post = dict(pre, **{"resources.Government": pre["resources.Government"] - 3})
    assert c.check(pre, post, ["government.operations.train"]) == ("government_train",)
    v = c.check(pre, post, ["taliban.operations.rally"])
    assert isinstance(v, Finding) and set(v.candidates) == {"taliban_rally"}


@pytest.mark.rule("warlords.operations.rally", "warlords.operations.attack", "propaganda.resources")
def test_a_composite_relates_to_a_step_that_cites_each_of_its_parts():
    """A composite (transitions in a row) relates to a step only where the step cites a rule of
    each of its parts (properties/distant_plain/refinement.py ``relates``): the answer ending the
    Warlords' turn with an Attack and running the Resources phase relates to the Attack's
    composites, not the Rally's; a transition relates as any move does (one of its rules cited)."""
    from cdg_oracle.properties.distant_plain.refinement import relates

    c = checker(new_game())
    attack = ["warlords.operations.attack", "propaganda.resources"]
    related = {n for n, m in c.moves.items() if relates(attack, m)}
    assert {"warlords_attack", "propaganda_resources", "warlords_attack+propaganda_resources"} <= related
    assert "warlords_rally+propaganda_resources" not in related
    assert "warlords_attack+propaganda_resources+propaganda_reset" not in related   # the Reset not cited
    assert "warlords_rally+propaganda_resources" in {n for n, m in c.moves.items()
                                                     if relates(["warlords.operations.rally", "propaganda.resources"], m)}
    # a part's rule is cited through a sub-rule of it too (propaganda.resources.sabotage)
    assert relates(["propaganda.resources.sabotage", "warlords.operations.attack"], c.moves["warlords_attack+propaganda_resources"])


MUTANT_RULES = {name: m.rule for name, m in mutants.MUTANTS.items()}


def test_the_mutants_break_the_rules_their_test_names():
    assert len(MUTANT_RULES) >= 5
    assert set(MUTANT_RULES.values()) == {"government.operations.train", "propaganda.redeploy.redeploy",
                                         "taliban.operations.march", "propaganda.resources.government",
                                         "coalition.special_activities.surge", "taliban.special_activities.extort",
                                         "warlords.operations.rally"}


#: the mutant the default run checks (each costs a worker process and 20-60 s); every one with
#: CDG_SLOW_TESTS=1
QUICK = ("propaganda_no_aid",)
_SLOW = [pytest.mark.slow, pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")]


@pytest.mark.rule("government.operations.train", "propaganda.redeploy.redeploy", "taliban.operations.march",
                  "propaganda.resources.government", "coalition.special_activities.surge",
                  "taliban.special_activities.extort", "warlords.operations.rally")
@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=_SLOW) for n in sorted(MUTANT_RULES)])
def test_each_mutant_is_caught_by_the_refinement_check_alone(name):
    r = mutants.refinement_catches(name, games=10)
    assert r["caught"], r
    f = r["finding"]
    rule = MUTANT_RULES[name]
    named = set(f["rules"]) | {x for m in f["candidates"] for part in m.split("+") for x in P.TRANSITIONS[part].rules}
    assert rule in named or any(x.startswith(rule + ".") or rule.startswith(x + ".") for x in named), f
