"""Events of Late War cards 93-102 and the Early War card 103 Defectors (7.0), each citing its card (Deluxe number) and stating its text.

None implemented yet in this module."""
from __future__ import annotations
