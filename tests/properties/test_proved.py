"""The certificate of proved queries (properties/proved.py, oracle/proved_cmd.py): the structural
digest of a z3 query, the certificate written from real proofs and checked without solving. Each
game's own test checks its committed certificate (tests/<game>'s z3 tests)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import pytest
import z3

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.oracle import proved_cmd
from cdg_oracle.properties import proved


#: An enumeration (z3 declares a sort's name once per process).
COLOR, (RED, GREEN) = z3.EnumSort("ProvedTestColor", ["red", "green"])


def _query(bound: int = 5, op=lambda a, b: a + b, names=("x", "y")) -> list:
    """A small query using every kind of node the walk serialises: integers, reals, an enumeration,
    an array, an uninterpreted function, a bit-vector, a string and a quantifier."""
    x, y = z3.Ints(" ".join(names))
    c = z3.Const("c", COLOR)
    a = z3.Array("a", z3.IntSort(), z3.IntSort())
    f = z3.Function("f", z3.IntSort(), z3.BoolSort())
    bv = z3.BitVec("bv", 8)
    s = z3.String("s")
    r = z3.Real("r")
    k = z3.Int("k")
    return [op(x, y) <= bound, z3.Or(c == RED, f(x)), a[x] == y, z3.Extract(3, 0, bv) == 2,
            s == z3.StringVal("abc"), r * 2 > z3.RealVal("1/3"), z3.ForAll([k], z3.Implies(k > x, a[k] >= 0)),
            z3.If(x > 0, x, -x) == y]


def test_the_same_query_built_twice_has_the_same_digest():
    assert proved.digest(_query()) == proved.digest(_query())
    assert len(proved.digest(_query())) == 64


@pytest.mark.parametrize("changed", [
    lambda: _query(bound=6),                                 # a constant
    lambda: _query(op=lambda a, b: a - b),                   # an operator
    lambda: _query(op=lambda a, b: b + a),                   # the order of the children
    lambda: _query(names=("x", "z")),                        # a name
    lambda: _query()[:-1],                                   # an assertion left out
    lambda: list(reversed(_query())),                        # the order of the assertions
    lambda: [*_query()[:-1], z3.If(z3.Int("x") > 0, z3.Int("x"), -z3.Int("x")) == z3.Int("y") + 0],
], ids=["constant", "operator", "children_order", "name", "fewer", "assertion_order", "added_zero"])
def test_a_changed_query_has_another_digest(changed):
    assert proved.digest(changed()) != proved.digest(_query())


def test_a_sort_is_part_of_the_digest():
    assert proved.digest([z3.Int("v") == 0]) != proved.digest([z3.Real("v") == 0])


def test_a_shared_sub_term_is_hashed_once():
    """A term used twice (hash-consed by z3) and the same term built twice digest alike; a deep
    If-chain (deeper than Python's recursion limit) is walked."""
    x = z3.Int("x")
    t = x + 1
    assert proved.digest([t * t > 0]) == proved.digest([(x + 1) * (x + 1) > 0])
    deep = z3.IntVal(0)
    for i in range(3000):
        deep = z3.If(x == i, z3.IntVal(i), deep)
    assert proved.digest([deep == 3]) != proved.digest([deep == 4])


def test_the_digests_of_a_proof_equal_each_querys_own():
    """The enabled query, a prefix of the proof's, is digested with the same memo: the same value as
    alone; so is a query digested after others by one Digester."""
    q = _query()
    parts = {"proved": q, "enabled": q[:-1], "other": q[2:]}
    alone = {k: proved.digest(v) for k, v in parts.items()}
    assert proved.digests(parts) == alone
    d = proved.Digester()
    d.digest(_query(bound=7))
    assert d.digests(parts) == alone and len(set(alone.values())) == 3


def test_the_digest_is_the_same_in_another_process_with_another_hash_seed():
    code = ("from tests.properties.test_proved import _query; "
            "from cdg_oracle.properties import proved; print(proved.digest(_query()))")
    here = proved.digest(_query())
    seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert out.stdout.strip() == here


# -- the certificate, on a small proofs module of our own ------------------------------------------------

def _fake(bound: int = 3, verdict: str = "proved", enabled: bool = True):
    """A proofs module with two "transitions": ``x`` stays within ``bound``."""
    x = z3.Int("x")
    queries = {"up": lambda: {"enabled": [x >= 0, x < bound], "proved": [x >= 0, x < bound, z3.Not(x + 1 <= bound)]},
               "down": lambda: {"enabled": [x >= 0], "proved": [x >= 0, z3.Not(x - 1 >= -1)]}}
    return types.SimpleNamespace(
        __file__=__file__, query_names=lambda: list(queries), query=lambda n, memo=None: queries[n](),
        prove=lambda n: {"name": n, "status": verdict, "enabled": enabled})


def test_a_certificate_stands_for_unchanged_queries_and_names_a_changed_one(monkeypatch):
    monkeypatch.setattr(proved, "proofs_module", lambda game: _fake())
    cert = proved.certify("g")
    assert set(cert["proofs"]) == {"up", "down"}
    assert cert["proofs"]["up"]["verdict"] == "proved" and cert["proofs"]["up"]["enabled"] is True
    assert set(cert["proofs"]["up"]["digests"]) == {"enabled", "proved"}
    assert proved.stale("g", cert) == []
    monkeypatch.setattr(proved, "proofs_module", lambda game: _fake(bound=4))
    (line,) = proved.stale("g", cert)
    assert line.startswith("g: up: its query changed since it was proved (enabled, proved)")
    assert "python -m cdg_oracle.oracle.proved_cmd --game g" in line and "\n" not in line


def test_a_certificate_of_a_failed_or_vacuous_proof_or_other_names_does_not_stand(monkeypatch):
    monkeypatch.setattr(proved, "proofs_module", lambda game: _fake(verdict="counterexample"))
    cert = proved.certify("g")
    assert all("not proved" in line for line in proved.stale("g", cert))
    monkeypatch.setattr(proved, "proofs_module", lambda game: _fake(enabled=False))
    cert = proved.certify("g")
    assert all("vacuous" in line for line in proved.stale("g", cert)) and proved.stale("g", cert)
    cert = proved.certify("g", names=["up"])
    cert["proofs"]["gone"] = cert["proofs"]["up"]
    problems = proved.stale("g", {"proofs": cert["proofs"]})
    assert any(p.startswith("g: down: not in the certificate") for p in problems)
    assert any(p.startswith("g: gone: in the certificate but no longer a proof") for p in problems)


def test_a_bad_certificate_file_is_a_one_line_error(tmp_path, monkeypatch):
    fake = _fake()
    fake.__file__ = str(tmp_path / "z3_proofs.py")
    monkeypatch.setattr(proved, "proofs_module", lambda game: fake)
    with pytest.raises(DataError, match="no certificate; write it with python -m"):
        proved.load("g")
    (tmp_path / "proved.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON at line 1"):
        proved.load("g")
    (tmp_path / "proved.json").write_text(json.dumps({"proofs": {"up": 1}}), encoding="utf-8")
    with pytest.raises(DataError, match="expected"):
        proved.load("g")


def test_the_command_writes_the_certificate_and_checks_it(tmp_path, monkeypatch, capsys):
    fake = _fake()
    fake.__file__ = str(tmp_path / "z3_proofs.py")
    monkeypatch.setattr(proved, "proofs_module", lambda game: fake)
    monkeypatch.setattr(proved_cmd, "_names", lambda game, only: [n for n in fake.query_names() if n in only])
    assert proved_cmd.main(["--game", "g"]) == 0
    written = json.loads((tmp_path / "proved.json").read_text(encoding="utf-8"))
    assert set(written["proofs"]) == {"up", "down"} and written["command"].endswith("--game g")
    assert proved_cmd.main(["--game", "g", "--check"]) == 0
    changed = _fake(bound=9)
    changed.__file__ = fake.__file__
    monkeypatch.setattr(proved, "proofs_module", lambda game: changed)
    assert proved_cmd.main(["--game", "g", "--check"]) == 1
    assert "g: up: its query changed" in capsys.readouterr().out
    assert proved_cmd.main(["--game", "g", "--only", "up"]) == 0
    assert proved_cmd.main(["--game", "g", "--check"]) == 0


def test_the_command_gives_a_one_line_error_for_a_bad_game_or_proof(capsys):
    assert proved_cmd.main(["--game", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert proved_cmd.main(["--game", "labyrinth", "--only", "no_such_step"]) == 2
    err = capsys.readouterr().err
    assert "no proof 'no_such_step'" in err and err.count("\n") == 1
