"""The hypothesis state machine of A Distant Plain: the game-generic machine of
properties/stateful.py (the consistency laws and the turn's laws, no dead end and an outcome at the
end, exact chance, small distinct actions, termination, the JSON round trip, a shadow game for
determinism), configured with what is A Distant Plain's: every Rulings switch, and the options over
gaps (Control's definition, Pakistan's Control, the sandbox's length: one or two Propaganda rounds,
one or two turns each between them), the defaults first so that a failure shrinks to the plainest
sandbox.
"""
from __future__ import annotations

from hypothesis import strategies as st

from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.properties import stateful as generic

GAME = "distant_plain"
OPTIONS = st.builds(
    lambda control, pakistan, rounds, turns: {"control": control, "pakistan_control": pakistan,
                                              "propaganda_rounds": rounds, "turns_per_propaganda": turns},
    st.sampled_from(["coin_series", "none"]), st.booleans(), st.sampled_from([2, 1]), st.sampled_from([1, 2]))


def draws() -> generic.Draws:
    return generic.draws_for(GAME, ["sandbox"], OPTIONS, generic.rulings_strategy(DistantPlainRulings))


def run_machine(examples: int, steps: int, seed: int, on_failure=None, **kw) -> dict:
    """The machine of A Distant Plain: ``examples`` runs of up to ``steps`` steps (seeded)."""
    return generic.run_machine(GAME, examples, steps, seed, on_failure=on_failure, draws=draws(), **kw)
