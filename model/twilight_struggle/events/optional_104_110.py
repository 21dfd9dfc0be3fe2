"""Events of the optional cards 104-110 (Deluxe, option optional_cards) (7.0), each citing its card (Deluxe number) and stating its text.

None implemented yet in this module."""
from __future__ import annotations
