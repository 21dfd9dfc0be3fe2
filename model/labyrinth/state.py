"""The Labyrinth game state and the decision-protocol contract (DESIGN.md; model/core/game.py).

All of the game lives in one plain, JSON-round-trippable dict ``d``:

* tracks: ``prestige`` 1-12, ``funding`` 1-9, ``us_posture``, ``troops_track`` and ``cells_track``
  (cubes and cylinders off the map: 15 of each in all, 4.6.1), ``reserves`` per side (0-2);
* ``countries``: each country's markers and pieces (see ``countries.py``);
* plots: ``plots_available`` (numbered values), ``wmd_available``, ``wmd_boxes`` (the "Loose Nuke,
  HEU & Kazakh Strain" and "Pakistan Arsenal" boxes, 4.7.8.1), ``wmd_removed``;
* cards: ``deck`` (unordered: every draw is a chance node), ``hands``, ``discard``, ``removed``,
  ``lapsing``, ``first_plot`` boxes (4.7.7), ``in_play`` (the card being resolved);
* events: ``events_in_effect`` (markers in the Events box; markers on a country are in its
  ``markers``), ``lapsing_effects`` (lapsing cards that left their box early, 4.7.7.3),
  ``first_plot_used``, ``second_card`` (the use an earlier event fixed for the Jihadist's next card:
  cards 48, 53), ``backlash_plots`` (card 1), ``action_log`` (this and the previous Action Phase:
  cards 61, 94);
* sequence: ``turn``, ``phase``, ``card_index`` (4.7.5), ``reshuffles`` and ``decks`` (3.3, 5.3);
* the machine: ``stack`` of procedure frames, the ``pending`` question, ``terminal`` outcome.

Derived quantities (World Posture, GWOT penalty, troops and funding levels, available cells) are
computed, never stored (``tracks.py``).
"""
from __future__ import annotations

import json
from typing import Any

from cdg_oracle.model.core.state import StackState, copy_json
from cdg_oracle.model.labyrinth import engine
from cdg_oracle.model.labyrinth.game import LabyrinthGame

STATE_VERSION = 1
SIDES = ("US", "Jihadist")

# What canonical() leaves out (the model's machinery) and what it sorts (orderless zones).
_NOT_CANONICAL = frozenset({"stack", "pending", "setup_steps", "started", "version", "rulings", "action_log",
                            "options"})
_SORTED_ZONES = ("plots_available", "deck", "discard", "removed", "lapsing", "first_plot", "in_play",
                 "events_in_effect", "lapsing_effects", "backlash_plots")


def _order(x: Any) -> tuple:
    """A total order on the mixed values of a zone (card numbers, plot values, "WMD", names)."""
    if isinstance(x, int) and not isinstance(x, bool):
        return (0, x, "")
    return (1, 0, x if isinstance(x, str) else json.dumps(x, sort_keys=True))


def _sorted_zone(zone: list) -> list:
    """A zone in :func:`_order` (card numbers alone, the common case, sort as integers)."""
    if len(zone) < 2:
        return zone
    if all(type(x) is int for x in zone):
        return sorted(zone)
    return sorted(zone, key=_order)


class LabyrinthState(StackState):
    """One position of a Labyrinth game, at a decision, a chance node or the end. The contract
    (current player, legal actions, chance outcomes, apply, decision, context, clone, JSON) is
    the core's (model/core/state.py); what is Labyrinth's own is below."""

    game = "labyrinth"
    SIDES = SIDES
    ENGINE = engine.ENGINE
    STATE_VERSION = STATE_VERSION
    GAME = LabyrinthGame  # st.map, st.cards, st.rulings, st.muslim_records_of: the Game's (game.py)

    def setup(self, d: dict) -> None:
        self._cells_seen_in = None  # a country where victory.no_cells_on_map last saw a cylinder (a hint)
        self._muslim_conditions_unmet = None  # victory.check_instant's memory (muslim_conditions_key)

    def patriot_act(self) -> bool:
        """Card 43 in effect: the United States is adjacent only to Canada."""
        return "Patriot Act" in self.d["countries"]["United States"]["markers"]

    def options(self) -> dict:
        """The game options: ``{"solo", "ideology", "minidecks"}`` (chapter 9; two-player: solo false)."""
        return dict(self.d.get("options", {"solo": False, "ideology": "normal", "minidecks": False}))

    def canonical(self) -> dict:
        """The canonical state: every fact of the game that two rules-faithful implementations must
        agree on after every step, as plain JSON with an order-free form for unordered things.

        It is the state of ``d`` without the model's machinery (the procedure ``stack``, the
        ``pending`` question, the set-up bookkeeping ``setup_steps``/``started``, ``version``, the
        ``rulings``, which the trace header carries, and ``action_log``, a record the model keeps
        for cards 61 and 94 that another implementation may keep differently; ``terminal`` keeps
        the winner and the rule, not the prose reason; ``second_card`` names the card that fixed
        the use, cards 48 and 53, not the model's procedure), with card zones,
        plots and markers sorted, since no rule reads their order (the deck is unordered: every
        draw is a chance node), plus ``to_move`` (a side, ``chance`` or ``terminal``).
        Published as model/labyrinth/data/state.schema.json (adapter protocol, DESIGN.md)."""
        d = self.d
        out = copy_json({k: v for k, v in d.items() if k not in _NOT_CANONICAL})
        for k in _SORTED_ZONES:
            out[k] = _sorted_zone(out[k])
        # In a solo game the Jihadist hand is a face-down draw stack, top first (9.2): its order counts.
        solo = d.get("options", {}).get("solo", False)
        out["hands"] = {side: (list(cards) if solo and side == "Jihadist" else sorted(cards))
                        for side, cards in out["hands"].items()}
        for c in out["countries"].values():
            c["plots"] = _sorted_zone(c["plots"])
            c["markers"] = sorted(c["markers"])
        if out["second_card"] is not None:  # the card that fixed the use, and the use; not the procedure
            del out["second_card"]["proc"]
        if out["terminal"] is not None:  # who won and by which rule; the reason is prose
            out["terminal"] = {"winner": out["terminal"]["winner"], "rule": out["terminal"]["rule"]}
        out["to_move"] = self.current_player()
        return out

    def context(self) -> dict:
        """The core's context (model/core/state.py), where a Reassessment's second card, once
        chosen, is the card being resolved (7.6.2: its event may be triggered as it is played)."""
        out = super().context()
        top = self.d["stack"][-1] if self.d["stack"] else None
        if top is not None and top["proc"] == "op_reassessment" and top.get("second") is not None:
            out["card"] = top["second"]
        return out

    def observation(self, side: str) -> dict:
        """What ``side`` sees by the rules: the canonical state with the other side's hand as a
        count (a solo Jihadist's face-down stack too, 9.2), the draw pile as a count (it is face
        down, 5.3.1), and for the US the plot markers it cannot see: those in the Available Plots
        box ("a faccia in giù ... solo la jihad può guardarli", 4.8.1: ``plots_available`` becomes
        the number of markers there, WMD ones included, and ``wmd_available`` goes) and those on
        the map (placed face down, 8.5.4; NEST's WMD plots and those Backlash revealed are face up,
        cards 5 and 1) as a number per country, ``plots_face_down``. Changing what ``side`` cannot see never changes
        this (tests/labyrinth/test_observation.py). Who saw a card drawn or taken at random is
        history, not position: a trace from one side's view is left for later. ``derived``: the
        facts the rules compute from the state (derived.py: levels, hand sizes, victory totals),
        all public."""
        if side not in SIDES:
            raise ValueError(f"observation: {side!r} is not a side (sides: {', '.join(SIDES)})")
        from cdg_oracle.model.labyrinth.plots import face_down_plots

        out = self.canonical()
        other = "Jihadist" if side == "US" else "US"
        out["hands"] = {side: out["hands"][side], other: len(out["hands"][other])}
        out["deck"] = len(out["deck"])
        if side == "US":
            out["plots_available"] = len(out["plots_available"]) + out.pop("wmd_available")
        for name, c in out["countries"].items():
            down = face_down_plots(self, name) if side == "US" else []
            for p in down:
                c["plots"].remove(p)
            c["plots_face_down"] = len(down)
        out["observer"] = side
        out["derived"] = self.derived_facts()
        return out

    def __repr__(self) -> str:
        d = self.d
        return (f"<Labyrinth {d['scenario']} turn {d['turn']} {d['phase']} "
                f"prestige {d['prestige']} funding {d['funding']} -> {self.current_player()}>")
