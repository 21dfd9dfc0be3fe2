"""The action encoding (issue 32 item 1): a fixed, versioned table of every action and chance
outcome a game can ever offer, each with an integer id that means the same thing in every state.

The contract's actions are small JSON values (model/core/game.py); the only integer an action had
before is its place in today's legal list. A game declares its actions as data, an
:class:`ActionDeclaration`:

* ``domains``: named, ordered lists of JSON values (the countries or spaces of the map, the cards
  of the card list, the numbers a rule bounds, the words a question offers);
* ``scalars``: the actions that are a bare string (``"pass"``);
* ``shapes``: each an object's keys, each key with the domain its value is drawn from
  (``{"country": "country", "plot": "plot"}``).

The table is their ordered expansion: the scalars first, in their order; then each shape in its
order, its actions numbered in mixed radix over its keys' domains, the first key most
significant (sorted keys: the keys are the object's keys in ``sorted`` order). The table is never
materialised: ``action_id`` and ``action_from_id`` are arithmetic over the declaration, so a table
of a few hundred thousand ids costs nothing, and another implementation computes the same numbers
from the published JSON (:meth:`ActionTable.to_json`, ``model/<game>/data/actions.json``; the
format: docs/openspiel.md, "The action tables").

One table holds both the players' actions and chance's outcomes (Labyrinth's drawn
``{"card": 18}`` and the played ``{"card": 18}`` are the same JSON value, and get the same id).

Values are matched with their JSON type: ``{"die": 1}`` and ``{"die": True}`` are different actions
(model/core/game.py ``action_key``), and a domain holding ``1`` does not hold ``True``.

Declared bounds (:class:`Bounds`) beside the table: the most chance outcomes at one node and the
longest game, each argued from the rules in the game's declaration; tests/oracle/test_encoding.py
fails when a random game exceeds one, or offers an action the table does not hold.

A game may also hand the binding a wide chance node's ids directly (``chance_numbers`` of its
declaration): at a node whose outcomes are ``[{key: n} for n in numbers]`` (Labyrinth's draw from
the deck, 5.3.1: ``{"card": n}`` for each card of the pile) it returns ``(key, numbers)``, the very
list the outcomes were built from, and :meth:`ActionTable.chance_ids` gives the ids by arithmetic
(``base + n``: the key's domain begins with the whole numbers ``lo..hi`` in order, so card ``n`` is
id ``offset - lo + n``), one pass over plain integers instead of a look-up per outcome object;
:meth:`ActionTable.chance_run` gives the numbers themselves, sorted and checked against the run,
to a caller that needs no id made per outcome (oracle/openspiel.py: a draw's pairs).
The hook is the game's promise; tests/oracle/test_encoding.py checks it against the outcomes'
own ids at every chance node of its random games.

Any question may hand its ids over the same way, through the core's step helpers rather than a
game's hook (model/core/stack.py, "The ids a question hands over"): the procedure that poses it
says what its actions were built from (``ask(..., key="space", values=left)``: the actions begin
with ``{"space": n}`` for each ``n`` of ``left``; a die's constant faces), the state keeps it
beside its dict (``StackState.action_hint``), and :meth:`ActionTable.hinted_ids` turns it into
ids: a constant list's once (kept by the list's identity), a key's values by one look-up in the
key's domain (a C ``map`` over the values, no check of each action object's keys and types).
Every id it gives is the one :meth:`ActionTable.action_id` gives the same action (the promise;
tests/oracle/test_encoding.py compares them at every node of its random games); without a
promise, or for a key whose domain holds two values Python takes as equal (``1`` and ``True``),
the caller takes :meth:`ActionTable.ids_of`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Callable, Mapping

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import action_key


@dataclass(frozen=True)
class Bounds:
    """A game's declared bounds (each argued in the game's declaration): ``chance_outcomes``, the
    most outcomes one chance node offers; ``game_length``, the most steps (decisions and chance
    outcomes applied) from a new game to its end."""

    chance_outcomes: int
    game_length: int


@dataclass(frozen=True)
class ActionDeclaration:
    """What a game declares (model/<game>/encoding.py): the domains, scalars and shapes of its
    actions, the table's ``version`` (raised whenever the table changes: the numbers then mean
    other actions) and its ``digest`` at that version (:meth:`ActionTable.digest`), so that a
    change of the table without a new version fails its test; the ``bounds``; and the observation
    tensor's ``categories`` (:mod:`cdg_oracle.model.core.tensor`); ``chance_numbers``, optional:
    a state's wide chance node as ``(key, numbers)`` (the module docstring), None for any other
    node. Not part of the table (its ids and digest): a way to compute some of them faster."""

    game: str
    version: int
    digest: str
    domains: Mapping[str, tuple]
    scalars: tuple = ()
    shapes: tuple = ()
    bounds: Bounds = Bounds(0, 0)
    categories: Mapping[str, tuple] = field(default_factory=dict)
    chance_numbers: Callable[[Any], tuple[str, list[int]] | None] | None = None


def _typed(value: Any) -> tuple:
    """A JSON value with its type: ``1`` and ``True`` (equal in Python) stay apart."""
    return (type(value).__name__, json.dumps(value, sort_keys=True))


class ActionTable:
    """The ordered expansion of an :class:`ActionDeclaration` (see the module docstring)."""

    def __init__(self, decl: ActionDeclaration):
        self.decl = decl
        self.version = decl.version
        for name, values in decl.domains.items():
            typed = [_typed(v) for v in values]
            if len(set(typed)) != len(typed):
                raise DataError(f"{decl.game}: action domain {name} lists a value twice")
        self._index = {name: {_typed(v): i for i, v in enumerate(values)} for name, values in decl.domains.items()}
        self._scalars = {s: i for i, s in enumerate(decl.scalars)}
        self.blocks = []  # (offset, keys in sorted order, domain names, size)
        offset = len(decl.scalars)
        seen = set()
        for shape in decl.shapes:
            keys = tuple(sorted(shape))
            if keys in seen:
                raise DataError(f"{decl.game}: action shape {keys} declared twice")
            seen.add(keys)
            names = tuple(shape[k] for k in keys)
            for n in names:
                if n not in decl.domains:
                    raise DataError(f"{decl.game}: action shape {keys} names no domain {n!r}")
            size = 1
            for n in names:
                size *= len(decl.domains[n])
            self.blocks.append((offset, keys, names, size))
            offset += size
        self.size = offset
        self._by_keys = {b[1]: b for b in self.blocks}
        #: the one-key shapes: key -> {value (a boolean as (bool, value)): id}
        self._single: dict = {}
        for offset, keys, names, _ in self.blocks:
            if len(keys) == 1:
                self._single[keys[0]] = {((bool, v) if v.__class__ is bool else v): offset + i
                                         for i, v in enumerate(decl.domains[names[0]])}
        #: the one-key shapes whose domain holds strings only: no other value equals one of them,
        #: so their values need no type check (``True == 1`` and ``1.0 == 1`` need one)
        self._strings = {keys[0] for _, keys, names, _ in self.blocks if len(keys) == 1
                         and all(type(v) is str for v in decl.domains[names[0]])}
        #: the one-key shapes whose domain begins with the whole numbers lo, lo+1, ..., hi (exact
        #: ints, not booleans): key -> (lo, hi, offset - lo), card n's id being offset - lo + n
        self._runs: dict = {}
        for offset, keys, names, _ in self.blocks:
            dom = decl.domains[names[0]]
            if len(keys) == 1 and dom and type(dom[0]) is int:
                hi = dom[0]
                for v in dom[1:]:
                    if type(v) is not int or v != hi + 1:
                        break
                    hi = v
                self._runs[keys[0]] = (dom[0], hi, offset - dom[0])
        self._ids: dict = {}  # an action's items with their types (a scalar: its type and value) -> id
        #: the one-key shapes whose domain holds no two values Python takes as equal (``1`` and
        #: ``True``, ``1`` and ``1.0``): key -> {value: id}, what :meth:`hinted_ids` maps a
        #: question's values through
        self._plain: dict = {}
        for offset, keys, names, _ in self.blocks:
            dom = decl.domains[names[0]]
            if len(keys) == 1:
                try:
                    plain = len(set(dom)) == len(dom)
                except TypeError:  # an unhashable value (none of a table's domains today)
                    plain = False
                if plain:
                    self._plain[keys[0]] = {v: offset + i for i, v in enumerate(dom)}
        #: the constant lists handed over (:meth:`hinted_ids`): id(list) -> (the list, its ids,
        #: the ids sorted without repeats), the list kept so that its id is never another's
        self._constants: dict = {}

    def __len__(self) -> int:
        return self.size

    def find(self, action: Any) -> int | None:
        """The id of ``action``, or None when the table does not hold it."""
        if type(action) is dict:  # the fast path: the items, then their values' types, remembered
            key = (*action.items(), *map(type, action.values()))
        elif isinstance(action, (str, int, float, bool)) or action is None:
            key = (action.__class__, action)
        else:
            return None
        try:
            got = self._ids.get(key)
        except TypeError:  # an unhashable value (a list): no action of a table
            return None
        if got is not None:
            return got
        if isinstance(action, str):
            got = self._scalars.get(action)
        elif isinstance(action, dict):
            block = self._by_keys.get(tuple(sorted(action)))
            if block is None:
                return None
            offset, keys, names, _ = block
            got = 0
            for k, n in zip(keys, names):
                i = self._index[n].get(_typed(action[k]))
                if i is None:
                    return None
                got = got * len(self.decl.domains[n]) + i
            got += offset
        if got is not None and len(self._ids) < 200_000:
            self._ids[key] = got
        return got

    def ids_of(self, actions: list) -> list[int | None]:
        """The ids of ``actions`` (None for one the table does not hold), in their order. One-key
        objects of one key (a draw's cards, a die's faces) are looked up by value all at once; a
        boolean or a float value takes the typed path (``True`` is not ``1``). A short list (a
        decision's few choices) goes one by one: the passes over the whole list cost more there."""
        if len(actions) > 8 and type(actions[0]) is dict and len(actions[0]) == 1:
            (k,) = actions[0]
            sub = self._single.get(k)
            if sub is not None:
                try:  # every action holds ``k`` (a dict: another value raises), so ...
                    values = list(map(itemgetter(k), actions))
                except (KeyError, TypeError):
                    values = None
                # ... their sizes sum to their number only when each holds ``k`` alone
                if values is not None and sum(map(len, actions)) == len(actions) \
                        and (k in self._strings or not ({bool, float} & set(map(type, values)))):
                    try:
                        return list(map(sub.get, values))
                    except TypeError:  # an unhashable value: the slow path says None
                        pass
        single, find = self._single, self.find
        out = []
        last, sub = None, None
        for a in actions:
            got = None
            if type(a) is dict and len(a) == 1:
                for k, v in a.items():
                    if k != last:
                        last, sub = k, single.get(k)
                    if sub is not None and v.__class__ is not float:
                        try:
                            got = sub.get(v) if v.__class__ is not bool else sub.get((bool, v))
                        except TypeError:
                            got = None
            out.append(got if got is not None else find(a))
        return out

    def hinted_ids(self, hint: tuple | None, actions: list) -> tuple[list[int], list[int]] | None:
        """The ids of ``actions`` in their order and the same ids sorted without repeats, from
        what the question said they were built from (``hint``: the state's ``action_hint()``,
        ``(key, values)``; the module docstring), or None: no hint, a key whose domain is not
        plain, a value outside it, or a list not as the hint says (the caller then takes
        :meth:`ids_of`, which names the action the table lacks). ``key`` None: ``actions``
        equal the constant list ``values``, whose ids are computed once; ``values`` None: the
        actions are ``{key: v}`` objects, up to a few others at the end (a pass), their values
        read with one C pass; else the actions begin with ``{key: v}`` for each ``v`` of
        ``values``; the rest, if any, by value."""
        if hint is None:
            return None
        key, values = hint
        if key is None:
            got = self._constants.get(id(values))
            if got is None or got[0] is not values:
                ids = self.ids_of(values)
                got = (values, ids, None if None in ids else sorted(set(ids)))
                if len(self._constants) < 10_000:
                    self._constants[id(values)] = got
            if got[2] is None or len(got[1]) != len(actions):
                return None
            return got[1], got[2]
        sub = self._plain.get(key)
        if sub is None:
            return None
        ids = None
        if values is None and len(actions) <= 8:  # a short list (a menu: a card's uses, a hand): one
            # pass in Python, which costs less than the calls of the C passes below at this length
            ids = []
            for a in actions:
                if a.__class__ is not dict or len(a) != 1 or key not in a:
                    break  # the rest by value, below
                try:
                    i = sub.get(a[key])
                except TypeError:  # an unhashable value
                    return None
                if i is None:  # a value outside the domain
                    return None
                ids.append(i)
        elif values is None:  # the actions' own values: each a one-key object {key: v} (their sizes sum
            # to their number only when each holds ``key`` alone), or those up to the first that is not
            try:
                ids = list(map(sub.get, map(itemgetter(key), actions)))
            except (KeyError, TypeError):  # a scalar, an object without ``key``, an unhashable value
                ids = None
            if ids is None or sum(map(len, actions)) != len(actions):
                ids = None
                values = []
                for a in actions:
                    if a.__class__ is not dict or len(a) != 1 or key not in a:
                        break
                    values.append(a[key])
        if ids is None:
            try:
                ids = list(map(sub.get, values))
            except TypeError:  # an unhashable value
                return None
        n = len(ids)
        if n != len(actions):
            if n > len(actions):
                return None
            ids += self.ids_of(actions[n:])
        if not ids:
            return None
        # a value outside the domain is None among the ids: the sort then compares None with an
        # id (TypeError), or None is all there is; no pass of ``None in ids`` (a rich comparison
        # of None with each id, which falls back twice before it answers)
        try:
            ordered = sorted(set(ids))
        except TypeError:
            return None
        if ordered[0] is None:
            return None
        return ids, ordered

    def chance_ids(self, st: Any) -> list[int] | None:
        """The ids of ``st``'s chance outcomes in their order, from the game's ``chance_numbers``
        (the module docstring: ``base + n`` for each number), or None when the game declares no
        such hook, the node is not one it knows, or a number falls outside its key's run of whole
        numbers (the caller then takes :meth:`ids_of`)."""
        got = self.sorted_chance_ids(st)
        return None if got is None else got[0]

    def sorted_chance_ids(self, st: Any) -> tuple[list[int], list[int]] | None:
        """:meth:`chance_ids` and the same ids sorted, or None as there (:meth:`chance_run`'s
        numbers, each plus the run's base)."""
        got = self.chance_run(st)
        if got is None:
            return None
        numbers, ordered, base, _, _ = got
        return list(map(base.__add__, numbers)), list(map(base.__add__, ordered))

    def chance_run(self, st: Any) -> tuple[list, list, int, int, int] | None:
        """A wide chance node as numbers of its key's run (the game's ``chance_numbers``, the
        module docstring): ``(numbers, the same sorted, base, lo, hi)``, the outcome ``i`` being
        ``{key: numbers[i]}`` with id ``base + numbers[i]``, every number a whole number of the
        run ``lo..hi``; None when the game declares no hook, the node is not one it knows, or a
        number falls outside the run (the caller then takes :meth:`ids_of`). One sort, whose ends
        check the run, and one C ``sum``, whose type checks the numbers are whole (an ``int``
        sum: no float, no other type); no id made per outcome: oracle/openspiel.py lists a draw's
        ``(id, probability)`` pairs from rows made once per run, one per number of outcomes,
        picked by the sorted numbers (docs/openspiel.md, the seventh round)."""
        hook = self.decl.chance_numbers
        got = hook(st) if hook is not None else None
        if got is None:
            return None
        key, numbers = got
        run = self._runs.get(key)
        if run is None or not numbers:
            return None
        lo, hi, base = run
        try:
            ordered = sorted(numbers)
            if ordered[0] < lo or ordered[-1] > hi or type(sum(ordered)) is not int:
                return None
        except TypeError:  # not numbers
            return None
        return numbers, ordered, base, lo, hi

    def action_id(self, action: Any) -> int:
        """The id of ``action``; an action the table does not hold is a one-line DataError."""
        got = self.find(action)
        if got is None:
            raise DataError(f"{self.decl.game}: action {action_key(action)} is not in the action table "
                            f"(version {self.version}): the game's encoding declaration misses it")
        return got

    def action_from_id(self, action_id: int) -> Any:
        """The action numbered ``action_id`` (a fresh value); a number outside the table is a
        one-line DataError."""
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < self.size:
            raise DataError(f"{self.decl.game}: action id {action_id!r} is outside the table (0-{self.size - 1})")
        if action_id < len(self.decl.scalars):
            return self.decl.scalars[action_id]
        for offset, keys, names, size in self.blocks:
            if action_id < offset + size:
                rest = action_id - offset
                values = []
                for n in reversed(names):
                    dom = self.decl.domains[n]
                    rest, i = divmod(rest, len(dom))
                    values.append(dom[i])
                return dict(zip(keys, reversed(values)))
        raise AssertionError("unreachable: the blocks cover the table")

    def to_dict(self) -> dict:
        """The table as published (``model/<game>/data/actions.json``): enough for another
        implementation to compute every id (docs/openspiel.md, "The action tables")."""
        d = self.decl
        return {
            "game": d.game,
            "version": d.version,
            "size": self.size,
            "order": "scalars first, in order; then each shape in order, its keys sorted, numbered in "
                     "mixed radix over its keys' domains, the first key most significant",
            "scalars": list(d.scalars),
            "shapes": [{"offset": offset, "size": size, "keys": {k: n for k, n in zip(keys, names)}}
                       for offset, keys, names, size in self.blocks],
            "domains": {name: list(values) for name, values in d.domains.items()},
            "bounds": {"distinct_actions": self.size, "chance_outcomes": d.bounds.chance_outcomes,
                       "game_length": d.bounds.game_length},
        }

    def digest(self) -> str:
        """SHA-256 of the table's ids (its scalars, shapes and domains, in order): what the game's
        declaration pins beside its version."""
        d = self.to_dict()
        core = {k: d[k] for k in ("scalars", "shapes", "domains")}
        return hashlib.sha256(json.dumps(core, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def to_json(self) -> str:
        """The published file's text (sorted keys, one indent level per nesting, a final newline)."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
