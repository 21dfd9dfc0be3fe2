"""Twilight Struggle's own checks, registered for the generic tools (properties/games.py): its
invariants (campaign.py, for the checked walk and the state machine) and its verification
sections (verification.py: map, scenarios, z3 invariants, proofs and analysis, the Deluxe campaign)."""
from cdg_oracle.properties.twilight_struggle import campaign, verification  # noqa: F401  (they register)
