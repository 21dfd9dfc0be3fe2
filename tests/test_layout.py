"""DESIGN.md's house rules, enforced: imports run one way (oracle -> properties -> model), and the
model holds no randomness (every die, draw and pick is a chance node).

Checked here: no package imports one above it (model imports neither properties nor oracle,
properties not oracle); every project import, in code, in code held in strings and in the docs,
uses the installed name (``cdg_oracle.model...``); the model imports no source of randomness.
Imports between the modules themselves, function-level ones included, form no cycle: that is
tests/test_import_cycles.py."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"model": ("properties", "oracle"), "properties": ("oracle",)}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


PACKAGES = ("model", "properties", "oracle")


def room(module: str) -> str | None:
    """The project folder an imported module lives in (``cdg_oracle.model.x`` -> ``model``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "cdg_oracle" and len(parts) > 1 else None


def test_imports_run_one_way():
    bad = []
    for package, forbidden in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            for mod in imports(path):
                if room(mod) in forbidden:
                    bad.append(f"{path.relative_to(ROOT)} imports {mod}")
    assert not bad, bad
    assert room("cdg_oracle.oracle.cli") == "oracle" and room("oracle.cli") is None


def test_project_modules_are_imported_by_their_installed_name():
    """Issue 15 item 11: the folders install as ``cdg_oracle.model``, ``cdg_oracle.properties`` and
    ``cdg_oracle.oracle``; a bare ``import model`` would load a second copy of a module (or a
    user's own ``model.py``), so no file of the project or its tests imports one."""
    bad = []
    for folder in PACKAGES + ("tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for mod in imports(path):
                if mod.split(".")[0] in PACKAGES:
                    bad.append(f"{path.relative_to(ROOT)} imports {mod}")
    assert not bad, bad


def test_model_holds_no_randomness():
    bad = []
    for path in (ROOT / "model").rglob("*.py"):
        for mod in imports(path):
            if mod.split(".")[0] in ("random", "secrets", "numpy", "uuid") or mod == "os.urandom":
                bad.append(f"{path.relative_to(ROOT)} imports {mod}")
        if "urandom" in path.read_text(encoding="utf-8"):
            bad.append(f"{path.relative_to(ROOT)} mentions urandom")
    assert not bad, bad


def test_no_text_imports_a_bare_project_name():
    """Code in strings (subprocess programs) and in the docs uses the installed names too."""
    import re

    bare = re.compile(r"(?<![\w.])(?:from|import) (?:model|properties|oracle)(?:\.| import)")
    bad = []
    for path in list(ROOT.rglob("*.py")) + list(ROOT.rglob("*.md")):
        if {".git", "reports", "build", "dist"} & set(path.relative_to(ROOT).parts):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if bare.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()}")
    assert not bad, bad
