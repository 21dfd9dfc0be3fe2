"""A Distant Plain's own checks, registered for the generic tools (properties/games.py): its
invariants (campaign.py, for the checked walk and the state machine) and its verification sections
(verification.py: map, registers, the z3 analysis of the victory goals)."""
from cdg_oracle.properties.distant_plain import campaign, verification  # noqa: F401  (they register)
