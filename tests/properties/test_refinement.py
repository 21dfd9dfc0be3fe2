"""The refinement check's machinery (properties/refinement.py) on a small vector of its own: two
counters ``x`` and ``y`` and a flag, moves written here. The games' adapters have their own tests
(tests/<game>/test_refinement.py)."""
from __future__ import annotations

import z3

from cdg_oracle.properties import refinement as R

COMPONENTS = ("x", "y", "flag")


def _symbolic(prefix: str) -> dict:
    return {"x": z3.Int(prefix + "x"), "y": z3.Int(prefix + "y"), "flag": z3.Bool(prefix + "flag")}


def _constant(name: str, value):
    return z3.BoolVal(value) if name == "flag" else z3.IntVal(value)


def _inc_x(pre, tag):
    """rule 1.1: x grows by 1 or 2, never past 10."""
    d = z3.Int(tag + "d")
    return [d >= 1, d <= 2, pre["x"] + d <= 10], {"x": pre["x"] + d}


def _copy_x_to_y(pre, tag):
    """rule 2: y takes x's value while the flag is up."""
    return [pre["flag"]], {"y": pre["x"]}


def _raise_flag(pre, tag):
    """rule 3.2: the flag goes up."""
    return [], {"flag": z3.BoolVal(True)}


MOVES = (R.Move("inc_x", ("1.1",), frozenset({"x"}), _inc_x),
         R.Move("copy_x_to_y", ("2",), frozenset({"y"}), _copy_x_to_y),
         R.Move("raise_flag", ("3.2",), frozenset({"flag"}), _raise_flag))


def _checker(max_moves: int = 3) -> R.Checker:
    model = R.RefinementModel(R.Abstraction(COMPONENTS, lambda st: dict(st), _symbolic, _constant), MOVES)
    return R.Checker(R.Refinement("toy", lambda game_object: model, max_moves=max_moves), None)


def _v(x=0, y=0, flag=False) -> dict:
    return {"x": x, "y": y, "flag": flag}


def test_an_unchanged_abstraction_is_a_stutter():
    c = _checker()
    assert c.check(_v(3), _v(3), ["9.9"]) == (R.STUTTER,)
    assert c.tally.stutters == 1


def test_one_move_related_to_a_cited_rule_explains_a_step():
    c = _checker()
    assert c.check(_v(3), _v(5), ["1.1"]) == ("inc_x",)
    assert c.check(_v(3), _v(4), ["1"]) == ("inc_x",)        # 1.1 is a sub-rule of the cited 1
    assert c.tally.matched["inc_x"] == 2


def test_a_move_is_held_to_its_guards_and_effect():
    c = _checker()
    f = c.check(_v(3), _v(6), ["1.1"])                       # +3: no die of the move gives it
    assert isinstance(f, R.Finding)
    assert f.changed == {"x": [3, 6]}
    assert "inc_x" in f.candidates
    f = c.check(_v(9), _v(11), ["1.1"])                      # past 10: the guard
    assert isinstance(f, R.Finding)


def test_a_move_whose_rules_the_step_does_not_cite_does_not_explain_it():
    c = _checker()
    f = c.check(_v(3), _v(4), ["3.2"])
    assert isinstance(f, R.Finding) and list(f.candidates) == ["raise_flag"]
    assert f.candidates["raise_flag"] == {"outside footprint": {"x": [3, 4]}}


def test_a_sequence_of_moves_explains_a_step_in_an_order_its_guards_allow():
    c = _checker()
    # flag up, then y := x: the copy's guard needs the flag raised first
    assert set(c.check(_v(4, 0, False), _v(4, 4, True), ["2"])) == {"raise_flag", "copy_x_to_y"}
    # x grows, then y copies the new x (y = 6, not the old 4)
    found = c.check(_v(4, 0, True), _v(6, 6, True), ["1.1", "2"])
    assert found == ("inc_x", "copy_x_to_y")
    assert c.tally.lengths[2] == 2


def test_a_sequence_longer_than_allowed_is_a_finding():
    c = _checker(max_moves=1)
    assert isinstance(c.check(_v(4, 0, False), _v(4, 4, True), ["2"]), R.Finding)


def test_a_search_out_of_its_budget_is_a_finding_that_says_so(monkeypatch):
    """A sequence search tries at most SEARCH_BUDGET parts: past it the step is a finding marked
    "search bounded" (a finding must never take minutes), not a hang; within it the same step
    is matched."""
    pre, post = _v(4, 0, False), _v(4, 4, True)
    monkeypatch.setattr(R, "SEARCH_BUDGET", 1)
    c = _checker()
    f = c.check(pre, post, ["2"])
    assert isinstance(f, R.Finding) and f.bounded
    assert "search bounded" in f.line() and f.to_dict()["bounded"] is True
    monkeypatch.setattr(R, "SEARCH_BUDGET", 100)
    assert set(c.check(pre, post, ["2"])) == {"raise_flag", "copy_x_to_y"}


def test_the_incremental_abstraction_gives_the_changed_components():
    """A step whose changed components the caller gives (an incremental abstraction) is checked
    on them, without comparing the two vectors."""
    c = _checker()
    assert c.check(_v(3), _v(5), ["1.1"], changed=frozenset({"x"})) == ("inc_x",)
    assert c.check(_v(3), _v(3), ["1.1"], changed=frozenset()) == (R.STUTTER,)


def test_a_step_no_move_explains_names_the_values_that_break_each_candidate():
    c = _checker()
    f = c.check(_v(4, 0, False), _v(4, 5, False), ["2"])     # y := 5 with the flag down, x = 4
    assert isinstance(f, R.Finding)
    broken = f.candidates["copy_x_to_y"]["false"]
    assert any(b["conjunct"] == "y" and b["values"]["pre:x"] == 4 for b in broken)
    assert "no proved transition explains it" in f.line()


def test_the_python_form_of_a_term_agrees_with_z3():
    x, y, b = z3.Int("pre:x"), z3.Int("pre:y"), z3.Bool("pre:flag")
    names = {"pre:x": "x", "pre:y": "y", "pre:flag": "flag"}
    terms = [x + 2 * y - 3, z3.If(b, x, -y), z3.And(x <= y, z3.Not(b)), z3.Or(x > 3, y < 0),
             z3.Implies(b, x == y), z3.Distinct(x, y, 4), x / 2, x % 3, z3.Xor(b, x >= 0)]
    for t in terms:
        fn = R.python_function(t, names)
        for vx, vy, vb in [(0, 0, False), (5, -2, True), (7, 7, True), (-3, 4, False)]:
            want = z3.simplify(z3.substitute(t, (x, z3.IntVal(vx)), (y, z3.IntVal(vy)), (b, z3.BoolVal(vb))))
            want = want.as_long() if z3.is_int_value(want) else z3.is_true(want)
            assert fn({"x": vx, "y": vy, "flag": vb}) == want, (t, vx, vy, vb)


def test_the_terms_without_a_choice_are_those_a_substitution_of_the_choices_leaves():
    """``_without_choice``: the guards the checker evaluates in Python before any witness (a move
    that names its choices is not walked for them)."""
    x, y = z3.Int("pre:x"), z3.Int("pre:y")
    d, k = z3.Int("m#0.d"), z3.Bool("m#0.k")
    terms = [x + d <= 10, x >= 0, z3.If(k, x, y) > 1, y <= x, z3.And(x > 0, z3.Or(k, y > 2)), d >= 1]
    assert [t.get_id() for t in R._without_choice(terms, [d, k])] == [terms[1].get_id(), terms[3].get_id()]
    assert [t.get_id() for t in R._without_choice(terms, [k])] == [t.get_id() for t in (terms[0], terms[1], terms[3], terms[5])]
    assert R._without_choice(terms[:2], []) == terms[:2]


def test_a_template_whose_choices_are_named_answers_for_its_renamed_move():
    """A move that names its choices (``Move.choices``: its slices keyed by the whole vector) and
    is another's template (``Move.template``): the renamed move's slices are the template's over
    the values renamed back (``Checker._renamed_witness``), the same verdicts as the move alone."""
    def inc_y(pre, tag):
        d = z3.Int(tag + "d")
        return [d >= 1, d <= 2, pre["y"] + d <= 10], {"y": pre["y"] + d}

    def named(tag):
        return [z3.Int(tag + "d")]

    moves = (R.Move("inc_x", ("1.1",), frozenset({"x"}), _inc_x, choices=named),
             R.Move("inc_y", ("1.2",), frozenset({"y"}), inc_y, template=("inc_x", {"x": "y", "y": "x"}), choices=named))
    model = R.RefinementModel(R.Abstraction(COMPONENTS, lambda st: dict(st), _symbolic, _constant), moves)
    c = R.Checker(R.Refinement("toy", lambda game_object: model), None)
    assert c.effect("inc_x").lazy and c.effect("inc_y").renamed_from is not None
    assert c.check(_v(1, 3), _v(1, 5), ["1.2"]) == ("inc_y",)
    assert c.check(_v(4, 9), _v(4, 10), ["1.2"]) == ("inc_y",)
    assert isinstance(c.check(_v(4, 9), _v(4, 11), ["1.2"]), R.Finding)   # past 10: the guard
    assert isinstance(c.check(_v(0, 2), _v(0, 5), ["1.2"]), R.Finding)    # +3: no choice gives it


def test_rules_relate_by_number_and_sub_rule_and_cards_only_to_themselves():
    assert R.related("7.3", "7.3.1") and R.related("7.3.1", "7.3") and R.related("6.1", "6.1")
    assert not R.related("7.3", "7.31") and not R.related("7.3.1", "7.4")
    assert R.related("card 44", "card 44") and not R.related("card 4", "card 44")
    assert not R.related("card 4", "4")


def test_the_tally_round_trips_and_adds_up():
    c = _checker()
    c.check(_v(3), _v(3), ["1"])
    c.check(_v(3), _v(4), ["1.1"])
    c.check(_v(3), _v(9), ["1.1"])
    d = c.tally.to_dict()
    back = R.Tally.from_dict(d)
    assert (back.steps, back.stutters, dict(back.matched), len(back.findings)) == (3, 1, {"inc_x": 1}, 1)
    total = R.Tally()
    total.add(back)
    total.add(back)
    assert total.steps == 6 and total.matched["inc_x"] == 2
    assert c.never_matched() == ["copy_x_to_y", "raise_flag"]


def test_a_move_may_leave_one_of_the_components_related_moves_could_take():
    """``_leave_one``: beside taking its whole part or leaving all that related moves could take, a
    move may leave one of those alone (when there are two or more, in a part of two or more)."""
    assert R._leave_one(frozenset({"a", "b", "c"}), frozenset({"b", "c"})) == ["b", "c"]
    assert R._leave_one(frozenset({"b", "c"}), frozenset({"b", "c"})) == ["b", "c"]
    assert R._leave_one(frozenset({"a", "b"}), frozenset({"b"})) == []
    assert R._leave_one(frozenset({"b"}), frozenset({"b"})) == []


def test_a_finding_step_counts_its_cost_apart():
    """STATS counts each finding and the CPU seconds of its step's check (the benchmark prints the
    ratio without them: the steady state a clean campaign pays); a matched step adds to neither."""
    c = _checker()
    before = R.STATS["findings"], R.STATS["finding seconds"]
    assert c.check(_v(3), _v(5), ["1.1"]) == ("inc_x",)
    assert (R.STATS["findings"], R.STATS["finding seconds"]) == before
    assert isinstance(c.check(_v(3), _v(6), ["1.1"]), R.Finding)
    assert R.STATS["findings"] == before[0] + 1
    assert R.STATS["finding seconds"] >= before[1]


def test_the_lexicographic_minimum_is_z3_optimizes():
    """``_lexicographic`` (``Checker._partial``'s witness: the most soft constraints true, then each
    goal at its least, in order) gives the values z3's Optimize gives for the same soft constraints
    and goals (the canonical goals fix each term's value); None where the constraints are
    unsatisfiable, False where a goal falls without end (z3's Optimize then decides)."""
    x, y, b = z3.Int("lex.x"), z3.Int("lex.y"), z3.Bool("lex.b")
    terms = {"x": x + 1, "y": y - x, "b": b}
    before = {"x": z3.IntVal(3), "y": z3.IntVal(0), "b": z3.BoolVal(False)}
    cases = []
    for lo, hi, target in [(0, 7, 5), (-4, 9, 2), (2, 3, 9), (0, 0, 0)]:
        after = {"x": z3.IntVal(target), "y": z3.IntVal(target - 4), "b": z3.BoolVal(target > 3)}
        hard = [z3.And(x >= lo, x <= hi, y >= lo, y <= hi + 3, z3.Implies(b, x + y >= target))]
        softs = [terms[n] == after[n] for n in ("b", "x")]
        cases.append((hard, softs, R._canonical(terms, before, after, frozenset())))
        cases.append((hard, softs, R._canonical(terms, before, after, frozenset({"y"}))))
    for hard, softs, goals in cases:
        m = R._lexicographic(hard, softs, goals)
        o = z3.Optimize()
        o.add(*hard)
        for s in softs:
            o.add_soft(s)
        for g in goals:
            o.minimize(g)
        assert o.check() == z3.sat and m
        assert [m.eval(t, model_completion=True) for t in terms.values()] == \
            [o.model().eval(t, model_completion=True) for t in terms.values()]
    assert R._lexicographic([x > 2, x < 2], [], [x]) is None
    assert R._lexicographic([x < 0], [], [x]) is False   # no least value


def _inc_x_by_one(pre, tag):
    """rule 1.1 (another reading, for the test below): x grows by 1, without a bound."""
    return [], {"x": pre["x"] + 1}


def test_a_games_explanations_do_not_follow_another_games(monkeypatch):
    """x 3 -> 4 is explained by two moves (inc_x and inc_x_by_one): the step counts the first in
    the moves' order. A checker recalls the last explanation of a step's shape (``_recall``): after
    x 10 -> 11, which only inc_x_by_one explains, the same checker counts inc_x_by_one for x 3 -> 4.
    A new game's checker (``R.checker``: the compiled moves and caches shared) recalls nothing of
    another game's, so a game's tally does not depend on the games its process checked before
    (verify checks its games in worker processes; its report is the same bytes for any number)."""
    moves = MOVES + (R.Move("inc_x_by_one", ("1.1",), frozenset({"x"}), _inc_x_by_one),)
    model = R.RefinementModel(R.Abstraction(COMPONENTS, lambda st: dict(st), _symbolic, _constant), moves)
    spec = R.Refinement("toy", lambda game_object: model, max_moves=3)
    monkeypatch.setattr(R, "refinement_of", lambda game: spec)

    class Toy:
        game = "toy"
        game_object = object()

    alone = R.checker(Toy())
    assert alone.check(_v(3), _v(4), ["1.1"]) == ("inc_x",)
    first = R.checker(Toy())
    assert first.check(_v(10), _v(11), ["1.1"]) == ("inc_x_by_one",)
    assert first.check(_v(3), _v(4), ["1.1"]) == ("inc_x_by_one",)   # recalled within the game
    after = R.checker(Toy())
    assert after.check(_v(3), _v(4), ["1.1"]) == ("inc_x",)           # not across games
    assert after.tally.to_dict() == alone.tally.to_dict()


def test_the_checkers_index_of_footprints_holds_every_move_touching_a_component_in_order():
    """The sequence search reads the moves whose footprint holds a component (a component's
    holders, the related moves that could take it) from ``Checker._touching``, not by a scan of
    every move: the index must hold exactly those moves, in the moves' order (one missing would
    never be tried; out of order, another explanation would be found first)."""
    c = _checker()
    for comp in COMPONENTS:
        assert c._touching.get(comp, []) == [m.name for m in MOVES if comp in m.footprint]
    assert c._footprints == {m.name: m.footprint for m in MOVES}
