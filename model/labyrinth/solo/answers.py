"""The solo Jihadist's answers to the questions the two-player procedures pose him (chapter 9).

In a solo game ``engine.ask`` hands every Jihadist question to :func:`decide`, which either answers
at once (``engine.answer``) or starts a 9.5 random pick whose outcome answers it. No Jihadist
decision node is ever posed. By the kind of question:

* which cell, Active or Sleeper; how many Sleepers; whether Sadr is among the cells lost: Active
  cells before Sleepers, Moqtada al-Sadr last (9.3.1);
* which plot marker: a random one of the markers in the Events box (9.3.2: the card's value does
  not limit it; each marker is a die face, ``push_marker_pick``);
* whether to roll a Major Jihad: as the solo plan says (``solo_major`` of the Jihad frame, 9.4.1);
* the 8.5.6 WMD re-roll: never (D09: only in a two-player game);
* the two other Schengen countries of 8.5.6: the Schengen table (9.5);
* a country for an event: by the card's method in ``data/solo_events.yaml`` (9.4.2.1, 9.6):
  Plot priorities, Minor Jihad priorities, the Shia-Mix, Schengen or Global table, the Travel
  boxes, or at random;
* a Recruit die of Madrassas' second card: the Global table and the nearest country (9.4.2.1);
  of Adam Gadahn's: the Recruit priorities (9.4.2.5);
* anything else (a scenario set-up choice, the order of plots, a card): random among the options
  (9.5: "a scenario setup, a Jihadist event or other instructions give several ... of equal
  priority").
"""
from __future__ import annotations

from model.core.citations import implements
from model.labyrinth.engine import answer, cite, pop
from model.labyrinth.solo import priorities as prio
from model.labyrinth.solo.events import choice_kind
from model.labyrinth.solo.random_country import map_order, push_pick
from model.labyrinth.tracks import world_posture

STOP = ("done", "pass")


def _event_frame(st) -> dict | None:
    for frame in reversed(st.d["stack"]):
        if frame["proc"] == "event":
            return frame
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
    names = map_order(st, [a[key] for a in actions if isinstance(a, dict) and key in a])
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
    acts, rule, prompt = p["actions"], p["rule"], p["prompt"]
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
        cite(st, "8.5.6")  # D09: the WMD re-roll is a two-player option
        answer(st, {"reroll": False})
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
    if frame["proc"] == "card53_recruit" and "country" in keys:
        _table(st, [x for x in acts if x not in STOP], "country", "global_nearest", "9.4.2.1", prompt)
        return
    if frame["proc"] in ("card48_recruit", "op_recruit") and "country" in keys:
        names = [x["country"] for x in acts if isinstance(x, dict)]
        if _groups_pick(st, prio.recruit_groups(st, names, frame.get("value", 1)), "country", "9.4.2.5", prompt):
            return
    ev = _event_frame(st)
    if ev is not None and (keys <= {"country", "to", "from"} | set(STOP)):
        if _event_choice(st, ev, acts, keys, prompt):
            return
    if ev is not None and keys == {"card"} and ev["card"] in (117, 118):
        _oil_price_spike(st, acts)
        return
    cite(st, "9.5")
    _random(st, acts, "9.5", prompt)


def _event_choice(st, ev: dict, acts: list, keys: set, prompt: str) -> bool:
    n = ev["card"]
    kind = choice_kind(n)
    key = "country" if "country" in keys else ("to" if "to" in keys else "from")
    names = map_order(st, [x[key] for x in acts if isinstance(x, dict)])
    rule = f"card {n}"
    if kind == "special" and n == 62:
        return _ex_kgb(st, names)
    if key == "from":
        free, act = prio.free_cells(st)
        free = {k: v for k, v in free.items() if k in names}
        groups = prio.origin_groups(st, "", st.cards[n].ops, free, act, [])
        return _groups_pick(st, groups, "from", "9.4.2.6.1", prompt)
    if kind == "united_states" and "United States" in names:
        cite(st, "9.4.2.1")
        answer(st, {key: "United States"})
        return True
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
    if kind in ("shia_mix", "schengen", "global_nearest"):
        cite(st, "9.4.2.1")
        _table(st, acts, key, kind, "9.4.2.1", f"{prompt} ({rule})")
        return True
    if kind == "travel" and key == "to":
        for box in (1, 2, 3, 4):
            cands = [x for x in prio.travel_box(st, box) if x in names]
            if cands:
                return _groups_pick(st, prio.destination_groups(st, cands), "to", "9.4.2.6", prompt)
        return False
    return False


@implements("9.6", "card 62")
def _ex_kgb(st, names: list[str]) -> bool:
    """9.6 Ex-KGB: the Caucasus if setting it would change the World Posture (4.7.2), else Central
    Asia."""
    from model.labyrinth.events.jihadist_48_71 import OPPOSITE

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
def oil_spike_cards(st) -> list[int]:
    """9.6 Oil Price Spike: the highest-value Jihadist-associated cards in the discard pile."""
    d = st.d
    jihad = [x for x in d["discard"] if st.cards[x].side == "Jihadist"]
    if not jihad:
        return []
    top = max(st.cards[x].ops for x in jihad)
    return sorted(x for x in jihad if st.cards[x].ops == top)


def _oil_price_spike(st, acts: list) -> None:
    cards = [x for x in oil_spike_cards(st) if {"card": x} in acts]
    cite(st, "9.6")
    push_pick(st, [{"card": x} for x in cards] or list(acts), rule="9.6",
              purpose="Oil Price Spike: a random highest-value Jihadist card of the discard pile", mode="answer")
