"""The sources some tests compare the model with, outside the repository: the rulebook seeds
(``../shared/seeds``) and the research files (``../shared/research``) beside the checkout;
CDG_ORACLE_SEEDS and CDG_RESEARCH_DIR point elsewhere. Without them those tests skip, and each
says which file is missing and what it would have checked (issue 28.13; README "Set up")."""
from __future__ import annotations

from pathlib import Path

import pytest

WHERE = ("the rulebook seeds and research files live in ../shared/seeds and ../shared/research beside "
         "the repository, or where CDG_ORACLE_SEEDS and CDG_RESEARCH_DIR point")


def need(path: Path, why: str) -> None:
    """Skip the calling test unless ``path`` exists, saying which file and ``why`` it is read."""
    if not Path(path).exists():
        pytest.skip(f"source file missing: {path}; it is needed to {why} ({WHERE})")
