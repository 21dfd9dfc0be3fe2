"""Events of the Unassociated cards 96-120 (6.2). Each cites its card number and quotes the rule it applies."""
from __future__ import annotations
