"""Test harness: build a position, run one procedure with scripted choices and dice.

    st = position("lets_roll", prestige=5, countries={"Iraq": {"sleepers": 3}})
    run_proc(st, "op_war_of_ideas", ["Gulf States" -> {"country": "Gulf States"}, {"die": 4}],
             side="US", card=15, value=2)

``position`` starts a game of the scenario, answers its set-up questions and the opening deal
with the first legal option (so the hands are deterministic), then overwrites tracks and countries
as given. ``run_proc`` replaces the procedure stack by a halt frame and the named procedure, then
applies the script: each item must be legal when applied; the run stops at the halt frame (or at a
terminal state) and every script item must be consumed.
"""
from __future__ import annotations

import json

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.engine import ENGINE, ask, cite, pop, procedure, run
from cdg_oracle.model.labyrinth.events import EVENTS, Event, always
from cdg_oracle.model.labyrinth.state import LabyrinthState

HALT = "halt"


@procedure("test_halt")
def _halt(st, f, a) -> None:
    ask(st, "US", [HALT], "test", "halt: the procedure under test has finished")


@procedure("test_probe_event")
def _probe_event(st, f, a) -> None:
    """A stand-in event: records (card, US Posture) in ``d["probe"]`` when it happens."""
    st.d.setdefault("probe", []).append([f["card"], st.d["us_posture"]])
    cite(st, f"card {f['card']}")
    pop(st)


def probe_events(monkeypatch, cards) -> None:
    """Give ``cards`` the stand-in event :func:`_probe_event` (always playable), for tests of the
    order in which events happen (7.6.3, 6.3.2.1)."""
    for n in cards:
        monkeypatch.setitem(EVENTS, n, Event(n, "test_probe_event", always))


def position(scenario: str = "lets_roll", countries: dict | None = None, **tracks) -> LabyrinthState:
    st = new_game(scenario)
    while not (st.d["phase"] == "jihadist_action" and st.current_player() == "Jihadist"):
        st.apply(st.legal_actions()[0])
    for key, value in tracks.items():
        if key not in st.d:
            raise KeyError(f"no track {key!r}")
        st.d[key] = value
    for name, changes in (countries or {}).items():
        c = st.d["countries"][name]
        for k, v in changes.items():
            if k not in c:
                raise KeyError(f"{name}: no field {k!r}")
            c[k] = v
    return st


def conserve(st: LabyrinthState) -> None:
    """Re-balance the tracks so that 15 cubes and 15 cylinders are conserved after edits."""
    d = st.d
    d["troops_track"] = 15 - sum(c["troops"] for c in d["countries"].values())
    d["cells_track"] = 15 - sum(c["sleepers"] + c["actives"] for c in d["countries"].values())
    assert d["troops_track"] >= 0 and d["cells_track"] >= 0


def start_proc(st: LabyrinthState, proc: str, **local) -> LabyrinthState:
    """Make ``proc`` the running procedure, above a halt frame, and advance to its first question.
    The halt frame stands on the game's own frame (the bottom of the position's stack, 28.1: the
    bottom frame of a state is the game's procedure), so a state in the middle of ``proc`` is one
    ``from_json`` reads like any other; the halt frame never returns, so the game frame never runs."""
    root = st.d["stack"][:1] or [{"proc": "game", "pc": "next_turn"}]
    st.d["stack"] = [*root, {"proc": "test_halt", "pc": "start"}, {"proc": proc, "pc": "start", **local}]
    st.d["pending"] = None
    st._applied = []
    run(st)
    st.trail = list(st._applied)
    return st


def feed(st: LabyrinthState, script: list) -> LabyrinthState:
    """Apply each scripted action or die (an int n means {"die": n}); each must be legal."""
    for item in script:
        action = {"die": item} if isinstance(item, int) else item
        legal = st.legal_actions()
        assert action in legal, f"{action} not legal at {st.decision()}; legal: {legal}"
        st.apply(action)
        st.trail = getattr(st, "trail", []) + list(st._applied)
    return st


def events_run(st: LabyrinthState) -> list[int]:
    """Card numbers whose event was implemented during the last ``start_proc``/``feed`` calls, in
    order (the ``event`` procedure cites "6.2.1" then "card N" when an event starts)."""
    trail = getattr(st, "trail", [])
    return [int(trail[i + 1][5:]) for i, r in enumerate(trail[:-1])
            if r == "6.2.1" and trail[i + 1].startswith("card ")]


def run_proc(st: LabyrinthState, proc: str, script: list, **local) -> LabyrinthState:
    """Run ``proc`` with ``script`` and check it finished exactly (halt reached or game over)."""
    start_proc(st, proc, **local)
    feed(st, script)
    assert st.is_terminal() or st.legal_actions() == [HALT], f"procedure did not finish: {st.decision()} {st.legal_actions()[:8]}"
    return st


def finished(st: LabyrinthState) -> bool:
    return st.is_terminal() or st.legal_actions() == [HALT]


def play_event(st: LabyrinthState, card: int, side: str, script: list, trigger: str = "play") -> LabyrinthState:
    """Run card ``card``'s event for ``side`` with ``script`` through the ``event`` procedure (the
    card is not moved: use ``play`` for the whole card play). Returns the state."""
    return run_proc(st, "event", script, card=card, side=side, trigger=trigger)


def event_happened(st: LabyrinthState) -> str | None:
    """After ``play_event``: the side that implemented the event, None if it did not happen."""
    halt = halt_frame(st)
    return halt.get("event_happened") if halt is not None else None


def halt_frame(st: LabyrinthState) -> dict | None:
    """The halt frame ``start_proc`` put under the procedure under test (what that procedure left
    to its parent), None once the game is over (the stack is empty)."""
    return next((f for f in st.d["stack"] if f["proc"] == "test_halt"), None)


def playable(st: LabyrinthState, side: str, card: int) -> bool:
    """6.2.5-6.2.8: may ``side`` play ``card`` for its event now?"""
    from cdg_oracle.model.labyrinth.events.play import can_play

    return can_play(st, side, card)


def set_hands(st: LabyrinthState, J=(), US=()) -> LabyrinthState:
    """Make the hands exactly ``J`` (Jihadist) and ``US``; every other card of the hands goes back
    into the draw pile."""
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"]["US"] + d["hands"]["Jihadist"])
    for n in list(J) + list(US):
        d["deck"].remove(n)
    d["hands"] = {"US": sorted(US), "Jihadist": sorted(J)}
    return repose(st)


def repose(st: LabyrinthState) -> LabyrinthState:
    """After an edit, pose the pending question again from the stack (Engine.repose), so that the
    state is one the game could be in: its question agrees with the hands and the board edited."""
    if st.d["terminal"] is None and st.d["stack"][-1]["proc"] in ENGINE.reposing:
        st.d["pending"] = ENGINE.repose(st)
    return st


def give(st: LabyrinthState, side: str, *cards: int) -> LabyrinthState:
    """Move ``cards`` into ``side``'s hand from wherever they are (deck, other hand, piles)."""
    d = st.d
    for n in cards:
        for zone in (d["deck"], d["discard"], d["removed"], d["lapsing"], d["first_plot"],
                     d["hands"]["US"], d["hands"]["Jihadist"]):
            if n in zone:
                zone.remove(n)
                break
        d["hands"][side].append(n)
        d["hands"][side].sort()
    return st


def play(st: LabyrinthState, side: str, card: int, script: list) -> LabyrinthState:
    """Play ``card`` from ``side``'s hand through ``play_card`` (use, order, operation, event, put
    away) with ``script``; the card is given to ``side`` first if needed."""
    if card not in st.d["hands"][side]:
        give(st, side, card)
    return run_proc(st, "play_card", script, side=side, card=card)


def with_rulings(st: LabyrinthState, **switches) -> LabyrinthState:
    """The same position under other Rulings switches (validated like any rulings)."""
    d = json.loads(st.to_json())
    d["rulings"] = {**d["rulings"], **switches}
    return LabyrinthState(d)
