"""Events of Early War cards 1-18 (7.0), each citing its card (Deluxe number) and stating its text.

None implemented yet in this module."""
from __future__ import annotations
