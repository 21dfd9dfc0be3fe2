"""Issue 29 item 2: games are found through the entry points of the group ``cdg_oracle.games``
(model/core/registry.py). A broken plug-in (an entry point whose module fails to import, whose
value is not a GameSpec, or a GameSpec of another name) is a one-line DataError naming the entry
point, never a traceback, and it breaks nothing else: the other games still play, and ``rules
--list`` lists every entry point without importing one."""
from __future__ import annotations

import importlib

import pytest

from cdg_oracle.model.core import registry
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.oracle.cli import main

ENTRIES = {"broken": "cdg_oracle_no_such_module:SPEC",      # fails to import
           "raising": "cdg_oracle_raising_plugin:SPEC",     # its module raises on import
           "notaspec": "json:dumps",                        # not a GameSpec
           "misnamed": "cdg_oracle.model.distant_plain:SPEC"}  # a GameSpec of another name


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """A distribution on the path (its dist-info only, as pip writes it) declaring four broken games."""
    info = tmp_path / "cdg_oracle_broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cdg-oracle-broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cdg_oracle.games]\n" + "".join(f"{k} = {v}\n" for k, v in ENTRIES.items()))
    (tmp_path / "cdg_oracle_raising_plugin.py").write_text("raise RuntimeError('a bug in the plug-in')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield
    for name in ENTRIES:
        registry.GAMES.pop(name, None)


@pytest.mark.parametrize("name, says", [
    ("broken", "cannot load the game: ModuleNotFoundError: No module named 'cdg_oracle_no_such_module'"),
    ("raising", "cannot load the game: RuntimeError: a bug in the plug-in"),
    ("notaspec", "not a GameSpec but a function"),
    ("misnamed", "its GameSpec is named 'distant_plain'"),
])
def test_a_broken_plugin_is_a_one_line_error_naming_its_entry_point(plugins, name, says):
    with pytest.raises(DataError) as e:
        registry.get(name)
    text = str(e.value)
    assert text.startswith(f"entry point {name} = {ENTRIES[name]} (group cdg_oracle.games): ") and says in text, text
    assert "\n" not in text


def test_the_cli_reports_a_broken_plugin_in_one_line_and_the_other_games_still_play(plugins, capsys, tmp_path):
    assert main(["rules", "--game", "broken"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "entry point broken" in out.err, out.err
    assert main(["play", "--game", "twilight_struggle", "--seed", "1", "--out", str(tmp_path / "t.jsonl")]) == 0
    capsys.readouterr()
    assert main(["rules", "--list"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in ENTRIES) and "labyrinth" in listed


def test_an_unknown_game_lists_the_known_ones_without_loading_them(plugins):
    with pytest.raises(DataError) as e:
        registry.get("chess")
    assert "unknown game" in str(e.value) and "broken" in str(e.value) and "labyrinth" in str(e.value)
    assert "broken" not in registry.GAMES


def test_a_state_read_back_is_checked_without_asking_the_registry_first():
    """A state class read from JSON checks the state against its game's laws (model/core/state.py
    ``check_loaded``) even in a process that imported the game's model directly and never asked
    the registry for it: the registry loads the game's spec from its entry point then."""
    import subprocess
    import sys

    code = ("import json\n"
            "from cdg_oracle.model.core.errors import DataError\n"
            "from cdg_oracle.model.distant_plain.scenarios import new_game\n"
            "from cdg_oracle.model.distant_plain.state import DistantPlainState\n"
            "d = json.loads(new_game().to_json())\n"
            "d['spaces']['Kabul']['pieces']['police'] += 1\n"
            "try:\n"
            "    DistantPlainState.from_json(json.dumps(d))\n"
            "except DataError as e:\n"
            "    print('refused:', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.startswith("refused:") and "police" in out.stdout, out.stdout + out.stderr
