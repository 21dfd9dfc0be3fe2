"""Events of the US cards 33-47 (6.2). Each cites its card number and quotes the rule it applies.

Source: the Italian card list (seed 000_61ca04b15074b205.txt, cards 33-47, the primary text);
English summaries in labyrinth_cards.md; ambiguities A07, A26, A35 of seed_labyrinth.md g.2.

The lasting effects of the markers placed here on operations (Benazir Bhutto's "no Jihad in
Pakistan", Iraqi/Libyan WMD's Regime Change at any Governance (A35), NATO's "counts as 2 troops",
Patriot Act's adjacency through ``st.patriot_act()``, ...) are implemented in the operations
modules; these events implement the precondition, the immediate effect and the marker.
"""
from __future__ import annotations

from cdg_oracle.model.labyrinth.cards import ruled_card
from cdg_oracle.model.labyrinth.countries import cells, governance, is_regime_change, set_governance
from cdg_oracle.model.labyrinth.engine import ask, cite, pop, push
from cdg_oracle.model.labyrinth.events import event, lasting
from cdg_oracle.model.labyrinth.events.common import (
    any_islamist_rule, improve_governance, push_random_cards, push_select_posture, within,
)
from cdg_oracle.model.labyrinth.operations.us import disrupt_targets, regime_change_targets
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, shift_funding, shift_prestige

# Enhanced Measures (34) and Renditions (44) say "Disorganizzate una volta" without a value. An
# event ignores the card's value "unless the event says otherwise" (6.2.1); the Disrupt is
# conducted as with the card's own value, 3, which covers every Governance (7.1.1: Poor needs 3),
# so it is the same as no value limit. Islamist Rule stays excluded (7.1.3).
EVENT_DISRUPT_VALUE = 3


def _us_hard(st) -> bool:
    return st.d["us_posture"] == "hard"


def _align(st, name: str) -> str | None:
    return st.d["countries"][name]["align"]


def _regime_change_countries(st) -> list[str]:
    return [n for n, c in st.d["countries"].items() if is_regime_change(c)]


def _push_event_disrupt(st, card: int) -> bool:
    """Push a US Disrupt of value 3 for ``card``'s event if one is possible; True if pushed."""
    if not disrupt_targets(st, EVENT_DISRUPT_VALUE):
        return False
    push(st, "op_disrupt", side="US", card=card, value=EVENT_DISRUPT_VALUE)
    return True


# -- 33 Benazir Bhutto ---------------------------------------------------------------------------
def no_islamist_rule_near_pakistan(st, side) -> bool:
    """"Giocatelo se non vi è alcun Governo Islamico entro 1 paese dal Pakistan" (Pakistan too)."""
    return not any(st.d["countries"][x]["gov"] == "islamist_rule" for x in within(st, "Pakistan", 1))


@event(33, playable=no_islamist_rule_near_pakistan)
def benazir_bhutto(st, f, a) -> None:
    """Card 33 Benazir Bhutto: "Nessuna jihad lì. Se Scadente, passatelo a Discreto. Blocca
    Musharraf." Pakistan Poor becomes Fair (otherwise unchanged); the marker goes on Pakistan (its
    "no Jihad" and the block of Musharraf, card 108, act while it is there)."""
    if st.d["countries"]["Pakistan"]["gov"] == "poor":
        set_governance(st, "Pakistan", "fair")
    lasting.place_marker(st, 33, "Pakistan")
    cite(st, "card 33", "6.2.7")
    pop(st)


# -- 34 Enhanced Measures ------------------------------------------------------------------------
def hard_and_disrupt_possible(st, side) -> bool:
    """"Giocatelo se gli USA sono Duri e possibile disorganizzazione" (a Disrupt of value 3, 7.4.1)."""
    return _us_hard(st) and bool(disrupt_targets(st, EVENT_DISRUPT_VALUE))


@event(34, playable=hard_and_disrupt_possible)
def enhanced_measures(st, f, a) -> None:
    """Card 34 Enhanced Measures: "Disorganizzate una volta. Prendete una carta a caso dalla mano
    della jihad." One Disrupt (value 3, see EVENT_DISRUPT_VALUE), then the US takes a random card
    from the Jihadist hand into its own (a chance node; none if the hand is empty); the marker goes
    in the Events box (MARK; Leak can flip it, A04)."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "disrupted"
        cite(st, "card 34", "7.4")
        _push_event_disrupt(st, 34)
        return
    if pc == "disrupted":
        f["pc"] = "taken"
        cite(st, "card 34")
        push_random_cards(st, "Jihadist", 1, "US", "card 34")
        return
    lasting.place_marker(st, 34, None)
    cite(st, "6.2.7")
    pop(st)


# -- 35 Hijab ------------------------------------------------------------------------------------
def no_islamist_rule(st, side) -> bool:
    """"Giocatelo se non vi è alcun paese con Governo Islamico"."""
    return not any_islamist_rule(st)


@event(35, playable=no_islamist_rule)
def hijab(st, f, a) -> None:
    """Card 35 Hijab: "Testate la Turchia. Migliorate il suo Governo di un livello. Scegliete la
    Postura della Francia. −2 ai Fondi." Test Turkey (nothing if marked: FAQ 1, 4.9.4), improve it
    one level (Good stays Good), the US sets France's Posture (A54: no test needed), Funding -2.
    MARK in the Events box as the ruling ``card_flags`` decides (A26, cards.ruled_card): "it_list"
    (default, the IT flag INDICARE) places the marker; "implementation_a" (REMOVE, not MARK) none."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "tested"
        push_test(st, "Turkey")
        return
    if pc == "tested":
        improve_governance(st, "Turkey")
        cite(st, "card 35", "4.9.4")
        f["pc"] = "posture"
        push_select_posture(st, "France", f["side"], "card 35")
        return
    shift_funding(st.d, -2)
    if ruled_card(st, st.cards[35]).mark:
        lasting.place_marker(st, 35, None)
        cite(st, "card 35", "6.2.7")
    else:
        cite(st, "card 35")
    pop(st)


# -- 36 Indo-Pakistani Talks ---------------------------------------------------------------------
def pakistan_good_or_fair(st, side) -> bool:
    """"Giocatelo se il Pakistan è Buono o Discreto"."""
    return st.d["countries"]["Pakistan"]["gov"] in ("good", "fair")


@event(36, playable=pakistan_good_or_fair)
def indo_pakistani_talks(st, f, a) -> None:
    """Card 36 Indo-Pakistani Talks: "Passatelo ad Alleato. Scegliete la Postura dell'India. Blocca
    Kashmir e Lashkar-e-Tayyiba." Pakistan becomes Ally, the US sets India's Posture; the marker
    goes in the Events box (it blocks cards 83 and 70 through event_markers.yaml; its removal when
    a plot is resolved in India belongs to plot resolution)."""
    if f["pc"] == "start":
        st.d["countries"]["Pakistan"]["align"] = "ally"
        cite(st, "card 36")
        f["pc"] = "posture"
        push_select_posture(st, "India", f["side"], "card 36")
        return
    lasting.place_marker(st, 36, None)
    cite(st, "6.2.7")
    pop(st)


# -- 37 Iraqi WMD, 38 Libyan Deal, 39 Libyan WMD -------------------------------------------------
def iraqi_wmd_playable(st, side) -> bool:
    """"Giocatelo se gli USA sono Duri e l'Iraq Avversario"."""
    return _us_hard(st) and _align(st, "Iraq") == "adversary"


@event(37, playable=iraqi_wmd_playable)
def iraqi_wmd(st, f, a) -> None:
    """Card 37 Iraqi WMD: "Usate questa carta o una seguente per il Cambio di Regime in Iraq a
    qualsiasi Governo (Rimuovere il segnalino se lo fate)." The marker goes on Iraq; a later card's
    Regime Change there (A35) is in the operations. Not allowed in 2003 (cards.yaml). Whether a
    Good Iraq is a target is the ``rc_on_good_by_event`` ruling (A35, ``regime_change_targets``)."""
    casus_belli_event(st, f, a, "Iraq")


def casus_belli_event(st, f, a, country: str) -> None:
    """Cards 37 / 39: place the marker on ``country``; then "usate questa carta": the US may at once
    use this card (value 3) for a Regime Change there ({"regime_change": true}) or keep the marker
    for a later card ({"regime_change": false}); asked only when that Regime Change is possible.

    Ruling ``casus_belli_this_card`` (P18): ``us_play_only`` (default): only a card the US plays
    as its event can be "questa carta"; triggered by the Jihadist's operations or Reserves (6.3.2,
    6.3.3) the card is his, spent on his operations (5.2.2.1 "evento OPPURE operazioni"), and
    US operations are the US's Action Phase's (7.0): the marker is placed, for a later card.
    ``any_trigger``: the US may use the card at once whoever played it (6.3.2.2 "come se la parte
    cui è associato lo abbia giocato"), a Regime Change in the Jihadist Action Phase."""
    n = f["card"]
    if f["pc"] == "start" or (f["pc"] == "use" and a is None):
        lasting.place_marker(st, n, country)
        cite(st, f"card {n}", "6.2.7")
        if f["trigger"] != "play" and st.rulings.casus_belli_this_card == "us_play_only":
            cite(st, "5.2.2.1")
            pop(st)
            return
        if country not in regime_change_targets(st, 3):
            pop(st)
            return
        f["pc"] = "use"
        ask(st, "US", [{"regime_change": True}, {"regime_change": False}], f"card {n}",
            f"use this card now for a Regime Change in {country}?")
        return
    if f["pc"] == "use":
        f["pc"] = "done"
        if a["regime_change"]:
            push(st, "op_regime_change", side="US", card=n, value=3, only=country)
            return
    pop(st)


def libyan_deal_playable(st, side) -> bool:
    """"Giocatelo se l'Iraq o la Siria sono Alleati e la Libia Scadente"."""
    return ("ally" in (_align(st, "Iraq"), _align(st, "Syria"))
            and st.d["countries"]["Libya"]["gov"] == "poor")


@event(38, playable=libyan_deal_playable)
def libyan_deal(st, f, a) -> None:
    """Card 38 Libyan Deal: "+1 al Prestigio. Scegliete la Postura di 2 paesi di Schengen. Blocca
    WMD Libica." Prestige +1; the US selects two different Schengen countries, one at a time, and
    sets the Posture of each (A54: no test); the marker goes on Libya, ending Libyan WMD (6.2.8).

    The Italian text changes nothing on Libya itself (labyrinth_cards.md: "verify"): by default
    Libya's Alignment is untouched. The ``libyan_deal_libya_ally`` ruling (True) shifts
    Libya to Ally as well, the reading of cards printed with that clause."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        shift_prestige(d, +1)
        if st.rulings.libyan_deal_libya_ally:
            d["countries"]["Libya"]["align"] = "ally"
        cite(st, "card 38")
        f["chosen"] = []
        f["pc"] = "schengen"
        return
    if a is None:
        if len(f["chosen"]) == 2:
            lasting.place_marker(st, 38, "Libya")
            cite(st, "6.2.7", "6.2.8")
            pop(st)
            return
        options = [{"country": n} for n in st.map.schengen if n not in f["chosen"]]
        ask(st, f["side"], options, "card 38", f"Libyan Deal: Schengen country {len(f['chosen']) + 1} of 2")
        return
    f["chosen"].append(a["country"])
    push_select_posture(st, a["country"], f["side"], "card 38")


def libyan_wmd_playable(st, side) -> bool:
    """"Giocatela se la Libia è Avversaria, gli USA Duri, e non è in essere l'Accordo con la Libia"."""
    return (_align(st, "Libya") == "adversary" and _us_hard(st)
            and not lasting.in_effect(st, st.cards[38].name))


@event(39, playable=libyan_wmd_playable)
def libyan_wmd(st, f, a) -> None:
    """Card 39 Libyan WMD: "Usate questa o una carta seguente per un Cambio di Regime in Libia a
    qualsiasi Governo (Rimuovete il segnalino se lo fate)." The marker goes on Libya; its use for
    Regime Change (A35) is in the operations; this card may be used at once (``casus_belli_event``).
    Whether a Good Libya is a target is the ``rc_on_good_by_event`` ruling (A35)."""
    casus_belli_event(st, f, a, "Libya")


# -- 40 Mass Turnout, 41 NATO ---------------------------------------------------------------------
def regime_change_exists(st, side) -> bool:
    """"Giocatelo se vi è un Cambio di Regime"."""
    return bool(_regime_change_countries(st))


@event(40, playable=regime_change_exists)
def mass_turnout(st, f, a) -> None:
    """Card 40 Mass Turnout: "Migliorate il suo Governo di un livello." The US selects a Regime
    Change country (posed even if only one) and improves its Governance one level; reaching Good
    removes its Aid, Besieged Regime and Regime Change markers (7.3.4.1, set_governance)."""
    if a is None:
        ask(st, f["side"], [{"country": n} for n in _regime_change_countries(st)], "card 40",
            "Mass Turnout: which Regime Change country")
        return
    improve_governance(st, a["country"])
    cite(st, "card 40")
    pop(st)


def nato_playable(st, side) -> bool:
    """"Giocatela se la Penalità GWOT è zero ed un paese ha un Cambio di Regime"."""
    return gwot_penalty(st.d) == 0 and bool(_regime_change_countries(st))


@event(41, playable=nato_playable)
def nato(st, f, a) -> None:
    """Card 41 NATO: "Ponete 1 Aiuto e la NATO lì. La NATO vale 2 Truppe. Se si schiera,
    rimuovetela." The US selects a Regime Change country: +1 Aid there and the NATO marker
    (A08, ruling ``nato_troops``: its 2 troops there are ``countries.troops``, its removal when
    troops leave ``countries.nato_leaves``, its weight on the Troops track level, under
    ``counts_on_track`` only, ``tracks.us_troops_level``). There is one NATO marker: played
    again, the card moves it to the country selected."""
    if a is None:
        ask(st, f["side"], [{"country": n} for n in _regime_change_countries(st)], "card 41",
            "NATO: which Regime Change country")
        return
    name = a["country"]
    st.d["countries"][name]["aid"] += 1
    lasting.remove_marker(st, st.cards[41].name)
    lasting.place_marker(st, 41, name)
    cite(st, "card 41", "6.2.7")
    pop(st)


# -- 42 Pakistani Offensive, 43 Patriot Act -------------------------------------------------------
def pakistan_ally_with_fata(st, side) -> bool:
    """"Giocatela se il Pakistan è Alleato ed indicato con FATA"."""
    return _align(st, "Pakistan") == "ally" and lasting.marker_on(st, "FATA", "Pakistan")


@event(42, playable=pakistan_ally_with_fata)
def pakistani_offensive(st, f, a) -> None:
    """Card 42 Pakistani Offensive: "Rimuovete FATA." The FATA marker (card 80) is removed."""
    lasting.remove_marker(st, "FATA")
    cite(st, "card 42")
    pop(st)


@event(43)
def patriot_act(st, f, a) -> None:
    """Card 43 Patriot Act: "Gli USA non sono adiacenti ad alcun paese eccetto il Canada. Consente
    Sanzioni." The marker goes on the United States (``st.patriot_act()`` then restricts its
    adjacency; Sanctions, cards 6-7, require it). Not allowed in 2002 or 2003 (cards.yaml)."""
    lasting.place_marker(st, 43, "United States")
    cite(st, "card 43", "6.2.7")
    pop(st)


# -- 44 Renditions -------------------------------------------------------------------------------
def us_hard(st, side) -> bool:
    """"Giocatela se gli USA sono Duri"."""
    return _us_hard(st)


@event(44, playable=us_hard)
def renditions(st, f, a) -> None:
    """Card 44 Renditions: "Disorganizzate una volta, se possibile. La jihad scarta una carta a
    caso. Blocca Rilascio dei Detenuti." One Disrupt of value 3 if any target exists (else none),
    then a random Jihadist card (a chance node; none if the hand is empty) goes to the discard
    pile; the marker goes in the Events box (it blocks card 61; Leak can flip it)."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "disrupted"
        if _push_event_disrupt(st, 44):
            cite(st, "card 44", "7.4")
        return
    if pc == "disrupted":
        f["pc"] = "discarded"
        cite(st, "card 44")
        push_random_cards(st, "Jihadist", 1, "discard", "card 44")
        return
    lasting.place_marker(st, 44, None)
    cite(st, "6.2.7", "6.2.8")
    pop(st)


# -- 45 Safer Now --------------------------------------------------------------------------------
def safer_now_playable(st, side) -> bool:
    """"Giocatela se non vi sono paesi con Governo Islamico e nessun paese Buono ha cellule o
    complotti": no Islamist Rule, and no Good country (Muslim or not, the US included) holds a
    cell or a plot marker (a Cadre is not a cell)."""
    if any_islamist_rule(st):
        return False
    return not any(governance(st, n) == "good" and (cells(c) or c["plots"])
                   for n, c in st.d["countries"].items())


def _posture_countries(st) -> list[str]:
    """Countries whose Posture can be selected: non-Muslim, not the US, not Israel (always Hard)."""
    return [n for n, info in st.map.countries.items()
            if info.has_posture_marker and info.posture != "fixed_hard"]


@event(45, playable=safer_now_playable)
def safer_now(st, f, a) -> None:
    """Card 45 Safer Now: "Tirate per la Postura USA. +3 al Prestigio. Scegliete la Postura di un
    paese non USA." Roll the US Posture (Posture table +1, 4.9.3), Prestige +3, then the US selects
    a non-US country with a Posture marker (Israel is fixed Hard, 4.3.3) and sets its Posture."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "rolled"
        cite(st, "card 45")
        push(st, "posture_roll", country="United States")
        return
    if pc == "country" and a is None:  # the question posed again
        ask(st, f["side"], [{"country": n} for n in _posture_countries(st)], "card 45",
            "Safer Now: select the Posture of which country")
        return
    if pc == "rolled":
        shift_prestige(st.d, +3)
        cite(st, "card 45")
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in _posture_countries(st)], "card 45",
            "Safer Now: select the Posture of which country")
        return
    if pc == "country":
        f["pc"] = "done"
        push_select_posture(st, a["country"], f["side"], "card 45")
        return
    pop(st)


# -- 46 Sistani ----------------------------------------------------------------------------------
def sistani_countries(st) -> list[str]:
    """Countries Sistani may improve. Italian text: "un paese con Regime Misto Sciita ha una
    cellula"; A07 reads it as a Shia-Mix *Regime Change* country with a cell (ruling
    ``sistani_target``, default ``"shia_mix_regime_change"``); ``"shia_mix"`` drops the Regime
    Change requirement (a Shia-Mix country with a cell, not under Islamist Rule: the event improves
    Governance only among Poor, Fair and Good)."""
    literal = st.rulings.sistani_target == "shia_mix"
    out = []
    for n, info in st.map.countries.items():
        c = st.d["countries"][n]
        if info.type != "shia_mix" or not cells(c):
            continue
        if literal:
            if c["gov"] in ("good", "fair", "poor"):
                out.append(n)
        elif is_regime_change(c):
            out.append(n)
    return out


def sistani_playable(st, side) -> bool:
    return bool(sistani_countries(st))


@event(46, playable=sistani_playable)
def sistani(st, f, a) -> None:
    """Card 46 Sistani: "Migliorate il Governo lì di 1 livello." The US selects a qualifying country
    (see ``sistani_countries``; A07) and improves its Governance one level (Good: 7.3.4.1 removes
    the Regime Change, Aid and Besieged Regime markers)."""
    if a is None:
        ask(st, f["side"], [{"country": n} for n in sistani_countries(st)], "card 46",
            "Sistani: which country")
        return
    improve_governance(st, a["country"])
    cite(st, "card 46")
    pop(st)


# -- 47 The door of Itjihad was closed ------------------------------------------------------------
@event(47)
def door_of_itjihad_closed(st, f, a) -> None:
    """Card 47 The door of Itjihad was closed: "La jihad in questo turno sceglie casualmente dalla
    sua mano ogni carta che gioca." LAPSING: the card goes to the Lapsing box (play.put_away) and
    the Jihadist Action Phase (turn.py) takes each Jihadist card at random while it is in effect;
    the event itself does nothing else. (The solitaire sentence concerns the bot, chapter 9.)"""
    cite(st, "card 47", "6.2.7")
    pop(st)
