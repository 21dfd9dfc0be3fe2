"""The same report from any install (issue 28 item 2): ``cdg-oracle verify`` run from the editable
install and from a wheel built of the same commit, for every game, and the two report folders
compared byte for byte.

    python benchmarks/install_parity.py [--games 1] [--examples 3] [--steps 60]

Builds the wheel of ``HEAD`` (``git archive``, then ``pip wheel --no-deps --no-build-isolation``),
installs it in a fresh venv with the system's site packages (for the dependencies), and runs the
same small ``verify`` for each game in two empty folders, one per install, each with ``--jobs 1``.
Prints, per game, the size of each report and whether they are identical, whether either run left
a ``.hypothesis`` folder behind, and the seconds each took. Needs git, pip and the ``wheel``
package (the test extra); it asserts nothing and exits 0 when every report is identical, 1 if not.
"""
from __future__ import annotations

import argparse
import filecmp
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--prefix=src/", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "x", "-C", str(tmp)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp / "dist"), str(src)], check=True, capture_output=True)
    (wheel,) = (tmp / "dist").glob("cdg_oracle-*.whl")
    env_dir = tmp / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True)
    return env_dir / "bin" / "python"


def differing(a: Path, b: Path) -> list[str]:
    """Files present in one folder and not the other, or with different bytes (recursively)."""
    c = filecmp.dircmp(a, b)
    out = [str(Path(a.name) / n) for n in c.left_only + c.right_only]
    out += [n for n in c.common_files if not filecmp.cmp(a / n, b / n, shallow=False)]
    for d in c.common_dirs:
        out += [str(Path(d) / n) for n in differing(a / d, b / d)]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--examples", type=int, default=3)
    p.add_argument("--steps", type=int, default=60)
    args = p.parse_args(argv)
    from cdg_oracle.model.core.registry import names

    games = names()
    same = True
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        wheel_python = build_wheel(tmp)
        print(f"{'game':<20}{'editable s':>12}{'wheel s':>10}  report files  identical  .hypothesis left")
        for game in games:
            seconds, folders = [], []
            for name, python in (("editable", sys.executable), ("wheel", str(wheel_python))):
                out = tmp / name / game
                out.mkdir(parents=True)
                t0 = time.perf_counter()
                subprocess.run([python, "-m", "cdg_oracle.oracle.cli", "verify", "--game", game, "--games",
                                str(args.games), "--examples", str(args.examples), "--steps", str(args.steps),
                                "--out", ".", "--jobs", "1"], cwd=out, check=True, capture_output=True)
                seconds.append(time.perf_counter() - t0)
                folders.append(out)
            diff = differing(*folders)
            files = sum(1 for f in folders[0].rglob("*") if f.is_file())
            left = any((f / ".hypothesis").exists() for f in folders)
            same &= not diff
            print(f"{game:<20}{seconds[0]:>12.1f}{seconds[1]:>10.1f}  {files:>12}  {'yes' if not diff else 'NO':>9}"
                  f"  {'yes' if left else 'no':>16}" + (f"  differ: {', '.join(diff[:5])}" if diff else ""))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
