"""The solo Jihadist's answers to the questions the two-player procedures pose him (chapter 9).

In a solo game ``engine.ask`` hands every Jihadist question to :func:`decide`, which either answers
at once (``engine.answer``) or starts a 9.5 random pick whose outcome answers it. No Jihadist
decision node is ever posed. By the kind of question:

* which cell, Active or Sleeper; how many Sleepers; whether Sadr is among the cells lost: Active
  cells before Sleepers, Moqtada al-Sadr last (9.3.1);
* which plot marker: a random one of the markers in the Events box (9.3.2: the card's value does
  not limit it; each marker is a die face, ``push_marker_pick``);
* whether to roll a Major Jihad: as the solo plan says (``solo_major`` of the Jihad frame, 9.4.1);
* the 8.5.6 WMD re-roll: never (D09: only in a two-player game), or, under the ruling
  ``solo_wmd_posture_reroll``, when the roll gave the country the US Posture
  (:func:`wmd_posture_reroll`);
* the two other Schengen countries of 8.5.6: the Schengen table (9.5);
* a country for an event (``{"country"}``, ``{"to"}``, ``{"from"}``, with or without "done"):
  by the card's method in ``data/solo_events.yaml`` (9.4.2.1, 9.6): Plot priorities (none found
  when the solo Jihadist played the card: the event is ignored and the card's value Radicalizes,
  :func:`abort_event`), Minor Jihad priorities, random cell placement, the Shia-Mix table (Iran and
  Jaysh al-Mahdi with the nearest Good, then Fair, country: ``solo_shia_mix_nearest``, D20), the
  Global table and the nearest country, Schengen Visas' and Clean Operatives' destinations and
  "From" origins, Ex-KGB (9.6); a method that finds nothing: at random (9.5). Only the questions
  of the event itself: an operation the event conducts (Fatwa, card 97) answers its questions as
  operations do;
* a Recruit die of Madrassas' second card: the Global table and the nearest country (9.4.2.1);
  of Adam Gadahn's and of a Recruit operation: the Recruit priorities (9.4.2.5); more successes
  than cells: at random (a cell placement, 9.4.2.1);
* a card: Oil Price Spike's, at random among the highest-value Jihadist-associated cards of the
  discard pile (9.6, :func:`oil_spike_cards`); Leak's marker, at random among those present (9.6);
* anything else (a scenario set-up choice, the order of plots, Quagmire's order of events, a
  Posture): random among the options (9.5: "a scenario setup, a Jihadist event or other
  instructions give several ... of equal priority"); "done" or "pass" only when nothing else is
  offered.
"""
from __future__ import annotations

from cdg_oracle.model.core.choosers import pick_uniform
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import cells, cylinders
from cdg_oracle.model.labyrinth.engine import answer, cite, pop, push
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.solo.events import OIL_PRICE_SPIKE, choice_kind, oil_spike_cards, solo_event_playable
from cdg_oracle.model.labyrinth.solo.random_country import map_order, push_pick
from cdg_oracle.model.labyrinth.tracks import world_posture

__all__ = ["abort_event", "decide", "oil_spike_cards", "push_marker_pick", "solo_event_playable"]

STOP = ("done", "pass")
# Frames of an operation: a question they pose inside an event (Fatwa's operation, card 97) is the
# operation's, not the event's.
OPERATION_FRAMES = ("event_op", "play_card")


def _event_frame(st) -> dict | None:
    """The innermost running event whose own question is posed now, or None (no event, or an
    operation it conducts asks)."""
    stack = st.d["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["proc"] == "event":
            above = stack[i + 1:]
            if any(fr["proc"] in OPERATION_FRAMES or fr["proc"].startswith(("op_", "solo_")) for fr in above):
                return None
            return stack[i]
    return None


def _keys(actions) -> set:
    keys = set()
    for a in actions:
        keys |= set(a) if isinstance(a, dict) else {a}
    return keys


@implements("9.3.2")
def push_marker_pick(st, offered: list | None, mode: str, purpose: str) -> None:
    """9.3.2: a random plot marker from the Events box: each Available marker (numbered or WMD) is
    one option, so a value held twice is twice as likely. ``offered``: the ``{"plot": v}`` values a
    question allows (None: all)."""
    d = st.d
    allowed = None if offered is None else {o["plot"] for o in offered}
    markers = sorted(d["plots_available"]) + ["WMD"] * d["wmd_available"]
    opts = [{"plot": m} for m in markers if allowed is None or m in allowed]
    if not opts:
        opts = [dict(o) for o in offered or []]
    if len(opts) > 6:
        # More than 6 markers (solo_wmd_set_aside "none"): a random marker is no country pick, so
        # no Global table: one draw among the distinct values, weighted by how many there are.
        values = list(dict.fromkeys(o["plot"] for o in opts))
        push_pick(st, [{"plot": v} for v in values], rule="9.3.2", purpose=purpose, mode=mode,
                  method="weighted", weights=[sum(1 for o in opts if o["plot"] == v) for v in values])
        return
    push_pick(st, opts, rule="9.3.2", purpose=purpose, mode=mode)


def _random(st, actions: list, rule: str, purpose: str) -> None:
    opts = [a for a in actions if a not in STOP] or list(actions)
    names = None
    if all(isinstance(a, dict) and set(a) == {"country"} for a in opts):
        ordered = map_order(st, [a["country"] for a in opts])
        opts, names = [{"country": n} for n in ordered], ordered
    push_pick(st, opts, rule=rule, purpose=purpose, names=names, mode="answer")


def _groups_pick(st, groups: list[list[str]], key: str, rule: str, purpose: str) -> bool:
    """Answer with the first group's country (random among it); False if there is no group."""
    if not groups:
        return False
    cite(st, rule)
    group = groups[0]
    if len(group) == 1:
        answer(st, {key: group[0]})
    else:
        push_pick(st, [{key: n} for n in group], names=group, rule=rule, purpose=purpose, mode="answer")
    return True


def _table(st, actions: list, key: str, method: str, rule: str, purpose: str) -> None:
    """A table roll (``method``: "schengen", "shia_mix", "global_nearest") among the offered
    countries, then the nearest offered one (9.5.1). A single option is no choice: no roll."""
    names = map_order(st, [a[key] for a in actions if isinstance(a, dict) and key in a])
    if len(names) == 1:
        answer(st, {key: names[0]})
        return
    push_pick(st, [{key: n} for n in names], names=names, method=method, rule=rule, purpose=purpose, mode="answer")


def abort_event(st) -> None:
    """9.4.2.1: an event's plot found no country by the Plot priorities: the event is ignored and
    the card's value Radicalizes (``solo_card`` reads ``radicalize``)."""
    stack = st.d["stack"]
    while stack and stack[-1]["proc"] != "event":
        stack.pop()
    pop(st)
    stack[-1]["radicalize"] = True
    st.d["pending"] = None


@implements("9.3.1", "9.3.2", "9.4.2.1", "9.5", "9.6", "8.5.6")
def decide(st) -> None:
    """Answer the Jihadist question just posed (see the module docstring)."""
    d = st.d
    p = d["pending"]
    acts, prompt = p["actions"], p["prompt"]
    frame = d["stack"][-1]
    keys = _keys(acts)
    if keys == {"cell"}:
        cite(st, "9.3.1")
        answer(st, {"cell": "active"} if {"cell": "active"} in acts else acts[0])
        return
    if keys == {"sleepers"}:
        cite(st, "9.3.1")
        answer(st, min(acts, key=lambda x: x["sleepers"]))
        return
    if keys == {"remove_sadr"}:
        cite(st, "9.3.1")
        answer(st, {"remove_sadr": False} if {"remove_sadr": False} in acts else acts[0])
        return
    if keys == {"major"}:
        name = frame["order"][frame["k"]]
        cite(st, "9.4.1")
        answer(st, {"major": frame.get("solo_major", {}).get(name, True)})
        return
    if keys == {"plot"} or (keys <= {"plot"} | set(STOP) and "plot" in keys):
        push_marker_pick(st, [x for x in acts if isinstance(x, dict)], "answer", f"{prompt} (9.3.2)")
        return
    if keys == {"reroll"} and all(isinstance(x["reroll"], bool) for x in acts):
        cite(st, "8.5.6")  # D09: the WMD re-roll (ruling solo_wmd_posture_reroll)
        answer(st, {"reroll": wmd_posture_reroll(st, frame)})
        return
    if keys == {"reroll"}:
        # 3.2 Mission Accomplished?: the re-roll of a Schengen Posture is the two-player Jihadist's.
        cite(st, "3.2")
        if {"reroll": None} in acts:
            answer(st, {"reroll": None})
        else:
            _random(st, acts, "9.5", prompt)
        return
    if frame["proc"] == "resolve_plot" and keys == {"country"}:
        _table(st, acts, "country", "schengen", "9.5", f"{prompt}: the Schengen table")
        return
    if frame["proc"] == "card53_recruit" and frame["pc"] == "place" and "country" in keys:
        cite(st, "9.4.2.1")  # more successes than cells: where one goes is a cell placement (random)
        _random(st, acts, "9.4.2.1", prompt)
        return
    if frame["proc"] == "card53_recruit" and "country" in keys:
        _table(st, [x for x in acts if x not in STOP], "country", "global_nearest", "9.4.2.1", prompt)
        return
    if frame["proc"] in ("card48_recruit", "op_recruit") and "country" in keys:
        names = [x["country"] for x in acts if isinstance(x, dict)]
        if _groups_pick(st, prio.recruit_groups(st, names, frame.get("value", 1)), "country", "9.4.2.5", prompt):
            return
    ev = _event_frame(st)
    if ev is not None and "card" in ev and keys and keys <= {"country", "to", "from"} | set(STOP) \
            and keys & {"country", "to", "from"}:
        if _event_choice(st, ev, acts, keys, prompt):
            return
    if ev is not None and keys == {"card"} and ev["card"] in OIL_PRICE_SPIKE:
        _oil_price_spike(st, acts)
        return
    if ev is not None and keys == {"card"} and ev["card"] in (84, 85):
        cite(st, "9.6")  # Leak: "Scegliete a caso tra i segnalini ... presenti nella Casella degli Eventi"
        _random(st, acts, "9.6", f"{prompt} (9.6: at random among the markers present)")
        return
    cite(st, "9.5")
    _random(st, acts, "9.5", prompt)


@implements("8.5.6")
def wmd_posture_reroll(st, frame: dict) -> bool:
    """8.5.6 POSTURE: "Se è WMD in una partita con due giocatori, la jihad può ritirare questo
    risultato una volta" -- does the solo bot re-roll the Posture roll of the WMD plot it resolves
    in ``frame["country"]`` (``resolve_plot``)? D09, ruling ``solo_wmd_posture_reroll``:

    * False (default, reading two_player_only: IT/PL "in una partita con due giocatori" and the IT
      unblocked-plots table): never;
    * True (reading any_game: ES drops "in a two-player game"): when the roll is worse for the
      Jihadist, that is when it gave the country the US Posture (project decision: no text says
      when the bot re-rolls; a Posture equal to the US's can only lower the GWOT penalty, 4.7.2.1,
      and 9.4.2.2 aims plots at such countries to flip them, so the second roll can only do better);
      a Posture opposite to the US's is kept."""
    if not st.rulings.solo_wmd_posture_reroll:
        return False
    d = st.d
    return d["countries"][frame["country"]]["posture"] == d["us_posture"]


def _event_choice(st, ev: dict, acts: list, keys: set, prompt: str) -> bool:
    """A country question of card ``ev["card"]``'s event, by its ``data/solo_events.yaml`` kind;
    False: no method applies (the caller picks at random, 9.5)."""
    n = ev["card"]
    kind = choice_kind(n)
    frame = st.d["stack"][-1]
    key = "country" if "country" in keys else ("to" if "to" in keys else "from")
    names = map_order(st, [x[key] for x in acts if isinstance(x, dict) and key in x])
    rule = f"card {n}"
    if kind == "special" and n == 62:
        return _ex_kgb(st, names)
    if frame["proc"] == "card74_79_travel" and kind in ("schengen", "united_states"):
        return _event_travel(st, frame, n, kind, key, names, prompt)
    if (frame["proc"], frame.get("pc")) == ("event_82", "place"):
        kind = "cells"  # more Recruit successes than cells: which gets one is a cell placement (9.4.2.1)
    if kind == "plot":
        groups = prio.plot_groups(st, names, event=True)
        if _groups_pick(st, groups, key, "9.4.2.2", prompt):
            return True
        stack = st.d["stack"]
        i = max(k for k, fr in enumerate(stack) if fr["proc"] == "event")
        if i > 0 and stack[i - 1]["proc"] == "solo_card":
            abort_event(st)
            return True
        return False
    if kind in ("shift", "alignment"):
        return _groups_pick(st, prio.minor_jihad_groups(st, names, alignment=kind == "alignment"),
                            key, "9.4.2.4", prompt)
    if kind == "cells":
        cite(st, "9.4.2.1")
        _random(st, acts, "9.4.2.1", f"{prompt} ({rule}: a cell placement, at random)")
        return True
    if kind in ("shia_mix", "global_nearest"):
        cite(st, "9.4.2.1")
        _table(st, acts, key, kind, "9.4.2.1", f"{prompt} ({rule})")
        return True
    if kind == "shia_mix_nearest":
        cite(st, "9.4.2.1")
        # Rolled even when one country is possible: the roll's result is tested if unmarked
        # (9.4.2.1 "testate se il paese risultante è Neutro"), and that test is play.
        push(st, "solo_shia_mix_nearest", names=names, key=key, purpose=f"{prompt} ({rule})")
        st.d["pending"] = None
        return True
    return False


@implements("9.4.2.1", "9.4.2.6.1", "card 74", "card 79")
def _event_travel(st, travel: dict, n: int, kind: str, key: str, names: list[str], prompt: str) -> bool:
    """Schengen Visas and Clean Operatives (9.4.2.1 fourth bullet): the destinations first (every
    one before the first origin, 9.4.2.6: ``solo_event_travel`` for Schengen Visas; the United
    States for both cells of Clean Operatives), then for each cell its origin from the "From" box
    (9.4.2.6.1: "usate DA per l'origine"); the last cell of an Islamist Rule or Regime Change
    country travels within it instead (9.4.2.6.1)."""
    d = st.d
    plan = travel.get("solo_dests")
    if plan is None:
        if kind == "united_states":
            cite(st, "9.4.2.1")
            travel["solo_dests"] = plan = ["United States"] * travel["count"]
        else:
            push(st, "solo_event_travel", card=n, count=travel["count"], dests=list(travel["dests"]))
            d["pending"] = None
            return True
    k = min(travel["moved"], len(plan) - 1)
    dest = plan[k]
    if key == "from":
        arrived = travel.get("arrived", {})
        free = {x: cylinders(d["countries"][x]) - arrived.get(x, 0) for x in names}
        act = {x: d["countries"][x]["actives"] for x in names}
        others = [x for x in plan if x != dest]
        groups = prio.origin_groups(st, dest, st.cards[n].ops, free, act, others)
        return _groups_pick(st, groups, "from", "9.4.2.6.1", prompt)
    if key != "to":
        return False
    origin = travel["origin"]
    c = d["countries"][origin]
    if cells(c) == 1 and (c["gov"] == "islamist_rule" or c["rc"]) and origin in names and origin != dest:
        dest = origin
        cite(st, "9.4.2.6.1")
    if dest not in names:
        return False
    cite(st, "9.4.2.1")
    answer(st, {"to": dest})
    return True


@implements("9.6", "card 62")
def _ex_kgb(st, names: list[str]) -> bool:
    """9.6 Ex-KGB: the Caucasus if setting it would change the World Posture (4.7.2), else Central
    Asia."""
    from cdg_oracle.model.labyrinth.events.jihadist_48_71 import OPPOSITE

    d = st.d
    c = d["countries"]["Caucasus"]
    before = world_posture(d)
    old = c["posture"]
    c["posture"] = OPPOSITE[d["us_posture"]]
    changes = world_posture(d) != before
    c["posture"] = old
    cite(st, "9.6")
    answer(st, {"country": "Caucasus" if changes and "Caucasus" in names else "Central Asia"})
    return True


@implements("9.6", "card 117", "card 118")
def _oil_price_spike(st, acts: list) -> None:
    """9.6 Oil Price Spike: "Pescate a caso" among the highest-value Jihadist-associated cards of
    the discard pile: a uniform chance node over them, whose outcome answers the question. With
    none (the event is then not played by the solo Jihadist, ``solo_event_playable``; an event
    started otherwise): at random among the cards offered (9.5)."""
    cards = [x for x in oil_spike_cards(st) if {"card": x} in acts]
    if cards:
        cite(st, "9.6")
        pick_uniform(st, cards, "9.6",
                     "Oil Price Spike: a random highest-value Jihadist card of the discard pile (9.6)", key="card")
        return
    cite(st, "9.5")
    pick_uniform(st, [x for x in acts if isinstance(x, dict)], "9.5",
                 "Oil Price Spike: no Jihadist card in the discard pile, a random card offered (9.5)")
