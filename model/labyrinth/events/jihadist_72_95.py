"""Events of the Jihadist cards 72-95 (6.2). Each cites its card number and quotes the rule it applies.

Primary text: the Italian card list (seeds/000, card table). Decisions the text gives to "you" are
the implementing side's (``f["side"]``: always the Jihadist for these cards, 6.3.2.2).

Conventions shared by these events:

* Placing cells: from the Funding track, ignoring Funding (4.7.4.2), as Sleepers (``common.place_cells``).
  A country that receives a cell by an event is tested first (4.9.4, second bullet; A54: one the
  player selects only under the ruling ``event_select_tests``, ``common.push_site_test``). With no
  cylinder on the track no cell can be placed (4.6.3): then no placement site is chosen and none is
  tested (4.9.4 tests a country that "subisce il piazzamento", and nothing is placed).
* Automatic Travel (74 Schengen Visas, 79 Clean Operatives): the Jihadist moves the cells one at a
  time, choosing origin, cell (Active or Sleeper, when both are left) and destination; no die is
  rolled, adjacency and Governance do not matter. As in Travel (8.3.3, ``op_travel``) a cell travels
  at most once per card: a cell that has arrived with this event cannot be moved again. As in Travel
  (8.3.1, "within its own country") the destination may be the origin (the cell turns Sleeper). A
  cell that travels becomes a Sleeper (4.6.4); an untested destination is tested before the cell
  arrives (4.9.4); the last cell leaving a country leaves no Cadre (4.8.4: not for Travel) and a
  Cadre at the destination stays (A31; ruling ``cadre_removed_by_travel``: it goes). The move is mandatory (4.9.5): no "done" while a cell that
  has not travelled is on the map. Markers that are not cylinders (Moqtada al-Sadr) never travel.
* "The US discards N random cards" (86, 90): chance nodes over the US hand (``push_random_cards``).
  A US Election (card 120) discarded this way triggers its automatic event (6.3.1: "quando questa
  carta viene ... scartata"), implemented by the US as when it discards it in its Action Phase.

Rulings switches (``rulings.py``): ``opium_all_available``
(A16), ``al_jazeera_country`` (A37), ``martyrdom_country`` and ``martyrdom_cadre`` (A28),
``leak_flips_wiretapping`` (A04), ``gtmo_blocks`` (A47, card 82).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements

from cdg_oracle.model.labyrinth.action_log import recent
from cdg_oracle.model.labyrinth.countries import cells, cylinders, gov_value, troops
from cdg_oracle.model.core.steps import choose, do, var
from cdg_oracle.model.labyrinth.engine import ENGINE, ask, cite, pop, procedure, push
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.common import (
    place_cells, push_draw, push_place_plot, push_random_cards, push_remove_cell, push_site_test, shift_alignment,
    worsen_governance,
)
from cdg_oracle.model.labyrinth.events.lasting import marker_table, name_of, place_marker, flip_to_leak
from cdg_oracle.model.labyrinth.events.play import push_event, put_away
from cdg_oracle.model.labyrinth.operations.jihadist import gtmo_stops, recruit_die
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import available_cells_of, prestige_level, shift_funding, shift_prestige


def _rule(f) -> str:
    return f"card {f['card']}"


def _muslim_tested(st, name: str) -> bool:
    return st.map.countries[name].muslim and st.d["countries"][name]["gov"] is not None


def _allies(st) -> list[str]:
    return [n for n in st.map.muslim if st.d["countries"][n]["align"] == "ally"]


def _rc_countries(st) -> list[str]:
    return [n for n, c in st.d["countries"].items() if c["rc"] is not None]


def _shia_mix(st) -> list[str]:
    return [n for n in st.map.names if st.map.countries[n].type == "shia_mix"]


# -- shared procedures -----------------------------------------------------------------------------
def _ally_options(st, f) -> list:
    return [{"country": n} for n in _allies(st)]


def _any_ally(st, f) -> bool:
    return bool(_allies(st))


def _to_neutral(st, f) -> None:
    """The Ally chosen becomes Neutral (none: nothing happens)."""
    if f["country"] is None:
        return
    st.d["countries"][f["country"]["country"]]["align"] = "neutral"
    cite(st, f["rule"])


@ENGINE.sequence("card76_84_ally_to_neutral")
def ally_to_neutral():
    """"Passate un Alleato a Neutrale" (cards 76, 84, 85): ``chooser`` picks an Ally (a Muslim
    country), which becomes Neutral; with no Ally nothing happens."""
    return [
        choose(var("chooser"), _ally_options, var("rule"), "shift which Ally to Neutral", into="country",
               when=_any_ally, name="start"),
        do(_to_neutral),
    ]


def push_ally_to_neutral(st, chooser: str, rule: str) -> None:
    push(st, "card76_84_ally_to_neutral", chooser=chooser, rule=rule)


@procedure("card74_79_travel")
@implements("6.2.3")
def automatic_travel(st, f, a) -> None:
    """Automatic Travel of up to ``count`` cells by ``chooser`` to ``dests`` (see the module
    docstring): origin ``{"from": X}``, cell ``{"cell": ...}`` when both kinds are left, destination
    ``{"to": Y}``; the destination is tested, then the cell arrives there as a Sleeper.

    6.2.3: this later event prevails over an earlier Biometrics (card 2) of the same turn, whose
    travel roll and ban on non-adjacent travel do not apply to an automatic Travel."""
    d = st.d
    arrived = f.setdefault("arrived", {})
    pc = f["pc"]
    if pc == "start":
        f["moved"] = 0
        f["pc"] = pc = "from"
    if pc == "from":
        if a is None:
            # Cylinders only: Moqtada al-Sadr is a cell that cannot travel (card 54).
            sources = [n for n, c in d["countries"].items() if cylinders(c) - arrived.get(n, 0) > 0]
            if f["moved"] >= f["count"] or not sources:
                pop(st)
                return
            ask(st, f["chooser"], [{"from": n} for n in sources], f["rule"],
                f"automatic Travel: cell {f['moved'] + 1} from")
            return
        f["origin"] = a["from"]
        c = d["countries"][a["from"]]
        sleepers = c["sleepers"] - arrived.get(a["from"], 0)
        if c["actives"] and sleepers:
            f["pc"] = "cell"
            ask(st, f["chooser"], [{"cell": "active"}, {"cell": "sleeper"}], f["rule"],
                f"automatic Travel from {a['from']}: which cell")
            return
        f["kind"] = "active" if c["actives"] else "sleeper"
        f["pc"] = pc = "to"
        a = None
    if pc == "cell":
        if a is None:  # the question posed again
            ask(st, f["chooser"], [{"cell": "active"}, {"cell": "sleeper"}], f["rule"],
                f"automatic Travel from {f['origin']}: which cell")
            return
        f["kind"] = a["cell"]
        f["pc"] = pc = "to"
        a = None
    if pc == "to":
        if a is None:
            ask(st, f["chooser"], [{"to": n} for n in f["dests"]], f["rule"],
                f"automatic Travel from {f['origin']}: to")
            return
        f["dest"] = a["to"]
        f["pc"] = "arrive"
        push_test(st, a["to"])  # 4.9.4: an untested destination is tested
        return
    if pc == "arrive":
        src, dst = d["countries"][f["origin"]], d["countries"][f["dest"]]
        src["actives" if f["kind"] == "active" else "sleepers"] -= 1
        dst["sleepers"] += 1  # 4.6.4: a cell that travels becomes a Sleeper
        arrived[f["dest"]] = arrived.get(f["dest"], 0) + 1
        f["moved"] += 1
        cite(st, f["rule"], "8.3", "4.6.4")
        from cdg_oracle.model.labyrinth.operations.jihadist import travel_removes_cadre
        travel_removes_cadre(st, f["origin"], f["dest"])  # 4.8.4, ruling cadre_removed_by_travel (A31)
        f["pc"] = "from"
        return


def push_automatic_travel(st, chooser: str, count: int, dests, rule: str) -> None:
    push(st, "card74_79_travel", chooser=chooser, count=count, dests=list(dests), rule=rule)


def _hold_for_event(st, n: int) -> None:
    """A discarded card whose event is about to happen is resolved like a played card: it leaves the
    discard pile for ``in_play`` (no reshuffle takes it meanwhile, 5.3.1) and is put away after its
    event (``play.put_away``: REMOVE to the removed cards, 6.2.9; LAPSING to the Lapsing box,
    4.7.7.1; else back to the discard pile)."""
    st.d["discard"].remove(n)
    st.d["in_play"].append(n)


def _automatic_discards(st, f) -> list[int]:
    """The cards just discarded at random whose event a discard triggers (US Election, 6.3.1)."""
    return [n for n in f.get("picked", []) if st.cards[n].automatic]


# -- 72 Opium ----------------------------------------------------------------------------------------
def _afghanistan_has_cell(st, side) -> bool:
    return cells(st.d["countries"]["Afghanistan"]) > 0


@event(72, playable=_afghanistan_has_cell)
def opium(st, f, a) -> None:
    """Card 72 Opium: "Giocatelo se l'Afghanistan ha una cellula. Ponete altre 3 cellule lì. Poi, se
    ha Governo Islamico, ponete lì tutte le cellule disponibili." Three cells from the track, then
    under Islamist Rule the cells Available for Recruit (A16: Funding-limited, 4.7.4.2; switch
    ``opium_all_available``: "funding_limited" or "whole_track")."""
    if f["pc"] == "start":
        f["pc"] = "place"
        push_test(st, "Afghanistan")
        return
    place_cells(st, "Afghanistan", 3)
    if st.d["countries"]["Afghanistan"]["gov"] == "islamist_rule":
        if st.rulings.opium_all_available == "funding_limited":
            n = available_cells_of(st)
        else:
            n = st.d["cells_track"]
        place_cells(st, "Afghanistan", n)
    cite(st, "card 72")
    pop(st)


# -- 73 Pirates --------------------------------------------------------------------------------------
def _somalia_or_yemen_ir(st, side) -> bool:
    return any(st.d["countries"][n]["gov"] == "islamist_rule" for n in ("Somalia", "Yemen"))


@event(73, playable=_somalia_or_yemen_ir)
def pirates(st, f, a) -> None:
    """Card 73 Pirates: "Giocate se la Somalia o lo Yemen hanno Governo Islamico. Mentre uno di questi
    paesi è sotto Governo Islamico, non si ha il calo dei Fondi a fine turno." The marker goes to the
    Events box (MARK); its effect is applied at 5.2.5 (``turn.pirates_in_effect``)."""
    place_marker(st, 73)
    cite(st, "card 73", "6.2.7")
    pop(st)


# -- 74 Schengen Visas, 79 Clean Operatives ----------------------------------------------------------
@event(74)
def schengen_visas(st, f, a) -> None:
    """Card 74 Schengen Visas: "Spostate automaticamente 2 cellule a o entro qualsiasi paese di
    Schengen." Automatic Travel (module docstring) of 2 cells from anywhere to a Schengen country."""
    if f["pc"] == "start":
        f["pc"] = "done"
        push_automatic_travel(st, f["side"], 2, st.map.schengen, "card 74")
        return
    cite(st, "card 74")
    pop(st)


@event(79)
def clean_operatives(st, f, a) -> None:
    """Card 79 Clean Operatives: "Spostate automaticamente 2 cellule dovunque." Automatic Travel
    (module docstring) of 2 cells to any country."""
    if f["pc"] == "start":
        f["pc"] = "done"
        push_automatic_travel(st, f["side"], 2, st.map.names, "card 79")
        return
    cite(st, "card 79")
    pop(st)


# -- 75 Schroeder & Chirac ---------------------------------------------------------------------------
def _us_hard(st, side) -> bool:
    return st.d["us_posture"] == "hard"


@event(75, playable=_us_hard)
def schroeder_chirac(st, f, a) -> None:
    """Card 75 Schroeder & Chirac: "Giocatela se gli USA sono Duri. Ponete la Germania e la Francia a
    Morbido. -1 al Prestigio." (REMOVE)"""
    for n in ("Germany", "France"):
        st.d["countries"][n]["posture"] = "soft"
    shift_prestige(st.d, -1)
    cite(st, "card 75")
    pop(st)


# -- 76 Abu Ghurayb ----------------------------------------------------------------------------------
def _cell_in_rc_country(st, side) -> bool:
    return any(cells(st.d["countries"][n]) for n in _rc_countries(st))


@event(76, playable=_cell_in_rc_country)
def abu_ghurayb(st, f, a) -> None:
    """Card 76 Abu Ghurayb: "Giocatelo se qualsiasi cellula si trova in un paese con Cambio di Regime.
    Pescate 2 carte. -2 al Prestigio. Passate un Alleato a Neutrale." The Jihadist draws 2 cards
    (5.3.1) and chooses the Ally. (REMOVE)"""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "drawn"
        push_draw(st, f["side"])
        push_draw(st, f["side"])
        return
    if pc == "drawn":
        shift_prestige(st.d, -2)
        cite(st, "card 76")
        f["pc"] = "done"
        push_ally_to_neutral(st, f["side"], "card 76")
        return
    pop(st)


# -- 77 Al Jazeera -----------------------------------------------------------------------------------
def _al_jazeera_sites(st) -> list[str]:
    """Saudi Arabia and the countries adjacent to it (4.1) that have troops."""
    names = ["Saudi Arabia"] + sorted(st.map.adjacent("Saudi Arabia", st.patriot_act()))
    return [n for n in names if troops(st, n) > 0]


def _al_jazeera_playable(st, side) -> bool:
    return bool(_al_jazeera_sites(st))


@event(77, playable=_al_jazeera_playable)
def al_jazeera(st, f, a) -> None:
    """Card 77 Al Jazeera: "Giocatela se l'Arabia Saudita o un paese adiacente ha truppe. Spostate il
    paese di una casella verso Avversario." A37: "il paese" is the country with troops: the Jihadist
    chooses among Saudi Arabia and its neighbours that have troops (switch ``al_jazeera_country``:
    "with_troops"; "saudi_arabia": always Saudi Arabia)."""
    pc = f["pc"]
    if pc == "start" or (pc == "chosen" and a is None):  # a is None at "chosen": posed again
        if st.rulings.al_jazeera_country == "saudi_arabia":
            a = {"country": "Saudi Arabia"}
        else:
            f["pc"] = "chosen"
            ask(st, f["side"], [{"country": n} for n in _al_jazeera_sites(st)], "card 77",
                "Al Jazeera: shift which country toward Adversary")
            return
        pc = "chosen"
    if pc == "chosen":
        f["country"] = a["country"]
        f["pc"] = "shift"
        push_test(st, a["country"])
        return
    shift_alignment(st, f["country"], "adversary")
    cite(st, "card 77")
    pop(st)


# -- 78 Axis of Evil ---------------------------------------------------------------------------------
AXIS_CARDS = (103, 104, 105, 106)  # Hizballah, Iran, Iran, Jaysh al-Mahdi


@event(78)
def axis_of_evil(st, f, a) -> None:
    """Card 78 Axis of Evil: "Gli USA scartano qualsiasi carta Iran, Hizballah, o Jaysh al-Mahdi che
    ha in mano. La Postura USA passa a Dura. Tirate poi per il Prestigio." Every card 103-106 in the
    US hand is discarded (no event: 6.3.2.3); US Posture Hard; a Prestige roll (4.7.1)."""
    d = st.d
    if f["pc"] == "start":
        hand = d["hands"]["US"]
        for n in AXIS_CARDS:
            if n in hand:
                hand.remove(n)
                d["discard"].append(n)
        d["us_posture"] = "hard"
        cite(st, "card 78", "6.3.2.3")
        f["pc"] = "rolled"
        push(st, "prestige_roll")
        return
    pop(st)


# -- 80 FATA -----------------------------------------------------------------------------------------
@event(80)
def fata(st, f, a) -> None:
    """Card 80 FATA: "Ponete una cellula in Pakistan. Non sono consentite lì operazioni di
    Disorganizzazione a meno che non vi sia un Cambio di Regime. Blocca gli eventi USA Bin Laden e
    Zawahiri. Rimosso da Offensiva in Pakistan." A cell in Pakistan (tested first) and the FATA
    marker on Pakistan (MARK; its lasting effects are the operations' and the US events')."""
    if f["pc"] == "start":
        f["pc"] = "place"
        if st.d["cells_track"] > 0:
            push_test(st, "Pakistan")
        return
    place_cells(st, "Pakistan", 1)
    place_marker(st, 80, "Pakistan")
    cite(st, "card 80", "6.2.7")
    pop(st)


# -- 81 Foreign Fighters -----------------------------------------------------------------------------
def _any_rc(st, side) -> bool:
    return bool(_rc_countries(st))


@event(81, playable=_any_rc)
def foreign_fighters(st, f, a) -> None:
    """Card 81 Foreign Fighters: "Giocatelo se un paese ha Cambio di Regime. Ponete 5 cellule lì e
    rimuovete 1 Aiuto, se vi è, o, se non vi è, ponete Regime Assediato." The Jihadist picks the
    Regime Change country."""
    if a is None:
        ask(st, f["side"], [{"country": n} for n in _rc_countries(st)], "card 81",
            "Foreign Fighters: which Regime Change country")
        return
    name = a["country"]
    c = st.d["countries"][name]
    place_cells(st, name, 5)
    if c["aid"] > 0:
        c["aid"] -= 1
    else:
        c["besieged"] = True
    cite(st, "card 81")
    pop(st)


# -- 82 Jihadist Videos ------------------------------------------------------------------------------
@event(82)
def jihadist_videos(st, f, a) -> None:
    """Card 82 Jihadist Videos: "Scegliete 3 paesi senza cellule. Testateli. Reclutate una volta in
    ciascuno, ignorando i Fondi. Ponete un quadro in ciascun paese che non riceve una cellula." The
    Jihadist selects 3 different countries without cells, one at a time; each is tested (4.9.4);
    one Recruit die each, successful per 8.2 (8.2.3 Regime Change and Islamist Rule automatic, 8.2.4
    REC number, else <= Governance); each success places a cell from the track ignoring Funding
    (4.7.4.2). With more successes than cylinders on the track the Jihadist picks, one cell at a
    time, where they go (as 8.1.2). Each selected country that gets no cell receives a Cadre (4.8.4).
    Not stopped by GTMO (A47: an event Recruit, not an operation), unless the ``gtmo_blocks``
    ruling is ``all_recruits``: then, with GTMO in effect, the Recruit step rolls no die and places
    no cell; the selection, the tests and the Cadres (every selected country gets none) stand."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["chosen"] = []
        f["pc"] = pc = "select"
    if pc == "select":
        if a is not None:
            f["chosen"].append(a["country"])
        options = [n for n, c in d["countries"].items() if cells(c) == 0 and n not in f["chosen"]]
        if len(f["chosen"]) < 3 and options:
            ask(st, f["side"], [{"country": n} for n in options], "card 82",
                f"Jihadist Videos: country {len(f['chosen']) + 1} (without cells)")
            return
        f["pc"] = "recruit"
        f["i"] = 0
        f["hits"] = []
        for n in reversed(f["chosen"]):
            push_test(st, n)
        return
    if pc == "recruit":
        if a is None and f["i"] == 0 and gtmo_stops(st, "event"):
            cite(st, "card 114")  # A47 all_recruits: GTMO stops this Recruit too
            f["i"] = len(f["chosen"])
        die = None if a is None else a["die"]
        while f["i"] < len(f["chosen"]):
            name = f["chosen"][f["i"]]
            ok = recruit_die(st, name, die, "card 82", f"Jihadist Videos: Recruit die in {name}")
            if ok is None:
                return  # the die is rolled (a chance node)
            die = None
            if ok:
                f["hits"].append(name)
            f["i"] += 1
        cite(st, "8.2.1")
        f["pc"] = pc = "place"
        a = None
    if pc == "place":
        if a is not None:
            place_cells(st, a["country"], 1)
            f["hits"].remove(a["country"])
            f.setdefault("got", []).append(a["country"])
        got = f.setdefault("got", [])
        if f["hits"] and d["cells_track"] > 0 and len(f["hits"]) > d["cells_track"]:
            ask(st, f["side"], [{"country": n} for n in f["hits"]], "card 82",
                "Jihadist Videos: more successes than cells on the track; place one in")
            return
        for n in f["hits"]:
            if place_cells(st, n, 1):
                got.append(n)
        for n in f["chosen"]:
            if n not in got:
                d["countries"][n]["cadre"] = True
                cite(st, "4.8.4")
        cite(st, "card 82", "4.7.4.2")
        pop(st)


# -- 83 Kashmir --------------------------------------------------------------------------------------
@event(83)
def kashmir(st, f, a) -> None:
    """Card 83 Kashmir: "Spostate il Pakistan di una casella verso Avversario e ponete una cellula lì.
    Bloccato da Negoziati Indo-Pakistani." Pakistan is tested first if unmarked (the shift needs an
    Alignment; the cell placement tests it, 4.9.4). The block is the framework's (6.2.8)."""
    if f["pc"] == "start":
        f["pc"] = "apply"
        push_test(st, "Pakistan")
        return
    shift_alignment(st, "Pakistan", "adversary")
    place_cells(st, "Pakistan", 1)
    cite(st, "card 83")
    pop(st)


# -- 84, 85 Leak -------------------------------------------------------------------------------------
WIRETAPPING = 31


@implements("card 84", "card 85", "6.2.8", "9.6")
def _leak_options(st) -> list[int]:
    """The Enhanced Measures, Renditions or Wiretapping markers in the Events box: the markers Leak
    may flip (its playability, its choice, and the solo 9.6 random pick among them). Ruling
    ``leak_flips_wiretapping`` (A04): True (default), Wiretapping (card 31) is among them as Leak's
    text and 9.6 say; False, card 31's "Non puo essere bloccata da Fuga di Notizie" holds and only
    Enhanced Measures or Renditions can be flipped."""
    targets = marker_table()["leak_targets"]
    if not st.rulings.leak_flips_wiretapping:
        targets = [n for n in targets if n != WIRETAPPING]
    return [n for n in targets if name_of(st, n) in st.d["events_in_effect"]]


def _leak_playable(st, side) -> bool:
    return bool(_leak_options(st))


@event(84, 85, playable=_leak_playable)
def leak(st, f, a) -> None:
    """Cards 84-85 Leak: "Giocate se nella Casella degli Eventi vi sono Misure di Sicurezza
    Potenziate, Interrogatori o Intercettazioni. Girate 1 di questi segnalini, bloccando l'evento.
    Tirate per la Postura USA e poi per il Prestigio. Passate un Alleato a Neutrale." The Jihadist
    picks the marker ``{"card": n}`` to flip (6.2.8; A04: Wiretapping can be flipped unless the
    ``leak_flips_wiretapping`` ruling is False); a US Posture
    roll (+1, 4.9.3), a Prestige roll (4.7.1); the Jihadist shifts an Ally to Neutral."""
    rule = _rule(f)
    pc = f["pc"]
    if pc == "start" or (pc == "flip" and a is None):
        f["pc"] = "flip"
        ask(st, f["side"], [{"card": n} for n in _leak_options(st)], rule, "Leak: flip which marker")
        return
    if pc == "flip":
        flip_to_leak(st, a["card"])
        cite(st, rule, "6.2.8")
        f["pc"] = "posture"
        push(st, "posture_roll", country="United States")
        return
    if pc == "posture":
        f["pc"] = "prestige"
        push(st, "prestige_roll")
        return
    if pc == "prestige":
        f["pc"] = "done"
        push_ally_to_neutral(st, f["side"], rule)
        return
    pop(st)


# -- 86 Lebanon War ----------------------------------------------------------------------------------
@event(86)
def lebanon_war(st, f, a) -> None:
    """Card 86 Lebanon War: "Gli USA scartano una carta a caso. -1 al Prestigio. Ponete una cellula in
    un paese Misto Sciita." The discard is a chance node (a US Election discarded triggers its event,
    6.3.1); the Jihadist picks the Shia-Mix country, which is tested (4.9.4) and gets a cell."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "discarded"
        push_random_cards(st, "US", 1, "discard", "card 86", automatic=False)
        return
    if pc == "discarded":
        f["pc"] = "prestige"
        for n in _automatic_discards(st, f):
            f["auto"] = n
            f["event_happened"] = None
            _hold_for_event(st, n)
            cite(st, "6.3.1", "card 120")
            push_event(st, n, "US", "discard")
            return
        pc = "prestige"
    if pc == "site" and a is None:  # the question posed again
        ask(st, f["side"], [{"country": n} for n in _shia_mix(st)], "card 86",
            "Lebanon War: place a cell in which Shia-Mix country")
        return
    if pc == "prestige":
        if f.get("auto"):
            put_away(st, f["auto"], f.get("event_happened"))
        shift_prestige(d, -1)
        cite(st, "card 86")
        if d["cells_track"] == 0:
            pop(st)
            return
        f["pc"] = "site"
        ask(st, f["side"], [{"country": n} for n in _shia_mix(st)], "card 86",
            "Lebanon War: place a cell in which Shia-Mix country")
        return
    if pc == "site":
        f["country"] = a["country"]
        f["pc"] = "place"
        push_site_test(st, a["country"])  # a selected placement site (4.9.4, A54)
        return
    place_cells(st, f["country"], 1)
    cite(st, "card 86")
    pop(st)


# -- 87-89 Martyrdom Operation -----------------------------------------------------------------------
def _martyrdom_sites(st) -> list[str]:
    """Countries with a cell where the event may act: not under Islamist Rule (default; plots cannot
    go there, 8.5.1), or non-Muslim (switch ``martyrdom_country``: "non_islamist_rule" or "non_muslim")."""
    mode = st.rulings.martyrdom_country
    out = []
    for n, c in st.d["countries"].items():
        if not cells(c):
            continue
        if mode == "non_muslim" and not st.map.countries[n].non_muslim:
            continue
        if mode != "non_muslim" and c["gov"] == "islamist_rule":
            continue
        out.append(n)
    return out


def _martyrdom_playable(st, side) -> bool:
    return bool(_martyrdom_sites(st))


@event(87, 88, 89, playable=_martyrdom_playable)
def martyrdom_operation(st, f, a) -> None:
    """Cards 87-89 Martyrdom Operation: "Giocatelo se un paese non Islamico ha una cellula.
    Rimpiazzate la cellula con 2 qualsiasi segnalini di complotto disponibili." A28: the Jihadist
    picks the country and the cell (Active or Sleeper) and the 2 Available plot markers, any value,
    WMD included (fewer if fewer are Available). The cell is removed by an event: the last one leaves
    a Cadre (4.8.4: removal "mediante ... evento"; switch ``martyrdom_cadre``, default True)."""
    rule = _rule(f)
    pc = f["pc"]
    if pc == "start" or (pc == "chosen" and a is None):
        f["pc"] = "chosen"
        ask(st, f["side"], [{"country": n} for n in _martyrdom_sites(st)], rule,
            "Martyrdom Operation: replace a cell in which country")
        return
    if pc == "chosen":
        f["country"] = a["country"]
        f["pc"] = "remove"
        push_site_test(st, a["country"])  # a plot site (4.9.4, A54); a country with a cell is always marked
        return
    if pc == "remove":
        f["pc"] = "plot1"
        push_remove_cell(st, f["country"], f["side"], rule, cadre=st.rulings.martyrdom_cadre)
        return
    if pc == "plot1":
        f["pc"] = "plot2"
        push_place_plot(st, f["country"], rule)
        return
    if pc == "plot2":
        f["pc"] = "done"
        push_place_plot(st, f["country"], rule)
        return
    cite(st, rule)
    pop(st)


# -- 90 Quagmire -------------------------------------------------------------------------------------
def _quagmire_playable(st, side) -> bool:
    return prestige_level(st.d["prestige"]) in ("low", "medium") and _cell_in_rc_country(st, side)


@event(90, playable=_quagmire_playable)
def quagmire(st, f, a) -> None:
    """Card 90 Quagmire: "Giocatelo se il Prestigio è Medio o Basso ed un paese con Cambio di Regime
    ha una cellula. Gli USA scartano 2 carte a caso. Gli eventi della jihad giocabili su queste carte
    accadono. La Postura USA va a Morbida."

    Two chance nodes over the US hand. A US Election discarded triggers its event at once (6.3.1).
    Then each discarded card with a Jihadist event happens for the Jihadist if it is playable at
    that moment (6.3.2.1, checked by the ``event`` procedure); with two, the Jihadist chooses which
    comes first (as 6.3.2.1 lets the player order a triggered event). Those cards are resolved like
    played ones (``_hold_for_event``): after an event that happened, a REMOVE card is removed from
    the game (6.2.9, once per game; 6.3.2.2 "RIMUOVETE normalmente"), a LAPSING one goes to the
    Lapsing box (4.7.7.1); otherwise back to the discard pile. Then US Posture Soft."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "discarded"
        push_random_cards(st, "US", 2, "discard", "card 90", automatic=False)
        return
    if pc == "discarded":
        f["auto"] = _automatic_discards(st, f)
        f["queue"] = [n for n in f.get("picked", []) if st.cards[n].side == "Jihadist"]
        for n in f["auto"] + f["queue"]:
            _hold_for_event(st, n)
        f["current"] = None
        f["pc"] = pc = "auto"
    if f.get("current") is not None:
        put_away(st, f["current"], f.get("event_happened"))
        f["current"] = None
    if pc == "auto":
        if f["auto"]:
            n = f["auto"].pop(0)
            f["current"] = n
            f["event_happened"] = None
            cite(st, "6.3.1", "card 120")
            push_event(st, n, "US", "discard")
            return
        f["pc"] = pc = "jihadist"
    if pc == "jihadist":
        if f["queue"]:
            if len(f["queue"]) > 1:
                f["pc"] = "order"
                ask(st, f["side"], [{"card": n} for n in f["queue"]], "card 90",
                    "Quagmire: which discarded card's event first")
                return
            a = {"card": f["queue"][0]}
            pc = "order"
        else:
            d["us_posture"] = "soft"
            cite(st, "card 90")
            pop(st)
            return
    if pc == "order":
        n = a["card"]
        f["queue"].remove(n)
        f["current"] = n
        f["event_happened"] = None
        f["pc"] = "jihadist"
        cite(st, "card 90")
        push_event(st, n, "Jihadist", "quagmire")
        return


# -- 91 Regional al-Qaeda ----------------------------------------------------------------------------
def _unmarked_muslim(st) -> list[str]:
    """Muslim countries without a Governance marker (Iran is not Muslim, 4.4)."""
    return [n for n in st.map.muslim if st.d["countries"][n]["gov"] is None]


def _regional_playable(st, side) -> bool:
    return len(_unmarked_muslim(st)) >= 2


@event(91, playable=_regional_playable)
def regional_al_qaeda(st, f, a) -> None:
    """Card 91 Regional al-Qaeda: "Giocatelo se potete scegliere 2 paesi musulmani senza indicazione
    (non l'Iran). Ponete una cellula in ciascuno, o 2 in ciascuno se vi è un Governo Islamico." The
    Jihadist selects 2 different unmarked Muslim countries; both are tested (4.9.4); then 1 cell each,
    2 if any country is under Islamist Rule, placed in the order selected. A54, ruling
    ``event_select_tests`` False: the selected countries are not tested and get their cells unmarked."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["chosen"] = []
        if d["cells_track"] == 0:
            cite(st, "card 91", "4.6.3")
            pop(st)
            return
        f["pc"] = pc = "select"
    if pc == "select":
        if a is not None:
            f["chosen"].append(a["country"])
        options = [n for n in _unmarked_muslim(st) if n not in f["chosen"]]
        if len(f["chosen"]) < 2 and options:
            ask(st, f["side"], [{"country": n} for n in options], "card 91",
                f"Regional al-Qaeda: unmarked Muslim country {len(f['chosen']) + 1}")
            return
        f["pc"] = "place"
        for n in reversed(f["chosen"]):
            push_site_test(st, n)  # selected placement sites (4.9.4, A54)
        return
    k = 2 if any(c["gov"] == "islamist_rule" for c in d["countries"].values()) else 1
    for n in f["chosen"]:
        place_cells(st, n, k)
    cite(st, "card 91")
    pop(st)


# -- 92 Saddam ---------------------------------------------------------------------------------------
def _iraq_poor_adversary(st, side) -> bool:
    c = st.d["countries"]["Iraq"]
    return c["gov"] == "poor" and c["align"] == "adversary"


@event(92, playable=_iraq_poor_adversary)
def saddam(st, f, a) -> None:
    """Card 92 Saddam: "Giocatelo se l'Iraq è un Avversario Scadente. Ponete i Fondi a 9. Bloccato da
    Saddam Catturato." (The block is the framework's, 6.2.8.)"""
    st.d["funding"] = 9
    cite(st, "card 92")
    pop(st)


# -- 93 Taliban --------------------------------------------------------------------------------------
@event(93)
def taliban(st, f, a) -> None:
    """Card 93 Taliban: "Ponete un segnalino di Regime Assediato in Afghanistan ed una cellula lì ed
    in Pakistan. -1 al Prestigio o -3 al Prestigio se uno di questi ha Governo Islamico." The Besieged
    Regime is placed whatever the Governance (the text; A34: also on an unmarked country); each
    country is tested before its cell (4.9.4), Afghanistan first. Ruling ``event_marker_limits``
    (P22): ``as_printed`` (default) as above; ``rules_hold``: 8.4.3.2 ("Rimuovete il segnalino se
    il Governo passa a Islamico o Buono") still holds, so no Besieged Regime on a Good or Islamist
    Rule Afghanistan."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        if st.rulings.event_marker_limits == "as_printed" \
                or d["countries"]["Afghanistan"]["gov"] not in ("good", "islamist_rule"):
            d["countries"]["Afghanistan"]["besieged"] = True
        else:
            cite(st, "8.4.3.2")
        cite(st, "card 93")
        f["pc"] = "Afghanistan"
        if d["cells_track"] > 0:
            push_test(st, "Afghanistan")
        return
    if pc == "Afghanistan":
        place_cells(st, "Afghanistan", 1)
        f["pc"] = "Pakistan"
        if d["cells_track"] > 0:
            push_test(st, "Pakistan")
        return
    place_cells(st, "Pakistan", 1)
    ir = any(d["countries"][n]["gov"] == "islamist_rule" for n in ("Afghanistan", "Pakistan"))
    shift_prestige(d, -3 if ir else -1)
    cite(st, "card 93")
    pop(st)


# -- 94 The door of Itjihad was closed ---------------------------------------------------------------
def _itjihad_countries(st) -> list[str]:
    """Muslim countries tested, or improved to Fair or Good, in this or the previous Action Phase
    (A55; ``action_log``). A tested non-Muslim country has a Posture, no Governance to worsen.
    Ruling ``itjihad_target`` (P19): ``recorded`` (default) any such country, whatever its
    Governance now (a Poor one stays Poor); ``fair_or_good_now`` only one still Fair or Good."""
    names = set(recent(st, "tested")) | set(recent(st, "improved"))
    now = ("fair", "good") if st.rulings.itjihad_target == "fair_or_good_now" else None
    return [n for n in st.map.muslim if n in names and _muslim_tested(st, n)
            and (now is None or st.d["countries"][n]["gov"] in now)]


def _itjihad_playable(st, side) -> bool:
    return bool(_itjihad_countries(st))


@event(94, playable=_itjihad_playable)
def door_of_itjihad(st, f, a) -> None:
    """Card 94 The door of Itjihad was closed: "Giocatelo se un paese è testato o è migliorato a
    Discreto o Buono in questa Fase di Azione o in quella precedente. Peggiorate il suo Governo di 1
    livello verso Scadente." The Jihadist picks the country; Good -> Fair -> Poor (Poor stays)."""
    if a is None:
        ask(st, f["side"], [{"country": n} for n in _itjihad_countries(st)], "card 94",
            "The door of Itjihad was closed: worsen which country")
        return
    worsen_governance(st, a["country"])
    cite(st, "card 94")
    pop(st)


# -- 95 Wahhabism ------------------------------------------------------------------------------------
@event(95)
def wahhabism(st, f, a) -> None:
    """Card 95 Wahhabism: "Aggiungete il numero del Governo dell'Arabia Saudita ai Fondi o ponete a 9
    se a Governo Islamico." Good 1, Fair 2, Poor 3 (4.2.1); Funding clamps at 9 (4.7.4.1)."""
    d = st.d
    if d["countries"]["Saudi Arabia"]["gov"] == "islamist_rule":
        d["funding"] = 9
    else:
        shift_funding(d, gov_value(st, "Saudi Arabia") or 0)
    cite(st, "card 95")
    pop(st)
