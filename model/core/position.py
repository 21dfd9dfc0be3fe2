"""Positions: any state of a game as a short readable document, the oracle's FEN (issue 18).

A position names the scenario it starts from (with its length, options and rulings) and then
states only what differs from that scenario's set-up, in the state's own words (a game may
rename a record's fields for readers: Labyrinth's ``gov`` is ``governance``), and where play
stands::

    format: cdg-oracle-position
    format_version: 1
    game: labyrinth
    scenario: lets_roll
    state:                       # what differs from the scenario's set-up
      prestige: 5
      countries: {Iraq: {governance: poor, troops: 4}}
      hands: {US: [12, 31], Jihadist: [44, 60]}
    next: {phase: jihadist_action, card_index: 1}

Reading one (:func:`from_document`) merges ``state`` into the set-up (a mapping key by key, a
list or a value whole), computes the fields the game derives from the rest (Labyrinth: the
troops and cells tracks from the pieces on the map, the deck from the other card zones) --
a derived field the position states must agree with its derivation --, places play where
``next`` says (one of the game's named points: the start of an Action Phase, a card about to
be played) or where ``machine`` says (the procedure stack verbatim, which :func:`to_document`
writes for a state in the middle of a procedure; its question is posed again by the model,
:func:`derive_pending`, never taken from the file), runs the game to its
first question, and checks the result: the document against the game's published JSON Schema,
the state's shape against the set-up's, and the game's consistency laws (15 cubes, card
conservation, ...). Every refusal is a :class:`~.errors.DataError` of one line naming the field.

Writing one (:func:`to_document`) is the inverse: the fields that differ from the set-up, the
derived ones left out, and ``next`` when a named point rebuilds exactly this state's machine,
``machine`` otherwise. ``from_document(to_document(s))`` has the canonical state of ``s`` (the
property tests check it on states of random games).

This module knows no game: what a game declares is a :class:`PositionFormat`, registered on its
:class:`~.registry.GameSpec`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

from cdg_oracle.model.core.errors import DataError

FORMAT = "cdg-oracle-position"
FORMAT_VERSION = 1
HEADER = ("format", "format_version", "game", "scenario", "length", "options", "rulings")
BODY = ("state", "next", "machine")


@dataclass(frozen=True)
class PositionFormat:
    """What a game declares so that the machinery here reads and writes its positions.

    * ``start(scenario, length, rulings, options)``: the state dict of the scenario's set-up,
      before any step (its machine at the very start); raises DataError for a bad header value.
    * ``state_class``: the game's state class (``state_class(d)`` makes a state of a dict).
    * ``machine``: the state keys that say where play stands (the stack, the pending question,
      the phase...): written only under ``machine``, set by ``next`` otherwise.
    * ``fixed``: the state keys the header decides (game, version, scenario, rulings, ...).
    * ``records``: for a key holding a mapping of records (Labyrinth's ``countries``), the
      readable name of each record field that differs from the state's (``{"gov": "governance"}``).
    * ``derived``: ``key -> (compute(d), why)``: fields computed from the rest; ``why`` names the
      rule, for the error when a stated value disagrees. ``unordered``: derived lists compared
      as multisets.
    * ``resume(d, point)``: set ``d``'s machine keys for the named point ``point`` (the ``next``
      mapping) and return the actions to apply once play has reached its first question there
      (Labyrinth: the card chosen), or raise DataError; ``points(d)``: the named points worth
      trying for a state, each with the state as the position states it (a card being played is
      still in the hand there); :func:`to_document` writes the first that rebuilds the state exactly.
    * ``check(d)``: the game's consistency laws, a list of violations (empty when they hold).
    * ``schema()``: the published JSON Schema of the game's position documents.
    * ``optional``: state keys that only some states have (a solo game's set-aside plots)."""
    start: Callable[[str, str, dict | None, dict | None], dict]
    state_class: type
    machine: tuple[str, ...]
    fixed: tuple[str, ...]
    resume: Callable[[dict, dict], list]
    points: Callable[[dict], list[tuple[dict, dict]]]
    check: Callable[[dict], list[str]]
    schema: Callable[[], dict]
    records: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    derived: Mapping[str, tuple[Callable[[dict], Any], str]] = field(default_factory=dict)
    unordered: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


# -- reading ----------------------------------------------------------------------------------------
def from_document(doc: Any, where: str = "position"):
    """The state a position document describes, at its first question; DataError otherwise."""
    from cdg_oracle.model.core.registry import DEFAULT_GAME, get

    if not isinstance(doc, dict):
        raise DataError(f"{where}: a position is a mapping, not {_kind(doc)}")
    try:
        doc = json.loads(json.dumps(doc))  # the state never shares a list with the caller's document
    except (TypeError, ValueError) as e:
        raise DataError(f"{where}: not plain data: {e}") from None
    game = doc.get("game")
    if not isinstance(game, str):
        raise DataError(f"{where}: game: missing (the name of a game, such as {DEFAULT_GAME})")
    try:
        spec = get(game)
    except DataError as e:
        raise DataError(f"{where}: game: {e}") from None
    fmt = spec.positions
    if fmt is None:
        raise DataError(f"{where}: game {game!r} has no position format yet")
    _refuse_derived(doc, where)
    if ("next" in doc) == ("machine" in doc):
        raise DataError(f"{where}: say where play stands with exactly one of next (a named point) "
                        "and machine (a procedure stack)")
    _validate_schema(doc, fmt, where)
    try:
        d = fmt.start(doc["scenario"], doc.get("length", "standard"), doc.get("rulings"), doc.get("options"))
    except DataError as e:
        raise DataError(f"{where}: {e}") from None
    template = json.loads(json.dumps(d))
    stated = doc.get("state") or {}
    for key, value in stated.items():
        if key in fmt.machine or key in fmt.fixed:
            home = "machine" if key in fmt.machine else "the header"
            raise DataError(f"{where}: state.{key}: not stated here (it belongs to {home})")
        if key not in d and key not in fmt.optional:
            raise DataError(f"{where}: state.{key}: not a field of a {game} state")
        d[key] = _merge(d.get(key), _readable_in(fmt, key, value, f"{where}: state.{key}"), f"{where}: state.{key}")
    check_shape(d, template, fmt, where + ": state")
    for key, (compute, why) in fmt.derived.items():
        try:
            value = compute(d)
        except DataError as e:
            raise DataError(f"{where}: {e}") from None
        if key in stated:
            path, said, got = _disagreement(stated[key], value, key in fmt.unordered)
            if path is not None:
                raise DataError(f"{where}: state.{key}{path}: {_short(said)} stated, but {why} give "
                                f"{_short(got)}; leave it out (it is derived)")
        d[key] = value
    then: list = []
    if "next" in doc:
        try:
            then = fmt.resume(d, doc["next"])
        except DataError as e:
            raise DataError(f"{where}: next: {e}") from None
        _consistent(fmt, d, where)
    else:
        machine = doc["machine"]
        missing = [k for k in fmt.machine if k not in machine and k != "pending"]
        if missing:
            raise DataError(f"{where}: machine.{missing[0]}: missing")
        d.update({k: machine[k] for k in fmt.machine if k != "pending"})
        d["pending"] = None
        check_machine(d, fmt, template, f"{where}: machine")
        _consistent(fmt, d, where)
        derive_pending(d, fmt.state_class, machine.get("pending", _UNSTATED), f"{where}: machine")
    st = fmt.state_class(d)
    if "next" in doc:
        try:
            st.ENGINE.run(st)
        except (KeyError, TypeError, ValueError, IndexError, RuntimeError) as e:
            raise DataError(f"{where}: play cannot go on from this position: {type(e).__name__}: {e}") from None
        for action in then:
            if action not in st.legal_actions():
                dec = st.decision() or {}
                raise DataError(f"{where}: next: {_short(action)} is not legal at {dec.get('prompt', 'the end')!r} "
                                f"({dec.get('rule', '')}): legal are {_short(st.legal_actions(), 160)}")
            st.apply(action)
        _consistent(fmt, st.d, where + " (at its first question)")
    return st


#: The sections ``position show --json`` adds to a position (the game's derived facts, issue 27.11):
#: the oracle's answers, never stated in a position.
COMPUTED = ("derived", "derived_rules")


def _refuse_derived(doc: dict, where: str) -> None:
    """A document that states a derived fact (a ``derived`` section, as ``position show --json``
    prints) is refused: those facts are computed from the state, never typed."""
    for key in COMPUTED:
        if key in doc:
            raise DataError(f"{where}: {key}: computed by the oracle, never typed in a position")


def _consistent(fmt: PositionFormat, d: dict, where: str) -> None:
    try:
        bad = fmt.check(d)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise DataError(f"{where}: inconsistent state: {type(e).__name__}: {e}") from None
    if bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise DataError(f"{where}: {bad[0]}{more}")


def check_state(d: Any, fmt: PositionFormat, where: str = "state") -> None:
    """Check a whole state dict read from JSON: its shape against its scenario's set-up (every
    field there, of the same kind) and the game's consistency laws; DataError naming the first
    problem. What :meth:`StackState.from_json` runs."""
    if not isinstance(d, dict):
        raise DataError(f"{where}: a state is a mapping, not {_kind(d)}")
    if not isinstance(d.get("scenario"), str) or not isinstance(d.get("length", "standard"), str):
        raise DataError(f"{where}: scenario or length: missing or not a name")
    try:
        template, kinds = _template(fmt, d["scenario"], d.get("length", "standard"), d.get("rulings"), d.get("options"))
    except DataError as e:
        raise DataError(f"{where}: {e}") from None
    check_shape(d, template, fmt, where, kinds)
    for key in fmt.machine:
        if key not in d:
            raise DataError(f"{where}.{key}: missing")
    stated = d["pending"]
    d["pending"] = None
    check_machine(d, fmt, template, where)
    _consistent(fmt, d, where)
    derive_pending(d, fmt.state_class, stated, where)


# -- the machine ------------------------------------------------------------------------------------
_UNSTATED = object()
PENDING_KEYS = ("player", "actions", "rule", "prompt", "question", "weights", "gap")
TERMINAL_KEYS = ("winner", "reason", "rule")


def check_machine(d: dict, fmt: PositionFormat, template: dict, where: str) -> None:
    """The machine of state ``d`` (its ``pending`` aside, which :func:`derive_pending` poses):
    the stack a list of frames, each a mapping whose ``proc`` is a procedure of the game and whose
    ``pc`` is a step of it (for a procedure written as steps: one of its labels); ``terminal``
    null or ``{winner, reason, rule}`` with an empty stack; every other machine field of the
    kind it has in the set-up. A DataError of one line naming the path otherwise."""
    engine = fmt.state_class.ENGINE
    sides = fmt.state_class.SIDES
    stack = d["stack"]
    if type(stack) is not list:
        raise DataError(f"{where}.stack: {_short(stack)} is {_kind(stack)}, not a list of frames")
    for i, frame in enumerate(stack):
        at = f"{where}.stack[{i}]"
        if type(frame) is not dict:
            raise DataError(f"{at}: {_short(frame)} is {_kind(frame)}, not a frame (a mapping with proc and pc)")
        proc, pc = frame.get("proc"), frame.get("pc")
        if type(proc) is not str or proc not in engine.procs:
            raise DataError(f"{at}.proc: {_short(proc)} is not a procedure of {fmt.state_class.game}")
        if type(pc) is not str:
            raise DataError(f"{at}.pc: {_short(pc)} is {_kind(pc)}, not a step name")
        labels = engine.labels(proc)
        if labels is not None:
            if pc != "start" and pc not in labels:
                raise DataError(f"{at}.pc: {pc!r} is not a step of {proc} (its steps: {', '.join(labels)[:160]})")
            for key, value in frame.items():
                if key.startswith("each_") and type(value) is not list:
                    raise DataError(f"{at}.{key}: {_short(value)} is {_kind(value)}, not a list (a loop's items left)")
    root = template.get("stack") or [{}]
    if stack and type(root[0]) is dict and root[0].get("proc") and stack[0]["proc"] != root[0]["proc"]:
        raise DataError(f"{where}.stack[0].proc: {stack[0]['proc']!r}: the bottom frame is the whole game's "
                        f"procedure, {root[0]['proc']}")
    terminal = d["terminal"]
    if terminal is not None:
        if type(terminal) is not dict or set(terminal) != set(TERMINAL_KEYS):
            raise DataError(f"{where}.terminal: {_short(terminal)}: not null nor a mapping of "
                            f"{', '.join(TERMINAL_KEYS)}")
        if terminal["winner"] is not None and terminal["winner"] not in sides:
            raise DataError(f"{where}.terminal.winner: {_short(terminal['winner'])} is not a side "
                            f"({', '.join(sides)}) nor null")
        for key in ("reason", "rule"):
            if type(terminal[key]) is not str:
                raise DataError(f"{where}.terminal.{key}: {_short(terminal[key])} is {_kind(terminal[key])}, not text")
        if stack:
            raise DataError(f"{where}.stack: the game is over (terminal is set), yet procedures are running")
    elif not stack:
        raise DataError(f"{where}.stack: empty, yet the game is not over (terminal is null)")
    kinds = _kinds_of(template)
    for key in fmt.machine:
        if key in ("stack", "pending", "terminal") or key not in template:
            continue
        wrong = _mismatch(d[key], kinds[key])
        if wrong is not None:
            raise DataError(f"{where}.{key}{wrong[0]}: {wrong[1]}")


def derive_pending(d: dict, state_class: type, stated: Any, where: str) -> None:
    """Set ``d["pending"]``, the question the stack poses, posed again by the model
    (:meth:`~.engine.Engine.repose`), never taken from the file: a ``pending`` stated (``stated``)
    must equal it. Every procedure of every game re-poses (tests/oracle/test_positions_machine.py
    checks it), so a position can never state a question, or a legal action, of its own.
    ``d``'s stack and terminal have passed :func:`check_machine`."""
    if d["terminal"] is not None:
        if stated is not _UNSTATED and stated is not None:
            raise DataError(f"{where}.pending: the game is over, so no question is pending (write null or leave it out)")
        d["pending"] = None
        return
    d["pending"] = None
    try:
        posed = state_class.ENGINE.repose(state_class(d))
    except DataError as e:
        raise DataError(f"{where}.stack: {e}") from None
    if stated is not _UNSTATED and stated != posed:
        raise DataError(f"{where}.pending differs from what the stack poses: {_pending_difference(stated, posed)}"
                        " (leave pending out: the model poses it)")
    d["pending"] = posed


def _pending_difference(stated: Any, posed: dict) -> str:
    if type(stated) is not dict:
        return f"{_short(stated)} stated, {posed['question']} ({posed['player']}) posed"
    for key in PENDING_KEYS:
        if key in stated or key in posed:
            if key not in stated:
                return f"{key}: missing (posed: {_short(posed[key])})"
            if key not in posed:
                return f"{key}: {_short(stated[key])} stated, but no {key} is posed"
            if stated[key] != posed[key]:
                if key == "actions" and type(stated[key]) is list:
                    extra = [a for a in stated[key] if a not in posed[key]]
                    if extra:
                        return f"actions: {_short(extra[0])} is not a legal action here"
                    gone = [a for a in posed[key] if a not in stated[key]]
                    if gone:
                        return f"actions: {_short(gone[0])} is missing"
                    return "actions: not in the order posed"
                return f"{key}: {_short(stated[key])} stated, {_short(posed[key])} posed"
    extra = [k for k in stated if k not in PENDING_KEYS]
    return f"{extra[0]}: no such field of a question" if extra else "not the same question"


_SHAPES: dict = {}


def _template(fmt: PositionFormat, scenario: str, length: str, rulings: Any, options: Any) -> tuple[dict, dict]:
    """The set-up state of a scenario and the kind of each of its fields, as a shape to compare
    with (remembered under the scenario's key, never under an object's id, which Python reuses
    once the object is gone: never changed)."""
    key = (id(fmt), scenario, length, _key(rulings), _key(options))
    if key not in _SHAPES:
        if len(_SHAPES) > 256:
            _SHAPES.clear()
        template = fmt.start(scenario, length, rulings, options)
        _SHAPES[key] = (template, _kinds_of(template))
    return _SHAPES[key]


def check_shape(d: dict, template: dict, fmt: PositionFormat, where: str, kinds: dict | None = None) -> None:
    """Every field of ``template`` (a set-up state) is in ``d`` and of the same kind (a count a
    number that is not a boolean, a list a list, a record a mapping with the same fields); no
    field that no state has. The machine's fields are the engine's to check, the header's (the
    rulings, the options) their readers'."""
    for key in d:
        if key not in template and key not in fmt.optional:
            raise DataError(f"{where}.{key}: not a field of a state of this game")
    if kinds is None:
        kinds = _kinds_of(template)
    for key in template:
        if key in fmt.machine or (key in fmt.fixed and key in d):
            continue  # the engine checks the machine; the header's values are validated by their readers
        if key not in d:
            raise DataError(f"{where}.{key}: missing")
        wrong = _mismatch(d[key], kinds[key])
        if wrong is not None:
            raise DataError(f"{where}.{key}{wrong[0]}: {wrong[1]}")


def _kinds_of(template: dict) -> dict:
    """The kind of each field of a set-up state, for :func:`_mismatch`."""
    return {k: _kind_of(v) for k, v in template.items()}


_EXPECTED = {frozenset((bool,)): "true or false", frozenset((int,)): "a whole number",
             frozenset((str, type(None))): "a name", frozenset((list,)): "a list"}


def _kind_of(model: Any) -> Any:
    """A set-up field's kind: None (anything: the field is empty there, and may hold a marker's
    value or a record), the set of Python types a value may have (a count is an int that is not
    a boolean, a name may be null), or the kinds of a mapping's fields."""
    if model is None:
        return None
    if isinstance(model, dict):
        return {k: _kind_of(v) for k, v in model.items()}
    if isinstance(model, bool):
        return frozenset((bool,))
    if isinstance(model, int):
        return frozenset((int,))
    if isinstance(model, str):
        return frozenset((str, type(None)))
    return frozenset((type(model),))


def _mismatch(value: Any, kind: Any) -> tuple[str, str] | None:
    """None if ``value`` is of ``kind``, else where below it (a path suffix) and what is wrong.
    Words are built only on a mismatch: the walk itself is the fast path of every load."""
    if kind is None:
        return None
    if type(kind) is frozenset:
        if type(value) in kind:
            return None
        return "", f"{_short(value)} is {_kind(value)}, not {_EXPECTED.get(kind, 'of its kind')}"
    if type(value) is not dict:
        return "", f"{_short(value)} is {_kind(value)}, not a mapping"
    if value.keys() != kind.keys():
        extra = [k for k in value if k not in kind]
        if extra:
            return f".{extra[0]}", f"no such field here (known: {', '.join(map(str, kind))[:200]})"
        return f".{next(k for k in kind if k not in value)}", "missing"
    for k, sub in kind.items():
        if sub is None or (type(sub) is frozenset and type(value[k]) in sub):
            continue
        wrong = _mismatch(value[k], sub)
        if wrong is not None:
            return f".{k}{wrong[0]}", wrong[1]
    return None


def _merge(base: Any, value: Any, where: str) -> Any:
    """``value`` over ``base``: a mapping over a mapping key by key (each key known), anything
    else whole."""
    if isinstance(base, dict) and isinstance(value, dict):
        out = dict(base)
        for k, v in value.items():
            if k not in base:
                raise DataError(f"{where}.{k}: no such field here (known: {', '.join(map(str, base))[:200]})")
            out[k] = _merge(base[k], v, f"{where}.{k}")
        return out
    return value


def _readable_in(fmt: PositionFormat, key: str, value: Any, where: str) -> Any:
    """A position's records (readable field names) in the state's field names."""
    names = fmt.records.get(key)
    if not names or not isinstance(value, dict):
        return value
    back = {readable: own for own, readable in names.items()}
    out = {}
    for rec, fields in value.items():
        if not isinstance(fields, dict):
            raise DataError(f"{where}.{rec}: {_short(fields)} is {_kind(fields)}, not a mapping of fields")
        for own in names:
            if own in fields:
                raise DataError(f"{where}.{rec}.{own}: write {names[own]}")
        out[rec] = {back.get(k, k): v for k, v in fields.items()}
    return out


def _disagreement(stated: Any, value: Any, unordered: bool, path: str = "") -> tuple[str | None, Any, Any]:
    """Where a stated derived value disagrees with its derivation: ``(path, stated, derived)`` of
    the first difference, or ``(None, ...)`` when it agrees. A stated mapping states only its own
    keys (as everywhere in a position: merged key by key), each compared in turn."""
    if isinstance(stated, dict) and isinstance(value, dict):
        for k, v in stated.items():
            if k not in value:
                return f"{path}.{k}", v, None
            found = _disagreement(v, value[k], unordered, f"{path}.{k}")
            if found[0] is not None:
                return found
        return None, stated, value
    if _agrees(stated, value, unordered):
        return None, stated, value
    return path, stated, value


def _agrees(stated: Any, value: Any, unordered: bool) -> bool:
    if unordered and isinstance(stated, list) and isinstance(value, list):
        return sorted(map(_key, stated)) == sorted(map(_key, value))
    return _key(stated) == _key(value)


def _key(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


@lru_cache(maxsize=None)
def _validator(game: str):
    import jsonschema

    from cdg_oracle.model.core.registry import get

    schema = get(game).positions.schema()
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _validate_schema(doc: dict, fmt: PositionFormat, where: str) -> None:
    errors = sorted(_validator(doc["game"]).iter_errors(doc), key=lambda e: (len(e.path), list(map(str, e.path))))
    if errors:
        e = errors[0]
        path = ".".join(str(p) for p in e.absolute_path) or "(the document)"
        raise DataError(f"{where}: {path}: {_schema_message(e)}")


def _schema_message(e) -> str:
    if e.validator == "additionalProperties":
        return " ".join(e.message.split())[:200]
    if e.validator == "required":
        return e.message.replace("is a required property", "is missing")
    if e.validator == "enum":
        return f"{_short(e.instance)} is not one of {', '.join(map(_short, e.validator_value))}"[:240]
    return f"{_short(e.instance)}: {' '.join(e.message.split())}"[:240]


# -- writing ----------------------------------------------------------------------------------------
def to_document(st) -> dict:
    """The position of state ``st``: its header, the fields that differ from its scenario's
    set-up (in readable names, derived ones left out), and ``next`` when one of the game's named
    points rebuilds exactly this state's machine, ``machine`` otherwise."""
    from cdg_oracle.model.core.registry import get

    spec = get(st.game)
    fmt = spec.positions
    if fmt is None:
        raise DataError(f"game {st.game!r} has no position format yet")
    d = st.d
    options = st.options()
    defaults = spec.rulings.from_dict({}).to_dict()
    rulings = {k: v for k, v in st.rulings_dict().items() if defaults.get(k) != v}
    doc: dict = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": st.game, "scenario": d["scenario"]}
    if d.get("length", "standard") != "standard":
        doc["length"] = d["length"]
    if options and options != spec.normalize_options(None):
        doc["options"] = options
    if rulings:
        doc["rulings"] = rulings
    start = fmt.start(d["scenario"], d.get("length", "standard"), rulings or None, options or None)
    point, before = _named_point(st, fmt)
    state = {}
    for key, value in before.items():
        if key in fmt.machine or key in fmt.fixed or key in fmt.derived:
            continue
        if key in start and _key(value) == _key(start[key]):
            continue
        state[key] = _readable_out(fmt, key, _difference(start.get(key), value))
    doc["state"] = state
    if point is not None:
        doc["next"] = point
    else:
        # The question is left out: the model poses it again on reading (derive_pending).
        doc["machine"] = {k: json.loads(json.dumps(d[k])) for k in fmt.machine if k != "pending"}
    return doc


def _difference(base: Any, value: Any) -> Any:
    """What of ``value`` differs from ``base``: for two mappings with the same keys, only the
    keys whose values differ (recursively); anything else whole."""
    if isinstance(base, dict) and isinstance(value, dict) and set(base) == set(value):
        return {k: _difference(base[k], v) for k, v in value.items() if _key(v) != _key(base[k])}
    return json.loads(json.dumps(value))


def _readable_out(fmt: PositionFormat, key: str, value: Any) -> Any:
    names = fmt.records.get(key)
    if not names or not isinstance(value, dict):
        return value
    return {rec: {names.get(k, k): v for k, v in fields.items()} if isinstance(fields, dict) else fields
            for rec, fields in value.items()}


def _named_point(st, fmt: PositionFormat) -> tuple[dict | None, dict]:
    """The first of the game's named points for ``st`` that rebuilds it exactly, with the state as
    the position states it; ``(None, st.d)`` when none does."""
    d = st.d
    want = _key({k: d[k] for k in fmt.machine})
    for point, before in fmt.points(d):
        trial = json.loads(json.dumps(before))
        try:
            then = fmt.resume(trial, point)
            other = fmt.state_class(trial)
            other.ENGINE.run(other)
            for action in then:
                other.apply(action)
        except (DataError, ValueError, KeyError, RuntimeError):
            continue
        if _key({k: other.d[k] for k in fmt.machine}) == want and _key(other.d) == _key(d):
            return point, before
    return None, d


# -- words ------------------------------------------------------------------------------------------
def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return type(v).__name__


def _short(v: Any, width: int = 80) -> str:
    text = json.dumps(v, sort_keys=True, default=str)
    return text if len(text) <= width else text[: width - 3] + "..."
