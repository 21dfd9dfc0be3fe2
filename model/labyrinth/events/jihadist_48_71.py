"""Events of the Jihadist cards 48-71 (6.2). Each cites its card number and quotes the rule it applies.

Texts quoted from the Italian card list (/work/shared/seeds/000_61ca04b15074b205.txt, "N. ...
EVENTO"), the primary source; ambiguity numbers (A..) refer to seed_labyrinth.md g.2.

Cards 49, 57, 58, 66, 67, 68 and 70 only place cells at fixed sites (and some put their marker on
a country): they are rows of ``data/template_events.yaml``, run by ``events/templates.py``.

Shared readings:

* "Ponete una cellula in X": a Sleeper from the Funding track, ignoring Funding (4.7.4.2 last
  paragraph, ``common.place_cells``); none when the track is empty (4.6.3). An untested X is tested
  first (4.9.4 second bullet, "subisce il piazzamento di una cellula ... mediante un evento"; A54),
  and only when a cell is actually placed: with an empty track X undergoes no placement.
* Adam Gadahn (48) and Madrassas (53) fix the use of the Jihadist's second card of the phase
  (``d["second_card"]``, turn.py ``play_next``): ``play_card`` then pushes ``card48_recruit`` or
  ``card53_recruit`` with the card's value. GTMO (card 114, LAPSING: "Nessuna operazione di
  reclutamento ... per il resto di questo turno") forbids these Recruits (A47): the second card is
  then used with no effect; under the ``gtmo_blocks`` ruling ``ops_only`` they proceed.
* "Tirate come se vi fosse una operazione li" (65, 69, 71): one die against the country's
  Governance (8.1.1); a success moves a WMD plot from the "Loose Nuke, HEU & Kazakh Strain" box to
  the Available plots (4.7.8.1), nothing if the box is empty; a failure removes the cell (an event
  removal: the last cell leaves a Cadre, 4.8.4).
"""
from __future__ import annotations

from cdg_oracle.model.core.choosers import pick_uniform
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.action_log import recent
from cdg_oracle.model.labyrinth.countries import cells, counted_cells, is_regime_change, is_tested, troops
from cdg_oracle.model.labyrinth.engine import ask, ask_values, cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.common import (
    place_cells, push_draw, push_random_cards, push_remove_cell, shift_alignment, site_tested, worsen_governance,
)
from cdg_oracle.model.labyrinth.events.lasting import (
    in_effect, marker_on, place_marker, remove_marker,
)
from cdg_oracle.model.labyrinth.operations.jihadist import (RecruitBy, recruit_allowed_in, recruit_with_card, success,
                                                 wmd_added)
from cdg_oracle.model.labyrinth.options import cells_per_recruit
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import available_cells_of, shift_funding, shift_prestige

DONE = "done"
WMD_BOX = "loose_nuke_heu_kazakh_strain"
OPPOSITE = {"hard": "soft", "soft": "hard"}


# -- shared steps ----------------------------------------------------------------------------------
@procedure("cards48_71_place_cells")
def place_at_sites(st, f, a) -> None:
    """Place ``n`` cells at each ``[site, n]`` of ``sites`` in order, testing an untested site just
    before its cells are placed (4.9.4, A54) -- only if a cell is on the Funding track: 4.9.4 tests
    the country that "subisce il piazzamento", and with no cylinder nothing is placed (4.6.3); the
    shared convention of every event (events/common.py). ``selected``: the sites are countries the
    player selected (cards 50, 61), tested only if ``common.site_tested`` (A54,
    ``event_select_tests``)."""
    i = f.get("i", 0)
    if i >= len(f["sites"]):
        pop(st)
        return
    name, n = f["sites"][i]
    if not f.get("tested"):
        f["tested"] = True
        if st.d["cells_track"] > 0 and not is_tested(st, name) and site_tested(st, f.get("selected", False)):
            push_test(st, name)
            return
    place_cells(st, name, n)
    cite(st, f["rule"])
    f["i"] = i + 1
    f["tested"] = False


def push_place(st, sites: list, rule: str, selected: bool = False) -> None:
    """Place cells by an event at ``sites`` = [[country, count], ...] (see ``place_at_sites``)."""
    extra = {"selected": True} if selected else {}
    push(st, "cards48_71_place_cells", sites=[list(s) for s in sites], rule=rule, **extra)


def first_card_of_jihadist_phase(st) -> bool:
    """"la prima carta della Fase di Azione della jihad" (4.7.5 Card marker on Jihadist card 1)."""
    return st.d["phase"] == "jihadist_action" and st.d["card_index"] == 1


# -- 48 Adam Gadahn ----------------------------------------------------------------------------------
def adam_gadahn_pool(st) -> int:
    """The cells Adam Gadahn may use: the Available ones (4.7.4.2, default) or, under the
    ruling ``adam_gadahn_cells`` = "track", any cell on the Funding track (A27)."""
    if st.rulings.adam_gadahn_cells == "track":
        return st.d["cells_track"]
    return available_cells_of(st)


def adam_gadahn_playable(st, side) -> bool:
    return first_card_of_jihadist_phase(st) and adam_gadahn_pool(st) > 0


@event(48, playable=adam_gadahn_playable)
def adam_gadahn(st, f, a) -> None:
    """Card 48 Adam Gadahn: "Giocare se è la prima carta della Fase di Azione della jihad ed è
    disponibile una cellula. Reclutate negli USA con la seconda carta. Si ha successo con un tiro di
    dado di 1 o 2 ed ignorate qualsiasi evento USA".

    Playable on Jihadist card 1 with a cell "disponibile": an Available cell (4.7.4.2, the rules'
    term; A27 leaves it open: ruling ``adam_gadahn_cells``). The event fixes the use of
    the second card (``card48_recruit``): a Recruit in the United States, no cell or Cadre needed
    there (A27), the card's US event ignored (A27: the second card's)."""
    st.d["second_card"] = {"proc": "card48_recruit", "card": 48, "use": "recruit", "ignore_us_event": True}
    cite(st, "card 48")
    pop(st)


@implements("card 48")
def _in_the_united_states(st) -> list[str]:
    """Card 48: "Reclutate negli USA": every die goes to the United States (no cell or Cadre
    needed there, A27)."""
    return ["United States"]


@implements("card 48")
def _never_automatic(st, name: str) -> bool:
    """Card 48: every die is rolled (the United States is never Regime Change or Islamist Rule)."""
    return False


@implements("card 48")
def _one_or_two(st, name: str, die: int) -> bool:
    """Card 48: "Si ha successo con un tiro di dado di 1 o 2" (replacing 8.1.1 Good = 1)."""
    return die <= 2


ADAM_GADAHN = RecruitBy(card="card 48", gtmo="second_card", targets=_in_the_united_states,
                        automatic=_never_automatic, succeeds=_one_or_two, pool=adam_gadahn_pool,
                        per_success=cells_per_recruit)


@procedure("card48_recruit")
def card48_recruit(st, f, a) -> None:
    """Adam Gadahn's Recruit with the second card (``value`` dice, all in the United States): a
    die of 1-2 succeeds (the card replaces 8.1.1 Good = 1); each success places an Available
    Sleeper (8.2.1; ``adam_gadahn_cells``). GTMO in effect: nothing (A47)."""
    recruit_with_card(st, f, a, ADAM_GADAHN)


# -- 49 Al-Ittihad al-Islami: a template event (data/template_events.yaml, events/templates.py) ---


# -- 50 Ansar al-Islam -----------------------------------------------------------------------------------
def iraq_worse_than_good(st, side) -> bool:
    """"il Governo dell'Iraq è peggiore di Buono": Fair, Poor or Islamist Rule (an untested Iraq
    has no Governance)."""
    return st.d["countries"]["Iraq"]["gov"] in ("fair", "poor", "islamist_rule")


@event(50, playable=iraq_worse_than_good)
def ansar_al_islam(st, f, a) -> None:
    """Card 50 Ansar al-Islam: "Giocare se il Governo dell'Iraq è peggiore di Buono. Ponete una
    cellula in Iraq o Iran" (RIMUOVERE). The implementing side picks Iraq or Iran; with no cell on
    the track nothing is placed, yet the card is removed (6.2.4 example)."""
    if f["pc"] == "start" or (f["pc"] == "where" and a is None):
        f["pc"] = "where"
        ask(st, f["side"], [{"country": "Iraq"}, {"country": "Iran"}], "card 50",
            "Ansar al-Islam: place a cell in")
        return
    if f["pc"] == "where":
        f["pc"] = "placed"
        push_place(st, [[a["country"], 1]], "card 50", selected=True)
        return
    pop(st)


# -- 51 FREs ---------------------------------------------------------------------------------------------
def troops_in_iraq(st, side) -> bool:
    return troops(st, "Iraq") > 0


@event(51, playable=troops_in_iraq)
def fres(st, f, a) -> None:
    """Card 51 FREs: "Giocatelo se vi sono truppe in Iraq. Se Saddam Catturato, ponete 2 cellule in
    Iraq. Altrimenti, ponetene 4" (Saddam Captured, card 27, "modifica l'evento FRE")."""
    if f["pc"] == "start":
        f["pc"] = "placed"
        n = 2 if in_effect(st, "Saddam Captured") else 4
        if n == 2:
            cite(st, "card 27")
        push_place(st, [["Iraq", n]], "card 51")
        return
    pop(st)


# -- 52 IEDs ---------------------------------------------------------------------------------------------
def cell_in_regime_change(st, side) -> bool:
    """A country with a Regime Change marker (7.3.4.1) has a cell."""
    return any(is_regime_change(c) and cells(c) > 0 for c in st.d["countries"].values())


@event(52, playable=cell_in_regime_change)
def ieds(st, f, a) -> None:
    """Card 52 IEDs: "Giocatelo se vi è una cellula in un paese con Cambio di Regime. Gli USA
    scartano una carta a caso": a chance node over the US hand (nothing if it is empty)."""
    if f["pc"] == "start":
        f["pc"] = "discarded"
        push_random_cards(st, "US", 1, "discard", "card 52")
        return
    cite(st, "card 52")
    pop(st)


# -- 53 Madrassas ----------------------------------------------------------------------------------------
def madrassas_playable(st, side) -> bool:
    return first_card_of_jihadist_phase(st)


@event(53, playable=madrassas_playable)
def madrassas(st, f, a) -> None:
    """Card 53 Madrassas: "Giocatela se è la prima della Fase di Azione della jihad. Usate la
    seconda carta per Reclutare. Ignorate i Fondi. Potete reclutare in paesi che hanno indicazione
    peggiore di Discreto anche se non vi sono cellule o quadri".

    Fixes the use of the second card (``card53_recruit``); its US event is not ignored (the text
    does not say so: 6.3.2 applies as to any operation). With no second card (the Jihadist's hand
    is empty, or the phase ends) the instruction lapses and the second card recruits nothing.

    Ruling ``madrassas_own_recruit`` (P15): True (default: the English card "Use this and 2nd card
    to recruit" and 9.4.2.1 "il reclutamento Madrassas (inclusa la carta seguente)"): Madrassas
    first recruits with its own value by the same rules, then the second card does, so with no
    second card it still recruits; False (the Italian card list alone: only "la seconda carta"
    recruits)."""
    if f["pc"] == "start" and st.rulings.madrassas_own_recruit:
        f["pc"] = "own_recruit"
        cite(st, "card 53", "9.4.2.1")
        push(st, "card53_recruit", side=f["side"], card=f["card"], value=st.cards[f["card"]].ops)
        return
    st.d["second_card"] = {"proc": "card53_recruit", "card": 53, "use": "recruit", "ignore_us_event": False}
    cite(st, "card 53")
    pop(st)


def madrassas_targets(st) -> list[str]:
    """8.2.2 sites (a cell or a Cadre) and, without either, any country marked worse than Fair:
    Poor or Islamist Rule (only Muslim countries can be: 4.3.1, 4.4). A Recruit operation with the
    second card: Sadr as the 8.2.2 cell (ruling ``sadr_counts``, A09) and Iran (ruling
    ``iran_recruit``, A19) as for :func:`recruit_targets`."""
    return [n for n, c in st.d["countries"].items()
            if (counted_cells(st, c) or c["cadre"] or c["gov"] in ("poor", "islamist_rule"))
            and recruit_allowed_in(st, n)]


@implements("card 53", "4.7.4.2")
def _whole_track(st) -> int:
    """Card 53 "Ignorate i Fondi": the cells come from the whole Funding track (4.7.4.2)."""
    return st.d["cells_track"]


MADRASSAS = RecruitBy(card="card 53", gtmo="second_card", targets=madrassas_targets,
                      pool=_whole_track, per_success=cells_per_recruit)


@procedure("card53_recruit")
def card53_recruit(st, f, a) -> None:
    """Madrassas's Recruit with the second card: the dice as 8.2 (REC numbers 8.2.4, Regime Change
    and Islamist Rule automatic 8.2.3, 8.1.1), the cells from the whole Funding track ("Ignorate i
    Fondi", 4.7.4.2). GTMO in effect: nothing (A47)."""
    recruit_with_card(st, f, a, MADRASSAS)


# -- 54 Moqtada al-Sadr ----------------------------------------------------------------------------------
@event(54, playable=troops_in_iraq)
def moqtada_al_sadr(st, f, a) -> None:
    """Card 54 Moqtada al-Sadr: "Giocatelo se vi sono truppe in Iraq. Ponete Sadr lì. È una cellula
    attiva ma non può spostarsi o essere disorganizzata. Se la cellula viene rimossa, rimuovete il
    segnalino dal gioco" (INDICARE, RIMUOVERE). The marker on Iraq; Sadr as an Active cell (A09)
    belongs to the operations and the counts: what it counts for is the ruling ``sadr_counts``
    (countries.sadr_counts_for_play, countries.counted_cells)."""
    place_marker(st, 54, "Iraq")
    cite(st, "card 54", "6.2.7")
    pop(st)


# -- 55 Uyghur Jihad -------------------------------------------------------------------------------------
@event(55)
def uyghur_jihad(st, f, a) -> None:
    """Card 55 Uyghur Jihad: "Testate la Cina. Ponete una cellula in Asia Centrale se la Cina è Dura,
    in Cina se è Morbida" (RIMUOVERE). The test does nothing if China is marked (FAQ, 4.9.4)."""
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, "China")
        return
    if f["pc"] == "tested":
        f["pc"] = "placed"
        site = "Central Asia" if st.d["countries"]["China"]["posture"] == "hard" else "China"
        push_place(st, [[site, 1]], "card 55")
        return
    pop(st)


# -- 56 Vieira de Mello Slain ----------------------------------------------------------------------------
@event(56, playable=cell_in_regime_change)
def vieira_de_mello_slain(st, f, a) -> None:
    """Card 56 Vieira de Mello Slain: "Giocatelo se un paese con Cambio di Regime ha una cellula. -1
    al Prestigio. Blocca Palazzo dell'ONU" (INDICARE, RIMUOVERE). The marker in the Events box."""
    shift_prestige(st.d, -1)
    place_marker(st, 56, None)
    cite(st, "card 56", "6.2.7")
    pop(st)


# -- 57 Abu Sayyaf, 58 Al-Anbar: template events (data/template_events.yaml, events/templates.py) ---


# -- 59 Amerithrax ---------------------------------------------------------------------------------------
def amerithrax_cards(st) -> list[int]:
    """The US-associated cards of the highest value in the US hand."""
    us_cards = [n for n in st.d["hands"]["US"] if st.cards[n].side == "US"]
    if not us_cards:
        return []
    top = max(st.cards[n].ops for n in us_cards)
    return [n for n in us_cards if st.cards[n].ops == top]


@event(59)
def amerithrax(st, f, a) -> None:
    """Card 59 Amerithrax: "Gli USA scartano la propria carta con evento associato USA di valore più
    elevato, se ne ha"; none: nothing. A discard triggers no event (6.3.2.3).

    Who picks among equal highest values (A51), ruling ``amerithrax_tie``: ``us_chooses`` (default),
    the US, the discarding side (6.3.2.2); ``random``, chance picks uniformly among the tied cards
    (the IT solo example: "Si scarta una carta a caso dalla mano USA"). A single highest card is
    asked of the US under both readings (nothing to pick)."""
    if f["pc"] == "start" or (f["pc"] == "chosen" and a is None):
        options = amerithrax_cards(st)
        if not options:
            cite(st, "card 59")
            pop(st)
            return
        f["pc"] = "chosen"
        if len(options) > 1 and st.rulings.amerithrax_tie == "random":
            pick_uniform(st, options, "card 59",
                         "Amerithrax: which of the equal highest-value US-associated cards is discarded", key="card")
            return
        ask_values(st, "US", "card", options, "card 59",
            "Amerithrax: discard your highest-value US-associated card")
        return
    st.d["hands"]["US"].remove(a["card"])
    st.d["discard"].append(a["card"])
    cite(st, "card 59", "6.3.2.3")
    pop(st)


# -- 60 Bhutto Shot --------------------------------------------------------------------------------------
def cell_in_pakistan(st, side) -> bool:
    return cells(st.d["countries"]["Pakistan"]) > 0


@event(60, playable=cell_in_pakistan)
def bhutto_shot(st, f, a) -> None:
    """Card 60 Bhutto Shot: "Giocatela se il Pakistan ha una cellula. Blocca Benazir Bhutto"
    (INDICARE, RIMUOVERE). The marker on Pakistan ends Benazir Bhutto (6.2.8)."""
    place_marker(st, 60, "Pakistan")
    cite(st, "card 60", "6.2.7", "6.2.8")
    pop(st)


# -- 61 Detainee Release ---------------------------------------------------------------------------------
def us_disrupted_recently(st, side) -> bool:
    return bool(recent(st, "disrupted"))


@event(61, playable=us_disrupted_recently)
def detainee_release(st, f, a) -> None:
    """Card 61 Detainee Release: "Giocatela se gli USA hanno disorganizzato in questa o nell'ultima
    Fase di Azione. Ponete una cellula dove si è avuta la disorganizzazione. Pescate una carta.
    Bloccata da GTMO o Interrogatori" (A55: the action log). The implementing side picks the
    country if the US disrupted in several; then it draws a card (5.3.1)."""
    if f["pc"] == "start" or (f["pc"] == "where" and a is None):
        f["pc"] = "where"
        ask(st, f["side"], [{"country": n} for n in recent(st, "disrupted")], "card 61",
            "Detainee Release: place a cell where the US disrupted")
        return
    if f["pc"] == "where":
        f["pc"] = "placed"
        push_place(st, [[a["country"], 1]], "card 61", selected=True)
        return
    if f["pc"] == "placed":
        f["pc"] = "drawn"
        push_draw(st, f["side"])
        return
    cite(st, "card 61")
    pop(st)


# -- 62 Ex-KGB -------------------------------------------------------------------------------------------
@event(62)
def ex_kgb(st, f, a) -> None:
    """Card 62 Ex-KGB: "Se il segnalino CTR è in Russia, rimuovetelo. Se non c'è, ponete il Caucaso
    nella Postura opposta rispetto agli USA o testate e spostate l'Asia Centrale di 1 casella verso
    Avversario". Only the CTR marker on Russia is removed (one in Central Asia stays). Otherwise the
    implementing side chooses ``{"country": "Caucasus"}`` or ``{"country": "Central Asia"}``."""
    if f["pc"] == "start" or (f["pc"] == "choice" and a is None):
        if marker_on(st, "CTR", "Russia"):
            remove_marker(st, "CTR", "Russia")
            cite(st, "card 62", "card 3")
            pop(st)
            return
        f["pc"] = "choice"
        ask(st, f["side"], [{"country": "Caucasus"}, {"country": "Central Asia"}], "card 62",
            "Ex-KGB: the Caucasus to the Posture opposite the US, or test and shift Central Asia")
        return
    if f["pc"] == "choice":
        if a["country"] == "Caucasus":
            st.d["countries"]["Caucasus"]["posture"] = OPPOSITE[st.d["us_posture"]]
            cite(st, "card 62")
            pop(st)
            return
        f["pc"] = "tested"
        push_test(st, "Central Asia")
        return
    shift_alignment(st, "Central Asia", "adversary")
    cite(st, "card 62")
    pop(st)


# -- 63 Gaza War -----------------------------------------------------------------------------------------
@event(63)
def gaza_war(st, f, a) -> None:
    """Card 63 Gaza War: "Gli USA scartano una carta a caso. +1 ai Fondi. -1 al Prestigio"."""
    if f["pc"] == "start":
        f["pc"] = "discarded"
        push_random_cards(st, "US", 1, "discard", "card 63")
        return
    shift_funding(st.d, +1)
    shift_prestige(st.d, -1)
    cite(st, "card 63")
    pop(st)


# -- 64 Hariri Killed ------------------------------------------------------------------------------------
@event(64)
def hariri_killed(st, f, a) -> None:
    """Card 64 Hariri Killed: "Testate il Libano. Passate la Siria ad Avversario e peggiorate il suo
    Governo di 1 livello ma non a Governo Islamico" (RIMUOVERE). An unmarked Syria (never, in the
    scenarios) would be tested first so that it has a Governance to worsen."""
    if f["pc"] == "start":
        f["pc"] = "lebanon"
        push_test(st, "Lebanon")
        return
    if f["pc"] == "lebanon":
        f["pc"] = "syria"
        push_test(st, "Syria")
        return
    st.d["countries"]["Syria"]["align"] = "adversary"
    worsen_governance(st, "Syria")
    cite(st, "card 64")
    pop(st)


# -- 65 HEU, 69 Kazakh Strain, 71 Loose Nuke -------------------------------------------------------------
WMD_SITES = {65: ("Russia", "Central Asia"), 69: ("Central Asia",), 71: ("Russia",)}


def wmd_sites(st, card: int) -> list[str]:
    """The countries named by the card with a cell and no CTR marker there (card 3 blocks these
    events per country: "Blocca Nucleare, HEU e Tensione nel Kazakh")."""
    return [n for n in WMD_SITES[card]
            if cells(st.d["countries"][n]) > 0 and not marker_on(st, "CTR", n)]


def wmd_playable(st, side, card: int) -> bool:
    return bool(wmd_sites(st, card))


@event(65, playable=lambda st, side: wmd_playable(st, side, 65))
@event(69, playable=lambda st, side: wmd_playable(st, side, 69))
@event(71, playable=lambda st, side: wmd_playable(st, side, 71))
def wmd_event(st, f, a) -> None:
    """Cards 65 HEU ("Giocatelo se la Russia o l'Asia Centrale hanno una cellula e non un segnalino
    CTR"), 69 Kazakh Strain ("se l'Asia Centrale ha una cellula e non ha segnalino CTR"), 71 Loose
    Nuke ("se la Russia ha una cellula e non ha segnalino CTR"): "Tirate come se vi fosse una
    operazione lì. Successo: aggiungere un WMD ai Complotti Disponibili. Fallimento: rimuovete la
    cellula" (RIMUOVERE).

    The implementing side picks the country (HEU, when both qualify); one die (a chance node)
    succeeds on <= its Governance (8.1.1; Islamist Rule automatic, no die). Success: one WMD from
    the "Loose Nuke, HEU & Kazakh Strain" box to the Available plots (4.7.8.1; none left, nothing).
    Failure: one cell there is removed, Active or Sleeper at the Jihadist's choice, leaving a Cadre
    if it was the last (4.8.4)."""
    n = f["card"]
    rule = f"card {n}"
    if f["pc"] == "start" or (f["pc"] == "where" and a is None):
        f["pc"] = "where"
        ask(st, f["side"], [{"country": x} for x in wmd_sites(st, n)], rule,
            f"{st.cards[n].name}: roll in which country")
        return
    if f["pc"] == "where":
        f["country"] = a["country"]
        f["pc"] = "tested"
        # An operation site is tested first (4.9.4); in play a country holding a cell is marked.
        push_test(st, a["country"])
        return
    name = f["country"]
    if f["pc"] == "tested" or (f["pc"] == "rolled" and a is None):
        if st.d["countries"][name]["gov"] == "islamist_rule":
            _wmd_success(st, rule)
            return
        f["pc"] = "rolled"
        roll(st, rule, f"{st.cards[n].name}: die in {name}")
        return
    if f["pc"] == "rolled":
        if success(st, name, a["die"]):
            _wmd_success(st, rule)
            return
        f["pc"] = "removed"
        cite(st, "8.1.1", rule)
        push_remove_cell(st, name, "Jihadist", rule)
        return
    pop(st)


def _wmd_success(st, rule: str) -> None:
    d = st.d
    if d["wmd_boxes"][WMD_BOX] > 0:
        d["wmd_boxes"][WMD_BOX] -= 1
        wmd_added(st, 1)  # 9.3.3 in a solo game
    cite(st, "8.1.1", rule, "4.7.8.1")
    pop(st)


# -- 66 Homegrown, 67 Islamic Jihad Union, 68 Jemaah Islamiya, 70 Lashkar-e-Tayyiba: template events
# (data/template_events.yaml, events/templates.py)
