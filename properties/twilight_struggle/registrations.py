"""Twilight Struggle's own checks, registered for the generic tools (properties/games.py): its
invariants (campaign.py, for the checked walk and the state machine)."""
from cdg_oracle.properties.twilight_struggle import campaign  # noqa: F401  (it registers)
