"""Game traces, format version 2: writing them, validating them, replaying them to a verdict.

A trace is a JSON Lines file (the full description, for implementers, is docs/trace.md; the JSON
Schema of one line is oracle/data/trace.schema.json). Line 1 is the header::

    {"type":"header","format":"cdg-oracle-trace","format_version":2,"game":"labyrinth",
     "scenario":"lets_roll","length":"standard","rulings":{...},"model_version":"0.1.0","seed":7}

(a solo game, chapter 9, adds ``"options":{"solo":true,"ideology":"potent","minidecks":false}``;
a header without ``options`` is a two-player game), then one line per step, every choice and
every chance outcome, ``i`` counting from 0::

    {"type":"step","i":0,"player":"chance","action":{"card":35},"legal_count":120,
     "legal_hash":"…","state_hash":"…","rules":["5.3.1"]}

(``legal_count``, ``legal_hash``, ``state``, ``state_hash``, ``rules`` and ``gap`` -- set when the
chance node stands in for a table no source gives, 9.5 -- are optional), or a hidden
chance step, whose outcome the log does not know (the opponent's draw in a VASSAL log)::

    {"type":"step","i":1,"player":"chance","hidden":true}

and a required end line (a trace without one is a truncated file)::

    {"type":"end","steps":812,"winner":"US","reason":"…","state_hash":"…"}
    {"type":"end","steps":40,"winner":null,"reason":"…","unfinished":true}

Hashes: :func:`legal_hash` is order-independent (the sorted canonical JSON texts of the actions),
:func:`state_hash` is that of the canonical state (``State.canonical()``, oracle/statediff.py).

:func:`replay` validates every line, replays the steps through the model and returns a
:class:`Verdict`: ``conformant``, ``violation`` (the first divergence: step, line, expected vs
found, the rule cited, a state diff) or ``undetermined`` (hidden steps leave too many candidate
histories). A malformed trace raises :class:`TraceError` (a ``DataError`` naming file and line).
"""
from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import action_key
from cdg_oracle.oracle import __version__
from cdg_oracle.oracle.fileio import MAX_LINE_BYTES, DuplicateKey, loads_strict
from cdg_oracle.oracle.games import carried_options, new_state, start_state
from cdg_oracle.oracle.statediff import canonical_hash, canonical_json, diff, render

FORMAT = "cdg-oracle-trace"
FORMAT_VERSION = 2
DEFAULT_MAX_BRANCHES = 256
LISTED = 10  # legal actions listed in a divergence


class TraceError(DataError):
    """A trace that is not a well-formed version 2 trace; the one-line message names the file and
    the line, which is also kept as ``line`` (1-based; None when no line is to blame)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message.replace("\r", "\\r").replace("\n", "\\n"))  # one line, always
        self.line = line


# -- hashes and writing ---------------------------------------------------------------------------

def legal_hash(actions: list) -> str:
    """The order-independent hash of a set of legal actions: SHA-256 (hex) of ``"["`` + the
    actions' canonical JSON texts (``action_key``), sorted, joined by ``","`` + ``"]"``."""
    return legal_hash_of_keys([action_key(a) for a in actions])


def legal_hash_of_keys(keys: list[str]) -> str:
    """:func:`legal_hash` of actions whose ``action_key`` texts are ``keys``."""
    text = "[" + ",".join(sorted(keys)) + "]"
    return hashlib.sha256(text.encode()).hexdigest()


def state_hash(state) -> str:
    """The hash of a state as traces store it: of its canonical state (statediff.canonical_hash)."""
    return canonical_hash(state.canonical())


def header(game: str, scenario: str, length: str, rulings: dict, seed: int | None,
           options: dict | None = None, position: dict | None = None) -> dict:
    """The header record of a trace written by this program. ``options`` (``State.options()``)
    are written only when they are not the game's defaults (games.carried_options): a header
    without them is a game under its default options (Labyrinth: two-player)."""
    rec = {"type": "header", "format": FORMAT, "format_version": FORMAT_VERSION, "game": game,
           "scenario": scenario, "length": length, "rulings": rulings, "model_version": __version__,
           "seed": seed}
    carried = carried_options(game, options)
    if carried is not None:
        rec["options"] = carried
    if position is not None:  # the game starts from this position, not from the scenario's start
        rec["position"] = position
    return rec


def initial_state(head: dict, where: str = "trace"):
    """The game a (validated) header sets up: game, scenario, length, rulings and options; a header
    the model refuses (an unknown scenario, ruling or option) raises TraceError naming line 1."""
    try:
        return start_state(head["game"], head["scenario"], head["length"], head["rulings"], head.get("options"),
                           head.get("position"))
    except DataError as e:
        raise TraceError(f"{where}: line 1: {e}", 1) from None


def dumps(obj: dict) -> str:
    """One trace line: canonical JSON (sorted keys, compact, ASCII), without the newline."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def step_record(state, i: int, action, *, legal: bool = True, with_state: bool = False) -> dict:
    """Apply ``action`` to ``state`` and return the step record of it: player, action, with
    ``legal=True`` the legal-action count and hash before the step, the rules it applied, the
    state hash after it and, with ``with_state=True``, the canonical state after it."""
    rec = _step_before(state, i, action, legal)
    state.apply(action)
    return _step_after(state, rec, with_state)


def _step_before(state, i: int, action, legal: bool) -> dict:
    rec = {"type": "step", "i": i, "player": state.current_player(), "action": action}
    gap = (state.decision() or {}).get("gap")
    if gap:  # a chance node standing in for a table no source gives (9.5 Global table)
        rec["gap"] = gap
    if legal:
        actions = state.legal_actions()
        rec["legal_count"] = len(actions)
        rec["legal_hash"] = legal_hash(actions)
    return rec


def _step_after(state, rec: dict, with_state: bool) -> dict:
    rec["rules"] = state.applied_rules()
    canon = state.canonical()
    rec["state_hash"] = canonical_hash(canon)
    if with_state:
        rec["state"] = canon
    return rec


def end_record(state, steps: int, unfinished_reason: str | None = None, with_hash: bool = True) -> dict:
    """The end line after ``steps`` steps: the winner, the reason and the final state hash when
    the game is over; otherwise an unfinished end line giving ``unfinished_reason`` (or the
    pending question) as its reason."""
    if state.is_terminal():
        t = state.outcome()
        rec = {"type": "end", "steps": steps, "winner": t["winner"], "reason": t["reason"]}
    else:
        if unfinished_reason is None:
            d = state.decision() or {}
            unfinished_reason = (f"the trace stops before the end of the game; next: "
                                 f"{state.current_player()}, {d.get('prompt', '')} ({d.get('rule', '')})")
        rec = {"type": "end", "steps": steps, "winner": None, "reason": unfinished_reason, "unfinished": True}
    if with_hash:
        rec["state_hash"] = state_hash(state)
    return rec


def from_actions(game: str, scenario: str, length: str, rulings: dict, actions: list,
                 seed: int | None = None, options: dict | None = None, position: dict | None = None) -> str:
    """The version 2 trace text of ``actions`` applied from a fresh game (a failure found by a
    property check, for instance): one step line per action, with the legal-action count and
    hash, the rules applied and the state hash; it stops before an action that is not legal, and
    at an action whose ``apply`` raised (that step written without rules or hash, so that a replay
    raises the same error there). The end line gives the winner when the game is over, and is
    marked unfinished otherwise, saying why the trace stops. ``options`` are the game options
    (a solo game, chapter 9; None: two-player); ``position`` a position document the game starts
    from instead of the scenario's start (the header carries it). Replays with :func:`replay`."""
    state = start_state(game, scenario, length, rulings, options, position)
    lines = [dumps(header(game, scenario, length, state.rulings_dict(), seed, state.options(), position))]
    reason, healthy = None, True
    for i, action in enumerate(actions):
        if state.is_terminal():
            break
        legal = {action_key(a) for a in state.legal_actions()}
        if action_key(action) not in legal:
            d = state.decision() or {}
            reason = (f"action {i} ({action_key(action)}) is not legal at {d.get('prompt', '')!r} "
                      f"({d.get('rule', '')}); the trace stops before it")
            break
        rec = _step_before(state, i, action, True)
        try:
            state.apply(action)
        except Exception as e:  # noqa: BLE001 -- the failure being recorded ends the trace
            lines.append(dumps(rec))
            reason, healthy = f"apply({action_key(action)}) raised {type(e).__name__}: {e}", False
            break
        lines.append(dumps(_step_after(state, rec, False)))
    steps = len(lines) - 1
    if healthy:
        end = end_record(state, steps, reason)
    else:
        end = {"type": "end", "steps": steps, "winner": None, "reason": reason, "unfinished": True}
    lines.append(dumps(end))
    return "\n".join(lines) + "\n"


# -- reading and validating -----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def schema() -> dict:
    """The published JSON Schema of one trace line (oracle/data/trace.schema.json)."""
    text = resources.files("cdg_oracle.oracle").joinpath("data/trace.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator  # ~0.1 s to import: only reading a trace needs it

    return Draft202012Validator(schema())


def decode(data: bytes, where: str) -> str:
    """The text of a trace file's bytes; bytes that are not UTF-8 raise TraceError naming the line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - data.rfind(b"\n", 0, e.start)
        raise TraceError(f"{where}: line {line}: not UTF-8 text (byte 0x{data[e.start]:02x} at column {col})",
                         line) from None


def _short(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _schema_message(err) -> str:
    """One readable line for a schema error."""
    if err.validator == "not" and "hidden" in (err.instance if isinstance(err.instance, dict) else {}):
        what = "a hidden step carries no action, legal_count, legal_hash, state or state_hash"
    elif err.validator == "oneOf" and list(err.path) == ["action"]:
        what = (f"{_short(json.dumps(err.instance), 80)} is not an action (a string, or a flat object "
                f"of strings, integers, booleans and null)")
    elif err.validator == "additionalProperties" and isinstance(err.instance, dict):
        known = set(err.schema.get("properties", {}))
        own = "^x-" in err.schema.get("patternProperties", {})  # the object takes keys of one's own
        extra = sorted(k for k in err.instance if k not in known and not (own and k.startswith("x-")))
        what = (f"unknown key{'s' * (len(extra) != 1)} {_short(', '.join(map(repr, extra)), 100)}"
                + (" (keys of one's own must start with 'x-')" if own else
                   f" (known: {', '.join(sorted(known))})"))
    elif err.validator == "const":
        what = (f"expected {_short(json.dumps(err.validator_value), 60)}, "
                f"found {_short(json.dumps(err.instance), 60)}")
    else:
        what = _short(err.message)
    return f"{what} (at {err.json_path})"


_STEP_KEYS = frozenset({"type", "i", "player", "action", "legal_count", "legal_hash", "state", "state_hash",
                        "rules", "gap"})
_SHA256 = re.compile(r"[0-9a-f]{64}")
_SCALAR = (str, int, bool, type(None))


def _plain_step(rec) -> bool:
    """True if ``rec`` is a recorded step line that certainly satisfies the schema's step
    definition (the common case, decided without the general validator): only the listed keys,
    each of its type (an integer is an ``int``; a hash 64 lower-case hex digits). Anything else,
    valid or not, goes to the JSON Schema validator, which also words the error."""
    if type(rec) is not dict or rec.get("type") != "step" or "action" not in rec or not rec.keys() <= _STEP_KEYS:
        return False
    i, player, action = rec["i"] if "i" in rec else None, rec.get("player"), rec["action"]
    if type(i) is not int or i < 0 or type(player) is not str or not player:
        return False
    if type(action) is dict:
        if not all(type(v) in _SCALAR for v in action.values()):
            return False
    elif type(action) is not str:
        return False
    if "legal_count" in rec and (type(rec["legal_count"]) is not int or rec["legal_count"] < 1):
        return False
    for k in ("legal_hash", "state_hash"):
        if k in rec and (type(rec[k]) is not str or not _SHA256.fullmatch(rec[k])):
            return False
    if "state" in rec and type(rec["state"]) is not dict:
        return False
    if "rules" in rec and (type(rec["rules"]) is not list or not all(type(r) is str for r in rec["rules"])):
        return False
    return "gap" not in rec or type(rec["gap"]) is str


def parse(text: str, where: str = "trace") -> tuple[dict, list[dict], dict]:
    """Parse and validate a version 2 trace: ``(header, steps, end)``; each step and the end carry
    their line number as ``"_line"``. Anything malformed raises TraceError naming the line."""
    from jsonschema.exceptions import best_match  # ~0.1 s to import: only reading a trace needs it

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    if not lines:
        raise TraceError(f"{where}: line 1: empty trace (expected a header)", 1)
    head, steps, end = None, [], None
    validator = _validator()
    for no, line in enumerate(lines, 1):
        if line.endswith("\r"):
            line = line[:-1]
        if not line.strip():
            raise TraceError(f"{where}: line {no}: empty line (a trace has one JSON object per line)", no)
        if len(line) > MAX_LINE_BYTES:
            raise TraceError(f"{where}: line {no}: longer than {MAX_LINE_BYTES} characters, the limit "
                             f"of a trace line", no)
        try:
            rec = loads_strict(line)
        except json.JSONDecodeError as e:
            raise TraceError(f"{where}: line {no}: not JSON: {e.msg} (column {e.colno})", no) from None
        except DuplicateKey as e:
            raise TraceError(f"{where}: line {no}: duplicate key {e.key!r}", no) from None
        except ValueError as e:  # NaN, Infinity, a number of more than 4300 digits
            raise TraceError(f"{where}: line {no}: not JSON: {e}", no) from None
        except RecursionError:
            raise TraceError(f"{where}: line {no}: not JSON: nested too deeply", no) from None
        kind = rec.get("type") if isinstance(rec, dict) else None
        if no == 1:
            if kind != "header":
                raise TraceError(f"{where}: line 1: the first line must be the header "
                                 f"(found {'a ' + _short(str(kind), 40) + ' line' if isinstance(kind, str) else 'a line without a type'})", 1)
            if rec.get("format") != FORMAT:
                raise TraceError(f"{where}: line 1: not a {FORMAT} trace (format {rec.get('format')!r})", 1)
            version = rec.get("format_version")
            if version == 1 and type(version) is int:  # true == 1 in Python: true is no version 1
                raise TraceError(f"{where}: line 1: format_version 1 is no longer read; re-write the trace "
                                 f"as version 2 (see docs/trace.md)", 1)
            if version != FORMAT_VERSION:
                raise TraceError(f"{where}: line 1: format_version {_short(json.dumps(version), 40)} is not "
                                 f"known (this oracle reads version {FORMAT_VERSION})", 1)
        err = None if _plain_step(rec) else best_match(validator.iter_errors(rec))
        if err is not None:
            raise TraceError(f"{where}: line {no}: {_schema_message(err)}", no)
        if end is not None:
            raise TraceError(f"{where}: line {no}: a line after the end line (line {end['_line']})", no)
        if kind == "header":
            if no != 1:
                raise TraceError(f"{where}: line {no}: a second header", no)
            head = rec
        elif kind == "step":
            if rec["i"] != len(steps):
                raise TraceError(f"{where}: line {no}: step index {rec['i']}, expected {len(steps)} "
                                 f"(steps are numbered 0, 1, 2, ... without a gap)", no)
            rec["_line"] = no
            steps.append(rec)
        else:
            rec["_line"] = no
            end = rec
    if end is None:
        last = len(lines)
        what = "the header" if last == 1 else f"step {steps[-1]['i']}"
        raise TraceError(f"{where}: line {last}: the trace ends without an end line (truncated?); "
                         f"the last line is {what}", last)
    if end["steps"] != len(steps):
        raise TraceError(f"{where}: line {end['_line']}: the end line says {end['steps']} steps, "
                         f"the trace has {len(steps)} step lines", end["_line"])
    return head, steps, end


# -- replay and its verdict -----------------------------------------------------------------------

@dataclass
class Verdict:
    """The outcome of a replay: ``verdict`` is ``"conformant"`` (every step legal, every check
    passed), ``"violation"`` (``divergence`` says where and how the trace leaves the rules) or
    ``"undetermined"`` (``divergence`` says where hidden steps left too many candidate histories).
    ``steps`` is the number of steps replayed (before the divergence), ``candidates`` the number of
    candidate histories consistent with the trace when the replay stopped (1 without hidden steps)."""

    verdict: str
    steps: int
    message: str
    divergence: dict[str, Any] | None = field(default=None)
    candidates: int = 1

    @property
    def conformant(self) -> bool:
        return self.verdict == "conformant"

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "conformant": self.conformant, "steps": self.steps,
                "message": self.message, "candidates": self.candidates, "divergence": self.divergence}

    def report(self, where: str = "trace") -> list[str]:
        """The readable report: a first line ``WHERE: <verdict> ...``, then the details."""
        d = self.divergence
        if d is None:
            return [f"{where}: {self.message}"]
        out = [f"{where}: {self.verdict} at step {d['step']} (line {d['line']})",
               f"  expected: {d['expected']}",
               f"  found:    {d['found']}"]
        if d.get("rule"):
            out.append(f"  rule:     {d['rule']}")
        if d.get("rules"):
            out.append(f"  rules applied by the step: {', '.join(d['rules'])}")
        if d.get("prompt"):
            out.append(f"  prompt:   {d['prompt']}")
        if d.get("note"):
            out.append(f"  note:     {d['note']}")
        if d.get("state_diff"):
            out.append("  state diff (model expected, trace found):")
            out += [f"    {x}" for x in d["state_diff"]]
        return out


def _divergence(kind: str, rec: dict, expected: str, found: str, *, rule: str = "", prompt: str = "",
                rules: list | None = None, state_diff: list | None = None, legal: list | None = None) -> dict:
    step = rec["i"] if "i" in rec else rec["steps"]  # an end line: the step after the last
    out = {"kind": kind, "step": step, "line": rec["_line"], "expected": expected, "found": found,
           "rule": rule, "rules": rules or [], "prompt": prompt, "state_diff": state_diff or [],
           "legal_count": None, "legal_actions": None}
    if legal is not None:
        out["legal_count"] = len(legal)
        out["legal_actions"] = legal[:LISTED]
    return out


def _listing(legal: list) -> str:
    shown = ", ".join(action_key(a) for a in legal[:LISTED])
    more = f", ... ({len(legal) - LISTED} more)" if len(legal) > LISTED else ""
    return f"one of the {len(legal)} legal actions: {shown}{more}"


def _what(rec: dict) -> str:
    return "a hidden chance step" if rec.get("hidden") else f"{rec['player']}: {action_key(rec['action'])}"


def _check_step(state, rec: dict) -> dict | None:
    """Check one recorded step against ``state`` and apply it: None if it conforms, else the
    divergence (``state`` is then not to be used again)."""
    if state.is_terminal():
        t = state.outcome()
        return _divergence("after_end", rec, f"the end of the trace: the game is over ({t['winner']} "
                           f"won: {t['reason']})", _what(rec), rule=t.get("rule", ""))
    player = state.current_player()
    dec = state.decision() or {}
    rule, prompt = dec.get("rule", ""), dec.get("prompt", "")
    if rec["player"] != player:
        return _divergence("player", rec, f"a step of {player} (the player to move)",
                           f"a step of {rec['player']}", rule=rule, prompt=prompt)
    legal = state.legal_actions()
    if "legal_count" in rec and rec["legal_count"] != len(legal):
        return _divergence("legal_count", rec, f"legal_count {len(legal)}: {_listing(legal)}",
                           f"legal_count {rec['legal_count']}", rule=rule, prompt=prompt, legal=legal)
    keys = [action_key(a) for a in legal]
    if "legal_hash" in rec:
        h = legal_hash_of_keys(keys)
        if rec["legal_hash"] != h:
            return _divergence("legal_hash", rec, f"legal_hash {h} ({_listing(legal)})",
                               f"legal_hash {rec['legal_hash']}", rule=rule, prompt=prompt, legal=legal)
    by_key = dict(zip(keys, legal))
    key = action_key(rec["action"])
    if key not in by_key:
        return _divergence("illegal_action", rec, _listing(legal), f"{key}, which is not legal here",
                           rule=rule, prompt=prompt, legal=legal)
    try:
        state.apply(by_key[key])
    except IllegalAction as e:  # the model refused an action it listed: report it as found
        return _divergence("illegal_action", rec, _listing(legal), f"{key}, refused by the model: {e}",
                           rule=rule, prompt=prompt, legal=legal)
    if "state" not in rec and "state_hash" not in rec:
        return None
    applied = state.applied_rules()
    canon = state.canonical()
    if "state" in rec and canonical_json(canon) != canonical_json(rec["state"]):
        entries = diff(canon, rec["state"])
        return _divergence("state", rec, f"the model's canonical state after {key}",
                           f"the trace's state, which differs in {len(entries)} place{'s' * (len(entries) != 1)}",
                           rule=rule, prompt=prompt, rules=applied, state_diff=render(entries))
    if "state_hash" in rec:
        h = canonical_hash(canon)
        if rec["state_hash"] != h:
            return _divergence("state_hash", rec, f"state_hash {h} (the model's canonical state after {key})",
                               f"state_hash {rec['state_hash']}", rule=rule, prompt=prompt, rules=applied)
    return None


def _check_end(state, end: dict) -> dict | None:
    """Check the end line against a candidate's final state: None if it conforms."""
    if end.get("unfinished"):
        if state.is_terminal():
            t = state.outcome()
            return _divergence("end_unfinished", end, f"the end of the game: {t['winner']} won: {t['reason']}",
                               "an end line marked unfinished", rule=t.get("rule", ""))
    elif not state.is_terminal():
        dec = state.decision() or {}
        return _divergence("end_not_over", end, f"more steps: the game is not over (next: "
                           f"{state.current_player()})", f"the end of the game ({end['winner']} won)",
                           rule=dec.get("rule", ""), prompt=dec.get("prompt", ""))
    else:
        t = state.outcome()
        if end["winner"] != t["winner"]:
            return _divergence("end_winner", end, f"winner {t['winner']} ({t['reason']})",
                               f"winner {end['winner']}", rule=t.get("rule", ""))
    if "state_hash" in end:
        h = state_hash(state)
        if end["state_hash"] != h:
            return _divergence("end_state_hash", end, f"state_hash {h} (the model's final canonical state)",
                               f"state_hash {end['state_hash']}")
    return None


def _hidden(cands: list, rec: dict, max_branches: int) -> tuple[list, dict | None, bool]:
    """Expand the candidates by every outcome of a hidden chance step: (new candidates, the first
    divergence if none is at a chance node, whether the set grew past ``max_branches``)."""
    seen: dict[str, Any] = {}
    first = None
    for state in cands:
        player = state.current_player()
        if player != "chance":
            if first is None:
                if state.is_terminal():
                    t = state.outcome()
                    first = _divergence("after_end", rec, f"the end of the trace: the game is over "
                                        f"({t['winner']} won: {t['reason']})", _what(rec), rule=t.get("rule", ""))
                else:
                    dec = state.decision() or {}
                    first = _divergence("player", rec, f"a step of {player} (the player to move)",
                                        "a hidden chance step", rule=dec.get("rule", ""),
                                        prompt=dec.get("prompt", ""))
            continue
        for outcome in state.legal_actions():
            nxt = state.clone()
            nxt.apply(outcome)
            seen.setdefault(nxt.to_json(), nxt)
            if len(seen) > max_branches:
                return list(seen.values()), None, True
    return list(seen.values()), first, False


def _surviving(cands: list, check) -> tuple[list, Any]:
    """The candidate histories ``check`` finds no divergence in, and the first divergence found."""
    survivors, first = [], None
    for c in cands:
        div = check(c)
        if div is None:
            survivors.append(c)
        elif first is None:
            first = div
    return survivors, first


def _dedup(cands: list) -> list:
    if len(cands) < 2:
        return cands
    seen: dict[str, Any] = {}
    for c in cands:
        seen.setdefault(c.to_json(), c)
    return list(seen.values())


def _violation(div: dict, tried: int, steps: int) -> Verdict:
    lead = f"violation at step {div['step']} (line {div['line']})"
    if div["kind"].startswith("end_"):
        lead = f"violation at the end line (line {div['line']})"
    among = f" (none of {tried} candidate histories conforms; the first:)" if tried > 1 else ""
    where = f" at {div['prompt']!r}" if div["prompt"] else ""
    cite = f" (rule {div['rule']})" if div["rule"] else ""
    return Verdict("violation", steps, f"{lead}{among}: expected {div['expected']}, found {div['found']}"
                   f"{where}{cite}", div, tried)


def refinement(text: str, where: str = "trace") -> dict:
    """Every step of a conformant trace, played through the model, checked against the game's
    proved transitions (properties/refinement.py): ``{"steps", "stutters", "matched", "lengths",
    "finding"}`` (the first finding, or None). A trace with hidden chance steps cannot be checked
    (its states are not known one by one): a DataError."""
    from cdg_oracle.properties.refinement import Finding, StepObserver  # z3: only when asked for

    head, steps, _ = parse(text, where)
    state = initial_state(head, where)
    observer = StepObserver(state, head["scenario"], head.get("seed"))
    if observer.checker is None:
        raise DataError(f"{where}: the game {head['game']} has no refinement check")
    for rec in steps:
        if rec.get("hidden") or "action" not in rec:
            raise DataError(f"{where}: line {rec['_line']}: a hidden step: the refinement check needs every action")
        state.apply(rec["action"])
        if isinstance(observer.observe(state, rec["action"]), Finding):
            break
    t = observer.checker.tally
    f = observer.finding
    return {"steps": t.steps, "stutters": t.stutters, "matched": t.steps - t.stutters - len(t.findings),
            "lengths": {str(k): v for k, v in sorted(t.lengths.items())},
            "finding": None if f is None else {**f.to_dict(), "line": f.line()}}


def replay(text: str, where: str = "trace", max_branches: int = DEFAULT_MAX_BRANCHES,
           progress=None) -> Verdict:
    """Validate a trace and replay it through the model (the whole trace must be consumed):
    conformant, the first violation, or undetermined when hidden chance steps leave more than
    ``max_branches`` candidate histories. A malformed trace raises TraceError. ``progress``: an
    object with ``update(n)`` (a progress bar), told of each step replayed."""
    if max_branches < 1:
        raise ValueError("max_branches must be at least 1")
    head, steps, end = parse(text, where)
    cands = [initial_state(head, where)]
    hidden = 0
    for rec in steps:
        i = rec["i"]
        if progress is not None:
            progress.update(1)
        if rec.get("hidden"):
            hidden += 1
            nxt, first, overflow = _hidden(cands, rec, max_branches)
            if overflow:
                div = _divergence("too_many_branches", rec, f"at most {max_branches} candidate histories "
                                  f"(--max-branches {max_branches})",
                                  f"more than {max_branches} after {hidden} hidden chance step"
                                  f"{'s' * (hidden != 1)}", prompt=(cands[0].decision() or {}).get("prompt", ""))
                return Verdict("undetermined", i, f"undetermined at step {i} (line {rec['_line']}): the hidden "
                               f"chance steps so far leave more than {max_branches} candidate histories "
                               f"(--max-branches {max_branches}); the trace does not say which one it "
                               f"follows", div, len(nxt))
            if not nxt:
                return _violation(first, len(cands), i)
            cands = nxt
            continue
        survivors, first = _surviving(cands, lambda c: _check_step(c, rec))
        if not survivors:
            return _violation(first, len(cands), i)
        cands = _dedup(survivors)
    n = len(steps)
    survivors, first = _surviving(cands, lambda c: _check_end(c, end))
    if not survivors:
        return _violation(first, len(cands), n)
    cands = survivors
    state = cands[0]
    if hidden:
        tail = (f"; {hidden} hidden chance step{'s' * (hidden != 1)}, {len(cands)} candidate "
                f"histor{'ies' if len(cands) != 1 else 'y'} consistent with the trace")
    else:
        tail = ""
    if state.is_terminal():
        t = state.outcome()
        what = f"{t['winner']} wins: {t['reason']}"
    else:
        dec = state.decision() or {}
        what = f"the trace stops before the end of the game (next: {state.current_player()}, {dec.get('prompt', '')})"
    return Verdict("conformant", n, f"conformant: {n} steps replayed{tail}; {what}", None, len(cands))
