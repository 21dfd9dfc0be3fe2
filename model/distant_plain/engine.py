"""A Distant Plain's procedures on the core engine (model/core/engine.py): its own Engine."""
from __future__ import annotations

from cdg_oracle.model.core.engine import Engine

ENGINE = Engine("distant_plain")
