"""A Distant Plain's own checks (issue 20, under construction): its map checks so far; one record
(properties/games.py ``GameChecks``): ``CHECKS``.

``measurement``: how ``cdg-oracle ambiguities`` plays A Distant Plain's pairs (properties/impact.py
``Measurement``): the four-faction sandbox of the standard length under the default options; a game
may end without a winner (tied victory margins); the aid prints no set-up rule, so a divergence at
set-up cites ``setup``.
"""
from __future__ import annotations

from cdg_oracle.properties.distant_plain.registry import REGISTRY
from cdg_oracle.properties.games import GameChecks
from cdg_oracle.properties.impact import Measurement

MEASUREMENT = Measurement(length="standard", kinds=(("four-faction", None, None),), draws=True)

CHECKS = GameChecks(game="distant_plain", registry=REGISTRY, measurement=MEASUREMENT)
