"""Events of the US cards 1-16 (6.2). Each cites its card number and quotes the rule it applies.

Texts quoted from the Italian card list (/work/shared/seeds/000_61ca04b15074b205.txt, "N. ...
EVENTO"), the primary source; ambiguity numbers (A..) refer to seed_labyrinth.md g.2.
"""
from __future__ import annotations

from collections import Counter

from cdg_oracle.model.core.choosers import pick_by_count
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import cells, set_governance, troops
from cdg_oracle.model.labyrinth.engine import ask, cite, pop, roll
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.common import any_islamist_rule, push_remove_cell, push_select_posture
from cdg_oracle.model.labyrinth.events.lasting import in_effect, place_marker
from cdg_oracle.model.labyrinth.plots import nest_played
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import shift_funding, shift_prestige, us_troops_level


# -- 1 Backlash ----------------------------------------------------------------------------------
def _unbacklashed_plots(st, name: str) -> Counter:
    """The plot markers in ``name`` not already chosen by a Backlash (value -> count)."""
    left = Counter(st.d["countries"][name]["plots"])
    left.subtract(Counter(e["plot"] for e in st.d["backlash_plots"] if e["country"] == name))
    return +left


def backlash_countries(st) -> list[str]:
    """Muslim countries (Iran is not Muslim, 4.4) holding a plot marker a Backlash may be played on."""
    return [n for n in st.d["countries"] if st.map.countries[n].muslim and _unbacklashed_plots(st, n)]


def backlash_playable(st, side) -> bool:
    return bool(backlash_countries(st))


@event(1, playable=backlash_playable)
def backlash(st, f, a) -> None:
    """Card 1 Backlash: "Giocatela se scegliete un Complotto in un paese musulmano. Se non bloccato,
    il complotto sottrae invece che aggiungere Fondi (se WMD, Fondi a 1)".

    The implementing side selects a Muslim country with a plot marker. Plots lie face down (8.5.4),
    so which of the markers there is "that plot" is a chance node, uniform over the markers (a
    marker already chosen by an earlier Backlash excluded). The choice is recorded in
    ``d["backlash_plots"]`` as ``{"country": X, "plot": v}``; its effect when the plot is resolved
    unblocked is applied by the plot resolution (plots.py)."""
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in backlash_countries(st)], "card 1",
            "Backlash: select a plot in a Muslim country")
        return
    if f["pc"] == "country" or a is None:  # a is None at "plot": the pick posed again
        if a is not None:
            f["country"] = a["country"]
        f["pc"] = "plot"
        pick_by_count(st, _unbacklashed_plots(st, f["country"]), "card 1",
                      f"Backlash: which face-down plot marker in {f['country']}", key="plot")
        return
    st.d["backlash_plots"].append({"country": f["country"], "plot": a["plot"]})
    cite(st, "card 1", "8.5.4")
    pop(st)


# -- 2 Biometrics --------------------------------------------------------------------------------
@event(2)
def biometrics(st, f, a) -> None:
    """Card 2 Biometrics (TEMPORANEO): "In questo turno, lo spostamento a paesi Buoni adiacenti deve
    tirare per avere successo e non è possibile lo spostamento non adiacente".

    The event has no immediate effect: the card goes to the Lapsing box (events/play.py, 4.7.7.1)
    and its effect on Travel, while it is in effect (``lapsing_in_effect(st, 2)``), belongs to the
    Travel operation (A48)."""
    cite(st, "card 2", "6.2.7")
    pop(st)


# -- 3 CTR ---------------------------------------------------------------------------------------
def us_soft(st, side) -> bool:
    return st.d["us_posture"] == "soft"


@event(3, playable=us_soft)
def ctr(st, f, a) -> None:
    """Card 3 CTR: "Giocare se gli USA sono a Morbido. Porre il CTR in Russia e, se Alleata o
    Neutrale, nell'Asia Centrale. Blocca Nucleare, HEU e Tensione nel Kazakh".

    A CTR marker in Russia and, if Central Asia is an Ally or Neutral (an untested Central Asia has
    no Alignment: no marker there), a second one in Central Asia. The blocking of cards 65, 69 and
    71 depends on the country and lies in their preconditions."""
    place_marker(st, 3, "Russia")
    if st.d["countries"]["Central Asia"]["align"] in ("ally", "neutral"):
        place_marker(st, 3, "Central Asia")
    cite(st, "card 3", "6.2.7")
    pop(st)


# -- 4 Moro Talks --------------------------------------------------------------------------------
@event(4)
def moro_talks(st, f, a) -> None:
    """Card 4 Moro Talks: "Testate le Filippine. -1 ai Fondi, blocca Abu Sayyaf" (INDICARE,
    RIMUOVERE). Test the Philippines (nothing if marked, 4.9.4), Funding -1, the marker on the
    Philippines, which ends Abu Sayyaf (6.2.8; the example of play flips its marker)."""
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, "Philippines")
        return
    shift_funding(st.d, -1)
    place_marker(st, 4, "Philippines")
    cite(st, "card 4", "6.2.7", "6.2.8")
    pop(st)


# -- 5 NEST --------------------------------------------------------------------------------------
@event(5)
def nest(st, f, a) -> None:
    """Card 5 NEST: "Complotti WMD negli USA sono sempre a faccia in su" (INDICARE, RIMUOVERE; not
    allowed in the 2003 scenario, play.py). The marker on the United States. Face-up WMD plots
    there change no resolution, but the US picks them knowingly in Alert (7.5.3) and "Let's Roll!"
    (card 21): ``plots.face_down_plots``. A52, ruling ``nest_reveals``: "placed_before_too"
    (default; the IT card clarification) every WMD plot there is face up, those placed before the
    event too; "only_later": those already there stay face down (``plots.nest_played`` counts
    them). The solo sentence ("se la jihad ha WMD, tutti i Complotti negli USA sono piazzati a
    faccia in su") stays information only."""
    place_marker(st, 5, "United States")
    nest_played(st)
    cite(st, "card 5", "6.2.7")
    pop(st)


# -- 6-7 Sanctions -------------------------------------------------------------------------------
def patriot_act_in_effect(st, side) -> bool:
    return in_effect(st, "Patriot Act")


@event(6, 7, playable=patriot_act_in_effect)
def sanctions(st, f, a) -> None:
    """Cards 6-7 Sanctions: "Giocare se è in effetto Atto Patriottico. -2 ai Fondi"."""
    shift_funding(st.d, -2)
    cite(st, f"card {f['card']}")
    pop(st)


# -- 8-10 Special Forces -------------------------------------------------------------------------
def special_forces_targets(st) -> list[str]:
    """Countries with a cell that have troops or are adjacent to a country with troops."""
    pa = st.patriot_act()
    with_troops = {n for n in st.d["countries"] if troops(st, n) > 0}
    return [n for n, c in st.d["countries"].items()
            if cells(c) > 0 and (n in with_troops or with_troops & st.map.adjacent(n, pa))]


def special_forces_playable(st, side) -> bool:
    return bool(special_forces_targets(st))


@event(8, 9, 10, playable=special_forces_playable)
def special_forces(st, f, a) -> None:
    """Cards 8-10 Special Forces: "Giocatela se vi è una cellula in o adiacente ad un paese con
    truppe. Rimuovere la cellula". The implementing side selects a country with a cell that has
    troops or is adjacent to one with troops, then removes one cell there, choosing Active or
    Sleeper; the last cell removed leaves a Cadre (4.8.4)."""
    rule = f"card {f['card']}"
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in special_forces_targets(st)], rule,
            "Special Forces: a country with a cell in or adjacent to a country with troops")
        return
    if f["pc"] == "country":
        f["pc"] = "removed"
        push_remove_cell(st, a["country"], f["side"], rule)
        return
    pop(st)


# -- 11 Abbas ------------------------------------------------------------------------------------
def islamist_rule_adjacent_to_israel(st) -> bool:
    return any(st.d["countries"][n]["gov"] == "islamist_rule"
               for n in st.map.adjacent("Israel", st.patriot_act()))


@event(11)
def abbas(st, f, a) -> None:
    """Card 11 Abbas: "Consente Quartetto. Se le Truppe non sono Troppo Impegnate e non vi è un
    Governo Islamico adiacente ad Israele, +1 al Prestigio e -2 ai Fondi. Rimuovere se viene
    risolto un complotto in Israele" (INDICARE, RIMUOVERE). The marker goes in the Events box in
    any case (6.2.4); +1 Prestige and -2 Funding only if the Troops track is not at Overstretch
    (4.7.3) and no country adjacent to Israel is under Islamist Rule."""
    place_marker(st, 11)
    cite(st, "card 11", "6.2.7")
    if us_troops_level(st) != "overstretch" and not islamist_rule_adjacent_to_israel(st):
        shift_prestige(st.d, +1)
        shift_funding(st.d, -2)
        cite(st, "4.7.3")
    pop(st)


# -- 12 Al-Azhar ---------------------------------------------------------------------------------
@event(12)
def al_azhar(st, f, a) -> None:
    """Card 12 Al-Azhar: "Testate l'Egitto. -2 ai Fondi, o -4 ai Fondi se nessun paese ha Governo
    Islamico". Test Egypt (nothing if marked, 4.9.4), then Funding -4 if no country is under
    Islamist Rule, else -2 (solo example of play: Egypt tested Poor Neutral, Funding 7 -> 3)."""
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, "Egypt")
        return
    shift_funding(st.d, -2 if any_islamist_rule(st) else -4)
    cite(st, "card 12")
    pop(st)


# -- 13 Anbar Awakening --------------------------------------------------------------------------
def anbar_countries(st) -> list[str]:
    return [n for n in ("Iraq", "Syria") if troops(st, n) > 0]


def anbar_playable(st, side) -> bool:
    return bool(anbar_countries(st))


@event(13, playable=anbar_playable)
def anbar_awakening(st, f, a) -> None:
    """Card 13 Anbar Awakening: "Giocatela se vi sono truppe in Iraq o Siria. Ponete lì 1 Aiuto. +1
    al Prestigio. Blocca Al-Anbar" (INDICARE). The implementing side selects Iraq or Syria among
    those with troops: 1 Aid there (whatever its Governance, seed_labyrinth.md h.2 #12), +1
    Prestige, and the marker there, which ends Al-Anbar (6.2.8)."""
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in anbar_countries(st)], "card 13",
            "Anbar Awakening: Iraq or Syria (with troops)")
        return
    name = a["country"]
    st.d["countries"][name]["aid"] += 1
    shift_prestige(st.d, +1)
    place_marker(st, 13, name)
    cite(st, "card 13", "6.2.7", "6.2.8")
    pop(st)


# -- 14 Covert Action ----------------------------------------------------------------------------
@implements("card 14", "7.1.3")
def adversaries(st) -> list[str]:
    """Card 14's selectable Adversary countries. Ruling ``covert_action_islamist_rule`` (A50): True
    (default), Islamist Rule ones included (IT FAQ 2: "SÌ, ma leggete la regola 7.1.3"); False,
    Islamist Rule countries excluded (7.1.3 read as barring US actions there), from the targets and
    from the card's playability alike."""
    allow_ir = st.rulings.covert_action_islamist_rule
    return [n for n, c in st.d["countries"].items()
            if c["align"] == "adversary" and (allow_ir or c["gov"] != "islamist_rule")]


def covert_action_playable(st, side) -> bool:
    return bool(adversaries(st))


@event(14, playable=covert_action_playable)
def covert_action(st, f, a) -> None:
    """Card 14 Covert Action: "Giocatela se potete scegliere un paese Avversario. Con un tiro di dado
    di 4-6, passatelo a Neutrale". The implementing side selects an Adversary (an Islamist Rule one
    too: FAQ, A50, unless the ``covert_action_islamist_rule`` ruling excludes it; it stays under
    Islamist Rule, 7.1.3) and rolls: 4-6 shifts it to Neutral."""
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in adversaries(st)], "card 14",
            "Covert Action: select an Adversary")
        return
    if f["pc"] == "country" or a is None:  # a is None at "rolled": the roll posed again
        if a is not None:
            f["country"] = a["country"]
        f["pc"] = "rolled"
        roll(st, "card 14", f"Covert Action roll in {f['country']}")
        return
    if a["die"] >= 4:
        st.d["countries"][f["country"]]["align"] = "neutral"
    cite(st, "card 14")
    pop(st)


# -- 15 Ethiopia Strikes -------------------------------------------------------------------------
def somalia_islamist_rule(st, side) -> bool:
    return st.d["countries"]["Somalia"]["gov"] == "islamist_rule"


@event(15, playable=somalia_islamist_rule)
def ethiopia_strikes(st, f, a) -> None:
    """Card 15 Ethiopia Strikes: "Giocatela se la Somalia ha Governo Islamico. Ponetela a Neutrale
    Scadente" (RIMUOVERE)."""
    set_governance(st, "Somalia", "poor")
    st.d["countries"]["Somalia"]["align"] = "neutral"
    cite(st, "card 15")
    pop(st)


# -- 16 Euro-Islam -------------------------------------------------------------------------------
@event(16)
def euro_islam(st, f, a) -> None:
    """Card 16 Euro-Islam: "Scegliete la Postura del Benelux. Se nessun paese è sotto Fondi
    Islamici, -1 ai Fondi" (RIMUOVERE). "Fondi Islamici" is a slip for Islamist Rule (A06). The
    implementing side sets Benelux's Posture (a selection, no test: A54); then Funding -1 if no
    country is under Islamist Rule."""
    if f["pc"] == "start":
        f["pc"] = "posture"
        push_select_posture(st, "Benelux", f["side"], "card 16")
        return
    if not any_islamist_rule(st):
        shift_funding(st.d, -1)
    cite(st, "card 16")
    pop(st)
