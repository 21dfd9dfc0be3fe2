"""``cdg-oracle verify`` without its slowest phases, for the tests about its campaigns' work, its
budget and its files (tests/oracle/test_cli.py ``test_verify_writes_reports`` runs it in full):
Labyrinth's inductive proofs, the adapter self-test and the victory analysis give empty results."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

#: The same, as the source of a ``python -c`` program for a test that runs verify in a subprocess
#: (from any folder): ``python -c QUICK_VERIFY verify ...``.
QUICK_VERIFY = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r}); "
                "from tests.verify_stubs import without_slow_phases; without_slow_phases(setattr); "
                "from cdg_oracle.oracle.cli import main; sys.exit(main(sys.argv[1:]))")


def without_slow_phases(set_attribute: Callable = setattr) -> None:
    """Replace the slow phases through ``set_attribute`` (``monkeypatch.setattr`` in a test, so that
    they come back after it; ``setattr`` in a subprocess)."""
    from cdg_oracle.oracle import verify
    from cdg_oracle.properties.labyrinth import verification, z3_proofs
    from cdg_oracle.properties.verification import Section

    set_attribute(z3_proofs, "prove_all", lambda: [])
    set_attribute(verify, "adapter_selftest", lambda seed, game="labyrinth": [])
    set_attribute(verification, "victory_section",
                  lambda m: Section("victory_analysis", {}, True, ["## Victory conditions", "", "Not run by this test."]))
