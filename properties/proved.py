"""The certificate of proved queries: a game's z3 proofs checked without solving, as a verifier's
cache of proof hints is (Dafny's, F*'s).

A transition's proof is a z3 query (``Inv(pre) and T and not Inv(post)``, whose unsat is the proof)
and, for the proof not to be vacuous, a second one (``Inv(pre) and T``, whose sat says some state
keeping the invariants can take the step). Proving them costs seconds each; building them costs
milliseconds. So the proofs are made once, for real, by

    python -m cdg_oracle.oracle.proved_cmd --game GAME

which records in ``properties/<game>/proved.json`` (the folder of the game's proofs module, its
checks record's ``proofs``: properties/games.py) for each proof the :func:`digest` of each of its
queries and what z3 answered (the verdict, and whether the step is enabled); and the test suite
checks, for each game, that every query built now has the digest the certificate recorded
(:func:`stale`): an unchanged query has the answer z3 gave it. A transition, an invariant, a
guard or a helper changed since the certificate changes the query's digest, and the check names
the proof and the command that re-proves it. The full re-proving stays (each game's
``prove_all()``: ``cdg-oracle verify``, the slow tests with ``CDG_SLOW_TESTS=1``).

**What a game's proofs module gives** (generic: no game is named here): ``query_names()``, the
proofs whose queries the certificate records (the transitions; A Distant Plain's composite steps
too), in ``prove_all()``'s order; ``query(name, memo=None)``, the exact assertions each solver call of
``prove(name)`` is given, built without solving, as ``{"proved": [...], "enabled": [...]}`` (the
query whose unsat the verdict "proved" means, and the one whose sat means "not vacuous"; the
proofs build their solver calls from this same function, so the digest is of the very query
solved; ``memo``, a dict :func:`stale` keeps for one check, where the module may keep what its
queries share, built once); ``prove(name)``, the proof made for real (its verdict as ``status`` or ``verdict``, and
``enabled``).

**The digest** (:func:`digest`) is our own walk of the z3 terms, the same on any install: each
term is serialised as its kind (an application, a numeral, a bound variable, a quantifier), its
function's kind by its z3 name (``Z3_OP_ADD``: stable where z3's numbering of the kinds is not),
its function's name and parameters (and the domain of an uninterpreted function), its sort (by
kind and name, an array's domain and range, a datatype's constructors), a numeral's value (with
its sort alone) or a string's, and its children's hashes in order; a term's hash is the SHA-256
of that serialisation, and the query's digest the SHA-256 of its assertions' hashes in order (a
Merkle tree over z3's term graph). A sub-term shared by several parents (z3 terms are
hash-consed) is hashed once, memoised by z3's id of the term (:class:`Digester`, which also
shares the memo across the queries of one check: a game's proofs all assume the same
pre-state invariants). It reads no Python ``id()`` or ``hash()``, no printed form of z3's
(``sexpr``, which may change between versions) and no set's order.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import z3
import z3.z3consts as _C

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.properties.games import checks
from cdg_oracle.properties.z3_work import c_function

#: The file each game's certificate is, beside its proofs module.
CERTIFICATE = "proved.json"
#: The command that writes a game's certificate (proving every query for real).
COMMAND = "python -m cdg_oracle.oracle.proved_cmd --game {game}"

#: z3's function kinds by number -> their names (the serialisation's, stable across versions).
_OP_NAMES = {v: k for k, v in vars(_C).items() if k.startswith("Z3_OP_")}
#: z3's sort kinds by number -> their names.
_SORT_NAMES = {v: k for k, v in vars(_C).items()
               if k.endswith("_SORT") and k.startswith("Z3_") and not k.startswith("Z3_PARAMETER_")}
_NUMERAL, _APP, _VAR, _QUANTIFIER = (_C.Z3_NUMERAL_AST, _C.Z3_APP_AST, _C.Z3_VAR_AST, _C.Z3_QUANTIFIER_AST)


# z3's getters without the error check after each call (the walk's main cost: these getters of a
# valid term fail on nothing)
_id, _kind = c_function("Z3_get_ast_id"), c_function("Z3_get_ast_kind")
_nargs, _arg = c_function("Z3_get_app_num_args"), c_function("Z3_get_app_arg")
_app_decl, _sort_of = c_function("Z3_get_app_decl"), c_function("Z3_get_sort")
_decl_ast, _sort_ast = c_function("Z3_func_decl_to_ast"), c_function("Z3_sort_to_ast")


class Digester:
    """Digests of z3 queries (:meth:`digest`, :meth:`digests`) sharing their memo: each term's hash
    (and each decl's and sort's serialisation), by z3's id of the term, is computed once for all the
    queries given to one Digester (a game's proofs share their pre-state's invariants). The queries
    given are kept alive with it, so that z3 gives none of their ids to another term meanwhile."""

    def __init__(self):
        self.ctx = None
        self.hashes: dict[int, bytes] = {}   # z3's ast id -> the term's SHA-256
        self.decls: dict[int, str] = {}
        self.sorts: dict[int, str] = {}
        self.kept: list = []

    def symbol(self, sym) -> str:
        c = self.ctx
        if z3.Z3_get_symbol_kind(c, sym) == _C.Z3_INT_SYMBOL:
            return f"#{z3.Z3_get_symbol_int(c, sym)}"
        return z3.Z3_get_symbol_string(c, sym)

    def sort(self, s) -> str:
        c = self.ctx
        key = _id(c, _sort_ast(c, s))
        out = self.sorts.get(key)
        if out is None:
            kind = z3.Z3_get_sort_kind(c, s)
            parts = [_SORT_NAMES.get(kind, str(kind)), self.symbol(z3.Z3_get_sort_name(c, s))]
            if kind == _C.Z3_BV_SORT:
                parts.append(str(z3.Z3_get_bv_sort_size(c, s)))
            elif kind == _C.Z3_ARRAY_SORT:
                parts += [self.sort(z3.Z3_get_array_sort_domain(c, s)), self.sort(z3.Z3_get_array_sort_range(c, s))]
            elif kind == _C.Z3_DATATYPE_SORT:
                n = z3.Z3_get_datatype_sort_num_constructors(c, s)
                parts += [self.symbol(z3.Z3_get_decl_name(c, z3.Z3_get_datatype_sort_constructor(c, s, i)))
                          for i in range(n)]
            out = self.sorts[key] = "(" + " ".join(parts) + ")"
        return out

    def decl(self, d) -> str:
        c = self.ctx
        key = _id(c, _decl_ast(c, d))
        out = self.decls.get(key)
        if out is None:
            kind = z3.Z3_get_decl_kind(c, d)
            parts = [_OP_NAMES.get(kind, str(kind)), self.symbol(z3.Z3_get_decl_name(c, d))]
            for i in range(z3.Z3_get_decl_num_parameters(c, d)):
                parts.append(self.parameter(d, i))
            if kind == _C.Z3_OP_UNINTERPRETED:
                parts += [self.sort(z3.Z3_get_domain(c, d, i)) for i in range(z3.Z3_get_domain_size(c, d))]
                parts.append(self.sort(z3.Z3_get_range(c, d)))
            out = self.decls[key] = " ".join(parts)
        return out

    def parameter(self, d, i: int) -> str:
        c = self.ctx
        k = z3.Z3_get_decl_parameter_kind(c, d, i)
        if k == _C.Z3_PARAMETER_INT:
            return f"i{z3.Z3_get_decl_int_parameter(c, d, i)}"
        if k == _C.Z3_PARAMETER_DOUBLE:
            return f"d{z3.Z3_get_decl_double_parameter(c, d, i)!r}"
        if k == _C.Z3_PARAMETER_RATIONAL:
            return f"r{z3.Z3_get_decl_rational_parameter(c, d, i)}"
        if k == _C.Z3_PARAMETER_SYMBOL:
            return f"s{self.symbol(z3.Z3_get_decl_symbol_parameter(c, d, i))}"
        if k == _C.Z3_PARAMETER_SORT:
            return f"S{self.sort(z3.Z3_get_decl_sort_parameter(c, d, i))}"
        if k == _C.Z3_PARAMETER_FUNC_DECL:
            return f"F({self.decl(z3.Z3_get_decl_func_decl_parameter(c, d, i))})"
        if k == _C.Z3_PARAMETER_AST:
            return f"A@{self.term(z3.Z3_get_decl_ast_parameter(c, d, i)).hex()}"
        return f"?{k}"

    def children(self, a, kind: int) -> list:
        """The sub-terms of ``a`` (of z3's ast kind ``kind``), serialised before it."""
        c = self.ctx
        if kind == _APP:
            return [_arg(c, a, i) for i in range(_nargs(c, a))]
        if kind == _QUANTIFIER:
            return [z3.Z3_get_quantifier_body(c, a)]
        return []

    def record(self, a, kind: int, args: list[str]) -> str:
        """The serialisation of the term ``a`` (of ast kind ``kind``; ``args``: its children's
        hashes, in hex)."""
        c = self.ctx
        if kind == _VAR:
            return f"V {z3.Z3_get_index_value(c, a)} {self.sort(_sort_of(c, a))}"
        if kind == _QUANTIFIER:
            q = "lambda" if z3.Z3_is_lambda(c, a) else ("forall" if z3.Z3_is_quantifier_forall(c, a) else "exists")
            n = z3.Z3_get_quantifier_num_bound(c, a)
            bound = [f"{self.symbol(z3.Z3_get_quantifier_bound_name(c, a, i))}:"
                     f"{self.sort(z3.Z3_get_quantifier_bound_sort(c, a, i))}" for i in range(n)]
            return f"Q {q} {z3.Z3_get_quantifier_weight(c, a)} [{' '.join(bound)}] @{args[0]}"
        if kind not in (_APP, _NUMERAL):
            raise TypeError(f"not a term: ast kind {kind}")
        if kind == _NUMERAL:
            # (its function is the numeral's own, a parameter of which is the value: left out)
            return f"N {self.sort(_sort_of(c, a))} ={z3.Z3_get_numeral_string(c, a)}"
        head = f"T {self.decl(_app_decl(c, a))} {self.sort(_sort_of(c, a))}"
        if not args and z3.Z3_is_string(c, a):
            head += f" ={z3.Z3_get_string(c, a)!r}"
        return head + "".join(f" @{i}" for i in args)

    def term(self, root) -> bytes:
        """The hash of ``root``: the SHA-256 of its serialisation, which names its children by their
        hashes (computed first, in order, by an explicit stack: the If-chains over a map are deeper
        than Python's recursion limit)."""
        c, hashes = self.ctx, self.hashes
        rid = _id(c, root)
        if rid in hashes:
            return hashes[rid]
        # (term, its id, its kind, its children and their ids once expanded)
        stack = [(root, rid, None, None)]
        while stack:
            a, aid, kind, kids = stack.pop()
            if aid in hashes:
                continue
            if kids is not None:
                text = self.record(a, kind, [hashes[i].hex() for _, i in kids])
                hashes[aid] = hashlib.sha256(text.encode()).digest()
                continue
            kind = _kind(c, a)
            kids = [(x, _id(c, x)) for x in self.children(a, kind)]
            stack.append((a, aid, kind, kids))
            for x, i in reversed(kids):
                if i not in hashes:
                    stack.append((x, i, None, None))
        return hashes[rid]

    def _roots(self, assertions: list) -> list[bytes]:
        out = []
        for a in assertions:
            if not isinstance(a, z3.AstRef):
                raise TypeError(f"not a z3 term: {a!r}")
            if self.ctx is None:
                self.ctx = a.ctx.ref()
            self.kept.append(a)
            out.append(self.term(a.as_ast()))
        return out

    def digest(self, assertions) -> str:
        """The digest of the query ``assertions`` (module :func:`digest`)."""
        h = hashlib.sha256(b"query")
        for r in self._roots(list(assertions)):
            h.update(r)
        return h.hexdigest()

    def digests(self, query: dict) -> dict[str, str]:
        """The digest of each solver call of a proof (``{"proved": [...], "enabled": [...]}``)."""
        return {part: self.digest(assertions) for part, assertions in sorted(query.items())}


def digest(assertions) -> str:
    """The SHA-256 (hex) of the structure of the z3 query ``assertions`` (a list of Boolean terms,
    in order): equal for the same terms however and whenever built, on any install; another
    constant, operator, name, sort or order of the assertions gives another digest."""
    return Digester().digest(assertions)


def digests(query: dict) -> dict[str, str]:
    """The digest of each solver call of a proof (``{"proved": [...], "enabled": [...]}``), each
    equal to :func:`digest` of its assertions."""
    return Digester().digests(query)


def verdict(result: dict):
    """A proof result's verdict (``status`` in some games' results, ``verdict`` in others)."""
    return result.get("status", result.get("verdict"))


def proofs_module(game: str):
    """The game's proofs module (its checks record's ``proofs``), with what the certificate needs."""
    P = checks(game).proofs
    if P is None or not all(hasattr(P, f) for f in ("query_names", "query", "prove")):
        raise DataError(f"{game}: its checks record names no proofs module with query_names(), query() and prove()")
    return P


def certificate_path(game: str) -> Path:
    """``properties/<game>/proved.json``: beside the game's proofs module."""
    return Path(proofs_module(game).__file__).resolve().with_name(CERTIFICATE)


def certify(game: str, names: list[str] | None = None, progress=None) -> dict:
    """The certificate of ``game``'s proofs (``names``: all of ``query_names()``): each query's
    digest, then the proof made for real by z3 (``prove(name)``), recording its verdict and
    whether the step is enabled as z3 answered them. ``progress(name, entry)`` is told each."""
    P = proofs_module(game)
    out = {}
    for name in names if names is not None else P.query_names():
        entry = {"digests": digests(P.query(name))}   # (a Digester each: nothing kept between proofs)
        r = P.prove(name)
        entry["verdict"] = verdict(r)
        entry["enabled"] = r.get("enabled")
        out[name] = entry
        if progress is not None:
            progress(name, entry)
    return {"game": game, "z3_version": z3.get_version_string(), "command": COMMAND.format(game=game),
            "proofs": out}


def to_json(cert: dict) -> str:
    return json.dumps(cert, indent=1, sort_keys=True) + "\n"


def load(game: str) -> dict:
    """The committed certificate of ``game`` (a one-line DataError for a missing or malformed
    file)."""
    path = certificate_path(game)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: no certificate; write it with {COMMAND.format(game=game)}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{path}: cannot read: {e}") from None
    except json.JSONDecodeError as e:
        raise DataError(f"{path}: not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    proofs = data.get("proofs") if isinstance(data, dict) else None
    if not isinstance(proofs, dict) or not all(
            isinstance(e, dict) and isinstance(e.get("digests"), dict) for e in proofs.values()):
        raise DataError(f"{path}: expected {{\"proofs\": {{name: {{\"digests\", \"verdict\", \"enabled\"}}}}}}")
    return data


def stale(game: str, cert: dict | None = None, names: list[str] | None = None) -> list[str]:
    """What keeps ``game``'s certificate from standing for its proofs, one line each (none: every
    query built now is one z3 proved, and no step is vacuous): a proof missing from the certificate
    or no longer in the suite, a query whose digest differs (changed since it was proved), a
    verdict other than proved, a step not enabled. Builds every query (``names``: only those, and
    no check of the certificate's other entries); solves none."""
    P = proofs_module(game)
    cert = load(game) if cert is None else cert
    recorded = cert["proofs"]
    redo = COMMAND.format(game=game)
    out, digester, memo = [], Digester(), {}
    if names is None:
        names = list(P.query_names())
        out = [f"{game}: {n}: in the certificate but no longer a proof; re-prove: {redo}"
               for n in recorded if n not in set(names)]
    for name in names:
        entry = recorded.get(name)
        if entry is None:
            out.append(f"{game}: {name}: not in the certificate; prove it: {redo}")
            continue
        now = digester.digests(P.query(name, memo=memo))
        changed = sorted(p for p in set(now) | set(entry["digests"]) if now.get(p) != entry["digests"].get(p))
        if changed:
            out.append(f"{game}: {name}: its query changed since it was proved ({', '.join(changed)}); "
                       f"re-prove: {redo}")
        elif entry.get("verdict") != "proved":
            out.append(f"{game}: {name}: the certificate's verdict is {entry.get('verdict')!r}, not proved")
        elif "enabled" in now and entry.get("enabled") is not True:
            out.append(f"{game}: {name}: vacuous (no state keeping the invariants takes the step)")
    return out
