"""The Coalition's Special Activities (the aid's COALIZIONE block, ATTIVITA' SPECIALI): Surge
(Intervento), Air Lift (Trasporto Aereo), Air Strike (Attacco Aereo). Each is a procedure on the
contract of activities.py, carried out after its Operation (turn.py), its spaces in
``d["turn"]["sa_spaces"]``.

Surge and Air Lift first choose their spaces (one at a time, ``{"done": true}`` once one is chosen),
then move pieces among them one at a time (``{"move": kind, "from": a, "to": b}``; Surge's
``"available"`` is the Available box), ``{"done": true}`` ending the moves. The aid sets no order or
count on the moves; so that a redistribution is reached once and never by going back and forth, a
place that has given pieces of a kind does not receive that kind in the same activity, nor gives
one it has received (``relocations``): every final arrangement the aid allows is still reachable.

Each re-poses (model/core/engine.py, "Posing again"): called without an answer at a step awaiting
one, it asks the same question again from what the frame and the state hold, and changes nothing
else (a space's question is asked again at "start", activities.activity).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, ask_values, cite, pop, roll
from cdg_oracle.model.distant_plain import removal
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.control import control_of, shift_islamabad_in
from cdg_oracle.model.distant_plain.engine import ENGINE

SURGE_SPACES = AIR_LIFT_SPACES = AIR_STRIKE_SPACES = 3
SURGE_KINDS = ("coalition_troops", "coalition_bases")  # "pezzi della Coalizione"
AIR_LIFT_KINDS = ("coalition_troops", "government_troops")
AIR_LIFT_GOVT = 3  # "fino a 3 truppe Govt"
AVAILABLE = "available"


# -- moving pieces among chosen places (Surge, Air Lift) -------------------------------------------
def held(d: dict, place: str, kind: str) -> int:
    """How many pieces of ``kind`` a place holds: a space of the map, or the Available box."""
    return d[AVAILABLE][kind] if place == AVAILABLE else d["spaces"][place]["pieces"][kind]


def relocations(d: dict, places: list[str], kinds: tuple[str, ...], flow: dict) -> list[dict]:
    """The single-piece moves among ``places`` (in the given order, kinds in ``kinds``' order): from
    a place holding one, to another, where the place has not received that kind nor the target given
    it in this activity (``flow``: ``{"gave": {kind: [places]}, "got": {kind: [places]}}``)."""
    out = []
    for kind in kinds:
        gave, got = flow["gave"].get(kind, []), flow["got"].get(kind, [])
        for a in places:
            if a in got or held(d, a, kind) < 1:
                continue
            out += [{"move": kind, "from": a, "to": b} for b in places if b != a and b not in gave]
    return out


def relocate(d: dict, move: dict, flow: dict) -> None:
    """Carry out one move of ``relocations`` and record it in ``flow``."""
    kind, a, b = move["move"], move["from"], move["to"]
    for place, n in ((a, -1), (b, 1)):
        if place == AVAILABLE:
            d[AVAILABLE][kind] += n
        else:
            d["spaces"][place]["pieces"][kind] += n
    for key, place in (("gave", a), ("got", b)):
        seen = flow[key].setdefault(kind, [])
        if place not in seen:
            seen.append(place)


def new_flow() -> dict:
    return {"gave": {}, "got": {}}


# -- Surge ---------------------------------------------------------------------------------------
@implements("coalition.special_activities.surge")
def surge_space(st, name: str) -> bool:
    """Surge's location: "Fino a 3 Province COIN Control (no Pakistan) e/o Kabul". A Province
    under COIN Control outside Pakistan; Kabul whatever its Control, or only under COIN Control
    (ruling ``surge_kabul``, registry P20). Control as it is when the space is chosen (the spaces
    are all chosen before any piece moves: "Fra gli spazi scelti")."""
    d, space = st.d, st.map.spaces[name]
    coin = control_of(d["spaces"][name], space.pakistan, d["options"]) == "coin"
    if name == "Kabul":
        return coin or st.rulings.surge_kabul == "any_control"
    return space.type == "province" and not space.pakistan and coin


def _surge_allowed(st):
    return lambda n: surge_space(st, n)


def _more_spaces(st, allowed, most: int) -> bool:
    """Whether the running Special Activity may choose another space."""
    return len(st.d["turn"]["sa_spaces"]) < most and any_space_left(st, allowed, key="sa_spaces")


SURGE_DIE = "Surge: the die for Aid and the Warlords' Resources"


def _ask_surge_roll(st, rule: str) -> None:
    ask(st, "Coalition", [{"roll": True}, {"roll": False}], rule,
        "Coalition: Surge: roll a die for Aid and the Warlords' Resources?")


def _ask_surge_split(st, rule: str, die: int) -> None:
    ask_values(st, "Coalition", "aid", range(die + 1), rule,
        f"Coalition: Surge: how much of the {die} to Aid (the rest to the Warlords' Resources)?")


@activity(ENGINE, "Coalition", "surge", lambda st: any_space_left(st, _surge_allowed(st), key="sa_spaces"))
@implements("coalition.special_activities.surge")
def surge(st, f, a) -> None:
    """Surge: choose up to 3 spaces (surge_space; at least one: the aid's location is where the
    activity is done); among them relocate Coalition pieces (Troops and Bases: "pezzi"), and add
    pieces from or return them to the Available box ("aggiungi e/o toglie pezzi (box Available)");
    then, if the Coalition wishes ("Se vuoi"), roll a die and split the result between Aid and the
    Warlords' Resources as it chooses ("distribuisce il risultato ottenuto tra Aid e/o Risorse ai
    Warlord": all of it, in any split). A track stops at the General Records Track's 75 (engine.py;
any other limit: gap ``track_limits``)."""
    d = st.d
    rule = "coalition.special_activities.surge"
    t = d["turn"]
    if f["pc"] == "start":
        choose_space(st, f, _surge_allowed(st), rule, "Coalition: Surge in which space?", key="sa_spaces",
                     most=SURGE_SPACES)
        return
    if f["pc"] == "space":
        if "space" in a:
            t["sa_spaces"].append(a["space"])
            if _more_spaces(st, _surge_allowed(st), SURGE_SPACES):
                choose_space(st, f, _surge_allowed(st), rule, "Coalition: Surge in which space?", key="sa_spaces",
                             most=SURGE_SPACES)
                return
        f.update(pc="move", flow=new_flow())
    elif a is None:  # the question of this step posed again (the moves' question: below)
        if f["pc"] == "roll?":
            _ask_surge_roll(st, rule)
        elif f["pc"] == "die":
            roll(st, rule, SURGE_DIE)
        elif f["pc"] == "split":
            _ask_surge_split(st, rule, f["die"])
        if f["pc"] != "move":
            return
    elif f["pc"] == "move" and "move" in a:
        relocate(d, a, f["flow"])
        cite(st, rule)
    elif f["pc"] == "move":  # done moving
        f.pop("flow")
        f["pc"] = "roll?"
        _ask_surge_roll(st, rule)
        return
    elif f["pc"] == "roll?":
        if a["roll"]:
            f["pc"] = "die"
            roll(st, rule, SURGE_DIE)
        else:
            pop(st)
        return
    elif f["pc"] == "die":
        f.update(pc="split", die=a["die"])
        _ask_surge_split(st, rule, a["die"])
        return
    else:  # split
        d["aid"] += a["aid"]
        d["resources"]["Warlords"] += f.pop("die") - a["aid"]
        cite(st, rule)
        pop(st)
        return
    places = sorted(t["sa_spaces"]) + [AVAILABLE]
    ask(st, "Coalition", relocations(d, places, SURGE_KINDS, f["flow"]) + [{"done": True}], rule,
        "Coalition: Surge: move a Coalition piece (or done)")


# -- Air Lift ------------------------------------------------------------------------------------
def _air_lift_allowed(st):
    """Air Lift's location: "In qualsiasi 3 Spazi", any space, whether or not a troop stands there to
    be lifted (issue 27 item 1: an Air Lift that moves nothing is legal)."""
    return lambda n: True


def air_lift_moves(d: dict, places: list[str], flow: dict, govt_moved: int) -> list[dict]:
    """Air Lift's moves: any number of Coalition Troops, up to 3 Government Troops in all."""
    kinds = AIR_LIFT_KINDS if govt_moved < AIR_LIFT_GOVT else AIR_LIFT_KINDS[:1]
    return relocations(d, places, kinds, flow)


@activity(ENGINE, "Coalition", "air_lift", lambda st: any_space_left(st, _air_lift_allowed(st), key="sa_spaces"))
@implements("coalition.special_activities.air_lift")
def air_lift(st, f, a) -> None:
    """Air Lift: choose up to 3 spaces, any ("In qualsiasi 3 Spazi"; fewer than 3 is let be: the
    aid's "tra 3 spazi" sets the most), then redistribute among them any number of Coalition Troops
    and up to 3 Government Troops ("Redistribuisce quante truppe della Coalizione vuoi e fino a 3
    truppe Govt nei 3 spazi selezionati"; Troops only: no Police, no Bases)."""
    d = st.d
    rule = "coalition.special_activities.air_lift"
    t = d["turn"]
    if f["pc"] == "start":
        choose_space(st, f, _air_lift_allowed(st), rule, "Coalition: Air Lift among which space?", key="sa_spaces",
                     most=AIR_LIFT_SPACES)
        return
    if f["pc"] == "space":
        if "space" in a:
            t["sa_spaces"].append(a["space"])
            if _more_spaces(st, _air_lift_allowed(st), AIR_LIFT_SPACES):
                choose_space(st, f, _air_lift_allowed(st), rule, "Coalition: Air Lift among which space?",
                             key="sa_spaces", most=AIR_LIFT_SPACES)
                return
        f.update(pc="move", flow=new_flow(), govt=0)
    elif a is None:  # the move posed again
        pass
    elif "move" in a:
        relocate(d, a, f["flow"])
        f["govt"] += a["move"] == "government_troops"
        cite(st, rule)
    else:  # done moving
        pop(st)
        return
    moves = air_lift_moves(d, sorted(t["sa_spaces"]), f["flow"], f["govt"])
    ask(st, "Coalition", moves + [{"done": True}], rule, "Coalition: Air Lift: move a Troop (or done)")


# -- Air Strike ----------------------------------------------------------------------------------
def _air_strike_allowed(st):
    """Air Strike's location: "Fino a 3 spazi fuori Kabul", any of them, whether or not a piece can
    be removed there (issue 27 item 1: a strike without effect is legal; in Pakistan it still
    moves Islamabad, "Se attacchi in Pakistan": the space is attacked, hit or not)."""
    return lambda n: n != "Kabul"


@implements("coalition.special_activities.air_strike", "islamabad")
def air_strike_islamabad(st, name: str) -> None:
    """"Se attacchi in Pakistan, sposta l'Islamabad di 1 livello verso Sponsorship": once per Air
    Strike, at its first Pakistan space (default), or at each Pakistan space struck (ruling
    ``air_strike_islamabad``, registry A16)."""
    if not st.map.spaces[name].pakistan:
        return
    earlier = [n for n in st.d["turn"]["sa_spaces"] if n != name and st.map.spaces[n].pakistan]
    if st.rulings.air_strike_islamabad == "per_space" or not earlier:
        shift_islamabad_in(st.d, +1)
        cite(st, "islamabad")


def _ask_air_strike_target(st, rule: str, name: str) -> None:
    kinds = removal.coin_targets(st.d, name, st.rulings.bases_protected_by)
    ask(st, "Coalition", [{"remove": k, "space": name} for k in kinds], rule,
        f"Coalition: Air Strike in {name}: remove what?")


@activity(ENGINE, "Coalition", "air_strike", lambda st: any_space_left(st, _air_strike_allowed(st), key="sa_spaces"))
@implements("coalition.special_activities.air_strike")
def air_strike(st, f, a) -> None:
    """Air Strike: in up to 3 spaces outside Kabul, remove 1 Active guerrilla or rebel Base each
    ("rimuovi 1 Guerrigliero Attivo o Base Ribelle (per ultime)": bases last, removal.coin_targets
    with the ruling ``bases_protected_by``); striking in Pakistan moves Islamabad toward Sponsorship
    (air_strike_islamabad). The piece is chosen (``{"remove": kind, "space": name}``) where the
    space has a piece to remove; where it has none, nothing is removed and no question is posed."""
    d = st.d
    rule = "coalition.special_activities.air_strike"
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        name = a["space"]
        d["turn"]["sa_spaces"].append(name)
        if removal.coin_targets(d, name, st.rulings.bases_protected_by):
            f["pc"] = "target"
            _ask_air_strike_target(st, rule, name)
            return
        cite(st, rule)
        air_strike_islamabad(st, name)
    elif f["pc"] == "target" and a is None:  # the piece posed again (the space: the last chosen)
        _ask_air_strike_target(st, rule, d["turn"]["sa_spaces"][-1])
        return
    elif f["pc"] == "target":
        name = a["space"]
        removal.remove(d, name, a["remove"])
        cite(st, rule)
        air_strike_islamabad(st, name)
    choose_space(st, f, _air_strike_allowed(st), rule, "Coalition: Air Strike in which space?", key="sa_spaces",
                 most=AIR_STRIKE_SPACES)
