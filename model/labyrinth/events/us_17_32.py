"""Events of the US cards 17-32 (6.2). Each cites its card number and quotes the rule it applies.

The card texts quoted are the Italian card list (the primary text; seed 000, "ELENCO DELLE
CARTE"); the A-numbers are the ambiguities of seed_labyrinth.md g.2. Every decision the text gives
to "you" goes to the implementing side ``f["side"]`` (for these US cards always the US, 6.3.2.2).

Cards without a printed precondition ("Giocatela se ...") are playable whenever they are not
blocked (6.2.6); when there is nothing to act on, that step of the event does nothing (Predator
without a cell in a Muslim country, Sharia without a Besieged Regime, FSB without a cell in Russia
or Central Asia).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements

from cdg_oracle.model.labyrinth.countries import (
    BETTER, cells, governance, resources, set_governance, troops,
)
from cdg_oracle.model.core.steps import do, pick, while_
from cdg_oracle.model.labyrinth.engine import ENGINE, ask, ask_values, cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.common import push_draw, push_remove_cell, push_select_posture, remove_cells
from cdg_oracle.model.labyrinth.events.lasting import in_effect, place_marker
from cdg_oracle.model.labyrinth.events.play import push_discard
from cdg_oracle.model.labyrinth.operations.us import nest_face_up, woi_modifiers
from cdg_oracle.model.labyrinth.plots import face_down_plots, pick_face_down, remove_plot_as_alert
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, shift_funding, shift_prestige, us_troops_level


# -- shared steps -----------------------------------------------------------------------------------
def posture_countries(st) -> list[str]:
    """Countries whose Posture an event may select: non-Muslim, not the US (its Posture is on the
    GWOT track) and not Israel (always Hard, 4.3.3)."""
    return [n for n, info in st.map.countries.items()
            if info.has_posture_marker and info.posture != "fixed_hard"]


# -- 17 FSB -----------------------------------------------------------------------------------------
FSB_CARDS = (65, 69, 71)  # HEU, Kazakh Strain, Loose Nuke


@event(17)
def fsb(st, f, a) -> None:
    """Card 17 FSB: "Se la jihad ha Nucleare, HEU o Tensione in Kazakistan, scartatele.
    Altrimenti, rimuovete una cellula dalla Russia o Asia Centrale."

    If the Jihadist hand holds any of Loose Nuke (71), HEU (65), Kazakh Strain (69), all of them go
    to the discard pile (discarding triggers no event, 6.3.2.3). Otherwise the US selects Russia or
    Central Asia among those with a cell and removes one (4.8.4: the last one leaves a Cadre).
    Inspecting the hand needs no modelling: the referee sees the hand. In a solo game (9.2: "Dopo
    aver risolto FSB, mescolate la mano della jihad") the Jihadist stack is then shuffled
    (``card17_solo_shuffle``)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "country" and a is None):
        hand = d["hands"]["Jihadist"]
        nukes = [n for n in hand if n in FSB_CARDS]
        cite(st, "card 17")
        if nukes:
            for n in nukes:
                hand.remove(n)
                d["discard"].append(n)
            cite(st, "6.3.2.3")
            _fsb_done(st, f)
            return
        options = [{"country": x} for x in ("Russia", "Central Asia") if cells(d["countries"][x])]
        if not options:
            _fsb_done(st, f)
            return
        f["pc"] = "country"
        ask(st, f["side"], options, "card 17", "FSB: remove a cell from which country")
        return
    if pc == "country":
        f["pc"] = "removed"
        push_remove_cell(st, a["country"], f["side"], "card 17")
        return
    if pc == "removed":
        _fsb_done(st, f)
        return
    pop(st)


def _fsb_done(st, f) -> None:
    """FSB is resolved: in a solo game shuffle the Jihadist stack (9.2), else finish."""
    from cdg_oracle.model.labyrinth.options import is_solo

    if is_solo(st) and len(st.d["hands"]["Jihadist"]) > 1:
        f["pc"] = "shuffled"
        push(st, "card17_solo_shuffle")
        return
    pop(st)


def _begin_shuffle(st, f) -> None:
    f["rest"] = list(st.d["hands"]["Jihadist"])
    f["order"] = []
    cite(st, "9.2", "card 17")


def _cards_to_place(st, f) -> bool:
    """Every card but the last is drawn (the last is forced)."""
    return len(f["order"]) < len(f["order"]) + len(f["rest"]) - 1 and bool(f["rest"])


def _cards_left(st, f) -> list:
    return [{"card": n} for n in sorted(f["rest"])]


def _shuffle_prompt(st, f) -> str:
    placed, total = len(f["order"]), len(f["order"]) + len(f["rest"])
    return f"FSB: shuffle the Jihadist stack, card {placed + 1} of {total} from the top"


def _place_next(st, f) -> None:
    card = f.pop("card")["card"]  # the frame keeps no answer between draws
    f["rest"].remove(card)
    f["order"].append(card)


def _stack_in_order(st, f) -> None:
    st.d["hands"]["Jihadist"] = f["order"] + f["rest"]


@ENGINE.sequence("card17_solo_shuffle")
@implements("9.2", "card 17")
def solo_shuffle():
    """9.2, solo: "Dopo aver risolto FSB, mescolate la mano della jihad". The new order of the
    face-down stack is drawn from the top down, one card at a time, each uniformly among the cards
    not yet placed: n - 1 chance nodes ``{"card": x}`` for a stack of n cards (the last card is
    forced), every order equally likely. (Intel Community, card 18, inspects without shuffling:
    the order is kept.)"""
    return [
        do(_begin_shuffle),
        while_(_cards_to_place, [
            pick(_cards_left, "9.2", _shuffle_prompt, into="card", name="drawing"),
            do(_place_next),
        ]),
        do(_stack_in_order),
    ]


# -- 18 Intel Community -----------------------------------------------------------------------------
@event(18)
def intel_community(st, f, a) -> None:
    """Card 18 Intel Community: "Ispezionate la mano della jihad. Effettuate una operazione di
    valore 1. Potete interrompere questa fase di Azione ora per giocare una carta in più."

    Inspecting the hand needs no modelling (solo, 9.2: the US inspects the Jihadist stack and its
    order is kept; only FSB shuffles it). The US conducts a 1-value operation; then it may play one
    more card from its hand at once ({"card": n}, through the whole card play: use, operations,
    events, put away), or decline ("pass").

    A30, ruling ``intel_community_op``:

    * "reserves_and_third_card" (default; the IT solo example: "Usa poi 1 OP dell'evento per
      Riserva e opta di non giocare una carta extra", then its "Carta 2"): the operation may be
      Reserves (6.3.3), and the additional card does not count as one of the phase's two cards
      (5.2.2): a 3rd card;
    * "no_reserves": the operation is one conducted on the map (7.1.2), not Reserves; the
      additional card as by default;
    * "extra_counts_as_second": Reserves allowed; played in the US Action Phase, the additional
      card is the phase's second card (5.2.2), so the US plays no further card in that phase
      (:func:`_extra_card_is_second`)."""
    d = st.d
    pc = f["pc"]
    side = f["side"]
    if pc == "start":
        cite(st, "card 18")
        f["pc"] = "op_done"
        push(st, "event_op", side=side, value=1, reserves=st.rulings.intel_community_op != "no_reserves",
             rule="card 18", card=f["card"])
        return
    if pc == "op_done" or (pc == "extra" and a is None):
        hand = d["hands"][side]
        if not hand or (_extra_card_is_second(st, side) and d["card_index"] >= 2):
            # extra_counts_as_second: card 18 was the phase's second card, no slot is left (A30).
            pop(st)
            return
        f["pc"] = "extra"
        ask(st, side, [{"card": n} for n in hand] + ["pass"], "card 18",
            "Intel Community: interrupt the Action Phase to play one more card?")
        return
    if pc == "extra":
        if a == "pass":
            pop(st)
            return
        cite(st, "card 18")
        f["pc"] = "done"
        if _extra_card_is_second(st, side):
            d["card_index"] += 1  # the additional card takes the second card's place (5.2.2, A30)
            cite(st, "5.2.2")
        push(st, "play_card", side=side, card=a["card"])
        return
    pop(st)


@implements("card 18", "5.2.2")
def _extra_card_is_second(st, side: str) -> bool:
    """A30, ruling ``intel_community_op`` "extra_counts_as_second": card 18's additional card is
    counted as a card of the phase (the second: the US Action Phase's card counter ``card_index``
    moves on to it, so no card follows it, and it cannot be the first card a Reassessment needs,
    7.6.2). Project decision: only in the US Action Phase, whose cards the counter counts; card 18
    played as the phase's second card then offers no additional card (no second slot is left); its
    event triggered in the Jihadist Action Phase (6.3.2) keeps the additional card as a card of no
    phase."""
    return (st.rulings.intel_community_op == "extra_counts_as_second" and side == "US"
            and st.d["phase"] == "us_action")


# -- 19 Kemalist Republic, 20 King Abdullah -----------------------------------------------------------
def _set_fair_ally(st, name: str) -> None:
    """"Ponete ... a Alleato Discreto": set the Governance to Fair and the Alignment to Ally (no
    Test: the event sets both markers)."""
    set_governance(st, name, "fair")
    st.d["countries"][name]["align"] = "ally"


@event(19)
def kemalist_republic(st, f, a) -> None:
    """Card 19 Kemalist Republic: "Ponete la Turchia a Alleato Discreto." Turkey becomes a Fair
    Ally, whatever it was (Islamist Rule and Good included: the event sets, 6.2.2)."""
    _set_fair_ally(st, "Turkey")
    cite(st, "card 19")
    pop(st)


@event(20)
def king_abdullah(st, f, a) -> None:
    """Card 20 King Abdullah: "Ponete la Giordania a Alleato Discreto. +1 al Prestigio. -1 ai
    Fondi." (REMOVE: play.put_away.)"""
    _set_fair_ally(st, "Jordan")
    shift_prestige(st.d, +1)
    shift_funding(st.d, -1)
    cite(st, "card 20")
    pop(st)


# -- 21 "Let's Roll!" -------------------------------------------------------------------------------
@implements("card 21", "4.3.1")
def lets_roll_sites(st) -> list[str]:
    """Card 21's countries: a plot there and an Ally or Good Governance. Ruling
    ``lets_roll_targets`` (A36): ``ally_or_any_good`` (default), any country with Good Governance
    counts, non-Muslim ones too (their Governance is permanent Good or Fair, 4.3.1: the United
    States included); ``muslim_only``, only a Muslim country that is an Ally or Good."""
    muslim_only = st.rulings.lets_roll_targets == "muslim_only"
    return [n for n, c in st.d["countries"].items()
            if c["plots"] and (c["align"] == "ally" or governance(st, n) == "good")
            and (not muslim_only or st.map.countries[n].muslim)]


def lets_roll_playable(st, side) -> bool:
    return bool(lets_roll_sites(st))


@event(21, playable=lets_roll_playable)
def lets_roll(st, f, a) -> None:
    """Card 21 "Let's Roll!": "Giocatela se vi è un complotto in un paese Alleato o Buono.
    Rivelate e rimuovetelo. Pescate una carta. Scegliete la Postura di un paese non USA."

    A36: an Ally or any country with Good Governance, non-Muslim ones included (only Muslim ones
    under the ``lets_roll_targets`` ruling, :func:`lets_roll_sites`). The US selects the
    country; its plots are face down (8.5.4), so which marker is revealed is a chance node, as for
    Alert (7.5.3). Under NEST (card 5) WMD plots in the US are face up: there the US chooses the WMD
    plot ({"plot": "WMD"}) or a face-down one ({"plot": "face_down"}, then a chance node; A52: under
    ``nest_reveals`` "only_later" the WMD plots placed before NEST are among the face-down ones,
    ``plots.face_down_plots``). The plot
    is removed as Alert does: a WMD plot leaves the game (8.5.5), a numbered one returns to
    Available Plots. Then the US draws a card (5.3.1) and selects the Posture of a non-Muslim
    country other than the US and Israel (Israel is always Hard, 4.3.3; A54: no Test)."""
    d = st.d
    pc = f["pc"]
    side = f["side"]
    if pc == "start" or (pc == "country" and a is None):
        f["pc"] = "country"
        ask_values(st, side, "country", lets_roll_sites(st), "card 21",
            "Let's Roll!: the plot in which country")
        return
    if a is None and pc in ("which", "picked"):  # the question posed again
        name = f["country"]
        if pc == "picked":
            pick_face_down(st, face_down_plots(st, name), "8.5.4", f"which face-down plot in {name} the US selected")
            return
        pc = "country"
    if pc == "country":
        name = f["country"] = f["country"] if a is None else a["country"]
        plots = d["countries"][name]["plots"]
        if nest_face_up(st, name):
            f["pc"] = "which"
            options = [{"plot": "WMD"}]
            if face_down_plots(st, name):
                options.append({"plot": "face_down"})
            ask(st, side, options, "card 5", f"Let's Roll!: the face-up WMD plot or a face-down plot in {name}")
            return
        f["pc"] = "picked"
        pick_face_down(st, plots, "8.5.4", f"which face-down plot in {name} the US selected")
        return
    if pc == "which":
        if a["plot"] == "face_down":
            f["pc"] = "picked"
            pick_face_down(st, face_down_plots(st, f["country"]), "8.5.4",
                            f"which face-down plot in {f['country']} the US selected")
            return
        pc = "picked"
    if pc == "picked":
        remove_plot_as_alert(st, f["country"], a["plot"], face_down=f["pc"] == "picked")
        cite(st, "card 21")
        f["pc"] = "drawn"
        push_draw(st, side)
        return
    if pc == "drawn" or (pc == "posture" and a is None):
        f["pc"] = "posture"
        ask_values(st, side, "country", posture_countries(st), "card 21",
            "Let's Roll!: select the Posture of which country")
        return
    if pc == "posture":
        f["pc"] = "done"
        push_select_posture(st, a["country"], side, "card 21")
        return
    pop(st)


# -- 22 Mossad and Shin Bet -------------------------------------------------------------------------
MOSSAD_COUNTRIES = ("Israel", "Jordan", "Lebanon")


def mossad_playable(st, side) -> bool:
    return any(cells(st.d["countries"][n]) for n in MOSSAD_COUNTRIES)


@event(22, playable=mossad_playable)
def mossad_and_shin_bet(st, f, a) -> None:
    """Card 22 Mossad and Shin Bet: "Giocatela se vi è una cellula in Israele, Giordania, o
    Libano. Rimuovetele tutte." Every cell there goes to the Funding track; a country whose last
    cell an event removes gets a Cadre (4.8.4)."""
    for name in MOSSAD_COUNTRIES:
        c = st.d["countries"][name]
        if cells(c):
            remove_cells(st, name, c["actives"], c["sleepers"])
    cite(st, "card 22")
    pop(st)


# -- 23-25 Predator ---------------------------------------------------------------------------------
def predator_playable(st, side) -> bool:
    """No precondition is printed (6.2.6): playable, unless the ``predator_needs_cell`` ruling
    (P20, as P04 for Sharia) asks for a cell in a Muslim country."""
    if not st.rulings.predator_needs_cell:
        return True
    return any(cells(st.d["countries"][n]) for n in st.map.muslim)


@event(23, 24, 25, playable=predator_playable)
def predator(st, f, a) -> None:
    """Cards 23-25 Predator: "Rimuovere una cellula da un paese Musulmano (non Iran)." No
    precondition is printed: the card is playable without a target and then does nothing (ruling
    ``predator_needs_cell``, P20: False). The US selects a Muslim country with a cell (Iran is not
    Muslim, 4.4) and removes one (4.8.4)."""
    d = st.d
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        options = [{"country": n} for n in st.map.muslim if cells(d["countries"][n])]
        if not options:
            cite(st, f"card {f['card']}")
            pop(st)
            return
        f["pc"] = "country"
        ask(st, f["side"], options, f"card {f['card']}", "Predator: remove a cell from which country")
        return
    if f["pc"] == "country":
        f["pc"] = "done"
        push_remove_cell(st, a["country"], f["side"], f"card {f['card']}")
        return
    pop(st)


# -- 26 Quartet -------------------------------------------------------------------------------------
def islamist_rule_next_to_israel(st) -> bool:
    return any(st.d["countries"][n]["gov"] == "islamist_rule"
               for n in st.map.adjacent("Israel", st.patriot_act()))


def quartet_playable(st, side) -> bool:
    return (in_effect(st, "Abbas") and us_troops_level(st) != "overstretch"
            and not islamist_rule_next_to_israel(st))


@event(26, playable=quartet_playable)
def quartet(st, f, a) -> None:
    """Card 26 Quartet: "Giocatelo se è in effetto Abbas, le Truppe non sono Troppo Impegnate, e
    non vi è un Governo Islamico adiacente ad Israele. +2 al Prestigio, -3 ai Fondi."
    Overstretch is the Troops track level (4.7.3)."""
    shift_prestige(st.d, +2)
    shift_funding(st.d, -3)
    cite(st, "card 26", "4.7.3")
    pop(st)


# -- 27 Saddam Captured -----------------------------------------------------------------------------
def troops_in_iraq(st, side) -> bool:
    return troops(st, "Iraq") > 0


@event(27, playable=troops_in_iraq)
def saddam_captured(st, f, a) -> None:
    """Card 27 Saddam Captured: "Giocatelo se vi sono truppe in Iraq. Ponete lì 1 Aiuto. +1 al
    Prestigio. Blocca Saddam (e modifica l'evento FRE)." MARK (in Iraq) and REMOVE: the marker
    blocks Saddam (card 92, 6.2.8); its effect on FREs (card 51) is read by that event."""
    st.d["countries"]["Iraq"]["aid"] += 1
    shift_prestige(st.d, +1)
    place_marker(st, 27, "Iraq")
    cite(st, "card 27", "6.2.7")
    pop(st)


# -- 28 Sharia --------------------------------------------------------------------------------------
def sharia_playable(st, side) -> bool:
    """No precondition is printed ("Rimuovere un segnalino di Regime Assediato"). Proposed ruling
    ``sharia_needs_besieged_regime`` (default False): read "remove a BR" as a precondition."""
    if not st.rulings.sharia_needs_besieged_regime:
        return True
    return any(c["besieged"] for c in st.d["countries"].values())


@event(28, playable=sharia_playable)
def sharia(st, f, a) -> None:
    """Card 28 Sharia: "Rimuovere un segnalino di Regime Assediato." The US selects which Besieged
    Regime marker is removed (Somalia's unmarked one included, A34); none on the map: nothing."""
    d = st.d
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        options = [{"country": n} for n, c in d["countries"].items() if c["besieged"]]
        if not options:
            cite(st, "card 28")
            pop(st)
            return
        f["pc"] = "country"
        ask(st, f["side"], options, "card 28", "Sharia: remove the Besieged Regime marker from which country")
        return
    d["countries"][a["country"]]["besieged"] = False
    cite(st, "card 28")
    pop(st)


# -- 29 Tony Blair ----------------------------------------------------------------------------------
@procedure("card29_woi")
def tony_blair_woi(st, f, a) -> None:
    """A War of Ideas roll in the non-Muslim ``country`` (7.2.3): roll the Posture table once,
    whether or not its Posture is marked (for an unmarked country this roll marks it, 4.9.4); if
    the result equals the US Posture, Prestige +1."""
    d = st.d
    if f["pc"] == "start":
        f["pc"] = "rolled"
        push(st, "posture_roll", country=f["country"])
        return
    if d["countries"][f["country"]]["posture"] == d["us_posture"]:
        shift_prestige(d, +1)
    cite(st, "7.2.3", "card 29")
    pop(st)


@event(29)
def tony_blair(st, f, a) -> None:
    """Card 29 Tony Blair: "Ponete la Postura del Regno Unito uguale a quella degli USA. Tirate per
    la Guerra delle Ideologie in sino a 3 paesi di Schengen." (REMOVE: play.put_away.)

    The UK Posture is set to the US Posture. Then the US selects up to 3 different Schengen
    countries one at a time ({"country": X}, or "done" to stop), each rolling a War of Ideas at
    once (7.2.3; the event ignores the card's value, 6.2.1)."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        d["countries"]["United Kingdom"]["posture"] = d["us_posture"]
        cite(st, "card 29")
        f["chosen"] = []
        f["pc"] = "next"
        pc = "next"
    if pc == "next":
        if a is None:
            left = [n for n in st.map.schengen if n not in f["chosen"]]
            if len(f["chosen"]) >= 3 or not left:
                pop(st)
                return
            ask(st, f["side"], [{"country": n} for n in left] + ["done"], "card 29",
                f"Tony Blair: War of Ideas in a Schengen country ({len(f['chosen'])} of 3 so far)")
            return
        if a == "done":
            pop(st)
            return
        f["chosen"].append(a["country"])
        push(st, "card29_woi", country=a["country"])
        return


# -- 30 UN Nation Building --------------------------------------------------------------------------
def regime_change_countries(st) -> list[str]:
    return [n for n, c in st.d["countries"].items() if c["rc"] is not None]


def un_nation_building_playable(st, side) -> bool:
    return bool(regime_change_countries(st))


@event(30, playable=un_nation_building_playable)
@implements("6.2.2")
def un_nation_building(st, f, a) -> None:
    """Card 30 UN Nation Building: "Giocatelo se vi è un paese con Cambio di Regime. Ponete lì 1
    Aiuto e tirate per la Guerra delle Ideologie come se la penalità GWOT fosse zero. Bloccato da
    Uccisione di Vieira de Mello" (the block: event_markers.yaml).

    The US selects a Regime Change country (7.3.4.1); 1 Aid there; then one War of Ideas roll there
    (7.2.1.2) with the 4.9.2 modifiers but a GWOT penalty of 0. 6.2.2's example: the card
    overrides 7.2.1.3 (troops need not exceed cells by 5); the event also ignores the card's value
    against the Governance (6.2.1). A modified 5+ shifts a Neutral to Ally or improves an Ally's
    Governance one level (7.2.1.1; Good removes Aid, Besieged Regime and the RC marker). The Aid
    just placed means the roll can never place a *first* Aid (7.2.2.1). An Adversary there (7.2.1.1
    forbids War of Ideas on one) rolls but a success changes nothing."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "country" and a is None):
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in regime_change_countries(st)], "card 30",
            "UN Nation Building: which Regime Change country")
        return
    if pc == "country":
        name = f["country"] = a["country"]
        d["countries"][name]["aid"] += 1
        cite(st, "card 30", "6.2.2")
        f["pc"] = "rolled"
        roll(st, "card 30", f"UN Nation Building: War of Ideas roll in {name}")
        return
    name = f["country"]
    c = d["countries"][name]
    if a is None:  # at "rolled": the roll posed again
        roll(st, "card 30", f"UN Nation Building: War of Ideas roll in {name}")
        return
    total = a["die"] + woi_modifiers(st, name) + gwot_penalty(d)  # as if the GWOT penalty were 0
    cite(st, "7.2.1.2", "4.9.2", "card 30")
    if total >= 5:
        if c["align"] == "neutral":
            c["align"] = "ally"
            cite(st, "7.2.1.1")
        elif c["align"] == "ally" and c["gov"] in ("poor", "fair"):
            set_governance(st, name, BETTER[c["gov"]])
            cite(st, "7.2.1.1")
    pop(st)


# -- 31 Wiretapping ---------------------------------------------------------------------------------
WIRETAP_COUNTRIES = ("United States", "United Kingdom", "Canada")


def wiretapping_playable(st, side) -> bool:
    return any(c["cadre"] or cells(c) or c["plots"]
               for c in (st.d["countries"][n] for n in WIRETAP_COUNTRIES))


@event(31, playable=wiretapping_playable)
def wiretapping(st, f, a) -> None:
    """Card 31 Wiretapping: "Giocatelo se vi sono quadri, cellule o complotti in USA, Regno Unito o
    Canada. Rimuoveteli tutti (non ponete quadri). Pescate una carta. Non può essere bloccata da
    Fuga di Notizie." MARK (Events box).

    Every Cadre, cell and plot in the three countries is removed, no Cadre being placed (the card
    overrides 4.8.4); plots as Alert removes them (7.5.3: numbered to Available, WMD out of the
    game, 8.5.5). Then the US draws a card. A04: Leak can in fact flip this marker (the "Non" is an
    error); the lasting effect of the marker is stated nowhere (e.4)."""
    d = st.d
    if f["pc"] == "start":
        for name in WIRETAP_COUNTRIES:
            c = d["countries"][name]
            c["cadre"] = False
            if cells(c):
                remove_cells(st, name, c["actives"], c["sleepers"], cadre=False)
            for plot in list(c["plots"]):
                remove_plot_as_alert(st, name, plot)
        place_marker(st, 31, None)
        cite(st, "card 31", "6.2.7")
        f["pc"] = "done"
        push_draw(st, f["side"])
        return
    pop(st)


# -- 32 Back Channel --------------------------------------------------------------------------------
def back_channel_adversaries(st, value: int) -> list[str]:
    """Adversaries whose Resources equal ``value``: with an Oil Price Spike in effect, the current
    (boosted) Resources under the ruling ``oil_spike_scope`` "everywhere" (default), the printed
    ones under "victory_only" (A39, countries.resources)."""
    return [n for n in st.map.muslim
            if st.d["countries"][n]["align"] == "adversary" and resources(st, n, for_victory=False) == value]


def back_channel_cards(st, side: str, card: int = 32) -> list[int]:
    """Cards in ``side``'s hand, other than Back Channel itself, whose printed ops value equals the
    Resources of an Adversary (A49: Reserves cannot change the value)."""
    return [n for n in st.d["hands"][side]
            if n != card and back_channel_adversaries(st, st.cards[n].ops)]


def back_channel_playable(st, side) -> bool:
    return st.d["us_posture"] == "soft" and bool(back_channel_cards(st, "US"))


@event(32, playable=back_channel_playable)
def back_channel(st, f, a) -> None:
    """Card 32 Back Channel: "Giocatelo se gli USA sono Morbidi e se avete un'altra carta
    dell'esatto valore delle risorse di un Avversario. Potete scartare la carta per spostare
    l'Avversario a Neutrale e porre lì 1 Aiuto."

    The US may discard such a card ({"discard": n}) or decline ("pass"). The discard triggers no
    event (6.3.2.3) except US Election (card 120), whose event happens when it is discarded (6.3.1).
    The US then selects the Adversary (among those whose Resources equal the discarded card's
    value), which shifts to Neutral (an Islamist Rule one too: FAQ) and gets 1 Aid (A49); on an
    Islamist Rule country no Aid under the ``event_marker_limits`` ruling ``rules_hold`` (P22, 8.4.4)."""
    d = st.d
    pc = f["pc"]
    side = f["side"]
    if pc == "start" or (pc == "discard" and a is None):
        options = back_channel_cards(st, side, f["card"])
        if not options:  # triggered with no such card (6.3.2.1 stops it first): nothing to do
            pop(st)
            return
        f["pc"] = "discard"
        ask(st, side, [{"discard": n} for n in options] + ["pass"], "card 32",
            "Back Channel: discard a card of an Adversary's Resources value?")
        return
    if pc == "discard":
        if a == "pass":
            cite(st, "card 32")
            pop(st)
            return
        n = a["discard"]
        f["value"] = st.cards[n].ops
        cite(st, "card 32", "6.3.2.3")
        f["pc"] = "discarded"
        push_discard(st, n, side)  # a US Election discarded has its event (6.3.1)
        return
    if pc == "discarded" or (pc == "adversary" and a is None):
        options = back_channel_adversaries(st, f["value"])
        if not options:
            pop(st)
            return
        f["pc"] = "adversary"
        ask_values(st, side, "country", options, "card 32", "Back Channel: which Adversary shifts to Neutral")
        return
    if pc == "adversary":
        c = d["countries"][a["country"]]
        c["align"] = "neutral"
        if st.rulings.event_marker_limits == "as_printed" or c["gov"] != "islamist_rule":
            c["aid"] += 1
        else:
            cite(st, "8.4.4")  # P22 rules_hold: no Aid on an Islamist Rule country
        cite(st, "card 32")
        pop(st)
