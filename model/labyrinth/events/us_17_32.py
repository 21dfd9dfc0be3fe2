"""Events of the US cards 17-32 (6.2). Each cites its card number and quotes the rule it applies."""
from __future__ import annotations
