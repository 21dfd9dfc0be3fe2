"""Labyrinth's own checks, registered for the generic tools (properties/games.py): its invariants
(campaign.py, for the checked walk and the state machine), what its conformance vectors cover
(coverage.py) and its verification sections (verification.py)."""
from cdg_oracle.properties.labyrinth import campaign, coverage, verification  # noqa: F401  (they register)
