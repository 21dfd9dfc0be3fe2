"""Game traces: JSON Lines, versioned, with a published JSON Schema (oracle/data/trace.schema.json).

Line 1 is the header::

    {"type": "header", "format": "cdg-oracle-trace", "format_version": 1, "game": "labyrinth",
     "scenario": "lets_roll", "length": "standard", "rulings": {...}, "model_version": "0.1.0",
     "seed": 7}

then one line per step, every choice and every chance outcome::

    {"type": "step", "i": 0, "player": "chance", "action": {"card": 35},
     "legal_count": 120, "legal_hash": "…", "rules": ["5.3.1"]}

(``legal_count``/``legal_hash`` are optional: the number of legal actions and the SHA-256 of their
canonical JSON list, so a replay also checks the legal-action sets), and optionally a last line::

    {"type": "end", "steps": 812, "winner": "US", "reason": "…", "state_hash": "…"}

Replay consumes the whole trace and reports conformance or the first divergence.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from model.core.errors import DataError, IllegalAction
from model.core.game import action_key
from oracle import __version__
from oracle.games import new_state

FORMAT = "cdg-oracle-trace"
FORMAT_VERSION = 1


def legal_hash(actions: list) -> str:
    text = "[" + ",".join(action_key(a) for a in actions) + "]"
    return hashlib.sha256(text.encode()).hexdigest()


def state_hash(state) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def header(game: str, scenario: str, length: str, rulings: dict, seed: int | None) -> dict:
    return {"type": "header", "format": FORMAT, "format_version": FORMAT_VERSION, "game": game,
            "scenario": scenario, "length": length, "rulings": rulings, "model_version": __version__,
            "seed": seed}


def dumps(obj: dict) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


@dataclass
class Verdict:
    conformant: bool
    steps: int
    message: str
    divergence: dict[str, Any] | None = field(default=None)

    def to_dict(self) -> dict:
        return {"conformant": self.conformant, "steps": self.steps, "message": self.message,
                "divergence": self.divergence}


def parse(text: str, where: str) -> tuple[dict, list[dict], dict | None]:
    """Parse and validate a trace; a malformed one raises DataError naming the line."""
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise DataError(f"{where}: line 1: empty trace (expected a header)")
    records = []
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{where}: line {no}: not JSON ({e.msg} at column {e.colno})") from None
        if not isinstance(rec, dict) or rec.get("type") not in ("header", "step", "end"):
            raise DataError(f"{where}: line {no}: expected an object with type header, step or end")
        records.append((no, rec))
    no, head = records[0]
    if head.get("type") != "header":
        raise DataError(f"{where}: line {no}: the first line must be the header")
    if head.get("format") != FORMAT or head.get("format_version") != FORMAT_VERSION:
        raise DataError(f"{where}: line {no}: not a {FORMAT} version {FORMAT_VERSION} trace")
    for key, typ in (("game", str), ("scenario", str), ("length", str), ("rulings", dict)):
        if not isinstance(head.get(key), typ):
            raise DataError(f"{where}: line {no}: header field {key!r} missing or not a {typ.__name__}")
    steps, end = [], None
    for no, rec in records[1:]:
        if end is not None:
            raise DataError(f"{where}: line {no}: a record after the end line")
        if rec["type"] == "header":
            raise DataError(f"{where}: line {no}: a second header")
        if rec["type"] == "end":
            end = rec
            continue
        if rec.get("i") != len(steps):
            raise DataError(f"{where}: line {no}: step index {rec.get('i')!r}, expected {len(steps)}")
        if "action" not in rec or not isinstance(rec.get("player"), str):
            raise DataError(f"{where}: line {no}: a step needs 'player' and 'action'")
        a = rec["action"]
        if not (isinstance(a, (str, int)) or a is None or (isinstance(a, dict) and all(
                isinstance(v, (str, int, bool)) or v is None for v in a.values()))):
            raise DataError(f"{where}: line {no}: an action is a string or a flat object")
        rec["_line"] = no
        steps.append(rec)
    return head, steps, end


def replay(text: str, where: str = "trace") -> Verdict:
    """Replay a trace through the model; the first divergence, or conformance."""
    head, steps, end = parse(text, where)
    state = new_state(head["game"], head["scenario"], head["length"], head["rulings"])
    for rec in steps:
        i, line = rec["i"], rec["_line"]
        if state.is_terminal():
            return Verdict(False, i, f"step {i} (line {line}): the game is already over "
                           f"({state.winner()} won) but the trace goes on",
                           {"step": i, "line": line, "expected": "end of trace", "found": rec["action"]})
        player = state.current_player()
        decision = state.decision() or {}
        if rec["player"] != player:
            return _diverge(i, line, f"player {player}", f"player {rec['player']}", decision)
        legal = state.legal_actions()
        if "legal_count" in rec and rec["legal_count"] != len(legal):
            return _diverge(i, line, f"{len(legal)} legal actions", f"{rec['legal_count']}", decision)
        if "legal_hash" in rec and rec["legal_hash"] != legal_hash(legal):
            return _diverge(i, line, f"legal actions hashing to {legal_hash(legal)[:12]}…",
                            f"{str(rec['legal_hash'])[:12]}…", decision)
        try:
            state.apply(rec["action"])
        except IllegalAction:
            return _diverge(i, line, f"one of {len(legal)} legal actions", json.dumps(rec["action"]) + " (illegal)", decision)
    n = len(steps)
    if end is not None:
        if end.get("steps") != n:
            return Verdict(False, n, f"end line says {end.get('steps')} steps, the trace has {n}")
        if "winner" in end and end["winner"] != state.winner():
            return Verdict(False, n, f"end: the model's winner is {state.winner()}, the trace says {end['winner']}",
                           {"step": n, "expected": state.winner(), "found": end["winner"]})
        if "state_hash" in end and end["state_hash"] != state_hash(state):
            return Verdict(False, n, "end: final state differs from the trace's state_hash",
                           {"step": n, "expected": state_hash(state), "found": end["state_hash"]})
    if state.is_terminal():
        return Verdict(True, n, f"conformant: {n} steps replayed; {state.winner()} wins: {state.outcome()['reason']}")
    return Verdict(True, n, f"conformant: {n} steps replayed; the game is not over "
                   f"(next: {state.current_player()}, {(state.decision() or {}).get('prompt', '')})")


def _diverge(i: int, line: int, expected: str, found: str, decision: dict) -> Verdict:
    rule = decision.get("rule", "")
    prompt = decision.get("prompt", "")
    return Verdict(False, i, f"divergence at step {i} (line {line}): expected {expected}, found {found} "
                   f"— at {prompt!r} (rule {rule})",
                   {"step": i, "line": line, "expected": expected, "found": found, "rule": rule, "prompt": prompt})


def from_actions(game: str, scenario: str, length: str, rulings: dict, actions: list,
                 seed: int | None = None) -> str:
    """The trace text of ``actions`` applied from a fresh game (a failure found by a property
    check, for instance): one step line per action, with the legal-action count and hash and the
    rules applied; it stops before an action that is not legal, and at an action whose ``apply``
    raised (written without rules); an end line only if the game is over. Replays with ``replay``."""
    state = new_state(game, scenario, length, rulings)
    lines = [dumps(header(game, scenario, length, state.rulings_dict(), seed))]
    for i, action in enumerate(actions):
        if state.is_terminal() or action not in state.legal_actions():
            break
        legal = state.legal_actions()
        rec = {"type": "step", "i": i, "player": state.current_player(), "action": action,
               "legal_count": len(legal), "legal_hash": legal_hash(legal)}
        try:
            state.apply(action)
        except Exception:  # noqa: BLE001 -- the failure being recorded: its step ends the trace,
            lines.append(dumps(rec))  # without rules, so that replaying raises the same error there
            break
        rec["rules"] = state.applied_rules()
        lines.append(dumps(rec))
    if state.is_terminal():
        t = state.outcome()
        lines.append(dumps({"type": "end", "steps": len(lines) - 1, "winner": t["winner"],
                            "reason": t["reason"], "state_hash": state_hash(state)}))
    return "\n".join(lines) + "\n"
