"""Events of Late War cards 82-92 (7.0), each citing its card (Deluxe number) and stating its text.

None implemented yet in this module."""
from __future__ import annotations
