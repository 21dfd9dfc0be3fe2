"""Conformance vectors for Labyrinth: one decision of a real game, with the position before it and
everything the rules say must follow, as language-neutral JSON (docs/vectors.md).

A vector is a file ``vectors/<id>.json``: the scenario, length and rulings; ``setup``, the actions
and chance outcomes that lead from the scenario's start to the position; the canonical state there
(``state``), the player to move and the legal actions; one ``choice`` and the ``chance`` outcomes
that follow it up to the next decision of a side (or the end); and ``expected``: the canonical state
after, the player then to move, the legal actions then and the rule numbers applied on the way. An
implementation resets to the scenario, applies ``setup``, checks it arrived, applies ``choice`` and
``chance`` and compares.

What the vectors cover (:func:`targets`): every operation of both sides, carried out to its end
(the decision that completes the operation, with the dice that resolve it), Reserves, and the event
of each of the 120 cards (the choice that plays it). The positions come from seeded games of the
model (:func:`search`): first every scenario, seeds 0, 1, 2, ... up to a budget, played by
:class:`EventsPolicy`, keeping for each target the occurrence with the fewest set-up steps; then,
for what is still missing, games directed at it (:class:`DirectedPolicy`), up to a second budget.
What is not found is listed as not covered, never made up.

Reading the model's procedure stack (``LabyrinthState.d["stack"]``, plain data) is how the search
tells which operation or card a decision belongs to; a vector itself holds only what the game
contract exposes.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import action_key
from cdg_oracle.oracle import statediff
from cdg_oracle.oracle.fileio import loads_strict
from cdg_oracle.properties.sampling import sample_chance

FORMAT = "cdg-oracle-vector"
FORMAT_VERSION = 1
INDEX_FORMAT = "cdg-oracle-vector-index"
GAME = "labyrinth"
LENGTH = "standard"
DEFAULT_OUT = "vectors/labyrinth"
VECTOR_DIR = "vectors"            # the vector files, inside the output folder
DEFAULT_GAMES = 25                # shortest-set-up search: seeds 0..24 of every scenario
DEFAULT_DIRECTED_GAMES = 100      # directed search, per target still missing: seeds 0..99 of every scenario
SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "vector.schema.json"
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")

USE_EVENT = {"use": "event"}
USE_RESERVES = {"use": "reserves"}
EVENT_FIRST = {"event": "first"}


# -- what a vector covers --------------------------------------------------------------------------
@dataclass
class Window:
    """One decision of a side in a searched game and the chance steps after it: the unit a vector
    is cut from. ``procs`` are the procedures on the model's stack before the choice (innermost
    last) and ``top`` a copy of the innermost frame; ``post_procs`` the procedures on the stack when
    the next decision is posed (empty at the end of the game)."""

    index: int                    # position of the choice in the game's list of actions
    player: str
    choice: Any
    procs: list
    top: dict
    applies: list = field(default_factory=list)   # applied_rules() of the choice, then of each chance step
    chance: int = 0
    post_procs: list = field(default_factory=list)

    def rules(self) -> list[str]:
        """The rules applied by the choice and the chance steps, each once, in order of first use."""
        out: list[str] = []
        for step in self.applies:
            for r in step:
                if r not in out:
                    out.append(r)
        return out

    def op_frame(self) -> int | None:
        """Index on the stack of the operation being conducted: an ``op_*`` procedure started by a
        card played for operations (no ``event`` below it: not an operation an event grants)."""
        for k in range(len(self.procs) - 1, -1, -1):
            proc = self.procs[k]
            if proc.startswith("op_"):
                return None if "event" in self.procs[:k] else k
            if proc == "event":
                return None
        return None

    def completes(self, k: int) -> bool:
        """The procedure at stack index ``k`` has finished by the end of the window."""
        return len(self.post_procs) <= k or self.post_procs[k] != self.procs[k]

    def card(self) -> int | None:
        """The card whose use or triggered event this decision settles: the card being played
        (``play_card``), or the second card of a Reassessment (7.6.2)."""
        proc = self.procs[-1] if self.procs else None
        if proc == "play_card":
            return self.top.get("card")
        if proc == "op_reassessment":
            return self.top.get("second")
        return None

    def keys(self) -> set[str]:
        """Dispatch keys: which targets may match this window."""
        out = {f"choice:{action_key(self.choice)}"}
        k = self.op_frame()
        if k is not None:
            out.add(f"op:{self.procs[k]}")
        n = self.card()
        if n is not None:
            out.add(f"card:{n}")
        return out


@dataclass(frozen=True)
class Target:
    """A thing to cover: ``id`` (the vector's file name), ``covers`` (rule numbers, ``card N``,
    ``op NAME``), ``what`` it is in words, ``key`` (the dispatch key of the windows that may show it)
    and ``match(window)``: None if the window does not show it, else a rank (lower is better: 0 the
    plain case, 1 a fallback such as an event triggered rather than played); ``card``, the card of an
    event target."""

    id: str
    covers: tuple[str, ...]
    what: str
    key: str
    match: Callable[[Window], int | None]
    card: int | None = None       # the card of an event target (what a directed search aims at)


def _op_target(tid: str, side: str, proc: str, covers: tuple[str, ...], key_rules: set[str], what: str,
               without: frozenset = frozenset(), dice: bool = False) -> Target:
    """The decision of ``side`` that completes operation ``proc`` (with the dice that resolve it),
    the window applying one of ``key_rules`` and none of ``without``; with ``dice``, a window with
    chance steps is preferred (rank 0) to one without (rank 1: an automatic Recruit, say)."""

    def match(w: Window) -> int | None:
        k = w.op_frame()
        if w.player != side or k is None or w.procs[k] != proc or not w.completes(k):
            return None
        rules = set(w.rules())
        if not rules & key_rules or rules & without:
            return None
        return 1 if dice and not w.chance else 0

    return Target(tid, covers, what, f"op:{proc}", match)


def _choice_target(tid: str, side: str, choice: Any, covers: tuple[str, ...], key_rules: set[str],
                   what: str) -> Target:
    """A decision of ``side`` about the card it is playing, answered with ``choice``, applying a
    ``key_rules`` rule (not inside an event)."""

    def match(w: Window) -> int | None:
        if w.player != side or w.card() is None or "event" in w.procs or not set(w.rules()) & key_rules:
            return None
        return 0

    return Target(tid, covers, what, f"choice:{action_key(choice)}", match)


def _major_jihad(w: Window) -> int | None:
    """The Jihadist declares a Major Jihad (8.4.2) in a Jihad operation; best when the dice resolve
    the operation in the same window."""
    k = w.op_frame()
    if w.player != "Jihadist" or k is None or w.procs[k] != "op_jihad":
        return None
    return 0 if w.completes(k) else 1


def _event_started(w: Window, n: int) -> bool:
    """Card ``n``'s event began in the window: it cites 6.2.1 then ``card N`` as it starts
    (events/play.py); a triggered event that does not happen cites 6.3.2.1 instead."""
    tag = f"card {n}"
    return any(r == "6.2.1" and step[i + 1] == tag for step in w.applies for i, r in enumerate(step[:-1]))


def _event_target(n: int, name: str) -> Target:
    """Card ``n``'s event: best played as the event (``{"use": "event"}``, 6.2); failing that,
    triggered by the opponent's operations or Reserves with ``{"event": "first"}`` or
    ``{"use": "reserves"}`` (6.3.2) and happening in the same window."""
    played, triggers = action_key(USE_EVENT), (action_key(EVENT_FIRST), action_key(USE_RESERVES))

    def match(w: Window) -> int | None:
        key = action_key(w.choice)
        if key == played:
            return 0
        if key in triggers and _event_started(w, n):
            return 1
        return None

    return Target(f"card-{n:03d}", (f"card {n}",), f"card {n} ({name}): its event", f"card:{n}", match, n)


def targets() -> list[Target]:
    """Everything a full set of vectors covers, in file order: operations, then the 120 events."""
    from cdg_oracle.model.labyrinth.cards import load_cards

    ops = [
        _op_target("op-us-war-of-ideas", "US", "op_war_of_ideas", ("7.2", "7.2.1.2", "op war_of_ideas"),
                   {"7.2.1.2"}, "US War of Ideas in a Muslim country: target chosen, tested if need be, rolled"),
        _op_target("op-us-war-of-ideas-non-muslim", "US", "op_war_of_ideas", ("7.2", "7.2.3", "op war_of_ideas"),
                   {"7.2.3"}, "US War of Ideas in a non-Muslim country: target chosen, Posture rolled"),
        _op_target("op-us-deploy", "US", "op_deploy", ("7.3.1", "op deploy"), {"7.3.1"},
                   "US Deploy: the number of troops chosen and moved"),
        _op_target("op-us-regime-change", "US", "op_regime_change", ("7.3.4", "op regime_change"), {"7.3.4"},
                   "US Regime Change: troops moved in, Governance and Prestige rolled"),
        _op_target("op-us-withdraw", "US", "op_withdraw", ("7.3.5", "op withdraw"), {"7.3.5"},
                   "US Withdraw: troops moved out, Prestige rolled"),
        _op_target("op-us-disrupt", "US", "op_disrupt", ("7.4", "7.4.2", "op disrupt"), {"7.4.2"},
                   "US Disrupt: the last cell (or the Cadre) affected"),
        _op_target("op-us-alert", "US", "op_alert", ("7.5", "7.5.3", "op alert"), {"7.5.3"},
                   "US Alert: a plot selected, revealed and removed"),
        _op_target("op-us-reassessment", "US", "op_reassessment", ("7.6", "7.6.1", "op reassessment"), {"7.6.1"},
                   "US Reassessment: the second value-3 card played, Posture flipped"),
        _choice_target("op-us-reserves", "US", USE_RESERVES, ("6.3.3", "op reserves"), {"6.3.3"},
                       "US card added to Reserves"),
        _choice_target("op-us-reserves-spend", "US", {"reserves": True}, ("6.3.3.1", "op reserves"), {"6.3.3.1"},
                       "US Reserves spent on a card played for operations"),
        _op_target("op-jihadist-recruit", "Jihadist", "op_recruit", ("8.2", "8.2.1", "op recruit"), {"8.2.1"},
                   "Jihadist Recruit: dice rolled, cells placed", dice=True),
        _op_target("op-jihadist-travel", "Jihadist", "op_travel", ("8.3", "8.3.1", "op travel"),
                   {"8.3.1", "8.3.2"}, "Jihadist Travel: cells moved, rolls made", dice=True),
        _op_target("op-jihadist-jihad", "Jihadist", "op_jihad", ("8.4", "8.4.1", "op jihad"), {"8.4.1", "8.4.3"},
                   "Jihadist Jihad (not Major): dice rolled and resolved", without=frozenset({"8.4.2", "8.4.4"}),
                   dice=True),
        Target("op-jihadist-major-jihad", ("8.4.2", "op major_jihad"),
               "Jihadist Major Jihad declared (and, where the window reaches, rolled and resolved)",
               f"choice:{action_key({'major': True})}", _major_jihad),
        _op_target("op-jihadist-plot", "Jihadist", "op_plot", ("8.5", "8.5.2", "op plot"), {"8.5.2"},
                   "Jihadist Plot: dice rolled, plots placed"),
        _choice_target("op-jihadist-reserves", "Jihadist", USE_RESERVES, ("6.3.3", "op reserves"), {"6.3.3"},
                       "Jihadist card added to Reserves"),
        _choice_target("op-jihadist-reserves-spend", "Jihadist", {"reserves": True}, ("6.3.3.1", "op reserves"),
                       {"6.3.3.1"}, "Jihadist Reserves spent on a card played for operations"),
    ]
    cards = load_cards()
    return ops + [_event_target(n, cards[n].name) for n in sorted(cards)]


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
class EventsPolicy:
    """The searching player: the event whenever a card may be played for it (``{"use": "event"}``),
    otherwise a uniformly random legal choice (as ``cdg_oracle.oracle.playout.choose``); chance drawn with its
    exact probabilities (``cdg_oracle.properties.sampling.sample_chance``) from the same generator."""

    name = "events"
    text = ('events first: {"use": "event"} whenever offered, otherwise a uniformly random legal choice '
            "(random.Random(seed).randrange); chance drawn with its exact probabilities "
            "(properties.sampling.sample_chance) from the same generator")

    def decide(self, rng: random.Random, st, legal: list) -> Any:
        if USE_EVENT in legal:
            return USE_EVENT
        return legal[rng.randrange(len(legal))]

    def chance(self, rng: random.Random, st) -> Any:
        return sample_chance(rng, st.chance_outcomes())


# The countries a card's precondition needs the Jihadist to act in (the card texts): where the
# directed search sends him. Card 15 Ethiopia Strikes: Somalia under Islamist Rule; 73 Pirates:
# Somalia or Yemen under Islamist Rule; 65 HEU, 69 Kazakh Strain, 71 Loose Nuke: a cell in Russia
# or Central Asia.
FOCUS = {15: ("Somalia",), 73: ("Somalia", "Yemen"), 65: ("Russia", "Central Asia"),
         69: ("Central Asia",), 71: ("Russia",)}


class DirectedPolicy(EventsPolicy):
    """The search for one card's event that :class:`EventsPolicy` games did not show. Still a legal
    game throughout, every chance outcome one of the possible ones, but steered:

    * a draw for a side that may play card ``n`` draws it if its event is playable at that moment;
    * that side plays card ``n`` when it may play it for its event, and plays it as the event;
    * the Jihadist, when a choice names one of the card's :data:`FOCUS` countries or declares a
      Major Jihad, takes one of those (uniformly), and otherwise uses his cards for operations;
    * everything else as :class:`EventsPolicy`."""

    def __init__(self, n: int):
        from cdg_oracle.model.labyrinth.cards import load_cards

        self.n = n
        side = load_cards()[n].side
        self.sides = ("US", "Jihadist") if side == "Unassociated" else (side,)
        self.focus = set(FOCUS.get(n, ()))
        where = f", the Jihadist sent to {' and '.join(FOCUS[n])}" if n in FOCUS else ""
        self.name = f"directed card {n}"
        self.text = (f"directed at card {n}: a draw for {' or '.join(self.sides)} takes card {n} when its event "
                     f"is playable, which is then played as the event{where}; otherwise as 'events'")

    def _playable(self, st, side: str) -> bool:
        from cdg_oracle.model.labyrinth.events.play import can_play

        return side in self.sides and can_play(st, side, self.n)

    def decide(self, rng: random.Random, st, legal: list) -> Any:
        side = st.current_player()
        pick = {"card": self.n}
        top = st.d["stack"][-1]
        if top["proc"] in ("us_phase", "jihadist_phase") and pick in legal and self._playable(st, side):
            return pick
        if top["proc"] == "play_card" and top.get("card") == self.n and USE_EVENT in legal:
            return USE_EVENT
        if side == "Jihadist" and self.focus:
            pref = [a for a in legal if isinstance(a, dict)
                    and (self.focus & {v for v in a.values() if isinstance(v, str)} or a == {"major": True})]
            if pref:
                return pref[rng.randrange(len(pref))]
            if {"use": "ops"} in legal:
                return {"use": "ops"}
        return super().decide(rng, st, legal)

    def chance(self, rng: random.Random, st) -> Any:
        top = st.d["stack"][-1]
        pick = {"card": self.n}
        if top["proc"] == "draw" and pick in st.legal_actions() and self._playable(st, top["side"]):
            return pick
        return super().chance(rng, st)


def play_windows(scenario: str, seed: int, rulings: dict | None = None, length: str = LENGTH,
                 on_window: Callable[[Window], None] | None = None, policy: EventsPolicy | None = None,
                 max_steps: int = 200_000) -> list:
    """Play one searched game (``policy``, default :class:`EventsPolicy`, with
    ``random.Random(seed)``), calling ``on_window`` with each decision window once its chance steps
    are known; returns the game's actions (choices and chance outcomes, in order)."""
    from cdg_oracle.oracle.games import new_state

    policy = policy or EventsPolicy()
    st = new_state(GAME, scenario, length, rulings)
    rng = random.Random(seed)
    actions: list = []
    window: Window | None = None
    while not st.is_terminal():
        if len(actions) >= max_steps:
            raise RuntimeError(f"{scenario} seed {seed}: no end after {max_steps} steps")
        stack = st.d["stack"]
        if st.current_player() == "chance":
            a = policy.chance(rng, st)
            st.apply(a)
            actions.append(a)
            if window is not None:
                window.applies.append(st.applied_rules())
                window.chance += 1
            continue
        if window is not None and on_window is not None:
            window.post_procs = [f["proc"] for f in stack]
            on_window(window)
        player = st.current_player()
        procs, top = [f["proc"] for f in stack], dict(stack[-1])
        a = policy.decide(rng, st, st.legal_actions())
        st.apply(a)
        actions.append(a)
        window = Window(len(actions) - 1, player, a, procs, top, [st.applied_rules()])
    if window is not None and on_window is not None:
        window.post_procs = []
        on_window(window)
    return actions


@dataclass
class Found:
    """Where a target was found: the game (scenario, seed, policy), the choice's place in it
    (``index``: the number of set-up steps) and the number of chance steps after it."""

    target: str
    scenario: str
    seed: int
    policy: str
    index: int
    chance: int
    rank: int
    order: int        # the game's place in the search order, for ties

    def sort_key(self) -> tuple:
        return (self.rank, self.index, self.order)


@dataclass
class SearchResult:
    """The search's findings: ``found`` by target id; ``games``, the actions of every game a finding
    is in, by (scenario, seed, policy name); ``policies``, each policy's description; how many games
    each phase played."""

    found: dict
    games: dict
    policies: dict
    played: int = 0
    played_directed: int = 0


def search(wanted: list[Target], scenarios: list[str], games: int, directed_games: int,
           rulings: dict | None = None, length: str = LENGTH, progress=None) -> SearchResult:
    """Find every target of ``wanted``.

    1. Shortest: :class:`EventsPolicy` games, seeds ``0..games-1`` of every scenario (seed 0 of
       each scenario, then seed 1 of each, ...); of all occurrences the one of lowest rank, then
       fewest set-up steps, then earliest game is kept.
    2. Directed, for each target still missing or found only in a fallback rank, in target order:
       seeds ``0..directed_games-1`` of every scenario, in the same order, with
       :class:`DirectedPolicy` for an event (:class:`EventsPolicy` with seeds from ``games`` on for
       an operation), until a game shows it in rank 0; the best occurrence overall is kept."""
    result = SearchResult({}, {}, {})
    order = 0

    def play(scenario: str, seed: int, targets: list[Target], policy: EventsPolicy) -> list[str]:
        nonlocal order
        by_key: dict[str, list[Target]] = {}
        for t in targets:
            by_key.setdefault(t.key, []).append(t)
        hits: dict[str, Found] = {}

        def on_window(w: Window) -> None:
            for key in w.keys():
                for t in by_key.get(key, ()):
                    rank = t.match(w)
                    if rank is None:
                        continue
                    f = Found(t.id, scenario, seed, policy.name, w.index, w.chance, rank, order)
                    if t.id not in hits or f.sort_key() < hits[t.id].sort_key():
                        hits[t.id] = f

        actions = play_windows(scenario, seed, rulings, length, on_window, policy)
        improved = []
        for tid, f in hits.items():
            old = result.found.get(tid)
            if old is None or f.sort_key() < old.sort_key():
                result.found[tid] = f
                improved.append(tid)
        if improved:
            result.games[(scenario, seed, policy.name)] = actions
            result.policies[policy.name] = policy.text
        order += 1
        if progress is not None:
            progress.update(1)
        return improved

    plain = EventsPolicy()
    for seed in range(games):
        for scenario in scenarios:
            play(scenario, seed, wanted, plain)
            result.played += 1
    for t in wanted:
        if t.id in result.found and result.found[t.id].rank == 0:
            continue
        policy = DirectedPolicy(t.card) if t.card is not None else plain
        first = 0 if policy is not plain else games
        for seed in range(first, first + directed_games):
            for scenario in scenarios:
                play(scenario, seed, [t], policy)
                result.played_directed += 1
            if t.id in result.found and result.found[t.id].rank == 0:
                break
    used = {(f.scenario, f.seed, f.policy) for f in result.found.values()}
    result.games = {k: v for k, v in result.games.items() if k in used}
    result.policies = {k: v for k, v in result.policies.items() if k in {u[2] for u in used}}
    return result


# -- building vectors ---------------------------------------------------------------------------------
def sorted_actions(actions: list) -> list:
    """Actions in the order of their canonical JSON (how vectors list legal actions)."""
    return sorted(actions, key=action_key)


def build(found: dict, targets_by_id: dict, games: dict, rulings: dict | None = None,
          length: str = LENGTH) -> list[dict]:
    """The vector of every finding, replaying each game once from its scenario's start."""
    from cdg_oracle.oracle.games import new_state

    by_game: dict[tuple, list[Found]] = {}
    for f in found.values():
        by_game.setdefault((f.scenario, f.seed, f.policy), []).append(f)
    out = []
    for key in sorted(by_game, key=lambda k: (k[0], k[1], k[2])):
        scenario, seed, _ = key
        actions = games[key]
        st = new_state(GAME, scenario, length, rulings)
        at = 0
        for f in sorted(by_game[key], key=lambda f: (f.index, f.target)):
            while at < f.index:
                st.apply(actions[at])
                at += 1
            out.append(make_vector(targets_by_id[f.target], f, st, actions))
    order = {tid: i for i, tid in enumerate(targets_by_id)}
    out.sort(key=lambda v: order[v["id"]])
    return out


def make_vector(target: Target, f: Found, st, actions: list) -> dict:
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
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": target.id,
        "covers": list(target.covers),
        "description": target.what,
        "game": GAME,
        "scenario": f.scenario,
        "length": state["length"],
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


def index_doc(vectors: list[dict], wanted: list[Target], result: SearchResult, scenarios: list[str],
              games: int, directed_games: int, rulings: dict, only: list[str] | None) -> dict:
    """``index.json``: every vector (id, what it covers, where it came from), what was not covered
    and the search that found them."""
    got = {v["id"] for v in vectors}
    exercised = sorted({r for v in vectors for r in v["expected"]["rules"]}, key=_rule_order)
    return {
        "format": INDEX_FORMAT,
        "format_version": FORMAT_VERSION,
        "game": GAME,
        "length": LENGTH,
        "rulings": rulings,
        "only": list(only) if only else None,
        "search": {
            "scenarios": scenarios,
            "games": games,
            "directed_games": directed_games,
            "games_played": result.played,
            "directed_games_played": result.played_directed,
            "policies": dict(sorted(result.policies.items())),
            "order": ("shortest: seeds 0..games-1, for each seed every scenario in turn, policy 'events'; the "
                      "occurrence of lowest rank (0: the plain case; 1: a fallback, an event triggered rather than played or "
                      "an operation resolved without dice), "
                      "then fewest set-up steps, then earliest game. Directed, for each target still missing or "
                      "only found in rank 1: seeds 0..directed_games-1 of every scenario with the target's "
                      "directed policy (an operation: policy 'events', seeds from games on), until it is found "
                      "in rank 0."),
        },
        "vectors": [
            {"id": v["id"], "covers": v["covers"], "description": v["description"],
             "file": f"{VECTOR_DIR}/{v['id']}.json", "scenario": v["scenario"], "seed": v["source"]["seed"],
             "policy": v["source"]["policy"], "setup_steps": len(v["setup"]), "chance_steps": len(v["chance"])}
            for v in vectors
        ],
        "not_covered": [{"id": t.id, "covers": list(t.covers), "description": t.what}
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
        new_state(doc["game"], doc["scenario"], doc["length"], doc["rulings"])
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


def check_vector(doc: dict) -> list[str]:
    """Replay one (valid) vector against the model; the list of what differs (empty: pass)."""
    from cdg_oracle.oracle.games import new_state

    st = new_state(doc["game"], doc["scenario"], doc["length"], doc["rulings"])
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
