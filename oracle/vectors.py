"""Conformance vectors, for any game of the registry: one decision of a real game, with the position
before it and everything the rules say must follow, as language-neutral JSON (docs/vectors.md).

A vector is a file ``vectors/<id>.json``: the game, scenario, length and rulings; ``setup``, the
actions and chance outcomes that lead from the scenario's start to the position; the canonical
state there (``state``), the player to move and the legal actions; one ``choice`` and the
``chance`` outcomes that follow it up to the next decision of a side (or the end); and
``expected``: the canonical state after, the player then to move, the legal actions then and the
rule numbers applied on the way. An implementation resets to the scenario, applies ``setup``,
checks it arrived, applies ``choice`` and ``chance`` and compares.

What the vectors cover is the game's :class:`~cdg_oracle.properties.coverage.Coverage`
(properties/coverage.py; Labyrinth's, properties/labyrinth/coverage.py: every operation of both
sides, Reserves and the 120 events; a game without one: every question and rule its games meet).
The positions come from seeded games of the model (:func:`search`): first every scenario, seeds
0, 1, 2, ... up to a budget, played by the coverage's policy, keeping for each target the
occurrence with the fewest set-up steps; then, for what is still missing, games directed at it,
up to a second budget. What is not found is listed as not covered, never made up. The search
reads the games through the contract only (``decision()``, ``context()``, ``applied_rules()``).
"""
from __future__ import annotations

import json
import os
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import action_key
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle import statediff
from cdg_oracle.oracle.fileio import loads_strict
from cdg_oracle.properties.coverage import Target, Window, coverage

FORMAT = "cdg-oracle-vector"
FORMAT_VERSION = 1
INDEX_FORMAT = "cdg-oracle-vector-index"
LENGTH = "standard"
VECTOR_DIR = "vectors"            # the vector files, inside the output folder
DEFAULT_GAMES = 25                # shortest-set-up search: seeds 0..24 of every scenario
DEFAULT_DIRECTED_GAMES = 100      # directed search, per target still missing: seeds 0..99 of every scenario
SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "vector.schema.json"
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")



def default_out(game: str) -> str:
    """Where ``cdg-oracle vectors`` writes by default: ``vectors/<game>``."""
    return f"vectors/{game}"


def targets(game: str = DEFAULT_GAME) -> list[Target]:
    """Everything a full set of ``game``'s vectors covers, in file order (empty for a game whose
    targets are discovered in its games)."""
    return coverage(game).targets()


def select(all_targets: list[Target], only: list[str] | None) -> list[Target]:
    """The targets named by ``--only`` (ids), in file order; an unknown id is an error."""
    if not only:
        return all_targets
    known = {t.id for t in all_targets}
    for x in only:
        if x not in known:
            raise DataError(f"--only: unknown vector id {x!r} (ids look like op-us-disrupt or card-044; "
                            "see index.json)")
    wanted = set(only)
    return [t for t in all_targets if t.id in wanted]


# -- the search ---------------------------------------------------------------------------------------
def play_windows(game: str, scenario: str, seed: int, rulings: dict | None = None, length: str = LENGTH,
                 on_window: Callable[[Window], None] | None = None, policy=None,
                 max_steps: int = 200_000, options: dict | None = None) -> list:
    """Play one searched game (``policy``, default the game's coverage policy, with
    ``random.Random(seed)``; under the game ``options``, None: the defaults), calling ``on_window``
    with each decision window once its chance steps are known; returns the game's actions (choices
    and chance outcomes, in order)."""
    from cdg_oracle.oracle.games import new_state

    policy = policy or coverage(game).policy
    st = new_state(game, scenario, length, rulings, options)
    rng = random.Random(seed)
    actions: list = []
    window: Window | None = None
    while not st.is_terminal():
        if len(actions) >= max_steps:
            raise RuntimeError(f"{scenario} seed {seed}: no end after {max_steps} steps")
        if st.current_player() == "chance":
            a = policy.chance(rng, st)
            st.apply(a)
            actions.append(a)
            if window is not None:
                window.applies.append(st.applied_rules())
                window.chance += 1
            continue
        ctx = st.context()
        if window is not None and on_window is not None:
            window.post_procedures = ctx["procedures"]
            on_window(window)
        player = st.current_player()
        question = st.decision()["question"]
        a = policy.decide(rng, st, st.legal_actions())
        st.apply(a)
        actions.append(a)
        window = Window(len(actions) - 1, player, a, question, ctx["procedures"], ctx.get("card"), ctx.get("side"),
                        [st.applied_rules()])
    if window is not None and on_window is not None:
        window.post_procedures = []
        on_window(window)
    return actions


@dataclass
class Found:
    """Where a target was found: the game (scenario, seed, policy, game options), the choice's place
    in it (``index``: the number of set-up steps) and the number of chance steps after it."""

    target: str
    scenario: str
    seed: int
    policy: str
    index: int
    chance: int
    rank: int
    order: int        # the game's place in the search order, for ties
    options: tuple = ()   # the game options (Target.options)

    def game_key(self) -> tuple:
        return (self.scenario, self.seed, self.policy, self.options)

    def sort_key(self) -> tuple:
        return (self.rank, self.index, self.order)


@dataclass
class SearchResult:
    """The search's findings: ``found`` by target id; ``targets``, every target (with those
    discovered in the games, for a coverage that discovers them); ``games``, the actions of every
    game a finding is in, by (scenario, seed, policy name, game options); ``policies``, each policy's
    description; how many games each phase played."""

    found: dict
    games: dict
    policies: dict
    targets: dict
    played: int = 0
    played_directed: int = 0


def search_game(game: str, scenario: str, seed: int, rulings: dict | None, length: str, directed: str | None,
                target_ids: list[str] | None, options: tuple = ()) -> tuple:
    """One searched game, in any process, under the game options ``options`` (sorted pairs; ():
    the defaults): played by the coverage's policy (``directed``: the policy aimed at the target
    of that id), its windows matched against the targets ``target_ids`` (None: every target of
    those options; a coverage that discovers its targets finds them here). Returns
    ``(policy name, policy text, hits, actions, discovered)``: ``hits`` maps a target id to
    ``(rank, index, chance)``, ``discovered`` lists ``(id, covers, what, key)`` of the targets
    found, in the order of the windows."""
    cov = coverage(game)
    targets = [t for t in cov.targets() if t.options == options]
    if target_ids is not None:
        wanted = set(target_ids)
        targets = [t for t in targets if t.id in wanted]
    policy = cov.policy
    if directed is not None:
        policy = cov.directed(next(t for t in cov.targets() if t.id == directed)) or policy
    by_key: dict[str, list[Target]] = {}
    for t in targets:
        by_key.setdefault(t.key, []).append(t)
    hits: dict[str, tuple] = {}
    discovered: list[tuple] = []
    seen: set[str] = set()

    def on_window(w: Window) -> None:
        if cov.discover:
            for t in cov.discovered(w):
                if t.id not in seen:
                    seen.add(t.id)
                    discovered.append((t.id, t.covers, t.what, t.key))
                    by_key.setdefault(t.key, []).append(t)
        for key in cov.keys(w):
            for t in by_key.get(key, ()):
                rank = t.match(w)
                if rank is None:
                    continue
                f = (rank, w.index, w.chance)
                if t.id not in hits or (f[0], f[1]) < (hits[t.id][0], hits[t.id][1]):
                    hits[t.id] = f

    actions = play_windows(game, scenario, seed, rulings, length, on_window, policy,
                           options=dict(options) if options else None)
    return policy.name, policy.text, hits, actions if hits else None, discovered


def search(game: str, wanted: list[Target], scenarios: list[str], games: int, directed_games: int,
           rulings: dict | None = None, length: str = LENGTH, progress=None, jobs: int | str = 1) -> SearchResult:
    """Find every target of ``wanted`` (or, for a coverage that discovers its targets, every one
    the games show) in games of ``game``, played where ``jobs`` says (local worker processes or a
    Dask scheduler, properties/pool.py; the same result for any number of workers: the games are
    merged in search order). The targets are searched by the game
    options they name (``Target.options``; a Twilight Struggle edition), each set in turn, in the
    order of the targets:

    1. Shortest: games of the coverage's policy, seeds ``0..games-1`` of every scenario (seed 0 of
       each scenario, then seed 1 of each, ...); of all occurrences the one of lowest rank, then
       fewest set-up steps, then earliest game is kept.
    2. Directed, for each target still missing or found only in a fallback rank, in target order:
       seeds ``0..directed_games-1`` of every scenario, in the same order, with the target's
       directed policy (more games of the plain policy, seeds from ``games`` on, if it has none),
       until a game shows it in rank 0; the best occurrence overall is kept."""
    from cdg_oracle.properties.coverage import discovered_target
    from cdg_oracle.properties.pool import Workers

    cov = coverage(game)
    result = SearchResult({}, {}, {}, {t.id: t for t in wanted})
    order = 0

    def merge(scenario: str, seed: int, options: tuple, answer: tuple) -> None:
        nonlocal order
        name, text, hits, actions, discovered = answer
        for tid, covers, what, key in discovered:
            if tid not in result.targets:
                result.targets[tid] = discovered_target(tid, covers, what, key)
        improved = False
        for tid, (rank, index, chance) in hits.items():
            f = Found(tid, scenario, seed, name, index, chance, rank, order, options)
            old = result.found.get(tid)
            if old is None or f.sort_key() < old.sort_key():
                result.found[tid] = f
                improved = True
        if improved:
            result.games[f.game_key()] = actions
            result.policies[name] = text
        order += 1

    groups: dict[tuple, list[Target]] = {}
    for t in wanted:
        groups.setdefault(t.options, []).append(t)
    if cov.discover or not groups:
        groups = {(): []}
    # the bar counts the games finished on any worker, ahead of the merge in search order
    with Workers(jobs, progress.update if progress is not None else None) as workers:
        for options, group in groups.items():
            every = None if cov.discover else [t.id for t in group]
            plan = [(scenario, seed) for seed in range(games) for scenario in scenarios]
            workers.map(search_game, [(game, sc, sd, rulings, length, None, every, options) for sc, sd in plan],
                        lambda i, answer: merge(*plan[i], options, answer))
            result.played += len(plan)
            for t in group:
                if t.id in result.found and result.found[t.id].rank == 0:
                    continue
                directed = t.id if cov.directed(t) is not None else None
                first = 0 if directed is not None else games
                for seed in range(first, first + directed_games):
                    workers.map(search_game, [(game, sc, seed, rulings, length, directed, [t.id], options)
                                              for sc in scenarios],
                                lambda i, answer: merge(scenarios[i], seed, options, answer))
                    result.played_directed += len(scenarios)
                    if t.id in result.found and result.found[t.id].rank == 0:
                        break
    used = {f.game_key() for f in result.found.values()}
    result.games = {k: v for k, v in result.games.items() if k in used}
    result.policies = {k: v for k, v in result.policies.items() if k in {u[2] for u in used}}
    return result


# -- building vectors ---------------------------------------------------------------------------------
def sorted_actions(actions: list) -> list:
    """Actions in the order of their canonical JSON (how vectors list legal actions)."""
    return sorted(actions, key=action_key)


def build(game: str, found: dict, targets_by_id: dict, games: dict, rulings: dict | None = None,
          length: str = LENGTH) -> list[dict]:
    """The vector of every finding, replaying each game once from its scenario's start."""
    from cdg_oracle.oracle.games import new_state

    by_game: dict[tuple, list[Found]] = {}
    for f in found.values():
        by_game.setdefault(f.game_key(), []).append(f)
    out = []
    for key in sorted(by_game, key=lambda k: (k[0], k[1], k[2], k[3])):
        scenario, seed, _, options = key
        actions = games[key]
        st = new_state(game, scenario, length, rulings, dict(options) if options else None)
        at = 0
        for f in sorted(by_game[key], key=lambda f: (f.index, f.target)):
            while at < f.index:
                st.apply(actions[at])
                at += 1
            out.append(make_vector(game, length, targets_by_id[f.target], f, st, actions))
    order = {tid: i for i, tid in enumerate(targets_by_id)}
    out.sort(key=lambda v: order[v["id"]])
    return out


def make_vector(game: str, length: str, target: Target, f: Found, st, actions: list) -> dict:
    """The vector of ``target`` at ``st`` (the position before the choice ``actions[f.index]``)."""
    choice = actions[f.index]
    chance = actions[f.index + 1: f.index + 1 + f.chance]
    after = st.clone()
    rules: list[str] = []
    for a in [choice] + chance:
        after.apply(a)
        for r in after.applied_rules():
            if r not in rules:
                rules.append(r)
    if after.current_player() == "chance":
        raise RuntimeError(f"{target.id}: the window does not end at a decision")
    state, state_after = st.canonical(), after.canonical()
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": target.id,
        "covers": list(target.covers),
        "description": target.what,
        "game": game,
        "scenario": f.scenario,
        "length": length,
        "rulings": st.rulings_dict(),
        "source": {"seed": f.seed, "policy": f.policy, "step": f.index},
        "setup": actions[:f.index],
        "state": state,
        "state_hash": statediff.canonical_hash(state),
        "player": st.current_player(),
        "legal_actions": sorted_actions(st.legal_actions()),
        "choice": choice,
        "chance": chance,
        "expected": {
            "state": state_after,
            "state_hash": statediff.canonical_hash(state_after),
            "player": after.current_player(),
            "legal_actions": sorted_actions(after.legal_actions()),
            "rules": rules,
        },
    }
    if target.options:
        doc["options"] = dict(target.options)
    return doc


# -- writing ------------------------------------------------------------------------------------------
def _is_scalar(v: Any) -> bool:
    return not isinstance(v, (dict, list))


def _flat(v: Any) -> bool:
    """A scalar, or a list or object of scalars (an action, a list of cards)."""
    if isinstance(v, list):
        return all(_is_scalar(x) for x in v)
    if isinstance(v, dict):
        return all(_is_scalar(x) for x in v.values())
    return True


def _inline(v: Any) -> bool:
    """Written on one line: a scalar, a list of scalars, or an object whose members are scalars,
    lists of scalars or flat objects (an action, a country, a divide entry)."""
    if isinstance(v, list):
        return all(_is_scalar(x) for x in v)
    if isinstance(v, dict):
        return all(_flat(x) for x in v.values())
    return True


def dumps(value: Any, indent: int = 0) -> str:
    """Pretty, deterministic JSON: sorted keys, two-space indents, small things on one line, ASCII
    only (non-ASCII as \\uXXXX). Parses back to ``value``."""
    if _inline(value):
        return json.dumps(value, sort_keys=True, separators=(", ", ": "))
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + dumps(x, indent + 2) for x in value) + "\n" + pad + "]"
    if not value:
        return "{}"
    items = [f"{inner}{json.dumps(k)}: {dumps(value[k], indent + 2)}" for k in sorted(value)]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def vector_path(out: Path, vid: str) -> Path:
    return out / VECTOR_DIR / f"{vid}.json"


def index_doc(game: str, vectors: list[dict], wanted: list[Target], result: SearchResult, scenarios: list[str],
              games: int, directed_games: int, rulings: dict, only: list[str] | None,
              length: str = LENGTH) -> dict:
    """``index.json``: every vector (id, what it covers, where it came from), what was not covered
    and the search that found them."""
    got = {v["id"] for v in vectors}
    exercised = sorted({r for v in vectors for r in v["expected"]["rules"]}, key=_rule_order)
    return {
        "format": INDEX_FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "length": length,
        "rulings": rulings,
        "only": list(only) if only else None,
        "search": {
            "scenarios": scenarios,
            "games": games,
            "directed_games": directed_games,
            "games_played": result.played,
            "directed_games_played": result.played_directed,
            "policies": dict(sorted(result.policies.items())),
            "order": coverage(game).order_text,
        },
        "vectors": [
            {"id": v["id"], "covers": v["covers"], "description": v["description"],
             "file": f"{VECTOR_DIR}/{v['id']}.json", "scenario": v["scenario"], "seed": v["source"]["seed"],
             "policy": v["source"]["policy"], "setup_steps": len(v["setup"]), "chance_steps": len(v["chance"]),
             **({"options": v["options"]} if "options" in v else {})}
            for v in vectors
        ],
        "not_covered": [{"id": t.id, "covers": list(t.covers), "description": t.what,
                         **({"options": dict(t.options)} if t.options else {})}
                        for t in wanted if t.id not in got],
        "rules_exercised": exercised,
        "counts": {"vectors": len(vectors), "not_covered": len(wanted) - len(got)},
    }


def _rule_order(r: str) -> tuple:
    """Rule numbers in numeric order (``7.4.2`` before ``7.10``), then ``card N`` by number."""
    if r.startswith("card "):
        return (1, (int(r.split()[1]),), r)
    try:
        return (0, tuple(int(x) for x in r.split(".")), r)
    except ValueError:
        return (2, (), r)


def write(out: Path, vectors: list[dict], index: dict, perft: dict | None) -> list[Path]:
    """Write the vector files, ``index.json`` and ``perft.json`` (each atomically), then remove the
    vector files of an earlier run that this run did not write. Returns the paths written."""
    from cdg_oracle.oracle.fileio import write_atomic

    if out.exists() and not out.is_dir():
        raise DataError(f"--out {out}: not a folder")
    written = []
    try:
        for v in vectors:
            p = vector_path(out, v["id"])
            write_atomic(p, dumps(v) + "\n")
            written.append(p)
        p = out / "index.json"
        write_atomic(p, dumps(index) + "\n")
        written.append(p)
        if perft is not None:
            p = out / "perft.json"
            write_atomic(p, dumps(perft) + "\n")
            written.append(p)
        keep = {vector_path(out, v["id"]).name for v in vectors}
        for old in sorted((out / VECTOR_DIR).glob("*.json")):
            if old.name not in keep and ID_RE.match(old.stem):
                old.unlink()
    except OSError as e:
        raise DataError(f"{e.filename or out}: cannot write: {e.strerror}") from None
    return written


# -- checking -----------------------------------------------------------------------------------------
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def load_vector(path: Path, validator) -> dict:
    """Read and validate one vector file; any problem is a DataError naming the file."""
    from cdg_oracle.oracle.fileio import read_bounded
    from cdg_oracle.oracle.usage import UsageError

    try:
        text = read_bounded(path, "vector").decode("utf-8")
    except UsageError as e:
        raise DataError(str(e)) from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    try:
        doc = loads_strict(text)
    except json.JSONDecodeError as e:
        raise DataError(f"{path}: not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except ValueError as e:
        raise DataError(f"{path}: not valid JSON: {e}") from None
    except RecursionError:
        raise DataError(f"{path}: not valid JSON: nested too deeply") from None
    errors = sorted(validator.iter_errors(doc), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    if errors:
        e = errors[0]
        where = _json_path(e.absolute_path)
        raise DataError(f"{path}: {where}: {_short_message(e.message)} (vector.schema.json)")
    if path.stem != doc["id"]:
        raise DataError(f"{path}: the file of vector {doc['id']!r} must be named {doc['id']}.json")
    from cdg_oracle.oracle.games import new_state

    try:
        new_state(doc["game"], doc["scenario"], doc["length"], doc["rulings"], doc.get("options"))
    except DataError as e:
        raise DataError(f"{path}: {e}") from None
    return doc


def _json_path(parts) -> str:
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _short_message(msg: str, width: int = 160) -> str:
    msg = " ".join(msg.split())
    return msg if len(msg) <= width else msg[: width - 1] + "…"


def vector_files(folder: Path) -> list[Path]:
    """The vector files of a vectors folder (``DIR/vectors/*.json``); a folder holding vector files
    itself is accepted too. An index that lists other ids than the files present is an error."""
    if not folder.exists():
        raise DataError(f"--check {folder}: no such folder")
    if not folder.is_dir():
        raise DataError(f"--check {folder}: not a folder (give the folder --out wrote)")
    sub = folder / VECTOR_DIR
    files = sorted(sub.glob("*.json")) if sub.is_dir() else \
        sorted(p for p in folder.glob("*.json") if p.name not in ("index.json", "perft.json"))
    if not files:
        raise DataError(f"--check {folder}: no vector files (expected {sub}/*.json)")
    index = folder / "index.json"
    for p in files + ([index] if sub.is_dir() and index.exists() else []):
        _regular_file(p)  # read only regular files: a FIFO would block the read forever (issue 28.8)
    if sub.is_dir() and index.exists():
        try:
            listed = [v["id"] for v in json.loads(index.read_text(encoding="utf-8"))["vectors"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise DataError(f"{index}: not a vector index ({type(e).__name__})") from None
        present = {p.stem for p in files}
        for vid in listed:
            if vid not in present:
                raise DataError(f"{index}: lists {vid}, but {sub / (vid + '.json')} is missing")
        extra = sorted(present - set(listed))
        if extra:
            raise DataError(f"{sub / (extra[0] + '.json')}: not listed in {index}")
    return files


def _regular_file(path: Path) -> None:
    """Refuse anything in a vectors folder that is not a regular file (a FIFO, a device, a folder,
    a socket; a symbolic link is followed): a DataError naming the path, before any read."""
    import stat as S

    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror}") from None
    if not S.S_ISREG(mode):
        kind = ("a FIFO" if S.S_ISFIFO(mode) else "a folder" if S.S_ISDIR(mode) else "a socket" if S.S_ISSOCK(mode)
                else "a device" if S.S_ISCHR(mode) or S.S_ISBLK(mode) else "not a regular file")
        raise DataError(f"{path}: {kind}; a vectors folder holds regular files only")


def check_vector(doc: dict) -> list[str]:
    """Replay one (valid) vector against the model; the list of what differs (empty: pass)."""
    from cdg_oracle.oracle.games import new_state

    st = new_state(doc["game"], doc["scenario"], doc["length"], doc["rulings"], doc.get("options"))
    for i, a in enumerate(doc["setup"]):
        try:
            st.apply(a)
        except IllegalAction as e:
            return [f"setup[{i}]: the model rejects {action_key(a)}: {e}"]
    problems = compare(st, doc, "")
    if problems:
        return problems
    try:
        st.apply(doc["choice"])
    except IllegalAction as e:
        return [f"choice: the model rejects {action_key(doc['choice'])}: {e}"]
    rules: list[str] = []
    for r in st.applied_rules():
        if r not in rules:
            rules.append(r)
    for i, a in enumerate(doc["chance"]):
        if st.current_player() != "chance":
            return [f"chance[{i}]: the model asks {st.current_player()} to decide, not chance"]
        try:
            st.apply(a)
        except IllegalAction as e:
            return [f"chance[{i}]: the model rejects {action_key(a)}: {e}"]
        for r in st.applied_rules():
            if r not in rules:
                rules.append(r)
    if st.current_player() == "chance":
        return [f"chance: after {len(doc['chance'])} chance steps the model is still at a chance node "
                f"({st.decision()['prompt']})"]
    problems = compare(st, doc["expected"], "expected.")
    if rules != doc["expected"]["rules"]:
        problems.append(f"expected.rules: expected {statediff.canonical_json(doc['expected']['rules'])}, "
                        f"found {statediff.canonical_json(rules)}")
    return problems


def compare(st, want: dict, prefix: str) -> list[str]:
    """The model's position ``st`` against a vector's ``state``/``player``/``legal_actions``."""
    problems = []
    found = st.canonical()
    for line in statediff.render(statediff.diff(want["state"], found)):
        problems.append(f"{prefix}state: {line}")
    h = statediff.canonical_hash(found)
    if h != want["state_hash"]:
        problems.append(f"{prefix}state_hash: expected {want['state_hash']}, found {h}")
    if st.current_player() != want["player"]:
        problems.append(f"{prefix}player: expected {want['player']}, found {st.current_player()}")
    d = statediff.action_set_diff(want["legal_actions"], st.legal_actions())
    if d["missing"] or d["extra"]:
        parts = []
        if d["missing"]:
            parts.append(f"missing {statediff.canonical_json(d['missing'])}")
        if d["extra"]:
            parts.append(f"extra {statediff.canonical_json(d['extra'])}")
        problems.append(f"{prefix}legal_actions: {', '.join(parts)}")
    return problems


def check(folder: Path, only: list[str] | None = None) -> tuple[list[tuple[str, list[str]]], int]:
    """Check every vector of ``folder`` (or those named by ``only``): every file is read and
    validated first (a DataError for the first bad one), then each is replayed. Returns
    ``[(id, problems)]`` in file order."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    docs = [load_vector(p, validator) for p in vector_files(folder)]
    if only:
        ids = {d["id"] for d in docs}
        for x in only:
            if x not in ids:
                raise DataError(f"--only: no vector {x!r} in {folder}")
        docs = [d for d in docs if d["id"] in set(only)]
    results = [(d["id"], check_vector(d)) for d in docs]
    return results, sum(1 for _, p in results if p)
