"""A Distant Plain's Special Activities (ATTIVITA' SPECIALI), one module per faction: Coalition
(Surge, Air Lift, Air Strike), Government (Govern, Transport, Eradicate), Warlords (Cultivate,
Traffic, Suborn), Taliban (Extort, Infiltrate, Ambush: Ambush replaces an Attack's roll, so it is
carried out within the Attack, operations/attack.py). Importing this package registers them."""
from cdg_oracle.model.distant_plain.special_activities import coalition, government, taliban, warlords  # noqa: F401
