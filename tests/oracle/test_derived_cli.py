"""Issue 27.11: ``cdg-oracle position show --json`` prints every game's derived facts (``derived``,
each key's rule under ``derived_rules``), the game's own ``derived_facts`` of the state shown; a
position that states them is refused in one line; ``--json`` and ``--out`` do not go together."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cdg_oracle.model.core.registry import get
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.positions import from_file

ROOT = Path(__file__).resolve().parents[2]
FILES = {"labyrinth": "jihad_example_c.yaml", "twilight_struggle": "ts_mexico_coup.yaml",
         "distant_plain": "adp_taliban_attack.yaml"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game", sorted(FILES))
def test_position_show_json_has_every_derived_fact_of_the_game(game, capsys):
    spec = get(game)
    path = ROOT / "docs" / "positions" / FILES[game]
    code, out, err = run(capsys, "position", "show", path, "--json")
    assert code == 0 and err == ""
    shown = json.loads(out)
    assert shown["derived"] == spec.derived_facts(from_file(path))
    assert set(shown["derived"]) == set(shown["derived_rules"]) == set(spec.derived_rules) and shown["derived"]
    assert all(isinstance(r, str) and r for r in shown["derived_rules"].values())
    # the rest is the position itself, as position show writes it
    code, plain, _ = run(capsys, "position", "show", path)
    assert code == 0 and "derived" not in plain
    code, out, _ = run(capsys, "position", "show", "--game", game, "--json")   # a scenario's start too
    assert code == 0 and set(json.loads(out)["derived"]) == set(spec.derived_rules)


@pytest.mark.parametrize("key", ["derived", "derived_rules"])
@pytest.mark.parametrize("game", sorted(FILES))
def test_a_position_stating_derived_facts_is_refused_in_one_line(game, key, tmp_path, capsys):
    code, out, _ = run(capsys, "position", "show", ROOT / "docs" / "positions" / FILES[game], "--json")
    typed = tmp_path / "typed.json"
    doc = json.loads(out)
    if key == "derived_rules":
        del doc["derived"]
    typed.write_text(json.dumps(doc))
    code, out, err = run(capsys, "position", "check", typed)
    assert code == 2 and out == ""
    assert err == f"cdg-oracle: error: {typed}: {key}: computed by the oracle, never typed in a position\n"


def test_json_and_out_do_not_go_together(tmp_path, capsys):
    code, out, err = run(capsys, "position", "show", "--json", "--out", tmp_path / "p.yaml")
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "p.yaml").exists()
    assert "--out writes a position file, which never states them" in err
