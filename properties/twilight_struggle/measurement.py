"""Twilight Struggle's ambiguity measurement, its record's ``measurement``:
how ``cdg-oracle ambiguities`` plays Twilight Struggle's pairs (properties/impact.py
``Measurement``): two-player games of the standard length under the default options; a game may
end in a draw (10.3.2); a divergence at set-up cites 3.0 (Setup).
"""
from __future__ import annotations

from cdg_oracle.properties.impact import Measurement

MEASUREMENT = Measurement(length="standard", kinds=(("two-player", None, None),), draws=True, setup_rule="3.0")
