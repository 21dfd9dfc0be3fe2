"""DESIGN.md's house rules, enforced: imports run one way (oracle -> properties -> model), and the
model holds no randomness (every die, draw and pick is a chance node)."""
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


def test_imports_run_one_way():
    bad = []
    for package, forbidden in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            for mod in imports(path):
                if mod.split(".")[0] in forbidden:
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
