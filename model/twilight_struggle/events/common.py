"""Steps many events share: placing and removing influence marker by marker, the war events (7.6),
the side responsible for a DEFCON move.

Procedures (call them with ``call(...)`` from an event's steps):

* ``place_influence``: ``side`` places ``count`` influence of ``owner`` (default: ``side``), one
  marker at a time, each in a country of ``countries`` (a list, map order), at most
  ``per_country`` in any one (None: no limit); ``optional``: the side may stop before the count
  (an event's "up to"). Question ``place_influence.where``; the answer ``{"country": c}`` or
  ``{"stop": true}``. The rule cited is ``rule`` (the card).
* ``remove_influence``: the same for removing ``owner``'s influence (default: the opponent's);
  a country is offered while it has ``owner``'s influence left. Question ``remove_influence.where``.
* ``event_operations``: ``side`` conducts ``ops`` operations in one use of its choice (6.0;
  ``uses``: the uses the card allows, ``optional``: the side may decline).
* ``other_event``: the event of another card the calling event has put on the ``table``, carried
  out by ``side``; the card then goes where its event sends it.
* a free coup: ``call("coup", side=..., ops=n, bonus=0, bonus_area="Asia", in_area=True, spent=0,
  free=True, area="Central America")`` (operations/coup.py; 6.3.5, 8.2.5: no milops); ``countries=[...]``
  limits the targets to those the card names.

Both end early when no country can take (or give) another marker. 6.1.2's cost in ops does not
apply: an event places influence without ops.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, push
from cdg_oracle.model.core.steps import call, choose, do, done, if_, while_
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.tracks import add_milops, gain_vp


def responsible(st) -> str:
    """8.1.3: the side responsible for a DEFCON move an event makes: the phasing player (in a
    headline, the side carrying the event out, 4.5 C NOTE)."""
    return st.d["phasing"]


def card_text(st, deluxe: int) -> str:
    """Which text of card ``deluxe`` play follows where the seed's and the Deluxe's card differ:
    ruling ``card_<deluxe>_text``, its reading ``edition`` meaning the text of the edition played
    (``seed`` or ``deluxe``; the issue's rule: each edition plays its own cards)."""
    reading = getattr(st.rulings, f"card_{deluxe}_text")
    return st.d["options"]["edition"] if reading == "edition" else reading


# -- placing and removing influence, marker by marker ------------------------------------------------
def _owner(f) -> str:
    return f.get("owner") or f["side"]


def _removed_owner(f) -> str:
    return f.get("owner") or OPPONENT[f["side"]]


def _room(f, country: str) -> bool:
    cap = f.get("per_country")
    return cap is None or f.setdefault("done_in", {}).get(country, 0) < cap


def _place_options(st, f) -> list:
    out = [{"country": c} for c in f["countries"] if _room(f, c)]
    if out and f.get("optional"):
        out.append({"stop": True})
    return out


def _remove_options(st, f) -> list:
    owner, inf = _removed_owner(f), st.d["influence"]
    out = [{"country": c} for c in f["countries"] if _room(f, c) and inf[c][owner] > 0]
    if out and f.get("optional"):
        out.append({"stop": True})
    return out


def _more(st, f) -> bool:
    return f.setdefault("done", 0) < f["count"]


def _place_more(st, f) -> bool:
    return _more(st, f) and bool(_place_options(st, f))


def _remove_more(st, f) -> bool:
    return _more(st, f) and bool(_remove_options(st, f))


def _stopped(st, f) -> bool:
    return f["where"].get("stop", False)


def _count_one(f) -> str:
    c = f.pop("where")["country"]
    f["done"] += 1
    done_in = f.setdefault("done_in", {})  # _room sets it only under a cap per country
    done_in[c] = done_in.get(c, 0) + 1
    return c


def _place_one(st, f) -> None:
    cite(st, f["rule"])
    add_influence(st, _owner(f), _count_one(f), 1)


def _remove_one(st, f) -> None:
    cite(st, f["rule"])
    remove_influence(st, _removed_owner(f), _count_one(f), 1)


def _prompt(verb: str):
    def prompt(st, f) -> str:
        left = f["count"] - f["done"]
        return f"{f['side']} ({st.cards[f['card']].name}): {verb} 1 influence ({left} to go)"
    return prompt


@ENGINE.sequence("place_influence")
@implements("7.1")
def place_influence():
    """Place ``count`` influence of ``owner`` one marker at a time (module docstring)."""
    return [
        while_(_place_more, [
            choose(lambda st, f: f["side"], _place_options, lambda st, f: f["rule"], _prompt("place"), into="where",
                   key="country"),
            if_(_stopped, [done()]),
            do(_place_one),
        ]),
    ]


@ENGINE.sequence("remove_influence")
@implements("7.1")
def remove_influence_():
    """Remove ``count`` influence of ``owner`` one marker at a time (module docstring)."""
    return [
        while_(_remove_more, [
            choose(lambda st, f: f["side"], _remove_options, lambda st, f: f["rule"], _prompt("remove"), into="where",
                   key="country"),
            if_(_stopped, [done()]),
            do(_remove_one),
        ]),
    ]


# -- war events (7.6) ----------------------------------------------------------------------------------
@implements("7.6")
def war_modifier(st, attacker: str, country: str) -> int:
    """The war die's modifier against ``attacker`` invading ``country``: -1 per country adjacent to
    it that the defender (the opponent) controls (the card may add more)."""
    defender = OPPONENT[attacker]
    return sum(1 for c in st.map.countries[country].adjacent if c in st.d["influence"] and controls(st, defender, c))


@implements("7.6", "8.2.4")
def resolve_war(st, attacker: str, country: str, die: int, modifier: int, wins_from: int, vp: int,
                milops: int, rule: str) -> bool:
    """7.6: the attacker's military operations move ``milops`` whatever the result (8.2.4: also
    when the war is the opponent's event triggered by operations); a modified die (``die -
    modifier``) of ``wins_from`` or more wins: the attacker gains ``vp`` and replaces the
    defender's influence in ``country`` with its own. Returns whether the war was won."""
    cite(st, rule, "7.6")
    add_milops(st, attacker, milops)
    if die - modifier < wins_from:
        return False
    gain_vp(st, attacker, vp)
    defender = OPPONENT[attacker]
    n = remove_influence(st, defender, country, st.d["influence"][country][defender])
    add_influence(st, attacker, country, n)
    return True


# -- operations an event grants ("conduct operations with this card") ------------------------------------
@implements("6.0")
def operation_uses(st, side: str, ops: int, space: bool = True) -> list[dict]:
    """The uses of ``ops`` operations open to ``side`` now (6.0): influence, realignment rolls, a
    coup, and (``space``) a Space Race attempt."""
    from cdg_oracle.model.twilight_struggle.operations import coup, influence, realignment, space_race

    out = []
    if influence.available(st, side, ops, 0):
        out.append({"use": "influence"})
    if realignment.available(st, side):
        out.append({"use": "realign"})
    if coup.available(st, side):
        out.append({"use": "coup"})
    if space and space_race.available(st, side, ops):
        out.append({"use": "space"})
    return out


def _operation_options(st, f) -> list:
    """The uses open now, only those the card allows (``uses``: e.g. influence and realignment,
    cards 89 and 90), and, when the card says the side *may* (``optional``), declining."""
    out = operation_uses(st, f["side"], f["ops"], f.get("space", True))
    if f.get("uses") is not None:
        out = [u for u in out if u["use"] in f["uses"]]
    if out and f.get("optional"):
        out.append({"use": "none"})
    return out


def _operating(st, f) -> bool:
    return f["use"] is not None and f["use"]["use"] != "none"


@implements("6.0", "6.1.1")
def _start_operations(st, f) -> None:
    """Start the chosen use with all ``ops`` (6.0); influence reaches from where the side has
    influence now (6.1.1)."""
    from cdg_oracle.model.twilight_struggle.operations import influence

    use, side = f["use"]["use"], f["side"]
    cite(st, f["rule"], "6.0")
    if use == "space":
        push(st, "space", side=side)
        return
    frame = push(st, use, side=side, ops=f["ops"], bonus=0, bonus_area="Asia", in_area=True, spent=0)
    if use == "influence":
        frame["reach"] = influence.reach(st, side)


@ENGINE.sequence("event_operations")
@implements("6.0")
def event_operations():
    """An event's operations: ``side`` uses ``ops`` operations (``card``'s, cited as ``rule``) in
    one of the uses open (6.0; ``space``: False when the Space Race is not one; ``uses``: the only
    uses the card allows, a list; ``optional``: the side may decline, answer ``{"use": "none"}``).
    Question ``event_operations.use``; none open: nothing happens."""
    return [
        choose(lambda st, f: f["side"], _operation_options, lambda st, f: f["rule"],
               lambda st, f: f"{f['side']} ({st.cards[f['card']].name}): use {f['ops']} ops how?", into="use",
               when=lambda st, f: bool(_operation_options(st, f))),
        if_(_operating, [do(_start_operations)]),
    ]


# -- another card's event (Five Year Plan, Grain Sales, Star Wars...) -------------------------------------
def _other_happens(st, f) -> bool:
    from cdg_oracle.model.twilight_struggle.events.play import EVENT_GAP, can_happen, is_implemented, record_gap

    f["happened"] = can_happen(st, f["side"], f["card"])
    if not is_implemented(st.cards[f["card"]]):  # a gap in the record, never a silent skip
        record_gap(st, f["card"], f["side"], EVENT_GAP)
    return f["happened"]


def _other_after(st, f) -> None:
    from cdg_oracle.model.twilight_struggle.events.play import after_event, after_no_event

    if f.pop("happened"):
        after_event(st, f["card"], f["side"])
    else:
        after_no_event(st, f["card"])


@ENGINE.sequence("other_event")
@implements("7.1", "5.2")
def other_event():
    """The event of another card ``card``, which the calling event has put on the table, carried
    out by ``side`` (``trigger``: ``"event"``); then the card goes where its event sends it
    (events/play.py), or to the discards if its event cannot happen (5.2)."""
    return [
        if_(_other_happens, [call("event", card=lambda st, f: f["card"], side=lambda st, f: f["side"],
                                  trigger="event")]),
        do(_other_after),
    ]
