"""Labyrinth positions (issue 18): what model/core/position.py needs to read and write them.

A Labyrinth position states, over its scenario's set-up, the tracks (``prestige``, ``funding``,
``us_posture``, ``reserves``, ``turn``, ``reshuffles``), the ``countries`` (each field that differs:
``governance``, ``alignment``, ``posture``, ``troops``, ``sleepers``, ``actives``, ``cadre``,
``aid``, ``besieged``, ``regime_change``, ``plots``, ``markers``), the card zones (``hands``,
``discard``, ``removed``, ``lapsing``, ``first_plot``, ``in_play``), the events
(``events_in_effect``, ``lapsing_effects``, ``first_plot_used``, ``second_card``, ``us_held``,
``backlash_plots``, ``action_log``) and the WMD plots (``wmd_boxes``, ``wmd_removed``); the
published schema is ``data/position.schema.json``.

Derived, never typed (a stated value must agree): the troop and cell tracks (15 cubes and 15
cylinders less those on the map, 4.6.1), the deck (every card in no other zone, 5.3.1), the
Available plots (the numbered markers of 4.8.1 not on the map, set aside or removed) and the
Available WMD plots (the 6 of 4.7.8.1 not in their boxes, on the map or removed).

Where play stands (``next``): ``{phase: setup}`` (the scenario's own start: set-up steps, then
the deal), ``{phase: jihadist_action, card_index: 1}`` or ``2`` (the Jihadist chooses his first
or second card of the Action Phase; in a solo game the bot plays it; ``3``: both are played and he
may still remove a Cadre, 4.8.4), the same for ``us_action``, optionally with ``card: N`` (that card is chosen: play goes on to its first
question), ``{phase: plots}`` (the unblocked plots are resolved, 5.2.3) and
``{phase: end_of_turn}`` (the end-of-turn steps 5.2.5-5.2.9 run), or one of its steps with
``step``: ``"5.2.5"`` (the same), ``"5.2.6"``, ``"5.2.7"``, ``"5.2.8"`` (the deal; ``dealt: k``: k
cards of it already dealt, in the hands) or ``"5.2.9"``; the opening deal of the set-up is
``{phase: setup, step: "5.2.8", dealt: k}``. In a solo game, ``{phase: jihadist_action,
card_index: i, radicalization: n}``: the bot's card of that index (the one card in ``in_play``)
has been used for operations and ``n`` of its ops are left to 9.4.3 Radicalization, which begins.
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.consistency import check_all
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.scenarios import initial_state, plot_values
from cdg_oracle.model.labyrinth.options import normalize_options
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.model.labyrinth.tracks import CELL_CYLINDERS, TROOP_CUBES

SCHEMA = Path(__file__).with_name("data") / "position.schema.json"
WMD_PLOTS = 6  # 4.7.8.1: three in the Loose Nuke/HEU/Kazakh Strain box, three in the Pakistan Arsenal box

#: Where play stands: the procedure stack, the pending question, the set-up bookkeeping, the
#: outcome, the phase and the card of the phase (``next`` sets them; ``machine`` states them).
MACHINE = ("stack", "pending", "setup_steps", "started", "terminal", "phase", "card_index")
#: What the header decides (the game, its scenario and length, the rulings and options).
FIXED = ("game", "version", "scenario", "length", "decks", "rulings", "options")
#: Keys only some states have: a solo game's set-aside plots (9.3.3) and mini-decks (9.2), the
#: plots removed under ``plot_markers_reusable=false`` (D01), card 5's face-down WMD count (A52).
OPTIONAL = ("plots_set_aside", "minideck_next", "plots_removed", "nest_face_down")
COUNTRY_FIELDS = {"gov": "governance", "align": "alignment", "rc": "regime_change"}
PHASES = ("setup", "jihadist_action", "us_action", "plots", "end_of_turn")


# -- derived fields ---------------------------------------------------------------------------------
@implements("4.6.1")
def troops_track(d: dict) -> int:
    """4.6.1: the troop cubes not on the map are on the Troops track (15 in all)."""
    on_map = sum(c["troops"] for c in d["countries"].values())
    if on_map > TROOP_CUBES:
        raise DataError(f"state.countries: {on_map} troop cubes on the map; the game has {TROOP_CUBES} (4.6.1)")
    return TROOP_CUBES - on_map


@implements("4.6.1")
def cells_track(d: dict) -> int:
    """4.6.1: the cell cylinders not on the map are on the Funding track's cells (15 in all)."""
    on_map = sum(c["sleepers"] + c["actives"] for c in d["countries"].values())
    if on_map > CELL_CYLINDERS:
        raise DataError(f"state.countries: {on_map} cell cylinders on the map; the game has "
                        f"{CELL_CYLINDERS} (4.6.1)")
    return CELL_CYLINDERS - on_map


CARD_ZONES = ("discard", "removed", "lapsing", "first_plot", "in_play")


@implements("5.3.1")
def deck(d: dict) -> list[int]:
    """5.3.1: the draw pile holds every card in no other zone (hands, discard, removed, the Lapsing
    and 1st Plot boxes, the card being played), in card order (the pile is unordered)."""
    elsewhere = [n for z in CARD_ZONES for n in d[z]] + [n for hand in d["hands"].values() for n in hand]
    twice = sorted(n for n, k in Counter(elsewhere).items() if k > 1)
    if twice:
        raise DataError(f"state: card {twice[0]} is in two zones (hands, discard, removed, lapsing, "
                        f"first_plot, in_play)")
    unknown = sorted(set(elsewhere) - set(load_cards()), key=str)
    if unknown:
        raise DataError(f"state: card {unknown[0]!r} is not one of the 120 cards")
    return sorted(set(load_cards()) - set(elsewhere))


def _plots_on_map(d: dict) -> list:
    return [p for c in d["countries"].values() for p in c["plots"]]


@implements("4.8.1", "9.3.3")
def plots_available(d: dict) -> list[int]:
    """4.8.1: the numbered plot markers (``plot_marker_values``) not on the map, not set aside by a
    WMD plot (solo, 9.3.3) and not removed (``plot_markers_reusable=false``, D01) are Available."""
    numbered = Counter(plot_values(LabyrinthRulings.from_dict(d["rulings"])))
    used = (Counter(p for p in _plots_on_map(d) if p != "WMD") + Counter(d.get("plots_set_aside", ()))
            + Counter(d.get("plots_removed", ())))
    over = used - numbered
    if over:
        value = sorted(over)[0]
        raise DataError(f"state: more plot markers of value {value} on the map, set aside or removed than "
                        f"the {numbered[value]} the game has (4.8.1)")
    return sorted((numbered - used).elements())


@implements("4.7.8.1")
def wmd_available(d: dict) -> int:
    """4.7.8.1: the 6 WMD plots not in their boxes, on the map or removed are Available."""
    elsewhere = sum(d["wmd_boxes"].values()) + _plots_on_map(d).count("WMD") + d["wmd_removed"]
    if elsewhere > WMD_PLOTS:
        raise DataError(f"state: {elsewhere} WMD plots in their boxes, on the map or removed; the game has "
                        f"{WMD_PLOTS} (4.7.8.1)")
    return WMD_PLOTS - elsewhere


DERIVED = {
    "troops_track": (troops_track, "the 15 troop cubes less those on the map (4.6.1)"),
    "cells_track": (cells_track, "the 15 cell cylinders less those on the map (4.6.1)"),
    "deck": (deck, "the 120 cards less those in the other zones (5.3.1)"),
    "plots_available": (plots_available, "the numbered plot markers less those on the map, set aside "
                                         "or removed (4.8.1)"),
    "wmd_available": (wmd_available, "the 6 WMD plots less those in their boxes, on the map or removed "
                                     "(4.7.8.1)"),
}


# -- where play stands ------------------------------------------------------------------------------
def _jihadist_phase(d: dict) -> str:
    return "solo_jihadist_phase" if normalize_options(d.get("options"))["solo"] else "jihadist_phase"


#: 5.2.5-5.2.9: the end-of-turn steps a named point may stand at, each with the label of the
#: ``end_of_turn`` procedure's step that begins it (model/labyrinth/turn.py).
END_OF_TURN_STEPS = {"5.2.5": "start", "5.2.6": "lapse_events", "5.2.7": "reserves_to_zero",
                     "5.2.8": "deal", "5.2.9": "dealt"}
KEYS = ("phase", "card_index", "card", "step", "dealt", "radicalization")


def _count(point: dict, key: str, least: int) -> int | None:
    value = point.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < least):
        raise DataError(f"{key}: {json.dumps(value)} is not a whole number of at least {least}")
    return value


def _deal_frame(d: dict, dealt: int) -> dict:
    """5.2.8: the deal's frame with ``dealt`` cards of its order dealt (turn.deal_order), the
    next one to come."""
    from types import SimpleNamespace

    from cdg_oracle.model.labyrinth.turn import deal_order

    order = deal_order(SimpleNamespace(d=d, rulings=LabyrinthRulings.from_dict(d["rulings"])))
    cards = [i for i, side in enumerate(order) if side != "shuffle"]
    if dealt > len(cards):
        raise DataError(f"dealt: {dealt} cards, but this deal gives {len(cards)} (5.2.8: the Funding and "
                        f"Troops boxes)")
    nxt = cards[dealt] if dealt < len(cards) else len(order)
    return {"proc": "deal", "pc": "next_side", "order": order, "each_side": order[nxt:]}


@implements("5.2.2", "5.2.3", "5.2.4", "5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9", "9.4.3")
def resume(d: dict, point: object) -> list:
    """Set ``d``'s machine at the named point ``point`` (module docstring); returns the actions
    to apply once play has reached its first question there (the ``card`` chosen)."""
    if not isinstance(point, dict):
        raise DataError("a mapping such as {phase: jihadist_action, card_index: 1}")
    unknown = sorted(set(point) - set(KEYS))
    if unknown:
        raise DataError(f"{unknown[0]}: not a key of next ({', '.join(KEYS)})")
    phase = point.get("phase")
    if phase not in PHASES:
        raise DataError(f"phase: {json.dumps(phase)} is not one of {', '.join(PHASES)}")
    action_phase = phase in ("jihadist_action", "us_action")
    if not action_phase and ("card_index" in point or "card" in point or "radicalization" in point):
        raise DataError(f"card_index, card and radicalization name a card of an Action Phase, not of phase {phase}")
    step = point.get("step")
    if step is not None and (phase not in ("setup", "end_of_turn")
                             or step not in (("5.2.8",) if phase == "setup" else END_OF_TURN_STEPS)):
        steps = '"5.2.8" (the opening deal)' if phase == "setup" else ", ".join(map(json.dumps, END_OF_TURN_STEPS))
        raise DataError(f"step: {json.dumps(step)} is not a step of phase {phase}"
                        + (f" ({steps})" if phase in ("setup", "end_of_turn") else ""))
    dealt = _count(point, "dealt", 0)
    if dealt is not None and step != "5.2.8":
        raise DataError('dealt counts the cards of the deal: it goes with step "5.2.8"')
    radicalization = _count(point, "radicalization", 1)
    if radicalization is not None and (phase != "jihadist_action" or "card" in point
                                       or not normalize_options(d.get("options"))["solo"]):
        raise DataError("radicalization: the solo Jihadist's ops left to 9.4.3 Radicalization, in his "
                        "Action Phase (with card_index, without card), in a solo game")
    card_index = point.get("card_index", 1)
    if card_index not in (1, 2, 3) or isinstance(card_index, bool):
        raise DataError(f"card_index: {json.dumps(card_index)} is not 1, 2 or 3 (5.2.2: two cards a phase; "
                        f"3: both played, a Cadre may still be removed, 4.8.4)")
    card = point.get("card")
    if card is not None and (isinstance(card, bool) or not isinstance(card, int)):
        raise DataError(f"card: {json.dumps(card)} is not a card number")
    d.update(pending=None, terminal=None)
    if phase == "setup" and step is None:
        d.update(stack=[{"proc": "game", "pc": "start"}], started=False, phase="setup", card_index=1)
        return []
    d.update(setup_steps=[], started=True, phase=phase, card_index=card_index if action_phase else 1)
    if phase == "setup":            # 3.2 "Distribuite ai giocatori ... (5.2.8)": the opening deal
        d["stack"] = [{"proc": "game", "pc": "next_turn"}, _deal_frame(d, dealt or 0)]
    elif phase == "jihadist_action" and radicalization is not None:
        d["stack"] = [{"proc": "game", "pc": "end_of_turn"}, {"proc": "turn", "pc": "begin_us_phase"},
                      *_radicalization_frames(d, card_index, radicalization)]
    elif phase == "jihadist_action":
        top = {"proc": _jihadist_phase(d), "pc": "start"}
        d["stack"] = [{"proc": "game", "pc": "end_of_turn"}, {"proc": "turn", "pc": "begin_us_phase"}, top]
    elif phase == "us_action":
        # 5.2.4: the phase started with a single card only if its first card is the US's last
        top = {"proc": "us_phase", "pc": "while_us_may_play",
               "single": card_index == 1 and len(d["hands"]["US"]) == 1}
        d["stack"] = [{"proc": "game", "pc": "end_of_turn"}, {"proc": "turn", "pc": "begin_plot_phase"}, top]
    elif phase == "plots":
        d["stack"] = [{"proc": "game", "pc": "end_of_turn"}, {"proc": "turn", "pc": "until_turn_is_over"},
                      {"proc": "resolve_plots", "pc": "start"}]
    elif step in (None, "5.2.5"):
        d["stack"] = [{"proc": "game", "pc": "next_turn"}, {"proc": "end_of_turn", "pc": "start"}]
    elif step == "5.2.8":
        d["stack"] = [{"proc": "game", "pc": "next_turn"}, {"proc": "end_of_turn", "pc": "dealt"},
                      _deal_frame(d, dealt or 0)]
    else:
        d["stack"] = [{"proc": "game", "pc": "next_turn"}, {"proc": "end_of_turn", "pc": END_OF_TURN_STEPS[step]}]
    return [] if card is None else [{"card": card}]


@implements("9.4.1", "9.4.3")
def _radicalization_frames(d: dict, card_index: int, left: int) -> list[dict]:
    """9.4.1 "ops that cannot be used: Radicalization (9.4.3)": the solo Jihadist's phase at card
    ``card_index``, its card (the one in ``in_play``) used for operations (a Plot only when the
    card's US event is playable, 9.4.2.2; the 9.4.1 chain otherwise), ``left`` of its ops to
    Radicalization, which begins."""
    if len(d["in_play"]) != 1:
        raise DataError(f"radicalization: the bot's card is the one card in in_play (it holds {d['in_play']})")
    n = d["in_play"][0]
    cards = load_cards()
    value = cards[n].ops
    if left > value:
        raise DataError(f"radicalization: {left} ops left of card {n}, whose value is {value}")
    mode = "chain"
    if cards[n].side == "US":
        from cdg_oracle.model.labyrinth.events.play import event_playable
        probe = LabyrinthState({**d, "stack": [], "card_index": card_index})
        if event_playable(probe, "US", n):
            mode = "plot"
    return [{"proc": "solo_jihadist_phase", "pc": "played"},
            {"proc": "solo_card", "pc": "dispose", "card": n, "value": value},
            {"proc": "solo_ops", "pc": "done", "value": value, "mode": mode, "card": n, "left": left},
            {"proc": "solo_radicalization", "pc": "start", "value": left, "card_value": value}]


def points(d: dict) -> list[tuple[dict, dict]]:
    """The named points a state may stand at, from its phase, each with the state as the position
    states it: for a card just chosen (``card``), the card still in the phasing side's hand."""
    phase = d.get("phase")
    if phase not in PHASES:
        return []
    stack = d.get("stack") or []
    if phase not in ("jihadist_action", "us_action"):
        out = [({"phase": phase}, d)]
        eot = next((f for f in stack if f["proc"] == "end_of_turn"), None)
        deal = next((f for f in stack if f["proc"] == "deal"), None)
        if deal is not None and "order" in deal and phase in ("setup", "end_of_turn"):
            taken = deal["order"][:len(deal["order"]) - len(deal.get("each_side", ()))]
            dealt = sum(1 for side in taken if side != "shuffle") - (1 if taken and taken[-1] != "shuffle" else 0)
            out.append(({"phase": phase, "step": "5.2.8", "dealt": max(dealt, 0)}, d))
        elif eot is not None and phase == "end_of_turn":
            step = {label: s for s, label in END_OF_TURN_STEPS.items()}.get(eot["pc"])
            if step is not None and step != "5.2.5":
                out.append(({"phase": phase, "step": step}, d))
        return out
    out = [({"phase": phase, "card_index": d["card_index"]}, d)]
    rad = next((f for f in stack if f["proc"] == "solo_radicalization"), None)
    if rad is not None and "value" in rad:
        out.append(({"phase": phase, "card_index": d["card_index"], "radicalization": rad["value"]}, d))
    if len(d["in_play"]) == 1:
        before = json.loads(json.dumps(d))
        card = before["in_play"].pop()
        before["hands"]["Jihadist" if phase == "jihadist_action" else "US"].append(card)
        out.append(({"phase": phase, "card_index": d["card_index"], "card": card}, before))
    return out


# -- the format -------------------------------------------------------------------------------------
def start(scenario: str, length: str = "standard", rulings: dict | None = None, options: dict | None = None) -> dict:
    """The set-up of ``scenario`` as a state dict, before any step (scenarios.initial_state)."""
    if not isinstance(scenario, str):
        raise DataError(f"scenario: {json.dumps(scenario)} is not a scenario name")
    return initial_state(scenario, length, rulings, options)


def check(d: dict) -> list[str]:
    """The consistency laws (model/labyrinth/consistency.py) under the state's plot-marker ruling."""
    numbered = plot_values(LabyrinthRulings.from_dict(d["rulings"]))
    return check_all(d, numbered, load_map().muslim)


@lru_cache(maxsize=1)
def schema() -> dict:
    """The published JSON Schema of Labyrinth positions (data/position.schema.json)."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


FORMAT = PositionFormat(start=start, state_class=LabyrinthState, machine=MACHINE, fixed=FIXED, resume=resume,
                        points=points, check=check, schema=schema, records={"countries": COUNTRY_FIELDS},
                        derived=DERIVED, unordered=("deck", "plots_available"), optional=OPTIONAL)
