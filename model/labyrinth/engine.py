"""The procedure stack that turns the rules into atomic decisions and chance nodes.

The rules are written as *procedures* (one per rule: War of Ideas, Recruit, a plot's resolution,
the end of turn, ...). A running procedure is a *frame*: a plain dict ``{"proc": name, "pc": step,
...locals}`` on ``d["stack"]``. A procedure is a function ``handler(st, frame, action)`` that does
one step and then either

* asks a question with :func:`ask` (a side chooses among atomic actions) or :func:`roll` /
  :func:`draw_chance` / :func:`pick_chance` (a chance node), setting ``d["pending"]``; the next
  call of the same handler receives the answer as ``action``; or
* makes progress without input: mutates the state, pushes a child frame with :func:`push`, or
  finishes with :func:`pop` (the parent is then resumed with ``action=None``).

:func:`run` calls handlers until a question is pending or the game is over, checking instant
victory (2.1) after every step (under the ruling ``instant_victory_check`` = ``end_of_card``, A44,
``victory.check_instant`` skips the steps inside a card, so the check falls when the card is
done). Because frames and the pending question are plain data, every state -- also one in the
middle of an operation -- round-trips through JSON exactly.

Which choices are posed. Every choice the rules give a side (a card, its use, an operation, a
target, an origin, a number of troops, a plot marker, a die assignment) is posed as a decision,
also when only one option is legal, with these exceptions where the rule's choice has a single
possible outcome and is not posed: the order of unblocked plots when one plot marker is on the map
(8.5.6); the distribution of Recruit successes beyond the Available cells when they all fell in one
country (8.1.2); how many of the cells used by Jihad or Plot dice are Sleepers, when only one number
is possible (8.4, 8.5.1); which kind of cell travels, when the origin has only one kind left
(8.3.1); Major Jihad, which is asked only where its conditions hold (8.4.2). Chance nodes are posed
whatever their number of outcomes. Card events: ``{"use": "event"}`` is offered only when the event
is playable now (6.2.5-6.2.8); the order of a triggered event and the operation (6.3.2.1) is asked
whenever the card carries an event its operations trigger, also one that will turn out unplayable
when its turn comes (it then does not happen). What the rules leave to chance or hide -- a random
card from a hand, which face-down plot an event reveals, the Jihadist's card under card 47 -- is a
chance node, never a choice.
"""
from __future__ import annotations

from typing import Any, Callable

PROCS: dict[str, Callable[[Any, dict, Any], None]] = {}

DIE = [{"die": n} for n in range(1, 7)]


def procedure(name: str) -> Callable:
    """Register ``fn`` as the handler of frames whose ``proc`` is ``name``."""

    def register(fn: Callable) -> Callable:
        if name in PROCS:
            raise ValueError(f"procedure {name!r} registered twice")
        PROCS[name] = fn
        return fn

    return register


def push(st, proc: str, **local: Any) -> dict:
    """Start procedure ``proc`` as a child of the current frame; returns its frame."""
    frame = {"proc": proc, "pc": "start", **local}
    st.d["stack"].append(frame)
    return frame


def pop(st) -> None:
    """Finish the current procedure; its parent resumes with ``action=None``."""
    st.d["stack"].pop()


def cite(st, *rules: str) -> None:
    """Record the rule numbers the current step applies (reported by ``applied_rules()``)."""
    st._applied.extend(rules)


def ask(st, player: str, actions: list, rule: str, prompt: str) -> None:
    """Pose a decision to ``player`` ("US" or "Jihadist") among ``actions`` (non-empty).

    In a solo game (chapter 9) the Jihadist makes no free choice: the question goes to the bot
    (``solo/answers.py``), which answers it at once (:func:`answer`) or poses the chance node of a
    random choice (9.5) whose outcome answers it."""
    if not actions:
        raise RuntimeError(f"dead end: {prompt} ({rule}) offers no action")
    st.d["pending"] = {"player": player, "actions": actions, "rule": rule, "prompt": prompt}
    if player == "Jihadist" and st.d.get("options", {}).get("solo"):
        from cdg_oracle.model.labyrinth.solo.answers import decide  # late import: the bot uses the engine
        decide(st)


def answer(st, action: Any) -> None:
    """Answer the question just posed (or the one a finished child frame was posed for) without a
    decision node: :func:`run` feeds ``action`` to the top frame next (the solo bot, chapter 9)."""
    st.d["pending"] = None
    st._auto = action


def roll(st, rule: str, prompt: str) -> None:
    """Pose a chance node: one six-sided die, each face 1/6."""
    st.d["pending"] = {"player": "chance", "actions": DIE, "weights": None, "rule": rule, "prompt": prompt}


def pick_chance(st, outcomes: list, weights: list[int] | None, rule: str, prompt: str,
                gap: str | None = None) -> None:
    """Pose a chance node over ``outcomes`` (uniform, or proportional to integer ``weights``).
    ``gap`` says the node stands in for a table no source gives (``decision()`` reports it)."""
    if not outcomes:
        raise RuntimeError(f"empty chance node: {prompt} ({rule})")
    st.d["pending"] = {"player": "chance", "actions": outcomes, "weights": weights, "rule": rule, "prompt": prompt}
    if gap:
        st.d["pending"]["gap"] = gap


def run(st, action: Any = None) -> None:
    """Advance the game: feed ``action`` to the top frame, then step until a question is pending."""
    from cdg_oracle.model.labyrinth import victory  # late import: victory needs the state helpers

    d = st.d
    while True:
        if d["terminal"] is not None:
            d["pending"] = None
            d["stack"] = []
            st._auto = None
            return
        frame = d["stack"][-1]
        d["pending"] = None
        PROCS[frame["proc"]](st, frame, action)
        action = None
        if getattr(st, "_auto", None) is not None:
            action, st._auto = st._auto, None
        victory.check_instant(st)
        if d["pending"] is not None and d["terminal"] is None:
            return
