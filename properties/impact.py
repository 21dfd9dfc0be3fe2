"""How much each ambiguity of a game's registry matters in play (issue 7; for every game with a
registry, issue 29 item 5): paired games under the default rulings and under each alternative
reading, counting how often the two games diverge at all, how often they end with a different
winner, and finding one short witness of a divergence.

This module measures and returns data; it writes nothing (``oracle/ambiguities_cmd.py`` writes the
reports and the witness traces). It plays a game only through the contract (model/core/game.py)
and its ``GameSpec`` (``new_state``, ``state_class``, ``scenarios()``, ``rulings``); what differs
per game is a :class:`Measurement`, exported by the game's properties package as the
``measurement`` of its ``CHECKS`` record (properties/games.py): the length played, which games a
switch's pairs play (Labyrinth: a solo game, options ``{"solo": True}``, for a switch whose name
starts with ``solo_``), the state keys that are machinery, draws, the cost constants, and the
discovery's and the side-by-side machine's configuration.

**Pairs.** A *reading* to measure is an entry of ``effect: play`` and one of its alternative
readings, executed by ``entry.rulings_for(reading)``, i.e. one switch set to one value (entries
naming the same switch and value share one measurement). Pair ``j`` (``j = 0 .. pairs-1``) of every
reading plays scenario number ``j mod n`` of the ``n`` scenarios (``spec.scenarios()``, in turn) at
the measurement's length (standard) -- with the options of the switch's *kind* (:attr:`Measurement.kinds`:
Labyrinth plays a solo game, chapter 9, options ``{"solo": True}``, for a switch whose name starts
with ``solo_``, else a two-player game) -- with the random stream
``random.Random(f"ambiguities:{seed}:{j}")``: step ``i`` of either game
draws the ``i``-th 53-bit integer ``u`` of that stream and takes the legal action number
``u * len(legal) >> 53`` or, at a chance node, the outcome where ``u * W >> 53`` falls among the
exact integer weights of ``chance_outcomes()`` (total ``W``). So both games of a pair make the same
choices and roll the same dice until the rulings make them differ, and each continues on the same
stream afterwards.

**Divergence** is the first step ``i`` (the state after ``i`` actions; 0 is the first decision) at
which the two games' canonical states (``State.canonical()``) or their legal actions differ (as
sets, as a trace's ``legal_hash`` sees them; an order-only difference shows one step later, when
the same ``u`` picks different actions).
A switch that changes only the probabilities of a chance node shows as a state divergence at the
step where the same ``u`` picks different outcomes. The rules cited at a divergence are those the
step that produced it applied (``applied_rules()`` of both games, the default's first).

**Consulted.** The default game of pair ``j`` is played once per kind and shared by every reading
of that kind; while it is played, its ``Rulings`` object records the first step at which each
switch is read (the model reads switches only as attributes of ``state.rulings``; a switch the
state's own set-up reads, ``StackState.setup``, such as Twilight Struggle's deck built under
``seed_un_intervention_ops``, counts as read at step 0). The model is deterministic, so a game
under a reading that differs in one switch is the very same game up to the step that first reads
that switch: a pair whose default game never reads the switch, and whose set-up is the same under
both values, cannot diverge and is counted without replaying it ("not consulted"); a consulted
pair is played in lockstep from the state before that first read (the default game's state with
the alternative rulings). The test suite checks this against pairs played in full.

**Budget.** The measurement never reads a clock: ``--budget SECONDS`` is turned into a number of
pairs per reading by :func:`pairs_for_budget`, with the cost constants of the game's
:class:`Measurement` (Labyrinth's, the defaults, measured once on the reference machine, 2 cores,
CPython 3.11): ``pairs = max(1, (budget - WITNESS_SECONDS * readings)
// (GAME_SECONDS * default_games + PAIR_SECONDS * readings))``, where ``default_games`` is twice the
number of kinds played (a default game is played twice per pair index and kind: with its read log,
then replayed for snapshots; Labyrinth: 2 or 4, two-player and solo) and
``readings`` the number of readings played (a reading whose value is the switch's default is not).
The same registry, seed and budget therefore give the same report, byte for byte, on any machine
(with the same model and hypothesis versions); only its running time depends on the machine.

**Witness.** For each reading that diverged, the pair with the earliest divergence gives the first
divergence prefix: its actions up to the divergence (step ``d0``). A bounded hypothesis search then
looks for a shorter game (``find``, derandomized, no database, at most ``WITNESS_EXAMPLES``
generated examples, ``WITNESS_CALLS`` games and ``WITNESS_STEPS`` lockstep steps in all; no constant
of the project's source is mixed into its examples, see properties/hypothesis_runs.py). An example
``(cut, k, tail)`` follows the pair's stream for ``cut`` steps, then the draws ``tail``, then the
stream ``random.Random(f"ambiguities:witness:{k}")``, up to step ``d0 - 1``; the condition is "the
two games diverge before step ``d0``", hypothesis shrinks ``cut``, ``k`` and ``tail``, and the
earliest divergence of every game tried is kept. ``method`` says whether the witness came from the
search (``hypothesis``) or is the first divergence prefix (``first_divergence``: the search found
none shorter within its bounds). The witness holds the actions of both games up to the divergence
(a state divergence shows in the state after the last action; a legal-action divergence is followed
by one more step, an action legal under that game's rulings and, where there is one, not under the
other's, so that the difference shows in that step's legal-action count and hash).
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from math import lcm
from typing import Any, Callable, Mapping

from cdg_oracle.model.core.game import action_key
from cdg_oracle.model.core.registry import get
from cdg_oracle.properties.ambiguities import Entry
from cdg_oracle.properties.hypothesis_runs import isolated

MAX_STEPS = 20_000           # a game longer than this is counted as unfinished (winner None)
BITS = 53                    # the width of one draw u of a pair's random stream
SNAPSHOT_EVERY = 32          # the witness search restarts from lockstep snapshots this far apart
WITNESS_EXAMPLES = 20        # hypothesis examples generated per witness search
WITNESS_CALLS = 60           # games tried per witness search (generation and shrinking), at most
WITNESS_STEPS = 3000         # lockstep steps played per witness search, at most
WITNESS_TAIL = 16            # the longest list of draws of its own a witness candidate begins with

# Cost constants of the budget conversion (seconds on the reference machine, Labyrinth's games; see
# the docstring): the defaults of a Measurement.
GAME_SECONDS = 0.05          # one default game (played with its read log, then replayed for snapshots)
PAIR_SECONDS = 0.04          # one reading of one pair index, on average (most are not consulted)
WITNESS_SECONDS = 0.4        # one witness search, on average (bounded by WITNESS_CALLS and WITNESS_STEPS)
DEFAULT_BUDGET = 60.0
#: A game's result when it ended without a winner (a draw: Twilight Struggle 10.3.2, A Distant
#: Plain's tied final victory margins); None is a game unfinished within MAX_STEPS.
DRAW = "draw"


@dataclass(frozen=True)
class Measurement:
    """What the ambiguity measurement needs to know of a game beyond its contract (the defaults:
    a game whose pairs play the standard length with no options).

    ``length``: the game length every pair plays. ``kinds``: the kinds of game a switch's pairs
    play, ``(label, switch prefix, options)`` in the order a pair index plays them; a switch plays
    the first kind whose prefix starts its name, else the kind whose prefix is None (Labyrinth:
    ``("two-player", None, None)`` and ``("solo", "solo_", {"solo": True})``, chapter 9).
    ``machinery``: the state keys (``state.d``) that ``canonical()`` leaves out, so that two states
    equal in every other key need no canonical comparison (``("rulings",)``: always compare).
    ``side_labels``: a side's short name in the report's wins column (Labyrinth: ``J``).
    ``draws``: the game can end without a winner (the wins count ``draw`` apart from unfinished).
    ``game_seconds``, ``pair_seconds``, ``witness_seconds``: the cost constants of
    :func:`pairs_for_budget`. ``setup_rule``: the rule the discovery cites for a divergence before
    the first step (Labyrinth 3.2, the scenario set-up). ``discovery_game(rng, switch)``: the
    scenario, length and options of a discovery pair (properties/discovery.py; None: a scenario of
    ``spec.scenarios()`` and a length of ``spec.lengths`` drawn from ``rng``, no options).
    ``machine_game(switch)``: the hypothesis strategies of the scenario, length and options of a
    pair of the side-by-side machine (properties/side_by_side.py; None: ``spec.scenarios()`` and
    ``spec.lengths`` in order, no options).
    ``modules``: the modules the report names for its three parts (``impact``, ``discovery``,
    ``side_by_side``)."""

    length: str = "standard"
    kinds: tuple = (("two-player", None, None),)
    machinery: tuple[str, ...] = ("rulings",)
    side_labels: Mapping[str, str] = field(default_factory=dict)
    draws: bool = False
    game_seconds: float = GAME_SECONDS
    pair_seconds: float = PAIR_SECONDS
    witness_seconds: float = WITNESS_SECONDS
    setup_rule: str = "setup"
    discovery_game: Callable | None = None
    machine_game: Callable | None = None
    modules: Mapping[str, str] = field(default_factory=lambda: {
        "impact": "properties/impact.py", "discovery": "properties/discovery.py",
        "side_by_side": "properties/side_by_side.py"})

    def kind_of(self, switch: str) -> tuple[str, dict | None]:
        """The label and the options of the games a switch's pairs play."""
        rest = None
        for label, prefix, options in self.kinds:
            if prefix is None:
                rest = rest or (label, options)
            elif switch.startswith(prefix):
                return label, (dict(options) if options is not None else None)
        if rest is None:
            raise ValueError(f"switch {switch}: no kind of game plays it (no kind without a prefix)")
        return rest[0], (dict(rest[1]) if rest[1] is not None else None)


def measurement_of(game: str) -> Measurement:
    """The game's :class:`Measurement` (its ``CHECKS.measurement``; the defaults if it names none)."""
    from cdg_oracle.properties.games import checks

    return checks(game).measurement or Measurement()


def pairs_for_budget(budget: float, readings: int, kinds: int, m: Measurement | None = None) -> int:
    """The pairs per reading bought by ``budget`` seconds when ``readings`` readings of ``kinds``
    kinds of game are played (no clock: the documented constants, ``m``'s or the defaults)."""
    m = m or Measurement()
    default_games = 2 * kinds
    per_index = m.game_seconds * default_games + m.pair_seconds * readings
    left = budget - m.witness_seconds * readings
    if per_index <= 0:
        return 1
    return max(1, int(left // per_index))


# -- a reading to measure --------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """One switch of ``game`` at one non-default value (shared by the entries and readings that
    map to it)."""
    game: str
    switch: str
    value: Any

    @property
    def kind(self) -> str:
        """The label of the games its pairs play (:meth:`Measurement.kind_of`)."""
        return measurement_of(self.game).kind_of(self.switch)[0]

    @property
    def options(self) -> dict | None:
        return measurement_of(self.game).kind_of(self.switch)[1]

    def rulings(self) -> dict:
        return {self.switch: self.value}


def _default_value(game: str, switch: str) -> Any:
    for s in get(game).rulings.describe():
        if s["name"] == switch:
            return s["default"]
    raise KeyError(switch)


def new_game(game: str, scenario: str, rulings: dict | None = None, options: dict | None = None):
    """A pair's game: ``scenario`` at the measurement's length under ``rulings``."""
    return get(game).new_state(scenario, measurement_of(game).length, rulings, options)


# -- the random stream and the choices -------------------------------------------------------------

class Stream:
    """The ``u`` values of pair ``j``: ``stream[i]`` is the draw of step ``i`` (made on demand)."""

    def __init__(self, seed: int | str, j: int):
        self._rng = random.Random(f"ambiguities:{seed}:{j}")
        self._us: list[int] = []

    def __getitem__(self, i: int) -> int:
        while len(self._us) <= i:
            self._us.append(self._rng.getrandbits(BITS))
        return self._us[i]

    def prefix(self, n: int) -> list[int]:
        self[n]  # noqa: B018 -- draw up to n
        return self._us[:n]


def pick(state, u: int):
    """The action (or chance outcome) that draw ``u`` selects."""
    if state.current_player() == "chance":
        outs = state.chance_outcomes()
        denom = lcm(*(p.denominator for _, p in outs))
        weights = [p.numerator * (denom // p.denominator) for _, p in outs]
        r = (u * sum(weights)) >> BITS
        for (outcome, _), w in zip(outs, weights):
            if r < w:
                return outcome
            r -= w
        raise AssertionError("chance probabilities do not sum to 1")
    acts = state.legal_actions()
    return acts[(u * len(acts)) >> BITS]


# -- comparing two games ---------------------------------------------------------------------------

def difference(a, b, machinery: tuple[str, ...] | None = None) -> str | None:
    """``"state"`` if the canonical states differ, ``"legal_actions"`` if the sets of legal actions
    differ, else None. ``machinery``: the state keys ``canonical()`` leaves out (None: the game's
    :attr:`Measurement.machinery`)."""
    if machinery is None:
        machinery = measurement_of(a.game).machinery
    da, db = a.d, b.d
    if da.keys() == db.keys() and all(da[k] == db[k] for k in da if k != "rulings"):
        return None  # the very same game (fast path)
    same_facts = da.keys() == db.keys() and all(da[k] == db[k] for k in da if k not in machinery)
    if not same_facts and a.canonical() != b.canonical():
        return "state"
    if a.current_player() != b.current_player():
        return "state"
    la, lb = a.legal_actions(), b.legal_actions()
    if la != lb and sorted(map(action_key, la)) != sorted(map(action_key, lb)):
        return "legal_actions"  # as sets, as a trace's legal_hash sees them (an order-only
    return None                 # difference shows at the next step, where the same u picks apart)


def _merge(*lists) -> list[str]:
    out: list[str] = []
    for rules in lists:
        for r in rules:
            if r not in out:
                out.append(r)
    return out


@dataclass
class Lockstep:
    """The result of playing two games together: where they diverged (None: they did not, up to
    ``step``), what differed, the rules of the step that made it, and the actions each took."""
    step: int
    diverged: bool
    kind: str | None = None
    rules: list[str] = field(default_factory=list)
    actions_a: list = field(default_factory=list)
    actions_b: list = field(default_factory=list)


def lockstep(a, b, step: int, draw: Callable[[int], int], limit: int) -> Lockstep:
    """Play ``a`` (default) and ``b`` (alternative) together from step ``step`` with draws
    ``draw(i)`` until they differ, the game ends or ``limit`` steps are reached (``a`` and ``b`` are
    changed in place)."""
    res = Lockstep(step, False)
    machinery = measurement_of(a.game).machinery
    while True:
        kind = difference(a, b, machinery)
        if kind is not None:
            res.step, res.diverged, res.kind = step, True, kind
            return res
        if a.is_terminal() or step >= limit:
            res.step = step
            return res
        u = draw(step)
        xa, xb = pick(a, u), pick(b, u)
        a.apply(xa)
        b.apply(xb)
        res.actions_a.append(xa)
        res.actions_b.append(xb)
        res.rules = _merge(a.applied_rules(), b.applied_rules())
        step += 1


def result(state) -> str | None:
    """The winner of a game that is over, :data:`DRAW` if it ended without one, None if it is not
    over (unfinished)."""
    if not state.is_terminal():
        return None
    return state.winner() or DRAW


def finish(state, step: int, draw: Callable[[int], int]) -> tuple[str | None, int]:
    """Play ``state`` to the end on the stream: (:func:`result`, steps)."""
    while not state.is_terminal() and step < MAX_STEPS:
        state.apply(pick(state, draw(step)))
        step += 1
    return result(state), step


def with_rulings(game: str, d: dict, rulings: dict):
    """A copy of the state dict ``d`` played under ``rulings`` (the default plus the changes)."""
    spec = get(game)
    d2 = copy.deepcopy(d)
    d2["rulings"] = spec.rulings.from_dict({**d["rulings"], **rulings}).to_dict()
    return spec.state_class(d2)


def _sans_rulings(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "rulings"}


# -- the default game of a pair, with the record of the switches it reads -----------------------------

class _ReadLog:
    """Stands in for a state's ``Rulings`` and records the step at which each switch is first read
    (any other attribute counts as reading every switch)."""

    def __init__(self, rulings, names: frozenset, first: dict, clock: list):
        self.__dict__.update(_r=rulings, _names=names, _first=first, _clock=clock)

    def __getattr__(self, name):
        step = self._clock[0]
        if name in self._names:
            self._first.setdefault(name, step)
        else:
            for n in self._names:
                self._first.setdefault(n, step)
        return getattr(self._r, name)


@dataclass
class DefaultGame:
    scenario: str
    options: dict | None
    actions: list
    winner: str | None
    steps: int
    first_read: dict   # switch -> the first step whose apply read it


_SETUP_READS: dict = {}   # (game, scenario, options) -> the switches a state's set-up reads (per process)


def setup_reads(game: str, scenario: str, options: dict | None) -> frozenset:
    """The switches the state's own set-up (``StackState.setup``, run whenever a state object is
    made from its dict) and its Game's tables (model/core/game.py, built once per options and
    rulings) read: the tables it builds under them are not in the state dict, so a
    pair under such a switch is consulted from step 0. Found by making the state object again
    while the Rulings class records the switches read."""
    key = (game, scenario, repr(options))
    if key not in _SETUP_READS:
        spec = get(game)
        st = new_game(game, scenario, None, options)
        cls = type(st.rulings)
        names = {s["name"] for s in cls.describe()}
        seen: set[str] = set()
        own = cls.__dict__.get("__getattribute__")
        base = cls.__getattribute__

        def spy(self, name):
            if name in names:
                seen.add(name)
            return base(self, name)

        cls.__getattribute__ = spy
        try:
            spec.state_class(copy.deepcopy(st.d))
            made = getattr(st, "game_object", None)
            if made is not None:  # the tables every state shares are built once, by its Game
                type(made)(copy.deepcopy(made.options), copy.deepcopy(st.d.get("rulings") or {}))
        finally:
            if own is None:
                del cls.__getattribute__
            else:
                cls.__getattribute__ = own
        _SETUP_READS[key] = frozenset(seen)
    return _SETUP_READS[key]


def play_default(game: str, scenario: str, options: dict | None, stream: Stream) -> DefaultGame:
    st = new_game(game, scenario, None, options)
    names = frozenset(s["name"] for s in get(game).rulings.describe())
    first: dict[str, int] = dict.fromkeys(sorted(setup_reads(game, scenario, options)), 0)
    clock = [0]
    st.rulings = _ReadLog(st.rulings, names, first, clock)
    actions = []
    step = 0
    while not st.is_terminal() and step < MAX_STEPS:
        clock[0] = step
        a = pick(st, stream[step])
        st.apply(a)
        actions.append(a)
        step += 1
    return DefaultGame(scenario, options, actions, result(st), step, dict(first))


def snapshots(name: str, game: DefaultGame, steps: set[int]) -> dict[int, dict]:
    """The default game's state dicts before each of ``steps`` (replayed from its actions)."""
    st = new_game(name, game.scenario, None, game.options)
    out = {}
    last = max(steps, default=-1)
    for i in range(last + 1):
        if i in steps:
            out[i] = copy.deepcopy(st.d)
        if i < last:
            st.apply(game.actions[i])
    return out


# -- one pair --------------------------------------------------------------------------------------

@dataclass
class Pair:
    j: int
    scenario: str
    consulted: bool
    diverged: bool = False
    step: int | None = None
    kind: str | None = None
    rules: list[str] = field(default_factory=list)
    winner_default: str | None = None
    winner_alternative: str | None = None
    error: str | None = None     # the model raised while playing the pair (neither counted nor won)

    @property
    def winner_changed(self) -> bool:
        return self.error is None and self.winner_default != self.winner_alternative


def play_pair_full(reading: Reading, scenario: str, stream: Stream) -> Pair:
    """Play one pair in lockstep from the start, without the read-log shortcut (the reference the
    shortcut is tested against; also what a set-up that differs needs)."""
    a = new_game(reading.game, scenario, None, reading.options)
    b = new_game(reading.game, scenario, reading.rulings(), reading.options)
    return _from_start(scenario, -1, a, b, 0, stream, None)


def _from_start(scenario, j, a, b, step, stream, default_winner) -> Pair:
    draw = stream.__getitem__
    res = lockstep(a, b, step, draw, MAX_STEPS)
    pair = Pair(j, scenario, True)
    if not res.diverged:
        pair.winner_default = pair.winner_alternative = result(a)
        return pair
    pair.diverged, pair.step, pair.kind, pair.rules = True, res.step, res.kind, res.rules
    pair.winner_alternative, _ = finish(b, res.step, draw)
    if default_winner is None:
        pair.winner_default, _ = finish(a, res.step, draw)
    else:
        pair.winner_default = default_winner[0]
    return pair


# -- the witness -----------------------------------------------------------------------------------

class _Exhausted(Exception):
    pass


@dataclass
class Witness:
    scenario: str
    options: dict | None
    rulings: dict                # the alternative rulings (the default: {})
    actions_default: list
    actions_alternative: list
    steps: int                   # the divergence step (actions before the difference shows)
    kind: str
    rules: list[str]
    method: str                  # "hypothesis" or "first_divergence"
    first_divergence_steps: int  # the length of the first divergence prefix it started from
    pair: int


def _extra_step(a, b) -> tuple[Any, Any]:
    """At a legal-action divergence: for each game an action legal there and, where there is one,
    not legal in the other game."""
    la, lb = a.legal_actions(), b.legal_actions()
    xa = next((x for x in la if x not in lb), la[0] if la else None)
    xb = next((x for x in lb if x not in la), lb[0] if lb else None)
    return xa, xb


def find_witness(reading: Reading, pair: Pair, stream: Stream) -> Witness:
    """The shortest divergence found: the pair's first divergence prefix, or a shorter game found by
    a bounded, derandomized hypothesis search (see the module docstring)."""
    d0 = pair.step
    a = new_game(reading.game, pair.scenario, None, reading.options)
    b = new_game(reading.game, pair.scenario, reading.rulings(), reading.options)
    snaps: dict[int, tuple] = {}
    known_a: list = []
    known_b: list = []
    res = lockstep(a, b, 0, stream.__getitem__, 0)
    for s in range(0, d0, SNAPSHOT_EVERY):  # lockstep along the prefix, keeping snapshots
        snaps[s] = (a.clone(), b.clone())
        res = lockstep(a, b, s, stream.__getitem__, min(s + SNAPSHOT_EVERY, d0))
        known_a += res.actions_a
        known_b += res.actions_b
    if not (res.diverged and res.step == d0):
        raise RuntimeError(f"{reading.switch}={reading.value!r}: pair {pair.j} did not diverge again at "
                           f"step {d0} when replayed from the start")
    best: dict[str, Any] = {"steps": d0, "a": known_a, "b": known_b, "kind": res.kind,
                            "rules": res.rules, "ends": (a, b), "method": "first_divergence"}
    if d0 > 1:
        _search(reading, stream, d0, snaps, known_a, known_b, best)
    ea, eb = best["ends"]
    acts_a, acts_b = list(best["a"]), list(best["b"])
    if best["kind"] == "legal_actions":
        xa, xb = _extra_step(ea, eb)
        if xa is not None:
            acts_a.append(xa)
        if xb is not None:
            acts_b.append(xb)
    return Witness(pair.scenario, reading.options, reading.rulings(), acts_a, acts_b, best["steps"],
                   best["kind"], best["rules"], best["method"], d0, pair.j)


def _search(reading, stream, d0, snaps, known_a, known_b, best) -> None:
    from hypothesis import HealthCheck, Phase, Verbosity, find, settings
    from hypothesis import strategies as hs
    from hypothesis.errors import NoSuchExample

    known_u = stream.prefix(d0)
    calls = [0, 0]  # games tried, lockstep steps played
    others: dict[int, Stream] = {}

    def diverges(data) -> bool:
        # The condition is fixed (a divergence before step d0), so hypothesis sees a consistent
        # test; the shortest divergence of all the games tried is kept in ``best``.
        cut, k, tail = data
        if calls[0] >= WITNESS_CALLS or calls[1] >= WITNESS_STEPS:
            raise _Exhausted
        calls[0] += 1
        other = others.setdefault(k, Stream("witness", k))
        s = (cut // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
        sa, sb = snaps[s]
        a, b = sa.clone(), sb.clone()

        def draw(i: int) -> int:
            if i < cut:
                return known_u[i]
            return tail[i - cut] if i - cut < len(tail) else other[i]

        res = lockstep(a, b, s, draw, d0 - 1)
        calls[1] += res.step - s
        if not res.diverged:
            return False
        if res.step < best["steps"]:
            best.update(steps=res.step, a=known_a[:s] + res.actions_a, b=known_b[:s] + res.actions_b,
                        kind=res.kind, rules=res.rules, ends=(a, b), method="hypothesis")
        return True

    strategy = hs.tuples(hs.integers(0, d0 - 1), hs.integers(0, 255),
                         hs.lists(hs.integers(0, 2 ** BITS - 1), max_size=min(WITNESS_TAIL, d0 - 1)))
    # Every setting from hypothesis's own "default" profile, not the active one (a test suite's
    # profile must not change the witnesses).
    conf = settings(settings.get_profile("default"), max_examples=WITNESS_EXAMPLES, derandomize=True,
                    database=None, deadline=None, phases=(Phase.generate, Phase.shrink),
                    suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
                    report_multiple_bugs=True, print_blob=False)
    try:
        with isolated():
            find(strategy, diverges, settings=conf, random=random.Random(0))
    except (_Exhausted, NoSuchExample):
        pass
    except Exception as e:  # noqa: BLE001 -- hypothesis wraps a raised _Exhausted in its own errors
        if not _caused_by_exhaustion(e):
            raise


def _caused_by_exhaustion(e: BaseException) -> bool:
    seen = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, _Exhausted):
            return True
        stack += [y for y in (x.__cause__, x.__context__) if y is not None]
        stack += list(getattr(x, "exceptions", ()))
    return False


# -- the measurement -------------------------------------------------------------------------------

@dataclass
class Tally:
    reading: Reading
    pairs: list[Pair] = field(default_factory=list)
    witness: Witness | None = None
    note: str | None = None      # why it was not played (a reading equal to the default value)


def readings_of(game: str, entries) -> list[Reading]:
    """The distinct switch values the alternative readings of the ``play`` entries of ``game``'s
    registry execute, in entry order (values equal to the switch's default included: they are
    counted, not played)."""
    out: list[Reading] = []
    for e in entries:
        if e.effect != "play":
            continue
        for r in e.alternatives():
            rd = Reading(game, e.switch, e.rulings_for(r)[e.switch])
            if rd not in out:
                out.append(rd)
    return out


_INITIAL_DIFFERS: dict = {}   # (reading, scenario) -> the set-ups differ (per process: deterministic)


def _initial_differs(r: Reading, scenario: str, options) -> bool:
    key = (r, scenario)
    if key not in _INITIAL_DIFFERS:
        a = new_game(r.game, scenario, None, options)
        b = new_game(r.game, scenario, r.rulings(), options)
        _INITIAL_DIFFERS[key] = _sans_rulings(a.d) != _sans_rulings(b.d)
    return _INITIAL_DIFFERS[key]


def pairs_of(j: int, scenario: str, live: list[Reading], seed: int) -> list[tuple[Reading, Pair]]:
    """Pair ``j`` of every reading of ``live`` (readings of one game): one default game per kind
    (:attr:`Measurement.kinds`; Labyrinth: two-player, then solo) on stream ``j``, then each
    reading from the step where the game first read its switch (or from the start when the
    set-ups differ). Depends on nothing but its arguments, so pairs can be played in any process
    and order."""
    stream = Stream(seed, j)
    out = []
    if not live:
        return out
    name = live[0].game
    m = measurement_of(name)
    for label in dict.fromkeys(label for label, _, _ in m.kinds):
        group = [r for r in live if r.kind == label]
        if not group:
            continue
        options = group[0].options
        game = play_default(name, scenario, options, stream)
        starts: dict[Reading, int | None] = {}
        for r in group:
            starts[r] = 0 if _initial_differs(r, scenario, options) else game.first_read.get(r.switch)
        snaps = snapshots(name, game, {s for s in starts.values() if s is not None})
        for r in group:
            start = starts[r]
            if start is None:
                pair = Pair(j, scenario, False, winner_default=game.winner, winner_alternative=game.winner)
            else:
                if _initial_differs(r, scenario, options):
                    a = new_game(name, scenario, None, options)
                    b = new_game(name, scenario, r.rulings(), options)
                else:
                    a = get(name).state_class(copy.deepcopy(snaps[start]))
                    b = with_rulings(name, snaps[start], r.rulings())
                try:
                    pair = _from_start(scenario, j, a, b, start, stream, (game.winner,))
                except Exception as e:  # noqa: BLE001 -- a model failure under a reading is a finding
                    pair = Pair(j, scenario, True, error=f"{type(e).__name__}: {e}")
            out.append((r, pair))
    return out


def measure_readings(readings: list[Reading], pairs: int, seed: int,
                     progress: Callable[[str], None] | None = None,
                     scenarios: list[str] | None = None, witnesses: bool = True,
                     jobs: int | str = 1) -> dict[Reading, Tally]:
    """Play ``pairs`` pairs for each reading (see the module docstring; :func:`pairs_of`, where
    ``jobs`` says: local worker processes or a Dask scheduler, properties/pool.py; the same tallies
    for any number of workers) and, with ``witnesses``, find the
    witnesses; ``scenarios`` (default: every scenario) are the scenarios the pairs cycle through."""
    from cdg_oracle.properties.pool import ordered_map

    names = list(scenarios or (get(readings[0].game).scenarios() if readings else []))
    tallies = {r: Tally(r) for r in readings}
    live = []
    for r in readings:
        if r.value == _default_value(r.game, r.switch):
            tallies[r].note = f"{r.switch}={r.value!r} is the switch's default: the same games"
        else:
            live.append(r)

    def collect(j: int, result: list) -> None:  # in schedule order: the same tallies anywhere
        for r, pair in result:
            tallies[r].pairs.append(pair)

    finished = 0

    def count(k: int) -> None:  # as pairs finish, on any worker (the progress bar)
        nonlocal finished
        for _ in range(k):
            finished += 1
            if progress is not None:
                progress(f"{finished} of {pairs} pairs finished")

    ordered_map(pairs_of, [(j, names[j % len(names)], live, seed) for j in range(pairs)], jobs, collect, count)
    for r in live if witnesses else ():
        diverged = [p for p in tallies[r].pairs if p.diverged]
        if diverged:
            first = min(diverged, key=lambda p: (p.step, p.j))
            tallies[r].witness = find_witness(r, first, Stream(seed, first.j))
    return tallies


def measure(game: str, entries, budget: float = DEFAULT_BUDGET, seed: int = 1,
            progress: Callable[[str], None] | None = None, scenarios: list[str] | None = None,
            jobs: int | str = 1) -> dict:
    """The impact report's data for ``entries`` of ``game`` (its registry, or part of one): every
    ``play`` entry measured and sorted by impact, every other entry listed with its reason."""
    meas = measurement_of(game)
    readings = readings_of(game, entries)
    default_values = {r for r in readings if r.value == _default_value(game, r.switch)}
    live = [r for r in readings if r not in default_values]
    kinds = len({r.kind for r in live})
    pairs = pairs_for_budget(budget, len(live), kinds, meas)
    scenarios = list(scenarios or get(game).scenarios())
    tallies = measure_readings(readings, pairs, seed, progress, scenarios, jobs=jobs)
    measured = [_entry_report(game, e, tallies) for e in entries if e.effect == "play"]
    measured.sort(key=lambda m: (-m["impact"]["winner_changed"], -m["impact"]["diverged"], m["id"]))
    for k, m in enumerate(measured, 1):
        m["rank"] = k
    not_measured = [_entry_head(e) | {"no_switch": e.no_switch} for e in entries if e.effect != "play"]
    not_measured.sort(key=lambda m: m["id"])
    return {
        "game": game,
        "length": meas.length,
        "seed": seed,
        "budget_seconds": budget,
        "pairs_per_reading": pairs,
        "readings_measured": len(live),
        "scenarios": scenarios,
        "conversion": (f"pairs per reading = max(1, (budget - {meas.witness_seconds} s x {len(live)} readings) // "
                       f"({meas.game_seconds} s x {2 * kinds} "
                       f"default games + {meas.pair_seconds} s x {len(live)} readings)) = {pairs}; "
                       f"no clock is read ({meas.modules['impact']})"),
        "measured": measured,
        "not_measured": not_measured,
    }


def _entry_head(e: Entry) -> dict:
    return {"id": e.id, "title": e.title, "kind": e.kind, "severity": e.severity, "rules": list(e.rules),
            "cards": list(e.cards), "readings": dict(e.readings), "default": e.default, "basis": e.basis,
            "why": e.why, "effect": e.effect, "source": e.source, "file": e.file}


def _entry_report(game: str, e: Entry, tallies: dict[Reading, Tally]) -> dict:
    alts = []
    for reading in e.alternatives():
        value = e.rulings_for(reading)[e.switch]
        alts.append({"reading": reading, "value": value} | tally_report(tallies[Reading(game, e.switch, value)]))
    top = max(alts, key=lambda a: (a["winner_changed"], a["diverged"]), default=None)
    impact = {"winner_changed": top["winner_changed"] if top else 0, "diverged": top["diverged"] if top else 0,
              "pairs": top["pairs"] if top else 0, "reading": top["reading"] if top else None}
    return _entry_head(e) | {"switch": e.switch, "values": dict(e.values), "impact": impact, "alternatives": alts}


def _rate(n: int, d: int) -> float:
    return round(n / d, 4) if d else 0.0


def _wins(game: str, winners) -> dict:
    """Games won per side (``draw``, for a game that has draws: over without a winner;
    ``unfinished``: not over within MAX_STEPS)."""
    out = dict.fromkeys(get(game).sides, 0)
    if measurement_of(game).draws:
        out[DRAW] = 0
    out["unfinished"] = 0
    for w in winners:
        out[w if w in out else "unfinished"] += 1
    return out


def tally_report(t: Tally) -> dict:
    r = t.reading
    pairs = t.pairs
    diverged = [p for p in pairs if p.diverged]
    changed = [p for p in pairs if p.winner_changed]
    rules: dict[str, int] = {}
    for p in diverged:
        for rule in p.rules:
            rules[rule] = rules.get(rule, 0) + 1
    first = diverged[0] if diverged else None
    out = {
        "game": r.kind,
        "pairs": len(pairs),
        "consulted": sum(p.consulted for p in pairs),
        "diverged": len(diverged),
        "winner_changed": len(changed),
        "divergence_rate": _rate(len(diverged), len(pairs)),
        "winner_change_rate": _rate(len(changed), len(pairs)),
        "first_divergence": None if first is None else {
            "pair": first.j, "scenario": first.scenario, "step": first.step, "kind": first.kind,
            "rules": list(first.rules)},
        "earliest_divergence_step": min((p.step for p in diverged), default=None),
        "rules_at_divergence": [[k, v] for k, v in sorted(rules.items(), key=lambda kv: (-kv[1], kv[0]))],
        "wins_default": _wins(r.game, (p.winner_default for p in pairs if p.error is None)),
        "wins_alternative": _wins(r.game, (p.winner_alternative for p in pairs if p.error is None)),
        "note": t.note,
        "errors": [[p.j, p.scenario, p.error] for p in pairs if p.error is not None],
        "witness": None,
    }
    w = t.witness
    if w is not None:
        out["witness"] = {"pair": w.pair, "scenario": w.scenario, "options": w.options, "rulings": w.rulings,
                          "steps": w.steps, "kind": w.kind, "rules": list(w.rules), "method": w.method,
                          "first_divergence_steps": w.first_divergence_steps,
                          "actions_default": w.actions_default, "actions_alternative": w.actions_alternative}
    return out
