"""A Distant Plain's Operations, one module per Operation of the aid (OPERAZIONI COIN: Train,
Patrol, Sweep, Assault, for the Coalition and the Government; OPERAZIONI RIBELLI: Rally, March,
Attack, Terror, for the Warlords and the Taliban), each holding both factions' versions. The Special
Activities are in ``special_activities/``, one module per faction. Importing this package registers
every procedure (activities.py's contract)."""
from cdg_oracle.model.distant_plain.operations import assault, attack, march, patrol, rally, sweep, terror, train  # noqa: F401
