"""Labyrinth's ambiguity measurement, its record's ``measurement``:
how ``cdg-oracle ambiguities`` plays Labyrinth's pairs (properties/impact.py
``Measurement``): the standard length; a solo game (chapter 9, options ``{"solo": True}``) for a
switch named ``solo_*``, else a two-player game; the canonical state's machinery keys
(model/labyrinth/state.py ``_NOT_CANONICAL``); the set-up rule 3.2; the discovery's and the
side-by-side machine's games (properties/labyrinth/stateful.py).
"""
from __future__ import annotations

from cdg_oracle.properties.impact import Measurement


def discovery_game(rng, switch: str):
    """A discovery pair's game (properties/labyrinth/stateful.py ``discovery_game``: a solo game,
    chapter 9, for a ``solo_`` switch). Imported when used: the state machine's module imports
    hypothesis, which a tool importing this package for anything else does not need."""
    from cdg_oracle.properties.labyrinth import stateful

    return stateful.discovery_game(rng, switch)


def side_by_side_game(switch: str):
    """A side-by-side pair's strategies (properties/labyrinth/stateful.py ``side_by_side_game``),
    imported when used, as :func:`discovery_game`."""
    from cdg_oracle.properties.labyrinth import stateful

    return stateful.side_by_side_game(switch)

MEASUREMENT = Measurement(
    length="standard",
    kinds=(("two-player", None, None), ("solo", "solo_", {"solo": True})),
    machinery=("stack", "pending", "setup_steps", "started", "version", "rulings", "action_log", "options"),
    side_labels={"Jihadist": "J"},
    setup_rule="3.2",
    discovery_game=discovery_game,
    machine_game=side_by_side_game,
    # The committed report (reports/labyrinth/ambiguities.md) was made before the measurement
    # became game-independent (issue 29 item 5) and names the modules by their old paths; kept
    # so that the report stays byte-identical. The modules are properties/impact.py,
    # properties/discovery.py and properties/side_by_side.py.
    modules={"impact": "properties/labyrinth/impact.py", "discovery": "properties/labyrinth/discovery.py",
             "side_by_side": "properties/labyrinth/side_by_side.py"},
)
