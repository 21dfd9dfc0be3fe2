"""The games in OpenSpiel (issue 32 items 3 and 4; oracle/openspiel.py): OpenSpiel's own
``random_sim_test`` with serialization for every game and scenario, its Python MCTS and IS-MCTS
(with the model's re-deal sampler) playing a few moves, and the binding's promises (the action
ids, exact chance probabilities, returns, tensors, serialization as the state's JSON, clones).

Bounds, so the module runs in well under a minute: ``random_sim_test`` checks every state of a
game four ways per player (strings and tensors, observation and information state, each
computing the game's derived facts), a few seconds per hundred steps; a full game is 100-2 000
steps. Each scenario is therefore played by ``random_sim_test`` with the binding's ``max_steps``
(:data:`STEPS`: the game is cut there, terminal with zero returns), one simulation each; and one
full game of each game, to its end under the rules, is played through the binding by
:func:`test_a_full_game_through_openspiel_is_the_native_game` (no observations: fast). MCTS and
IS-MCTS search games cut at :data:`STEPS` steps too (their random rollouts play to the end).
OpenSpiel 2.0.2's C++ MCTS bot (``pyspiel.MCTSBot``) crashes on any Python game, OpenSpiel's own
Python examples included; it is not used (docs/openspiel.md)."""
from __future__ import annotations

import json
import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cdg_oracle.model.core import registry  # noqa: E402
from cdg_oracle.model.core.errors import DataError  # noqa: E402
from cdg_oracle.oracle import action_tables, openspiel  # noqa: E402
from cdg_oracle.properties.sampling import sample_chance  # noqa: E402

GAMES = action_tables.games()
STEPS = 60


def scenarios():
    return [pytest.param(g, sc, id=f"{g}-{sc}") for g in GAMES for sc in registry.get(g).scenarios()]


def random_step(state, rng: random.Random) -> None:
    """One step of a random playout through OpenSpiel: a chance outcome by its probability, else
    one of the legal actions."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game,scenario", scenarios())
def test_random_sim_test_with_serialization(game, scenario):
    g = openspiel.load(game, scenario=scenario, max_steps=STEPS)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_every_game_loads_by_its_name():
    names = openspiel.register_all()
    assert names == [openspiel.short_name(g) for g in GAMES]
    registered = set(pyspiel.registered_names())
    for game in GAMES:
        spec = registry.get(game)
        assert openspiel.short_name(game) in registered
        sc = spec.scenarios()[-1]
        g = pyspiel.load_game(f"{openspiel.short_name(game)}(scenario={sc})")
        assert g.get_parameters()["scenario"] == sc
        assert g.num_players() == len(spec.sides)
        assert g.num_distinct_actions() == len(spec.action_table())
        assert g.max_game_length() == spec.action_table().decl.bounds.game_length
        two = len(spec.sides) == 2
        assert (g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM) == two


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_through_openspiel_is_the_native_game(game):
    """Played to its end under the rules: the same choices give the same states and returns, the
    legal ids are the table's ids of the legal actions, sorted, and the chance probabilities are
    the model's exact Fractions as floats."""
    spec = registry.get(game)
    table = spec.action_table()
    state = openspiel.load(game).new_initial_state()
    native = state.native().clone()
    rng = random.Random(1)
    steps = 0
    while not native.is_terminal():
        if native.current_player() == "chance":
            outcomes = native.chance_outcomes()
            assert state.chance_outcomes() == sorted((table.action_id(a), float(p)) for a, p in outcomes)
            action = sample_chance(rng, outcomes)
        else:
            legal = native.legal_actions()
            assert state.current_player() == spec.sides.index(native.current_player())
            assert state.legal_actions() == sorted(table.action_id(a) for a in legal)
            action = legal[rng.randrange(len(legal))]
        state.apply_action(table.action_id(action))
        native.apply(action)
        steps += 1
    assert state.is_terminal() and state.native().to_json() == native.to_json()
    r = native.returns()
    assert state.returns() == [float(r[s]) for s in spec.sides]
    if len(spec.sides) == 2:
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("game", GAMES)
def test_serialization_is_the_states_json_and_a_clone_copies_the_game(game):
    g = openspiel.load(game)
    state = g.new_initial_state()
    rng = random.Random(2)
    for _ in range(25):
        random_step(state, rng)
    text = pyspiel.serialize_game_and_state(g, state)
    g2, back = pyspiel.deserialize_game_and_state(text)
    assert back.native().to_json(history=True) == state.native().to_json(history=True)
    assert back.history() == state.history()
    for player, side in enumerate(registry.get(game).sides):
        assert back.information_state_string(player) == state.information_state_string(player)
        assert back.native().information_state(side) == state.native().information_state(side)
    # the one attribute pickles as the state's own JSON, with its history
    restore, (name, inner) = state.model.__reduce__()
    assert name == game and inner == state.native().to_json(history=True)
    assert pickle.loads(pickle.dumps(state.model)).st.to_json(history=True) == inner
    state.legal_actions() if not state.is_chance_node() else None
    clone = state.clone()
    assert clone.native() is not state.native()
    assert clone.native().to_json(history=True) == state.native().to_json(history=True)
    assert clone.model.legal is None and clone.model.seen == {}  # caches are not the game's data
    assert clone.history() == state.history()


@pytest.mark.parametrize("game", GAMES)
def test_tensors_lay_out_the_observation(game):
    """Every number slot of the observation tensor holds the observation's number at its path;
    the information-state tensor starts with the observation tensor, then counts the steps seen."""
    spec = registry.get(game)
    g = openspiel.load(game)
    state = g.new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        if state.is_terminal():
            break
        random_step(state, rng)
    slots = action_tables.observation_layout(game)
    for player, side in enumerate(spec.sides):
        obs = state.native().observation(side)
        tensor = np.array(state.observation_tensor(player))
        assert tensor.shape == tuple(g.observation_tensor_shape())
        assert json.loads(state.observation_string(player)) == json.loads(json.dumps(obs))
        i = checked = 0
        for path, kind, words in slots:
            if kind == "number":
                v = obs
                for k in path:
                    v = v.get(k) if isinstance(v, dict) else None
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    assert tensor[i] == float(v), (path, tensor[i], v)
                    checked += 1
            i += len(words) if kind in ("onehot", "counts") else 1
        assert i == len(tensor) and checked > 10
        info = np.array(state.information_state_tensor(player))
        assert info.shape == tuple(g.information_state_tensor_shape())
        assert (info[:len(tensor)] == tensor).all()
        seen = info[len(tensor):]
        assert seen.sum() >= 1 and seen.sum() <= len(state.history())
        assert json.loads(state.information_state_string(player)) == json.loads(
            json.dumps(state.native().information_state(side)))


@pytest.mark.parametrize("game", GAMES)
def test_mcts_plays_a_few_moves(game):
    from open_spiel.python.algorithms import mcts

    g = openspiel.load(game, max_steps=STEPS)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
                       random_state=np.random.RandomState(0), solve=False)
    state = g.new_initial_state()
    rng = random.Random(0)
    moved = 0
    while moved < 2 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moved += 1
    assert moved == 2


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_a_few_moves_with_the_redeal_sampler(game):
    from open_spiel.python.algorithms import ismcts, mcts

    g = openspiel.load(game, max_steps=STEPS)
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(0))
    sampled = []
    sample = openspiel.resampler(seed=0)

    def counting(state, player):
        got = sample(state, player)
        # a re-deal keeps what the player knows
        side = registry.get(game).sides[player]
        assert got.native().information_state(side) == state.native().information_state(side)
        sampled.append(player)
        return got
    bot.set_resampler(counting)
    state = g.new_initial_state()
    rng = random.Random(0)
    moved = 0
    while moved < 2 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moved += 1
    assert moved == 2 and sampled


@pytest.mark.parametrize("game", GAMES)
def test_chance_outcomes_are_the_same_through_either_reading(game, monkeypatch):
    """The binding reads a chance node as its outcomes and integer weights (the model state's
    ``chance_distribution``) when the state class has it, else through the contract's
    ``chance_outcomes()``: at every chance node of a game, and at a node made weighted, both
    readings give the model's exact Fractions as the nearest floats, sorted by id."""
    table = registry.get(game).action_table()
    sp = openspiel._spec(game)

    def both(state):
        fresh = state.clone()  # nothing asked yet
        monkeypatch.setattr(sp, "distribution", True)
        got = state.chance_outcomes()
        monkeypatch.setattr(sp, "distribution", False)
        other = fresh.chance_outcomes()
        monkeypatch.setattr(sp, "distribution", True)
        native = state.native().chance_outcomes()
        assert got == other == sorted((table.action_id(a), float(p)) for a, p in native)
        return got

    g = openspiel.load(game, max_steps=150)
    state = g.new_initial_state()
    rng = random.Random(5)
    chance = []
    while not state.is_terminal():
        if state.is_chance_node():
            chance.append(state.clone())
            action = rng.choices(*zip(*both(state)))[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert chance
    # a weighted node (Labyrinth's solo draws among plot values weigh them so, 9.3.2)
    state = max(chance, key=lambda s: len(s.chance_outcomes()))
    pending = state.native().d["pending"]
    pending["weights"] = [3 * i + 1 for i in range(len(pending["actions"]))]
    state.model.changed()
    got = both(state)
    assert len({p for _, p in got}) == min(len(got), len(set(pending["weights"])))
    assert abs(sum(p for _, p in got) - 1) < 1e-9


@pytest.mark.rule("5.3.1")
def test_a_draw_is_listed_from_its_pile_and_takes_only_its_cards():
    """5.3.1: a draw from Labyrinth's deck is listed from the pile's card numbers (a row of pairs
    kept per number of cards, ``_Spec.rows``): its outcomes are the pile's ids with 1/n each,
    sorted, the same at a later draw of as many cards (the row reused) and at a fresh state of the
    same node; the card drawn is found by its number (the id less the base), so the outcome
    applied is the card of that id, and an id of a card not in the pile is the model's refusal,
    never another card."""
    spec = registry.get("labyrinth")
    table = spec.action_table()
    g = openspiel.load("labyrinth")
    state = g.new_initial_state()
    rng = random.Random(11)
    sizes: dict = {}
    refused = 0
    while len(sizes) < 3 or max(map(len, sizes.values())) < 2:
        native = state.native()
        if state.is_chance_node() and native.d["pending"]["question"] == "draw.drawn":
            pile = list(native.d["deck"])
            got = state.chance_outcomes()
            assert got == sorted((table.action_id({"card": n}), 1 / len(pile)) for n in pile)
            assert state.legal_actions() == [a for a, _ in got]
            assert state.clone().chance_outcomes() == got
            sizes.setdefault(len(pile), []).append(got)
            outside = [n for n in range(1, 121) if n not in pile]
            if outside:  # a card out of the pile (in a hand, a discard): refused
                refused += 1
                with pytest.raises(Exception, match="not legal"):
                    state.clone().apply_action(table.action_id({"card": outside[len(outside) // 2]}))
            card = pile[rng.randrange(len(pile))]
            state.apply_action(table.action_id({"card": card}))
            assert card not in state.native().d["deck"] and len(state.native().d["deck"]) == len(pile) - 1
            continue
        if state.is_terminal():
            state = g.new_initial_state()  # another game: the rows are kept across games
            continue
        random_step(state, rng)
    assert any(len(v) > 1 for v in sizes.values()) and refused


def test_the_resampler_never_gives_the_true_deal_unasked(monkeypatch):
    """When the model's sampler has no state to give (RedealError: every deal it drew was ruled
    out by the question under way), the resampler raises it by default, and gives the state
    itself (the true hidden cards) only under ``fallback="state"``; a bad fallback is a one-line
    DataError. A state it does give is the model's re-deal, not the state it was given."""
    from cdg_oracle.model.core.information import RedealError

    g = openspiel.load("labyrinth", max_steps=STEPS)
    state = g.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    dealt = [openspiel.resampler(seed)(state, player).native().to_json() for seed in range(5)]
    assert any(text != state.native().to_json() for text in dealt)  # the hidden cards re-dealt

    def ruled_out(self, side, rng):
        raise RedealError("sample_redeal: 10000 deals drawn, each ruled out by the question under way")
    monkeypatch.setattr(registry.get("labyrinth").state_class, "sample_redeal", ruled_out)
    with pytest.raises(RedealError):
        openspiel.resampler(0)(state, player)
    kept = openspiel.resampler(0, fallback="state")(state, player)
    assert kept is not state and kept.native().to_json(history=True) == state.native().to_json(history=True)
    with pytest.raises(DataError, match="fallback"):
        openspiel.resampler(0, fallback="truth")


def test_options_and_rulings_are_parameters():
    for game in GAMES:
        spec = registry.get(game)
        g = openspiel.load(game)
        params = g.get_parameters()
        st = spec.new_state(spec.default_scenario or spec.scenarios()[0], spec.lengths[0], None, None)
        assert set(spec.normalize_options(None)) <= set(params)
        assert set(st.rulings_dict()) <= set(params)
        assert {"scenario", "length", "max_steps"} <= set(params)


def test_a_string_parameter_survives_the_game_string():
    """A value holding OpenSpiel's game-string characters (a comma) is percent-encoded, so a
    serialized game loads back with the same parameters."""
    assert openspiel.unquote(openspiel.quote("1,1,(2)=%")) == "1,1,(2)=%"
    assert "," not in openspiel.quote('["a","b"]')


def test_bad_parameters_are_errors():
    game = GAMES[0]
    with pytest.raises((DataError, pyspiel.SpielError, RuntimeError)):
        openspiel.load(game, scenario="no_such_scenario")
    with pytest.raises((DataError, pyspiel.SpielError, RuntimeError)):
        openspiel.load(game, max_steps=-1)


@pytest.mark.parametrize("game", GAMES)
def test_answers_from_python_are_openspiels_own(game):
    """The binding answers ``legal_actions()`` and ``is_chance_node()`` from Python (OpenSpiel's
    own cross into C++ and back): at every node of a game, the decision and the chance nodes,
    for the player to move and the others, and at the cut (``max_steps``), the answers are those
    of OpenSpiel's C++ ``State`` over the same state. An id applied without asking first, or one
    the node does not offer, is the model's to take or refuse, never another action."""
    g = openspiel.load(game, max_steps=120)
    state = g.new_initial_state()
    players = range(g.num_players())
    rng = random.Random(3)
    kinds = set()
    while True:
        fresh, blind = state.clone(), state.clone()  # nothing asked yet on either
        assert fresh.legal_actions() == pyspiel.State.legal_actions(fresh)  # Python first, then C++
        assert fresh.is_chance_node() == pyspiel.State.is_chance_node(fresh)
        assert pyspiel.State.is_chance_node(state) == state.is_chance_node()  # C++ first
        assert pyspiel.State.legal_actions(state) == state.legal_actions()
        for p in players:
            assert pyspiel.State.legal_actions(state, p) == state.legal_actions(p)
        if state.is_terminal():
            break
        if state.is_chance_node():
            kinds.add("chance")
            outcomes = state.chance_outcomes()
            assert state.legal_actions() == [a for a, _ in outcomes]
            action = rng.choices(*zip(*outcomes))[0]
        else:
            kinds.add("decision")
            assert state.chance_outcomes() == []  # not a chance node
            action = rng.choice(state.legal_actions())
        blind.apply_action(action)  # never asked on this copy
        state.apply_action(action)
        assert blind.native().to_json(history=True) == state.native().to_json(history=True)
    assert state.is_terminal() and kinds == {"chance", "decision"}
    assert state.legal_actions() == [] and not state.is_chance_node()
    # an id the node does not offer: the model refuses it (the table's action, never another)
    state = g.new_initial_state()
    offered = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
    other = next(i for i in range(g.num_distinct_actions()) if i not in offered)
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(other)


def test_a_playout_does_not_import_numpy():
    """numpy (OpenSpiel's tensors) is imported by the observer alone, when first made: a playout
    through the binding never imports it, so no BLAS thread runs beside it (oracle/openspiel.py;
    benchmarks/openspiel.py's clock counts every thread of the process). A fresh interpreter,
    since this one has numpy already."""
    import os
    import subprocess
    import sys

    code = (
        "import random, sys\n"
        "from cdg_oracle.oracle import openspiel\n"
        f"g = openspiel.load({GAMES[0]!r}, max_steps={STEPS})\n"
        "s = g.new_initial_state(); rng = random.Random(0)\n"
        "while not s.is_terminal():\n"
        "    if s.is_chance_node():\n"
        "        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))\n"
        "    else:\n"
        "        s.apply_action(rng.choice(s.legal_actions()))\n"
        "print(s.move_number(), 'numpy' in sys.modules)\n"
        "g.make_py_observer()\n"
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ),
                         timeout=300)
    assert out.returncode == 0, out.stderr
    played, after = out.stdout.split("\n")[:2]
    assert played == f"{STEPS} False"  # the playout, without numpy
    assert after == "True"  # the observer imports it
