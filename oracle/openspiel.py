"""The games in OpenSpiel and PettingZoo (issue 32 item 3): every game of the registry registered
with ``pyspiel`` as ``cdg_<name>``, through the core contract only (no game is named here).

Behind the optional extra ``openspiel`` (``pip install 'cdg-oracle[openspiel]'``: open-spiel,
pettingzoo, shimmy, numpy). Usage (docs/openspiel.md)::

    from cdg_oracle.oracle import openspiel
    openspiel.register_all()
    game = pyspiel.load_game("cdg_<name>(scenario=<scenario>)")

What the binding gives, and how:

* **Parameters**: ``scenario`` and ``length`` (the game's defaults), every option of the game
  (``spec.normalize_options(None)``: a boolean, integer or string option is a parameter of its
  type; a list or object option, or one whose default is null, is a string parameter holding its
  JSON, "" for the default) and every ruling switch (``rulings_dict()`` of a new game: a parameter
  of its default's type). A bad value is the game's own one-line DataError.
* ``max_steps`` (default 0: none), the binding's own: a game not over after that many steps is
  cut there, terminal with zero returns (no rule ends it: for bounded tests and searches, as
  OpenSpiel's own games take a horizon); ``max_game_length`` is then ``max_steps``.
* **Players**: the sides in the spec's order (player 0 is ``spec.sides[0]``). Chance is
  OpenSpiel's chance player, with the model's exact probabilities as floats.
* **Actions**: the ids of the game's action table (model/core/encoding.py); player actions and
  chance outcomes share it, so ``num_distinct_actions`` and ``max_chance_outcomes`` are both the
  table's size. ``legal_actions()`` is sorted by id (OpenSpiel's requirement).
* **Returns**: the model's ``returns()``: +1 for the winner, -1 for every other side, 0 each at an
  end without a winner. With two sides that is zero-sum (+1/-1/0); with more (four factions) it is
  general-sum: one faction wins and the others all lose alike, and nothing in the rules ranks the
  losers (docs/openspiel.md, "Returns").
* **Strings and tensors**: the observation string is the canonical JSON of ``observation(side)``;
  the information-state string that of ``information_state(side)`` (perfect recall). The
  observation tensor lays the observation out by the game's fixed layout (model/core/tensor.py,
  published in ``model/<game>/data/actions.json``); the information-state tensor is the
  observation tensor followed by one count per action id of the steps the side saw taken (its own
  moves, the public moves and outcomes, the private outcomes shown to it).
* **Serialization** is the state's own JSON (``to_json(history=True)``/``from_json``: the state
  and the steps that led to it, so each side's information state survives): OpenSpiel pickles a
  Python state's attributes, and the one attribute here pickles as that text. **Cloning** copies
  the game's data only (``clone()`` of the model state); caches are not copied.

* **Speed**: what a playout asks from Python (``current_player``, ``is_terminal``,
  ``is_chance_node``, ``legal_actions``, ``chance_outcomes``) is answered in Python, once per node,
  and kept until the next step: the ids as the question handed them over where it did (the model
  state's ``hinted_actions``, its actions and what they were built from, in one call:
  ``ActionTable.hinted_ids``, model/core/stack.py; a die's whole answer made once, by its
  constant list's identity), else by table lookup (``ActionTable.ids_of``); OpenSpiel's own
  ``legal_actions()`` and ``is_chance_node()`` would cross into C++ and back, and still do for a
  C++ caller. Each answer is one Python frame: ``_apply_action`` reads the next node's player
  after the step (one look-up; not under ``max_steps``, where the cut needs the move number), and
  ``legal_actions`` computes a new node's answer without helper frames. A chance node is read as
  its outcomes and integer weights (the model state's ``chance_distribution``, when it has one:
  no Fraction per outcome); an equally likely node's ``(id, probability)`` pairs are made in C
  (``zip`` of the sorted ids with the one probability); a draw from the deck's are picked in C
  from a row of pairs kept per number of cards by the pile's sorted numbers (``ActionTable.chance_run``:
  no id, pair or sort of ids made per card), and the drawn card found by its number (the id less
  the run's base). The ids of an option list of at most
  :data:`KNOWN_ACTIONS` choices, and the answer of a chance node of at most
  :data:`KNOWN_OUTCOMES` outcomes, are kept by the list's ``marshal`` text (exact) and read back
  when the list recurs (:func:`forget` drops them). ``apply_action`` is OpenSpiel's (its history).
  numpy is imported by the observer alone (the tensors): a playout never imports it, nor starts
  its BLAS threads. benchmarks/openspiel.py measures the ratio to the native model and OpenSpiel's
  own share of it (docs/openspiel.md, "Measured").

The re-deal sampler for IS-MCTS: :func:`resampler` (``bot.set_resampler(resampler(seed))``).
OpenSpiel 2.0.2's C++ MCTS bot (``pyspiel.MCTSBot``) crashes on any game implemented in Python,
its own examples included: use the Python MCTS (``open_spiel.python.algorithms.mcts``).
"""
from __future__ import annotations

import json
import marshal
import random
from fractions import Fraction
from itertools import repeat
from operator import itemgetter
from typing import Any

from cdg_oracle.model.core import registry
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import CHANCE, TERMINAL, action_key
from cdg_oracle.model.core.tensor import compile_slots, encode, size

PREFIX = "cdg_"

try:  # the optional extra (numpy, which OpenSpiel's tensors need, is imported by the observer
    # alone, when first made: a playout never imports it, nor starts its BLAS threads)
    import pyspiel
except ImportError:  # pragma: no cover - without the extra the module still imports; register fails
    pyspiel = None

# OpenSpiel's players of a node that is no side's, read once (an enum's attribute is a lookup)
_TERMINAL = None if pyspiel is None else pyspiel.PlayerId.TERMINAL
_CHANCE = None if pyspiel is None else pyspiel.PlayerId.CHANCE


def _need() -> None:
    if pyspiel is None:
        raise DataError("OpenSpiel is not installed: pip install 'cdg-oracle[openspiel]'")


def short_name(game: str) -> str:
    """The OpenSpiel name of a game of the registry (``cdg_<name>``)."""
    return PREFIX + game


# -- the game's parameters ----------------------------------------------------------------------
#: The characters of OpenSpiel's game strings (``name(k=v,k=v)``) a string parameter cannot hold
#: as themselves: percent-encoded (``%2C`` for a comma), as in a URL.
_SPECIAL = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}


def quote(text: str) -> str:
    """A string as an OpenSpiel string parameter (its game-string characters percent-encoded)."""
    return "".join(_SPECIAL.get(c, c) for c in text)


def unquote(text: str) -> str:
    """The inverse of :func:`quote`."""
    for c, code in reversed(list(_SPECIAL.items())):
        text = text.replace(code, c)
    return text


def _param_default(value: Any) -> Any:
    """A parameter's default: a bool, int or float as itself, a string quoted (:func:`quote`);
    anything else as quoted JSON text ("" for null)."""
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return quote(value)
    return "" if value is None else quote(json.dumps(value, sort_keys=True, separators=(",", ":")))


def _param_value(default: Any, given: Any) -> Any:
    """A parameter's value as the game takes it (a string unquoted; JSON text read back where the
    default was not a plain value)."""
    if isinstance(default, (bool, int, float)):
        return given
    if isinstance(default, str):
        return unquote(given)
    if given == "":
        return default
    try:
        return json.loads(unquote(given))
    except ValueError:
        raise DataError(f"parameter value {given!r} is not JSON") from None


class _Spec:
    """What the binding knows of one game: its spec, table, parameters and tensor layout."""

    def __init__(self, name: str):
        spec = self.spec = registry.get(name)
        self.name = name
        self.table = spec.action_table()
        self.sides = tuple(spec.sides)
        self.index = {s: i for i, s in enumerate(self.sides)}
        #: the model's player (a side, ``CHANCE`` or ``TERMINAL``) -> OpenSpiel's: one look-up
        self.players = {**self.index}
        if pyspiel is not None:
            self.players.update({CHANCE: _CHANCE, TERMINAL: _TERMINAL})
        scenario = spec.default_scenario or spec.scenarios()[0]
        self.default_options = spec.normalize_options(None)
        first = spec.new_state(scenario, spec.lengths[0], None, None)
        self.default_rulings = first.rulings_dict()
        clash = set(self.default_options) & set(self.default_rulings) | \
            (set(OWN) & (set(self.default_options) | set(self.default_rulings)))
        if clash:
            raise DataError(f"{name}: option and ruling names clash as OpenSpiel parameters: {sorted(clash)}")
        self.params = {"scenario": scenario, "length": spec.lengths[0], "max_steps": 0}
        self.params.update({k: _param_default(v) for k, v in self.default_options.items()})
        self.params.update({k: _param_default(v) for k, v in self.default_rulings.items()})
        self._slots = None
        #: the state reads a chance node's outcomes with integer weights (StackState's
        #: ``chance_distribution``), not only as Fractions (the contract's ``chance_outcomes``)
        self.distribution = callable(getattr(spec.state_class, "chance_distribution", None))
        #: the state says what its question's actions were built from (StackState's
        #: ``hinted_actions``, model/core/stack.py): the ids without a look-up per action object
        self.hinted = callable(getattr(spec.state_class, "hinted_actions", None))
        #: the answer of an equally likely constant node (a die: model/core/stack.py ``DIE``), by
        #: the identity of its outcomes' list, the constant itself (kept in the answer)
        self.constant_answers: dict = {}
        #: a draw's ``(id, probability)`` pairs, by the base of its run's ids: a row per number of
        #: cards ``n``, card ``c``'s pair at place ``c`` (:func:`_draw`; not the game's answers:
        #: a function of the pile's size and the card, kept for the process as the table is)
        self.rows: dict = {}
        #: the game hands a wide chance node's numbers over (its encoding's ``chance_numbers``)
        self.runs = self.table.decl.chance_numbers is not None
        #: the answers of the option lists and the small chance nodes met, by their ``marshal``
        #: text (:func:`_key`): a menu recurs (the operations, a card's uses, a die's faces)
        self.known: dict = {}
        self.known_chance: dict = {}

    def slots(self) -> list:
        """The observation tensor's layout (model/core/tensor.py; as published:
        oracle/action_tables.py ``observation_layout``)."""
        if self._slots is None:
            from cdg_oracle.oracle.action_tables import observation_layout
            self._slots = observation_layout(self.name)
        return self._slots

    def new_state(self, params: dict) -> Any:
        options = {k: _param_value(self.default_options[k], params[k]) for k in self.default_options}
        rulings = {k: _param_value(self.default_rulings[k], params[k]) for k in self.default_rulings
                   if params[k] != self.params[k]}
        return self.spec.new_state(params["scenario"], params["length"], rulings, options)


#: The binding's own parameters (beside the game's options and rulings).
OWN = ("scenario", "length", "max_steps")

_SPECS: dict[str, _Spec] = {}


def _spec(name: str) -> _Spec:
    if name not in _SPECS:
        _SPECS[name] = _Spec(name)
    return _SPECS[name]


# -- the model state inside an OpenSpiel state ----------------------------------------------------
def _restore(game: str, text: str) -> "_Model":
    return _Model(registry.get(game).state_class.from_json(text), game)


class _Model:
    """The model state an OpenSpiel state carries (its attribute ``model``, beside the integer
    ``max_steps``): deep-copied by the model's ``clone()`` (the game's data, no caches), pickled as
    the state's own JSON with its history."""

    __slots__ = ("_st", "initial", "game", "sp", "legal", "outcomes", "player", "seen")

    def __init__(self, st: Any, game: str, initial: Any = None):
        self._st = st
        self.initial = initial  # the game's first state, cloned when first read (``st`` None)
        self.game = game
        self.sp = _spec(game)
        # the current node's legal ids (sorted, no repeats), with the model's actions and their
        # ids in the model's order (what ``_apply_action`` maps an id back through) and 0 (the
        # base below); None until asked
        self.legal = None
        # at a chance node: ([(id, probability)] sorted, ids, outcomes, 0), or at a draw
        # ((id, probability) sorted, the pile's numbers, outcomes, base: id = base + number,
        # :func:`_draw`); None until asked
        self.outcomes = None
        self.player = None  # the OpenSpiel player of the current node, or None
        self.seen: dict = {}  # (perfect recall?, side) -> the observation or information state now

    @property
    def st(self) -> Any:
        """The model state (a new game's is cloned from the game's first state when first read:
        OpenSpiel's clone of a Python state makes a new initial state, then replaces its attributes
        by copies of the original's, and that initial state is never read)."""
        if self._st is None:
            self._st = self.initial.clone()
            self.initial = None
        return self._st

    @st.setter
    def st(self, value: Any) -> None:
        self._st = value
        self.initial = None

    def view(self, side: str, perfect_recall: bool) -> dict:
        """``side``'s information state (``perfect_recall``) or observation now (kept until the
        next step: OpenSpiel asks for the string and the tensor of each)."""
        key = (perfect_recall, side)
        got = self.seen.get(key)
        if got is None:
            got = self.seen[key] = self.st.information_state(side) if perfect_recall else self.st.observation(side)
        return got

    def changed(self) -> None:
        """The state moved on: what was kept of the last node is gone."""
        self.legal = None
        self.outcomes = None
        self.player = None
        self.seen = {}

    def __deepcopy__(self, memo: dict) -> "_Model":
        return _Model(self.st.clone(), self.game)

    def __reduce__(self):
        # with the history: each side's information state survives (model/core/information.py)
        return (_restore, (self.game, self.st.to_json(history=True)))


#: The most answers kept per game in each of ``_Spec.known`` and ``_Spec.known_chance``.
KNOWN = 50_000
#: A decision of at most this many choices is looked up among those met (a menu recurs); a longer
#: list (A Distant Plain's spaces and pieces: rarely met twice) is computed afresh.
KNOWN_ACTIONS = 32
#: The longest run of numbers whose draws' pairs are kept as rows (``_Spec.rows``: one row per
#: number of outcomes, each of the run's length: Labyrinth's 120 cards, 14 520 pairs)
MOST_ROWS = 256
#: A chance node of at most this many outcomes is looked up among those met (a die); a larger one
#: (a draw from the deck: a new pile at each draw) is computed afresh.
KNOWN_OUTCOMES = 16


def forget(name: str) -> None:
    """Drop the answers kept of the option lists and small chance nodes met in game ``name``
    (benchmarks/openspiel.py does before each game it times, so that its figures do not depend on
    playing the same games again). What no game's play decides is kept, as the table is: a die's
    answer (``_Spec.constant_answers``) and a draw's rows (``_Spec.rows``)."""
    sp = _spec(name)
    sp.known.clear()
    sp.known_chance.clear()


_dumps = marshal.dumps  # read once (a global, not the module's attribute, at each decision)


def _key(value: Any) -> bytes | None:
    """An exact key of a list of actions: its ``marshal`` text, which reads back as one value
    only (``1``, ``True`` and ``1.0`` differ, so do key orders); None for a value marshal cannot
    write (no action of the contract's). (:func:`_decision` computes it inline: a frame less.)"""
    try:
        return marshal.dumps(value)
    except ValueError:
        return None


def _decision(m: "_Model") -> tuple:
    """A decision's answer, computed once per node: ``(the legal ids sorted without repeats, the
    ids in the model's order, the model's actions, 0)`` (0: an id is its own number, as at a draw
    its number is the id less a base, :func:`_draw`). The ids as the question handed them over
    (``ActionTable.hinted_ids`` of the state's ``hinted_actions``: its actions, the model's list
    read without a copy, and what they were built from, model/core/stack.py) when it did; else those of an option list met before, read from
    ``_Spec.known`` by the list's :func:`_key` (the model's actions are this node's own); else
    by value (``ActionTable.ids_of``)."""
    sp = m.sp
    st = m._st  # the model state (``_Model.st`` without its property call, once it is made)
    if st is None:
        st = m.st
    if sp.hinted:  # the actions (the model's list, not copied: read only) with the promise, one call
        got = st.hinted_actions()
        if got is None:
            return [], [], [], 0
        actions, hint = got
        if hint is not None:
            got = sp.table.hinted_ids(hint, actions)
            if got is not None:
                return got[1], got[0], actions, 0
    else:
        actions = st.legal_actions()
    key = got = None
    if len(actions) <= KNOWN_ACTIONS:
        try:  # _key inline
            key = _dumps(actions)
        except ValueError:
            pass
        else:
            got = sp.known.get(key)
    if got is None:
        table = sp.table
        ids = table.ids_of(actions)
        if None in ids:
            table.action_id(actions[ids.index(None)])  # its one-line DataError
        got = (sorted(set(ids)), ids)
        if key is not None and len(sp.known) < KNOWN:
            sp.known[key] = got
    return got[0], got[1], actions, 0


def _int_probabilities(weights: list) -> list[float] | None:
    """Each integer weight over the weights' sum, as the nearest float (``int / int`` rounds
    correctly); None unless every weight is an int and their sum is positive."""
    total = sum(weights)
    if all(type(x) is int for x in weights) and type(total) is int and total > 0:
        return [x / total for x in weights]
    return None


def _draw(sp: _Spec, run: tuple) -> tuple:
    """A draw's ``(pairs, numbers)`` from its run (``ActionTable.chance_run``: the pile's numbers,
    the same sorted, the base of their ids, the run's first and last numbers): the ``(id, 1/n)``
    pairs of ``n`` cards are picked by the sorted numbers, in C (``itemgetter``), from the row of
    ``n`` outcomes (card ``c``'s pair at place ``c``), the rows of every ``n`` the run allows made
    together at the run's first draw and kept for the process (``_Spec.rows``: a function of the
    pile's size and the card, not of the game; Labyrinth's 120 cards, 14 520 pairs): no id, pair
    or sort of ids made per card. The numbers stand for the ids in ``_apply_action``: the id drawn
    less the base is its number, whose place in the pile is the outcome's."""
    numbers, ordered, base, lo, hi = run
    n = len(numbers)
    rows = sp.rows.get(base)
    if rows is None and lo >= 0 and hi - lo < MOST_ROWS:
        ids = range(base, base + hi + 1)
        rows = sp.rows[base] = [None] + [tuple(zip(ids, repeat(1 / k))) for k in range(1, hi - lo + 2)]
    if rows is not None and n < len(rows):
        row = rows[n]
        return (itemgetter(*ordered)(row) if n > 1 else (row[ordered[0]],)), numbers
    # a run the rows do not cover (numbers below 0, a pile with a card twice): the pairs made here
    return list(zip(map(base.__add__, ordered), repeat(1 / n))), numbers


def _outcomes(m: "_Model") -> tuple | None:
    """A chance node's answer, computed once per node: ``([(id, probability)] sorted by id, the
    ids in the model's order, the model's outcomes, 0)``, at a draw from the deck (the game's
    ``chance_numbers``: ``ActionTable.chance_run``) the pairs as a tuple, the pile's numbers in
    place of the ids and their base (:func:`_draw`); or None when the node is not a chance
    node. The exact Fractions as the nearest floats: a weight over the weights' sum, both
    integers, divided once (``int / int`` rounds correctly, as ``numerator / denominator`` of the
    reduced Fraction does: the same float)."""
    st = m._st if m._st is not None else m.st
    sp = m.sp
    table = sp.table
    key = None
    if sp.distribution:  # the outcomes and their integer weights: no Fraction per outcome
        got = st.chance_distribution(copy=False)  # the model's lists, read only
        if got is None:
            return None
        actions, weights = got
        if weights is None:
            if len(actions) > KNOWN_OUTCOMES:  # a draw from the deck: its numbers
                run = table.chance_run(st) if sp.runs else None
                if run is not None and len(run[0]) == len(actions):
                    return _draw(sp, run) + (actions, run[2])
            else:  # a constant node met before (a die: the very list DIE), its answer kept
                got = sp.constant_answers.get(id(actions))
                if got is not None and got[2] is actions:
                    return got
        if sp.hinted:  # the ids as the node handed them over (a die's constant faces)
            hint = st.action_hint()
            hinted = table.hinted_ids(hint, actions) if hint is not None else None
            if hinted is not None:
                ids, ordered = hinted
                if weights is None and len(ordered) == len(ids):  # no outcome offered twice
                    got = list(zip(ordered, repeat(1 / len(ids)))), ids, actions, 0
                    if hint[0] is None and hint[1] is actions and len(sp.constant_answers) < KNOWN:
                        # a constant node (its outcomes the constant list itself): its answer kept
                        # by the list's identity (the list kept with it, so the identity holds)
                        sp.constant_answers[id(actions)] = got
                    return got
                probs = _int_probabilities(weights) if weights is not None else None
                if probs is not None:
                    return sorted(zip(ids, probs)), ids, actions, 0
        if len(actions) <= KNOWN_OUTCOMES:  # a small node met before (a die): its answer kept
            key = _key((actions, weights))
            known = sp.known_chance.get(key) if key is not None else None
            if known is not None:
                return known[0], known[1], actions, 0
        probs = None
        if weights is not None:
            probs = _int_probabilities(weights)
            if probs is None:  # not integers: the model's own Fractions
                probs = [p.numerator / p.denominator for _, p in st.chance_outcomes()]
    else:
        outcomes = st.chance_outcomes()
        if not outcomes:
            return None
        actions, fractions = zip(*outcomes)
        p0 = fractions[0]
        probs = None if fractions.count(p0) == len(fractions) and p0 == Fraction(1, len(fractions)) \
            else [p.numerator / p.denominator for p in fractions]
    ids = table.ids_of(actions)  # by value
    if None in ids:
        table.action_id(actions[ids.index(None)])  # its one-line DataError
    if probs is None:  # equally likely: one probability, the pairs made in C (zip), sorted by id alone
        pairs = list(zip(sorted(ids), repeat(1 / len(ids))))
    else:
        pairs = sorted(zip(ids, probs))
    if key is not None and len(sp.known_chance) < KNOWN:
        sp.known_chance[key] = (pairs, ids)
    return pairs, ids, actions, 0


if pyspiel is not None:

    class CdgGame(pyspiel.Game):
        """One game of the registry in OpenSpiel (its name: ``cdg_<name>``)."""

        def __init__(self, params: dict | None = None, *, name: str):
            sp = self._sp = _spec(name)
            full = dict(sp.params)
            full.update(params or {})
            unknown = set(full) - set(sp.params)
            if unknown:
                raise DataError(f"{short_name(name)}: unknown parameters {sorted(unknown)}")
            self._full_params = full
            self._first = sp.new_state(full)  # checks the parameters once, with the game's errors
            self.max_steps = int(full["max_steps"])
            if self.max_steps < 0:
                raise DataError(f"{short_name(name)}: max_steps must be 0 (no limit) or more, not {self.max_steps}")
            n = len(sp.sides)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(sp.table), max_chance_outcomes=len(sp.table), num_players=n,
                min_utility=-1.0, max_utility=1.0, utility_sum=0.0 if n == 2 else None,
                max_game_length=self.max_steps or sp.table.decl.bounds.game_length)
            super().__init__(_game_type(name), info, params or {})

        def new_initial_state(self) -> "CdgState":
            return CdgState(self, None)

        def make_py_observer(self, iig_obs_type=None, params=None):
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return CdgObserver(self._sp, perfect_recall)

    class CdgState(pyspiel.State):
        """An OpenSpiel state over a model state (``self.model.st``)."""

        def __init__(self, game: CdgGame, st: Any):
            super().__init__(game)
            self.model = _Model(st, game._sp.name, initial=game._first if st is None else None)
            self.max_steps = game.max_steps

        @property
        def _sp(self) -> _Spec:
            return self.model.sp

        def native(self) -> Any:
            """The model state (the contract's GameState)."""
            return self.model.st

        def truncated(self) -> bool:
            """The game was cut at ``max_steps`` steps before its end (a binding parameter, for
            bounded tests: no rule ends it there; the returns are zeros)."""
            return bool(self.max_steps) and not self.model.st.is_terminal() and self.move_number() >= self.max_steps

        def current_player(self) -> int:
            m = self.model
            p = m.player
            if p is None:  # once per node (``_apply_action`` sets it for the next node, but under
                # ``max_steps`` or after a clone, a restore or a re-deal)
                st = m._st if m._st is not None else m.st
                p = st.current_player()
                if p == TERMINAL or (self.max_steps and self.truncated()):
                    p = _TERMINAL
                else:
                    p = _CHANCE if p == CHANCE else m.sp.index[p]
                m.player = p
            return p

        def _legal(self) -> tuple:
            """(the legal ids sorted without repeats, the ids in the model's order, the model's
            actions), computed once per node: OpenSpiel asks for them, then applies one."""
            m = self.model
            got = m.legal
            if got is None:
                got = m.legal = _decision(m)
            return got

        # What a playout asks from Python, answered in Python: OpenSpiel's own ``legal_actions()``
        # and ``is_chance_node()`` cross into C++ and back into this class four times and once
        # (``is_terminal``, ``current_player`` twice, ``_legal_actions``) and convert the ids to a
        # C++ vector and back. The answers are the same (every case but the player to move's own
        # list, and the chance node's, is OpenSpiel's own); C++ callers still take the C++ path.
        # Each is one Python frame when the node's answer is kept (``_decision`` the one more
        # when it is not): a frame costs as much as the look-ups in it.
        def legal_actions(self, player: int | None = None) -> list[int]:
            m = self.model
            p = m.player
            if p is None:
                p = self.current_player()
            if p.__class__ is int and (player is None or player == p):
                got = m.legal
                if got is None:
                    # _decision's first case inline (a frame less at most decisions): the ids
                    # the question handed over; _decision for the rest
                    sp = m.sp
                    ask = (m._st if m._st is not None else m.st).hinted_actions() if sp.hinted else None
                    ids = sp.table.hinted_ids(ask[1], ask[0]) if ask is not None and ask[1] is not None else None
                    got = m.legal = (ids[1], ids[0], ask[0], 0) if ids is not None else _decision(m)
                return got[0][:]
            if p is _CHANCE and m.outcomes is not None:
                return [a for a, _ in m.outcomes[0]]  # LegalChanceOutcomes: the outcomes' ids
            return super().legal_actions() if player is None else super().legal_actions(player)

        def is_chance_node(self) -> bool:
            m = self.model
            p = m.player
            return (p if p is not None else self.current_player()) is _CHANCE

        def _legal_actions(self, player: int) -> list[int]:
            if player != self.current_player() or player < 0:  # only the player to move has actions
                return []
            return list(self._legal()[0])

        def chance_outcomes(self) -> list[tuple[int, float]]:
            m = self.model
            got = m.outcomes
            if got is None:
                got = m.outcomes = _outcomes(m)
                if got is None:  # not a chance node
                    return []
            return list(got[0])

        def _apply_action(self, action: int) -> None:
            m = self.model
            got = m.legal if m.outcomes is None else m.outcomes
            try:  # the action the node offered under that id (a draw's: its number, the id less the base)
                a = got[2][got[1].index(action - got[3])]
            except (TypeError, ValueError):  # not asked first, or an id not offered (the model refuses it)
                a = m.sp.table.action_from_id(action)
            st = m._st if m._st is not None else m.st
            # the state moves on: what was kept of the last node is gone (``_Model.changed``)
            m.legal = m.outcomes = m.player = None
            if m.seen:
                m.seen = {}
            st.apply(a)
            if not self.max_steps:  # the next node's player, asked first thing (``current_player``
                # from ``apply_action``, ``is_chance_node``, ``is_terminal``): read here, a frame less
                m.player = m.sp.players[st.current_player()]

        def _action_to_string(self, player: int, action: int) -> str:
            return action_key(self._sp.table.action_from_id(action))

        def is_terminal(self) -> bool:
            # the player of the node, kept until the next step (OpenSpiel asks at every call)
            m = self.model
            p = m.player
            return (p if p is not None else self.current_player()) is _TERMINAL

        def returns(self) -> list[float]:
            r = self.model.st.returns()  # zeros before the end: a truncated game has no winner
            return [float(r[s]) for s in self._sp.sides]

        def __str__(self) -> str:
            return json.dumps(self.model.st.canonical(), sort_keys=True, separators=(",", ":"))

    class CdgObserver:
        """OpenSpiel's Python observer: the observation (``perfect_recall`` False) or the
        information state (True) of a player, as a string and as a tensor (module docstring)."""

        def __init__(self, sp: _Spec, perfect_recall: bool):
            import numpy as np  # here only: the tensors (a playout does not import numpy)

            self.sp = sp
            self.perfect_recall = perfect_recall
            self.slots = sp.slots()
            self.tree = compile_slots(self.slots)
            n = size(self.slots)
            pieces = [("observation", n)] + ([("seen_actions", len(sp.table))] if perfect_recall else [])
            self.tensor = np.zeros(sum(k for _, k in pieces), np.float32)
            self.dict = {}
            i = 0
            for name, k in pieces:
                self.dict[name] = self.tensor[i:i + k]
                i += k

        def set_from(self, state: CdgState, player: int) -> None:
            self.tensor.fill(0)
            side = self.sp.sides[player]
            got = state.model.view(side, self.perfect_recall)
            if not self.perfect_recall:
                encode(self.tree, got, self.tensor)
                return
            info = got
            encode(self.tree, info["observation"], self.tensor)
            seen = self.dict["seen_actions"]
            table = self.sp.table
            for entry in info["history"]:
                if len(entry) == 3 and entry[0] != "seen" and entry[2] is not None:
                    i = table.find(entry[2])
                    if i is not None:
                        seen[i] += 1.0

        def string_from(self, state: CdgState, player: int) -> str:
            got = state.model.view(self.sp.sides[player], self.perfect_recall)
            return json.dumps(got, sort_keys=True, separators=(",", ":"))


def _game_type(name: str):
    sp = _spec(name)
    two = len(sp.sides) == 2
    return pyspiel.GameType(
        short_name=short_name(name), long_name=sp.spec.title or name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(sp.sides), min_num_players=len(sp.sides),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(sp.params))


_REGISTERED: dict[str, type] = {}  # the game classes registered, by name


def register(name: str) -> str:
    """Register one game of the registry with pyspiel (once); returns its OpenSpiel name."""
    _need()
    if name not in _REGISTERED:
        # a class per game (a plain function as the factory aborts the interpreter at exit in
        # OpenSpiel 2.0.2: "PyThreadState_Get: the function must be called with the GIL held")
        def init(self, params=None):
            CdgGame.__init__(self, params, name=name)
        cls = type(f"CdgGame_{name}", (CdgGame,), {"__init__": init})
        pyspiel.register_game(_game_type(name), cls)
        _REGISTERED[name] = cls
    return short_name(name)


def register_all() -> list[str]:
    """Register every game of the registry that declares an action encoding; their names."""
    return [register(n) for n in registry.names() if registry.get(n).encoding is not None]


def load(name: str, **params: Any):
    """The OpenSpiel game of registry game ``name`` with ``params`` (registered on first use)."""
    register(name)
    return pyspiel.load_game(short_name(name), params)


def pettingzoo_env(name: str, render_mode: str | None = None, **params: Any):
    """Registry game ``name`` as a PettingZoo AEC environment, through Shimmy's OpenSpiel wrapper
    (agents ``player_0``...: the sides in the spec's order; observations: the observation
    tensor; actions: the table's ids, the legal ones marked in ``infos[agent]["action_mask"]``)."""
    from shimmy import OpenSpielCompatibilityV0

    return OpenSpielCompatibilityV0(env=load(name, **params), render_mode=render_mode)


#: What :func:`resampler` gives IS-MCTS when the model's sampler has no state to give
FALLBACKS = ("raise", "state")


def resampler(seed: int = 0, fallback: str = "raise"):
    """A re-deal sampler for OpenSpiel's IS-MCTS (``bot.set_resampler(...)``): for a state and a
    player, a state drawn from the player's information set by the model's ``sample_redeal``
    (model/core/information.py: exact, by rejection of the deals the question under way rules
    out), with its own ``random.Random(seed)``.

    When the model's sampler has no state to give (``RedealError``: every deal it drew was ruled
    out, or the question cannot be posed again; measured: never for the player to move, which is
    what IS-MCTS asks, docs/openspiel.md), ``fallback`` says what IS-MCTS gets: ``"raise"`` (the
    default) the one-line ``RedealError``, which stops the search; ``"state"`` a copy of the state
    itself, the true hidden cards (the search then plays that world knowing them: an information
    leak, chosen explicitly)."""
    from cdg_oracle.model.core.information import RedealError

    if fallback not in FALLBACKS:
        raise DataError(f"resampler: fallback must be one of {', '.join(FALLBACKS)}, not {fallback!r}")
    rng = random.Random(seed)

    def sample(state, player: int):
        st = state.model.st
        side = state._sp.sides[player]
        try:
            redealt = st.sample_redeal(side, rng)
        except RedealError:
            if fallback == "raise":
                raise
            return state.clone()
        out = state.clone()
        out.model.st = redealt
        out.model.changed()
        return out
    return sample
