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
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
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
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
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
