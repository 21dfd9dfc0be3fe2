"""The action encoding (issue 32 item 1; model/core/encoding.py): every game's table holds every
action and chance outcome its random games offer, ``action_from_id(action_id(a)) == a`` (types
included), the declared bounds hold, and the published tables (``model/<game>/data/actions.json``)
equal their regeneration and their pinned version.

Random games: two per scenario and option set of each game, under the default rulings and under
every switch's other reading, the lengths taken in turn, so the module runs in under a minute on
one core."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from cdg_oracle.model.core import registry
from cdg_oracle.model.core.encoding import ActionDeclaration, ActionTable, Bounds
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.oracle import action_tables
from cdg_oracle.properties.sampling import sample_chance

#: The option sets played (the default first): every option of each game takes a value other than
#: its default in one of them (Labyrinth's solo levels, Twilight Struggle's editions and
#: tournament rules, A Distant Plain's gaps).
OPTION_SETS = {
    "labyrinth": [None, {"solo": True}, {"solo": True, "ideology": "virulent", "minidecks": True}],
    "twilight_struggle": [None, {"edition": "deluxe", "optional_cards": True, "tournament": True,
                                 "bid": {"to": "US", "vp": 2}}],
    "distant_plain": [None, {"propaganda_rounds": 3, "turns_per_propaganda": 2, "special_activity_timing": "after",
                             "control": "none", "pakistan_control": False, "mountain_spaces": ["Badakhshan", "Bamian"]}],
}

GAMES = action_tables.games()
SEEDS = 2  # random games per scenario, option set, rulings and length


def test_every_game_declares_an_encoding():
    assert set(GAMES) >= set(OPTION_SETS), GAMES


def check_game(table: ActionTable, st, rng: random.Random) -> list[str]:
    """Play ``st`` to its end at random; what breaks the encoding or its bounds, as text."""
    bounds = table.decl.bounds
    bad = []
    steps = 0
    while not st.is_terminal():
        if steps >= bounds.game_length:
            bad.append(f"longer than the declared {bounds.game_length} steps")
            break
        if st.current_player() == "chance":
            outcomes = st.chance_outcomes()
            if len(outcomes) > bounds.chance_outcomes:
                bad.append(f"{len(outcomes)} chance outcomes at one node > {bounds.chance_outcomes}")
            actions = [a for a, _ in outcomes]
            assert sum(p for _, p in outcomes) == 1
            action = sample_chance(rng, outcomes)
        else:
            actions = st.legal_actions()
            action = actions[rng.randrange(len(actions))]
        ids = []
        for a in actions:
            i = table.find(a)
            if i is None:
                bad.append(f"no id: {json.dumps(a, sort_keys=True)}")
                continue
            back = table.action_from_id(i)
            if json.dumps(back, sort_keys=True) != json.dumps(a, sort_keys=True) or back != a:
                bad.append(f"{a!r} -> {i} -> {back!r}")
            ids.append(i)
        if len(set(ids)) != len(ids):
            bad.append(f"two actions of one node share an id: {actions}")
        if st.current_player() == "chance":
            given = table.chance_ids(st)  # the game's own ids of a draw (its ``chance_numbers``)
            if given is not None and given != table.ids_of(actions):
                bad.append(f"chance_numbers' ids {given} are not the outcomes' ids at {st.d['pending'].get('question')}")
        hint = st.action_hint()  # what the question said its actions were built from (model/core/stack.py)
        if hint is not None:
            given = table.hinted_ids(hint, st.legal_actions())
            want = [table.find(a) for a in actions]
            if given is None or given[0] != want or given[1] != sorted(set(want)):
                bad.append(f"the ids handed over {given and given[0]} are not the actions' ids {want} "
                           f"at {st.d['pending'].get('question')}")
        st.apply(action)
        steps += 1
    return sorted(set(bad))


def other_rulings(game: str) -> dict:
    """Every ruling switch of ``game`` at its first reading other than the default (what a
    ruling's other reading offers is in the table too: Labyrinth's optional Schengen re-roll)."""
    return {r["name"]: next(c for c in r["choices"] if c != r["default"])
            for r in registry.get(game).rulings.describe() if len(r["choices"]) > 1}


def cases():
    for game, option_sets in OPTION_SETS.items():
        spec = registry.get(game)
        k = 0
        for rulings in (None, other_rulings(game)):
            for options in option_sets:
                for scenario in spec.scenarios():
                    length = spec.lengths[k % len(spec.lengths)]
                    k += 1
                    yield pytest.param(game, scenario, length, options, rulings,
                                       id=f"{game}-{scenario}-{length}-{k}{'-rulings' if rulings else ''}")


@pytest.mark.parametrize("game,scenario,length,options,rulings", list(cases()))
def test_random_games_offer_only_encoded_actions(game, scenario, length, options, rulings):
    spec = registry.get(game)
    table = spec.action_table()
    for seed in range(SEEDS):
        st = spec.new_state(scenario, length, rulings, options)
        assert check_game(table, st, random.Random(seed)) == [], seed


@pytest.mark.parametrize("game", GAMES)
def test_the_check_can_fail(game):
    """A table that lacks the actions, a game longer than its bound, a chance node wider than its
    bound: each is reported."""
    spec = registry.get(game)
    decl = spec.action_table().decl
    new = lambda: spec.new_state(spec.default_scenario or spec.scenarios()[0], spec.lengths[0], None, None)  # noqa: E731

    def variant(**kw):
        fields = dict(game=decl.game, version=0, digest="", domains=decl.domains, scalars=decl.scalars,
                      shapes=decl.shapes, bounds=decl.bounds)
        fields.update(kw)
        return ActionTable(ActionDeclaration(**fields))

    assert "longer than the declared 5 steps" in check_game(variant(bounds=Bounds(decl.bounds.chance_outcomes, 5)),
                                                            new(), random.Random(0))
    assert any(b.startswith("no id") for b in check_game(variant(scalars=(), shapes=(), bounds=Bounds(10**6, 200)),
                                                         new(), random.Random(0)))
    assert any("chance outcomes at one node" in b
               for b in check_game(variant(bounds=Bounds(1, decl.bounds.game_length)), new(), random.Random(0)))


@pytest.mark.rule("5.3.1")
def test_labyrinth_draw_ids_are_the_outcomes_ids():
    """5.3.1: Labyrinth's encoding hands a draw's ids over by arithmetic (card n -> base + n,
    ``chance_numbers``); they are the outcomes' own ids at every draw of a game, the hook knows no
    other node, and a hook off by one card is reported by the check."""
    spec = registry.get("labyrinth")
    table = spec.action_table()
    st = spec.new_state(spec.default_scenario, spec.lengths[0], None, None)
    rng = random.Random(3)
    draws = 0
    while not st.is_terminal() and draws < 10:
        given = table.chance_ids(st)
        if st.current_player() == "chance" and st.d["pending"]["question"] == "draw.drawn":
            draws += 1
            assert given == table.ids_of(st.legal_actions()) == [table.action_id({"card": a["card"]})
                                                                 for a in st.legal_actions()]
        else:
            assert given is None
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    assert draws == 10
    decl = table.decl
    off_by_one = ActionTable(ActionDeclaration(
        game=decl.game, version=0, digest="", domains=decl.domains, scalars=decl.scalars, shapes=decl.shapes,
        bounds=decl.bounds, chance_numbers=lambda s: (lambda got: got and (got[0], [n % 120 + 1 for n in got[1]]))(
            decl.chance_numbers(s))))
    new = spec.new_state(spec.default_scenario, spec.lengths[0], None, None)
    assert any("chance_numbers' ids" in b for b in check_game(off_by_one, new, random.Random(0)))


@pytest.mark.parametrize("game", GAMES)
def test_questions_hand_their_ids_over(game):
    """model/core/stack.py, "The ids a question hands over": most nodes of a random game say what
    their actions were built from (a die's constant faces, ``ask_values``, a step's ``key``), the
    ids ``hinted_ids`` gives are the actions' own (``action_id``) in their order, and sorted without
    repeats; a clone hands nothing over (the promise is the question's, by identity), a state read
    from JSON only what its question, posed again, says; a table whose ids handed over are off by
    one is reported by the check."""
    spec = registry.get(game)
    table = spec.action_table()
    st = spec.new_state(spec.default_scenario or spec.scenarios()[0], spec.lengths[0], None, None)
    rng = random.Random(5)
    nodes = hinted = 0
    while not st.is_terminal() and nodes < 400:
        acts = st.legal_actions()
        got = table.hinted_ids(st.action_hint(), acts)
        nodes += 1
        if got is not None:
            hinted += 1
            ids = [table.action_id(a) for a in acts]
            assert got == (ids, sorted(set(ids))), st.d["pending"]["question"]
            assert st.clone().action_hint() is None  # a copy of the question: no promise
            read = type(st).from_json(st.to_json())  # its question posed again: the same ids, if any
            assert read.action_hint() is None or table.hinted_ids(read.action_hint(), read.legal_actions()) == got
        st.apply(acts[rng.randrange(len(acts))])
    assert hinted > nodes // 3, (hinted, nodes)

    class OffByOne(ActionTable):
        def hinted_ids(self, hint, actions):
            got = super().hinted_ids(hint, actions)
            return got and ([i + 1 for i in got[0]], got[1])

    new = spec.new_state(spec.default_scenario or spec.scenarios()[0], spec.lengths[0], None, None)
    assert any("the ids handed over" in b for b in check_game(OffByOne(table.decl), new, random.Random(0)))


def test_hinted_ids_refuse_a_value_outside_the_domain():
    """``hinted_ids`` gives the ids of the values handed over, and None (the caller then reads the
    actions by value, and names the one the table lacks) when a value is outside its key's domain:
    alone, first, in the middle, last, by the values given or read off the actions, in a short
    list and a long one."""
    decl = ActionDeclaration(game="t", version=1, digest="", scalars=("pass",),
                             domains={"n": (1, 2, 3)}, shapes=({"n": "n"},))
    t = ActionTable(decl)
    assert t.hinted_ids(("n", [3, 1]), [{"n": 3}, {"n": 1}, "pass"]) == ([3, 1, 0], [0, 1, 3])
    assert t.hinted_ids(("n", None), [{"n": 2}, {"n": 1}]) == ([2, 1], [1, 2])
    long = [1, 2, 3] * 3  # past the short lists' pass in Python: the C passes
    assert t.hinted_ids(("n", None), [{"n": v} for v in long] + ["pass"]) == ([1, 2, 3] * 3 + [0], [0, 1, 2, 3])
    for values in ([9], [9, 1], [1, 9, 2], [1, 2, 9], [None, 1], long + [9], [9] + long, long[:4] + [9] + long):
        actions = [{"n": v} for v in values]
        assert t.hinted_ids(("n", values), actions) is None, values
        assert t.hinted_ids(("n", None), actions) is None, values


@pytest.mark.parametrize("game", GAMES)
def test_the_published_table_is_its_regeneration(game):
    """``python -m cdg_oracle.oracle.action_tables`` writes it; the committed file must be equal."""
    path = action_tables.path_of(game)
    assert path.exists(), f"{path}: missing (python -m cdg_oracle.oracle.action_tables)"
    assert path.read_text(encoding="utf-8") == action_tables.render(game), \
        f"{path}: out of date (python -m cdg_oracle.oracle.action_tables)"


@pytest.mark.parametrize("game", GAMES)
def test_the_version_pins_the_table(game):
    """A change of the table (its ids then mean other actions) must come with a new VERSION and
    DIGEST in the game's encoding declaration."""
    table = registry.get(game).action_table()
    assert isinstance(table.version, int) and table.version >= 1
    assert table.digest() == table.decl.digest, \
        f"{game}: the action table changed; raise VERSION and set DIGEST = {table.digest()!r}"
    d = json.loads(action_tables.path_of(game).read_text(encoding="utf-8"))
    assert d["version"] == table.version and d["size"] == len(table)


def test_ids_are_the_ordered_expansion():
    """Scalars first, then each shape in mixed radix over its sorted keys, the first most
    significant; values keep their JSON type."""
    decl = ActionDeclaration(game="t", version=1, digest="", scalars=("pass", "done"),
                             domains={"n": (1, 2, 3), "b": (False, True), "w": ("x", None)},
                             shapes=({"n": "n"}, {"w": "w", "b": "b"}))
    t = ActionTable(decl)
    assert len(t) == 2 + 3 + 4
    assert [t.action_id(a) for a in ("pass", "done", {"n": 1}, {"n": 3})] == [0, 1, 2, 4]
    # keys sorted: b then w; b most significant
    assert t.action_id({"w": "x", "b": False}) == 5 and t.action_id({"b": False, "w": None}) == 6
    assert t.action_id({"b": True, "w": "x"}) == 7 and t.action_id({"b": True, "w": None}) == 8
    assert [t.action_from_id(i) for i in range(len(t))][5:] == [
        {"b": False, "w": "x"}, {"b": False, "w": None}, {"b": True, "w": "x"}, {"b": True, "w": None}]
    assert t.find({"n": True}) is None  # True is not 1
    assert t.find({"n": 4}) is None and t.find({"m": 1}) is None and t.find("hold") is None
    assert t.find({"n": [1]}) is None and t.find(["pass"]) is None and t.find(None) is None
    # many at once, as the binding asks: the same ids, a boolean or a float never taken for 1
    many = [{"n": 1}, {"n": 3}, {"n": True}, {"n": 1.0}, {"n": 9}, "pass", {"w": "x", "b": True}, {"n": [1]}]
    assert t.ids_of(many) == [t.find(a) for a in many] == [2, 4, None, None, None, 0, 7, None]
    assert t.ids_of([{"n": 2}, {"n": 3}]) == [3, 4] and t.ids_of([{"n": 2}, {"n": True}]) == [3, None]
    assert t.ids_of([{"n": 2}, {"n": [3]}]) == [3, None] and t.ids_of([{"n": 2}, {"m": 3}]) == [3, None]
    with pytest.raises(DataError, match="not in the action table"):
        t.action_id({"n": 9})
    # a one-key shape over strings only (a map's spaces) takes no type check: still only strings match
    s = ActionTable(ActionDeclaration(game="s", version=1, digest="", domains={"s": ("1", "a"), "n": (1,)},
                                      shapes=({"s": "s"}, {"n": "n"})))
    assert s.ids_of([{"s": "a"}, {"s": "1"}]) == [1, 0]
    assert s.ids_of([{"s": "a"}, {"s": 1}, {"s": True}, {"s": 1.0}, {"s": None}]) == [1, None, None, None, None]
    assert s.ids_of([{"n": 1}, {"n": True}, {"n": 1.0}]) == [2, None, None]  # numbers are checked
    for bad in (-1, len(t), True, "3"):
        with pytest.raises(DataError, match="outside the table"):
            t.action_from_id(bad)


def test_a_bad_declaration_is_one_line_error():
    with pytest.raises(DataError, match="names no domain"):
        ActionTable(ActionDeclaration(game="t", version=1, digest="", domains={}, shapes=({"n": "n"},)))
    with pytest.raises(DataError, match="twice"):
        ActionTable(ActionDeclaration(game="t", version=1, digest="", domains={"n": (1, 1)}))


def test_chance_probabilities_are_exact_fractions():
    """The binding gives them as floats; the model's are Fractions summing to exactly 1."""
    spec = registry.get(GAMES[0])
    st = spec.new_state(spec.default_scenario or spec.scenarios()[0], spec.lengths[0], None, None)
    rng = random.Random(3)
    for _ in range(200):
        if st.is_terminal():
            break
        if st.current_player() == "chance":
            outcomes = st.chance_outcomes()
            assert all(isinstance(p, Fraction) for _, p in outcomes) and sum(p for _, p in outcomes) == 1
            st.apply(sample_chance(rng, outcomes))
        else:
            actions = st.legal_actions()
            st.apply(actions[rng.randrange(len(actions))])


@pytest.mark.rule("5.3.1")
def test_labyrinth_sorted_draw_ids_check_the_run():
    """5.3.1: ``sorted_chance_ids`` gives a draw's ids (``chance_ids``) and the same ids sorted, and
    None when one number is outside the card run, wherever it stands in the pile (the sort's ends
    check it: what OpenSpiel lists as a draw's outcomes, sorted by id)."""
    spec = registry.get("labyrinth")
    table = spec.action_table()
    st = spec.new_state(spec.default_scenario, spec.lengths[0], None, None)
    rng = random.Random(5)
    while not (st.current_player() == "chance" and st.d["pending"]["question"] == "draw.drawn"):
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    ids, ordered = table.sorted_chance_ids(st)
    assert ids == table.chance_ids(st) == table.ids_of(st.legal_actions())
    assert ordered == sorted(ids) and len(ordered) > 2
    decl = table.decl
    lo, hi, _ = table._runs["card"]
    for bad in (lo - 1, hi + 1, 2.5):  # below the run, above it, not a whole number
        def hook(s, bad=bad):
            got = decl.chance_numbers(s)
            if got is None:
                return None
            numbers = list(got[1])
            numbers.insert(len(numbers) // 2, bad)  # in the middle of the pile, not at an end
            return got[0], numbers
        other = ActionTable(ActionDeclaration(
            game=decl.game, version=0, digest="", domains=decl.domains, scalars=decl.scalars,
            shapes=decl.shapes, bounds=decl.bounds, chance_numbers=hook))
        assert other.sorted_chance_ids(st) is None and other.chance_ids(st) is None, bad
