"""The hypothesis state machine of Twilight Struggle: the game-generic machine of
properties/stateful.py (seven checks after every step: the consistency laws, no dead end and an
outcome at the end (a draw allowed, 10.3.2), exact chance, small distinct actions, termination,
the JSON round trip with the game going on from the copy, and a shadow game for determinism),
configured with what is Twilight Struggle's: the standard scenario first (a failure shrinks to it),
every Rulings switch, and the options: the seed's edition first, the Deluxe, the tournament rules
(11.1.1-11.1.2), so that a failure shrinks to the plainest game.
"""
from __future__ import annotations

from hypothesis import strategies as st

from cdg_oracle.model.twilight_struggle import scenario_names
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.properties import stateful as generic

GAME = "twilight_struggle"
SCENARIOS = sorted(scenario_names(), key=lambda name: (name != "standard", name))
OPTIONS = st.builds(lambda deluxe, tournament: {"edition": "deluxe" if deluxe else "seed", "tournament": tournament},
                    st.booleans(), st.booleans())


def draws() -> generic.Draws:
    return generic.draws_for(GAME, SCENARIOS, OPTIONS, generic.rulings_strategy(TwilightRulings))


def run_machine(examples: int, steps: int, seed: int, on_failure=None, **kw) -> dict:
    """The machine of Twilight Struggle: ``examples`` runs of up to ``steps`` steps (seeded)."""
    return generic.run_machine(GAME, examples, steps, seed, on_failure=on_failure, draws=draws(), **kw)
