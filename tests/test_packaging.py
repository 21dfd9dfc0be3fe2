"""Issue 15 item 11: the project installs as a real package, not only as an editable checkout.

A wheel is built from the repository (``pip wheel --no-deps --no-build-isolation .``), installed
into a fresh virtual environment that borrows the dependencies of this one, and run from a folder
that holds a user's own ``model.py`` and ``oracle/``: the program finds its scenarios, rulings
registry and schemas (package data) and plays, replays and checks as from the checkout.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_list_names_every_package_folder():
    """pyproject.toml lists the packages explicitly (the folders are mapped under cdg_oracle):
    every folder with an ``__init__.py`` is listed, once, and nothing else."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {"cdg_oracle." + ".".join(p.parent.relative_to(ROOT).parts)
               for top in ("model", "properties", "oracle") for p in (ROOT / top).rglob("__init__.py")}
    assert set(conf["packages"]) == folders | {"cdg_oracle.scenarios"}
    assert len(conf["packages"]) == len(set(conf["packages"])), "a package is listed twice"
    assert conf["package-dir"] == {f"cdg_oracle.{n}": n for n in ("model", "properties", "oracle", "scenarios")}


def test_every_data_file_the_program_reads_is_package_data():
    """Each data folder of the source tree is covered by a package-data pattern."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    data = conf["package-data"]
    patterns = [(ROOT / pkg.split(".", 1)[1].replace(".", "/"), pat) for pkg, pats in data.items() for pat in pats]
    covered = {p.resolve() for base, pat in patterns for p in base.glob(pat)}
    for base in ("model", "properties", "oracle", "scenarios"):
        for path in (ROOT / base).rglob("*"):
            if path.suffix in (".yaml", ".json"):
                assert path.resolve() in covered, f"{path.relative_to(ROOT)} is not package data"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv (system site packages for the dependencies) with the wheel installed; returns
    its ``cdg-oracle`` program."""
    tmp = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                            "-q", "-w", str(tmp / "dist"), str(ROOT)], capture_output=True, text=True, cwd=tmp)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = (tmp / "dist").glob("cdg_oracle-*.whl")
    env_dir = tmp / "venv"
    # no pip of its own (ensurepip is most of a venv's making): this pip installs into it (--python)
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    inst = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps",
                           "--no-index", str(wheel)], capture_output=True, text=True, cwd=tmp)
    assert inst.returncode == 0, inst.stderr[-2000:]
    return env_dir


def run(env_dir: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run([str(env_dir / "bin" / "cdg-oracle"), *argv], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=300)


def test_the_installed_wheel_plays_replays_and_checks_from_a_users_folder(installed, tmp_path):
    """From a folder with the user's own ``model.py`` and ``oracle/`` (which would shadow bare
    import names), the installed program plays the same game as the checkout, replays it
    conformant, checks every scenario and lists the registry's rulings."""
    (tmp_path / "model.py").write_text("raise SystemExit('the user model was imported')\n")
    (tmp_path / "oracle").mkdir()
    (tmp_path / "oracle" / "__init__.py").write_text("raise SystemExit('the user oracle was imported')\n")
    where = subprocess.run([str(installed / "bin" / "python"), "-c",
                            "import cdg_oracle.model.labyrinth as m; print(m.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path,
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert where.returncode == 0 and str(installed) in where.stdout, where
    played = run(installed, tmp_path, "play", "--scenario", "lets_roll", "--seed", "1", "--out", "g.jsonl")
    assert played.returncode == 0, played.stderr
    example = ROOT / "docs" / "examples" / "lets_roll_seed1.trace.jsonl"
    assert (tmp_path / "g.jsonl").read_bytes() == example.read_bytes()
    replayed = run(installed, tmp_path, "replay", "g.jsonl")
    assert replayed.returncode == 0 and "conformant" in replayed.stdout, replayed.stderr
    checked = run(installed, tmp_path, "scenario", "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rulings = run(installed, tmp_path, "rules", "--rulings")
    assert rulings.returncode == 0 and "deal_order" in rulings.stdout, rulings.stderr
    # issue 28 item 14: the tests do not ship, their map does: `rules` says what the checkout says
    # (278 rules were "implemented, not tested" from a wheel)
    from cdg_oracle.oracle.rules_report import render_text, report

    for game in ("labyrinth", "twilight_struggle", "distant_plain"):
        rules = run(installed, tmp_path, "rules", "--game", game)
        assert rules.returncode == 0, rules.stderr
        assert rules.stdout == render_text(report(game)) and " of them tested" in rules.stdout


def test_the_shipped_map_of_the_tests_is_current():
    """oracle/data/tested_rules.json, which `cdg-oracle rules` reads (the tests do not ship), is
    the map of the tests as they are: after changing a test's rule marks, regenerate it with
    ``python -m cdg_oracle.oracle.rules_report``."""
    from cdg_oracle.oracle.rules_report import TESTED_MAP, tested_map_text

    shipped = (ROOT / "oracle" / TESTED_MAP).read_text(encoding="utf-8")
    assert shipped == tested_map_text(ROOT / "tests"), \
        f"oracle/{TESTED_MAP} is out of date: run python -m cdg_oracle.oracle.rules_report"


def test_the_python_api_of_the_readme_runs():
    """The README's Python API example (its ``python`` block) runs as written."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("```python\n") + len("```python\n")
    code = text[start:text.index("```", start)]
    ast.parse(code)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/")
    assert out.returncode == 0, out.stderr[-2000:]
