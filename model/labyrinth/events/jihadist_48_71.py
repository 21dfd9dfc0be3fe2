"""Events of the Jihadist cards 48-71 (6.2). Each cites its card number and quotes the rule it applies."""
from __future__ import annotations
