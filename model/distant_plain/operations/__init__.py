"""A Distant Plain's Operations and Special Activities, one module per faction (the aid's four
blocks): ``coalition.py``, ``government.py``, ``taliban.py``, ``warlords.py``; the insurgents'
shared March and Attack (with the Taliban's Ambush, which replaces an Attack's roll) in
``insurgents.py``. Importing this package registers every procedure (activities.py's contract)."""
from cdg_oracle.model.distant_plain.operations import coalition, government, insurgents, taliban, warlords  # noqa: F401
