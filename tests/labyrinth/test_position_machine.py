"""Labyrinth positions stated with ``machine`` (issue 27 item 7): a ``machine`` whose pending
question is null although the stack stands in the middle of a procedure was accepted, and
``position legal`` then ended in "internal error" (TypeError, exit 3). Either reading of such a
file is acceptable: a one-line refusal (exit 2), or the pending question derived by the model
from the stack -- then the legal actions are those of the state the file was written from."""
from __future__ import annotations

import json
import random

import pytest
import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.playout import choose


def mid_procedure(seed: int = 3, steps: int = 400):
    """A state of a random game in the middle of a card's play in an Action Phase, whose position
    needs ``machine`` (no named point rebuilds it)."""
    s = new_game("lets_roll")
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(choose(rng, s))
        if (s.d["phase"] in ("jihadist_action", "us_action") and s.d["in_play"] and s.d["pending"] is not None
                and "machine" in to_document(s)):
            return s
    raise AssertionError("no state in the middle of a procedure met")


def without_pending(s) -> dict:
    """The position of ``s`` with its machine's ``pending`` stated as null. ``position show``
    leaves ``pending`` out where the top procedure re-poses its question (issue 28.1), and states
    it where it does not: either way the file written here says null while the stack poses one."""
    doc = to_document(s)
    assert "machine" in doc and doc["machine"].get("pending", "left out") is not None
    doc["machine"]["pending"] = None
    return doc


@pytest.mark.rule("5.2")
@pytest.mark.parametrize("seed", [3, 11])
def test_machine_with_null_pending_is_refused_or_derived(seed):
    s = mid_procedure(seed)
    doc = without_pending(s)
    try:
        back = from_document(doc)
    except DataError as e:
        assert "\n" not in str(e) and "pending" in str(e)
        return
    assert back.decision() == s.decision()
    assert back.legal_actions() == s.legal_actions()


@pytest.mark.rule("5.2")
@pytest.mark.parametrize("seed", [3, 11])
def test_machine_written_by_show_reads_back_with_its_question(seed):
    """Issue 28.1: the machine as ``position show`` writes it (``pending`` left out where the model
    poses it again) reads back to the state it was written from, question included."""
    s = mid_procedure(seed)
    back = from_document(to_document(s))
    assert back.decision() == s.decision() and back.legal_actions() == s.legal_actions()


@pytest.mark.rule("5.2")
def test_cli_legal_on_machine_with_null_pending_never_internal_error(tmp_path, capsys):
    path = tmp_path / "null_pending.yaml"
    path.write_text(yaml.safe_dump(without_pending(mid_procedure())), encoding="utf-8")
    code = main(["position", "legal", str(path), "--json"])
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert code in (0, 2)
    if code == 2:
        assert len(out.err.strip().splitlines()) == 1 and str(path) in out.err
    else:
        assert json.loads(out.out)
