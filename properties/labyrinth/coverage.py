"""What Labyrinth's conformance vectors cover (properties/coverage.py): every operation of both
sides carried out to its end (the decision that completes it, with the dice that resolve it),
Reserves, and the event of each of the 120 cards (the choice that plays it); the searched games are
played by :class:`EventsPolicy`, and a card not met is looked for by :class:`DirectedPolicy`.

Windows are read through the game contract: ``context()`` names the running procedures (an
operation is an ``op_*`` procedure, cards are played by ``play_card``, a card's event runs in
``event``), the card and the side; ``applied_rules()`` the rules each step applied.
"""
from __future__ import annotations

import random
from typing import Any

from cdg_oracle.model.core.game import action_key
from cdg_oracle.properties.coverage import Coverage, EventsPolicy, Target, USE_EVENT, Window

USE_RESERVES = {"use": "reserves"}
EVENT_FIRST = {"event": "first"}


def op_frame(w: Window) -> int | None:
    """Index among the window's procedures of the operation being conducted: an ``op_*``
    procedure started by a card played for operations (no ``event`` below it: not an operation an
    event grants)."""
    procs = w.procedures
    for k in range(len(procs) - 1, -1, -1):
        proc = procs[k]
        if proc.startswith("op_"):
            return None if "event" in procs[:k] else k
        if proc == "event":
            return None
    return None


def card_of(w: Window) -> int | None:
    """The card whose use or triggered event this decision settles: the card being played
    (``play_card``), or the second card of a Reassessment (7.6.2)."""
    proc = w.procedures[-1] if w.procedures else None
    if proc in ("play_card", "op_reassessment"):
        return w.card
    return None


def _op_target(tid: str, side: str, proc: str, covers: tuple[str, ...], key_rules: set[str], what: str,
               without: frozenset = frozenset(), dice: bool = False) -> Target:
    """The decision of ``side`` that completes operation ``proc`` (with the dice that resolve it),
    the window applying one of ``key_rules`` and none of ``without``; with ``dice``, a window with
    chance steps is preferred (rank 0) to one without (rank 1: an automatic Recruit, say)."""

    def match(w: Window) -> int | None:
        k = op_frame(w)
        if w.player != side or k is None or w.procedures[k] != proc or not w.completes(k):
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
        if w.player != side or card_of(w) is None or "event" in w.procedures or not set(w.rules()) & key_rules:
            return None
        return 0

    return Target(tid, covers, what, f"choice:{action_key(choice)}", match)


def _major_jihad(w: Window) -> int | None:
    """The Jihadist declares a Major Jihad (8.4.2) in a Jihad operation; best when the dice resolve
    the operation in the same window."""
    k = op_frame(w)
    if w.player != "Jihadist" or k is None or w.procedures[k] != "op_jihad":
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


# -- the searching players -------------------------------------------------------------------------
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
        ctx = st.context()
        proc = ctx["procedures"][-1] if ctx["procedures"] else None
        if proc in ("us_phase", "jihadist_phase") and pick in legal and self._playable(st, side):
            return pick
        if proc == "play_card" and ctx["card"] == self.n and USE_EVENT in legal:
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
        ctx = st.context()
        pick = {"card": self.n}
        if ctx["procedures"][-1:] == ["draw"] and pick in st.legal_actions() and self._playable(st, ctx["side"]):
            return pick
        return super().chance(rng, st)


class LabyrinthCoverage(Coverage):
    """Every operation, Reserves and the 120 events (:func:`targets`)."""

    policy = EventsPolicy()
    order_text = ("shortest: seeds 0..games-1, for each seed every scenario in turn, policy 'events'; the "
                  "occurrence of lowest rank (0: the plain case; 1: a fallback, an event triggered rather than played or "
                  "an operation resolved without dice), "
                  "then fewest set-up steps, then earliest game. Directed, for each target still missing or "
                  "only found in rank 1: seeds 0..directed_games-1 of every scenario with the target's "
                  "directed policy (an operation: policy 'events', seeds from games on), until it is found "
                  "in rank 0.")

    def targets(self) -> list[Target]:
        return targets()

    def keys(self, w: Window) -> set[str]:
        """``choice:<action>``, ``op:<operation procedure>`` when an operation is being conducted,
        ``card:<n>`` when a card's use or event is being settled."""
        out = {f"choice:{action_key(w.choice)}"}
        k = op_frame(w)
        if k is not None:
            out.add(f"op:{w.procedures[k]}")
        n = card_of(w)
        if n is not None:
            out.add(f"card:{n}")
        return out

    def directed(self, target: Target):
        return DirectedPolicy(target.card) if target.card is not None else None


#: What Labyrinth's vectors cover (its checks record's ``coverage``, properties/labyrinth/__init__.py).
COVERAGE = LabyrinthCoverage()
