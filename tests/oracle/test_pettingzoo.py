"""The games as PettingZoo AEC environments through Shimmy (issue 32 items 3 and 4;
oracle/openspiel.py ``pettingzoo_env``): PettingZoo's own ``api_test`` for every game and scenario,
and a random game played through the environment agrees with the model.

Bounded as tests/oracle/test_openspiel.py: the environments play games cut at :data:`STEPS` steps
by the binding's ``max_steps`` (``api_test`` computes every agent's observation tensor after each
step)."""
from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("shimmy")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from cdg_oracle.model.core import registry  # noqa: E402
from cdg_oracle.oracle import action_tables, openspiel  # noqa: E402

GAMES = action_tables.games()
STEPS = 60


def scenarios():
    return [pytest.param(g, sc, id=f"{g}-{sc}") for g in GAMES for sc in registry.get(g).scenarios()]


@pytest.mark.parametrize("game,scenario", scenarios())
def test_api_test(game, scenario):
    env = openspiel.pettingzoo_env(game, scenario=scenario, max_steps=STEPS)
    api_test(env, num_cycles=10, verbose_progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_the_environment_plays_the_model(game):
    """Agents are the sides in order; the action mask marks exactly the table ids of the model's
    legal actions; observations are the observation tensor; the game ends with the model's returns
    (or cut at ``max_steps`` with zeros)."""
    spec = registry.get(game)
    table = spec.action_table()
    env = openspiel.pettingzoo_env(game, max_steps=STEPS)
    env.reset(seed=0)
    assert len(env.possible_agents) == len(spec.sides)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        native = state.native()
        player = env.agent_name_mapping[agent] if hasattr(env, "agent_name_mapping") else env.agent_name_id_mapping[agent]
        assert spec.sides[player] == native.current_player()
        legal = sorted(table.action_id(a) for a in native.legal_actions())
        assert list(np.flatnonzero(info["action_mask"])) == legal
        assert np.allclose(obs, np.array(state.observation_tensor(player)))
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 0
