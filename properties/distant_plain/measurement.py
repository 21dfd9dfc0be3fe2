"""A Distant Plain's ambiguity measurement, its record's ``measurement``:
how ``cdg-oracle ambiguities`` plays A Distant Plain's pairs (properties/impact.py
``Measurement``): the four-faction sandbox of the standard length under the default options; a game
may end without a winner (tied victory margins); the aid prints no set-up rule, so a divergence at
set-up cites ``setup``.
"""
from __future__ import annotations

from cdg_oracle.properties.impact import Measurement

MEASUREMENT = Measurement(length="standard", kinds=(("four-faction", None, None),), draws=True)
