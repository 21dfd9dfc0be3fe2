"""Events of the Unassociated cards 96-120 (6.2). Each cites its card number and quotes the rule it applies.

Texts quoted from the Italian card list (/work/shared/seeds/000_61ca04b15074b205.txt, "N. ...
EVENTO"), the primary source; ambiguity numbers (A..) refer to seed_labyrinth.md g.2.

Either side may play an Unassociated event (6.2.5): ``f["side"]`` is the player. Decisions the text
gives to "you" go to the player; those it gives to a named side ("gli USA scelgono", "la jihad
pone") go to that side whoever played the card.

"Any Available plot" ("un qualsiasi complotto disponibile", "un complotto disponibile": Danish
Cartoons with Islamist Rule, Hambali, KSM) includes an Available WMD plot: every marker in the
Available Plots box is Available (4.7.8, 4.7.8.1), and A28 reads "any" the same way for Martyrdom
Operation. "Un Complotto 1" and "un Complotto 2" are numbered markers of that value.
"""
from __future__ import annotations

from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.countries import SADR, WORSE, cells, is_regime_change, set_governance, troops
from cdg_oracle.model.core.choosers import pick_uniform
from cdg_oracle.model.labyrinth.engine import ask, ask_values, cite, pop, push, roll
from cdg_oracle.model.labyrinth.events import event
from cdg_oracle.model.labyrinth.events.common import (
    SIDES, any_islamist_rule, place_cells, push_draw, push_place_plot, push_plot_at_chosen_site, push_remove_cell,
    push_select_posture, push_site_test, remove_cells, shift_alignment, within, worsen_governance,
)
from cdg_oracle.model.labyrinth.events.lasting import in_effect
from cdg_oracle.model.labyrinth.events.play import push_discard
from cdg_oracle.model.labyrinth.operations.jihadist import place_plot, plot_options, succeeds_against
from cdg_oracle.model.labyrinth.options import is_solo
from cdg_oracle.model.labyrinth.plots import nest_plot_removed, plot_leaves_map
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import (
    gwot_penalty, prestige_level, shift_funding, shift_prestige, us_troops_level,
)

IR = "islamist_rule"


def shia_mix(st) -> list[str]:
    """The Shia-Mix countries, map order (4.1.2; Iran is a type of its own, 4.4)."""
    return [n for n in st.map.names if st.map.countries[n].type == "shia_mix"]


def forget_backlash(st, names: list[str]) -> None:
    """Forget any Backlash selection (card 1) of plots that are no longer on the map in ``names``."""
    d = st.d
    if "backlash_plots" in d:
        d["backlash_plots"] = [e for e in d["backlash_plots"] if e["country"] not in names]


# -- 96 Danish Cartoons --------------------------------------------------------------------------
@event(96)
def danish_cartoons(st, f, a) -> None:
    """Card 96 Danish Cartoons (RIMUOVERE): "Gli USA scelgono la Postura della Scandinavia. Poi la
    jihad pone un Complotto 1 disponibile o, se vi è un Governo Islamico, un qualsiasi complotto
    disponibile in un paese musulmano che non abbia Governo Islamico".

    The US selects Scandinavia's Posture; then the Jihadist selects a Muslim country not under
    Islamist Rule (tested first if unmarked: a plot placement site, 4.9.4, A54) and places an
    Available Plot 1 there or, if some country is under Islamist Rule, any Available plot, a WMD
    plot included (module docstring). With no such marker Available, no country is selected."""
    pc = f["pc"]
    if pc == "start":
        f["pc"] = "posture"
        push_select_posture(st, "Scandinavia", "US", "card 96")
        return
    if pc == "posture":
        ir = any_islamist_rule(st)
        targets = [n for n in st.map.muslim if st.d["countries"][n]["gov"] != IR]
        f["pc"] = "placed"
        push_plot_at_chosen_site(st, targets, "card 96",
                                 "Danish Cartoons: a Muslim country not under Islamist Rule for the plot",
                                 max_value=None if ir else 1, wmd=ir)
        return
    pop(st)


# -- 97 Fatwa ------------------------------------------------------------------------------------
def fatwa_playable(st, side) -> bool:
    """"Giocatelo se entrambe le parti hanno carte oltre questa" (the card itself is not counted,
    whether it is still in the hand or already in play)."""
    return all(any(n != 97 for n in st.d["hands"][s]) for s in SIDES)


@event(97, playable=fatwa_playable)
def fatwa(st, f, a) -> None:
    """Card 97 Fatwa: "Giocatelo se entrambe le parti hanno carte oltre questa. Scambiate carte a
    caso. Poi effettuate una operazione con questa carta".

    One card is taken at random from each hand (two chance nodes, both over the hands as they were
    before the exchange: the card received cannot be given back, as in the FAQ's solo procedure),
    then the two are exchanged. Then the player conducts an operation of value 1 (the card's) with
    this card (``event_op``; none possible: nothing). Reserves count as such an operation only
    under the ``fatwa_op_reserves`` ruling (default no)."""
    d = st.d
    n = f["card"]
    pc = f["pc"]
    if pc == "start" or (pc == "us_card" and a is None):
        us = [c for c in d["hands"]["US"] if c != n]
        jihad = [c for c in d["hands"]["Jihadist"] if c != n]
        if not us or not jihad:
            f["pc"] = "swapped"  # nothing to exchange (only when played without its precondition)
            return
        f["pc"] = "us_card"
        pick_uniform(st, us, "card 97", "Fatwa: a random card from the US hand", key="card")
        return
    if pc == "jihadist_card" and a is None:  # the pick posed again (never solo: no pick there)
        pick_uniform(st, [c for c in d["hands"]["Jihadist"] if c != n], "card 97",
                     "Fatwa: a random card from the Jihadist hand", key="card")
        return
    if pc == "us_card":
        f["us_card"] = a["card"]
        f["pc"] = "jihadist_card"
        if is_solo(st):
            # FAQ (Fatwa in solo) and 9.2: the Jihadist gives the top card of his stack.
            cite(st, "9.2")
            a = {"card": [c for c in d["hands"]["Jihadist"] if c != n][0]}
            pc = "jihadist_card"
        else:
            pick_uniform(st, [c for c in d["hands"]["Jihadist"] if c != n], "card 97",
                         "Fatwa: a random card from the Jihadist hand", key="card")
            return
    if pc == "jihadist_card":
        from cdg_oracle.model.labyrinth.turn import add_to_hand
        u, j = f["us_card"], a["card"]
        d["hands"]["US"].remove(u)
        d["hands"]["Jihadist"].remove(j)
        add_to_hand(st, "US", j)
        add_to_hand(st, "Jihadist", u)  # solo: on top of his stack (FAQ, Fatwa in solo)
        cite(st, "card 97")
        f["pc"] = "swapped"
        return
    if pc == "swapped":
        f["pc"] = "done"
        push(st, "event_op", side=f["side"], card=n, value=st.cards[n].ops, rule=f"card {n}",
             reserves=st.rulings.fatwa_op_reserves)
        return
    pop(st)


# -- 98 Gaza Withdrawal --------------------------------------------------------------------------
@event(98)
def gaza_withdrawal(st, f, a) -> None:
    """Card 98 Gaza Withdrawal (RIMUOVERE): "Se giocato dagli USA: -1 Fondi. Se giocato dalla
    jihad: ponete una cellula in Israele" (from the Funding track, 4.7.4.2; none if it is empty)."""
    if f["side"] == "US":
        shift_funding(st.d, -1)
    else:
        place_cells(st, "Israel", 1)
    cite(st, "card 98")
    pop(st)


# -- 99 HAMAS Elected ----------------------------------------------------------------------------
def hamas_discardable(st, n: int) -> list[int]:
    """The US cards HAMAS Elected lets the US discard: any card in its hand ("1 carta dalla mano
    USA"), or only US-associated ones under the ``hamas_elected_discard`` ruling."""
    hand = [c for c in st.d["hands"]["US"] if c != n]
    if st.rulings.hamas_elected_discard == "us_associated":
        hand = [c for c in hand if st.cards[c].side == "US"]
    return hand


@event(99)
def hamas_elected(st, f, a) -> None:
    """Card 99 HAMAS Elected (RIMUOVERE): "Gli USA scelgono e scartano 1 carta dalla mano USA. -1
    al Prestigio. -1 ai Fondi".

    The US selects one card of its hand ({"discard": n}) and discards it (none in hand: nothing);
    then Prestige -1 and Funding -1. The Italian text, the primary source, allows any card of the
    US hand; the English summary's "1 US card" could mean a US-associated card, the
    ``hamas_elected_discard`` ruling's alternative."""
    d = st.d
    if f["pc"] == "start" or (f["pc"] == "discard" and a is None):  # the question posed again
        f["pc"] = "discard"
        options = hamas_discardable(st, f["card"])
        if options:
            ask_values(st, "US", "discard", options, "card 99", "HAMAS Elected: the US discards a card")
            return
        a = None
    if f["pc"] == "discard" and a is not None:
        # 6.3.2.3 with its exception 6.3.1: a US Election (card 120) discarded here still has its
        # event, before HAMAS Elected's own shifts (play.discard_card).
        f["pc"] = "shifts"
        push_discard(st, a["discard"], "US")
        return
    shift_prestige(d, -1)
    shift_funding(d, -1)
    cite(st, "card 99")
    pop(st)


# -- 100 Hizb ut-Tahrir --------------------------------------------------------------------------
@event(100)
def hizb_ut_tahrir(st, f, a) -> None:
    """Card 100 Hizb ut-Tahrir: "Se le truppe sono Troppo Impegnate: +2 ai Fondi. Se le Truppe sono
    a Bassa Intensità: -2 ai Fondi" (the Troops track box, 4.7.3; at War nothing)."""
    level = us_troops_level(st)
    if level == "overstretch":
        shift_funding(st.d, +2)
    elif level == "low_intensity":
        shift_funding(st.d, -2)
    cite(st, "card 100", "4.7.3")
    pop(st)


# -- 101 Kosovo ----------------------------------------------------------------------------------
@event(101)
def kosovo(st, f, a) -> None:
    """Card 101 Kosovo: "+1 al Prestigio. Ponete la Serbia ad una Postura opposta a quella degli USA"."""
    d = st.d
    shift_prestige(d, +1)
    d["countries"]["Serbia"]["posture"] = "soft" if d["us_posture"] == "hard" else "hard"
    cite(st, "card 101")
    pop(st)


# -- 102 Former Soviet Union ---------------------------------------------------------------------
@event(102)
def former_soviet_union(st, f, a) -> None:
    """Card 102 Former Soviet Union: "Ponete l'Asia Centrale a Neutrale e tirate per il suo Governo
    come se fosse un Test Iniziale".

    Roll the Governance table for Central Asia even if it is already marked (A29: the event
    overrides 4.9.4's "a marked country is not tested", 6.2.2) and set it Neutral. The Alignment is
    set with the result, so that no state shows an Alignment without Governance. Recorded as a test
    of Central Asia for card 94 ("come se fosse un Test").

    Ruling ``former_soviet_union_roll`` (A29): ``roll_always`` (default) as above;
    ``test_only_if_unmarked``, the roll is a Test, which has no effect on a country already marked
    (4.9.4, FAQ 1): a marked Central Asia is only set to Neutral, keeps its Governance and is not
    recorded as tested."""
    name = "Central Asia"
    if f["pc"] == "start":
        if st.rulings.former_soviet_union_roll == "test_only_if_unmarked" \
                and st.d["countries"][name]["gov"] is not None:
            st.d["countries"][name]["align"] = "neutral"
            cite(st, "card 102", "4.9.4")
            pop(st)
            return
        f["pc"] = "rolled"
        push(st, "governance_roll", country=name)
        return
    st.d["countries"][name]["align"] = "neutral"
    record(st, "tested", name)
    cite(st, "card 102", "4.9.4")
    pop(st)


# -- 103 Hizballah -------------------------------------------------------------------------------
def hizballah_targets(st) -> list[str]:
    """Shia-Mix countries within 3 countries of Lebanon (Lebanon included, 4.1) with a cell."""
    near = set(within(st, "Lebanon", 3))
    return [n for n in shia_mix(st) if n in near and cells(st.d["countries"][n])]


@event(103)
def hizballah(st, f, a) -> None:
    """Card 103 Hizballah: "Se giocato dagli USA, rimuovete una cellula da un paese Misto Sciita
    entro 3 paesi dal Libano. Se giocato dalla jihad, ponete il Libano a Neutrale Scadente".

    US: the US selects such a country with a cell and removes one (a Cadre if it was the last,
    4.8.4); none: nothing. Jihadist: Lebanon becomes Poor Neutral whatever it was."""
    if f["side"] == "Jihadist":
        set_governance(st, "Lebanon", "poor")
        st.d["countries"]["Lebanon"]["align"] = "neutral"
        cite(st, "card 103")
        pop(st)
        return
    if f["pc"] == "start" or (f["pc"] == "country" and a is None):
        targets = hizballah_targets(st)
        if not targets:
            cite(st, "card 103")
            pop(st)
            return
        f["pc"] = "country"
        ask_values(st, "US", "country", targets, "card 103",
            "Hizballah: remove a cell from a Shia-Mix country within 3 of Lebanon")
        return
    if f["pc"] == "country":
        f["pc"] = "done"
        push_remove_cell(st, a["country"], "US", "card 103")
        return
    pop(st)


# -- 104, 105 Iran -------------------------------------------------------------------------------
@event(104, 105)
def iran(st, f, a) -> None:
    """Cards 104-105 Iran: "Scegliete e testate un paese Misto Sciita. Se giocato dagli USA,
    rimuovere 1 cellula lì o dall'Iran. Se giocato dalla Jihad, fate 2 tiri di dado per la jihad
    lì. Ignorate i fallimenti o il passaggio a Governo Islamico".

    The player selects any Shia-Mix country and tests it (nothing if marked; A37: select, then
    test). US: the US removes one cell from that country or from Iran, choosing among those with a
    cell (a Cadre if it was the last, 4.8.4). Jihadist: two dice against the country's Governance
    (8.1.1, simultaneous, 8.1.2); no cell is needed or used. Each success is a Jihad success
    (8.4.1): Governance one level worse toward Poor and one Aid removed; failures cost no cell
    and nothing ever reaches Islamist Rule."""
    d = st.d
    n = f["card"]
    pc = f["pc"]
    if pc == "start" or (pc == "selected" and a is None):
        f["pc"] = "selected"
        ask(st, f["side"], [{"country": x} for x in shia_mix(st)], f"card {n}", "Iran: select a Shia-Mix country")
        return
    if pc == "selected":
        f["country"] = a["country"]
        f["pc"] = "tested"
        push_test(st, f["country"])
        return
    name = f["country"]
    c = d["countries"][name]
    if pc == "remove" and a is None:  # the question posed again
        ask_values(st, "US", "country", [x for x in (name, "Iran") if cells(d["countries"][x])], f"card {n}",
            f"Iran: remove a cell from {name} or Iran")
        return
    if pc == "dice" and a is None:  # the roll posed again
        roll(st, f"card {n}", f"Iran: Jihad die {len(f['dice']) + 1} in {name}")
        return
    if pc == "tested":
        if f["side"] == "US":
            targets = [x for x in (name, "Iran") if cells(d["countries"][x])]
            if not targets:
                cite(st, f"card {n}")
                pop(st)
                return
            f["pc"] = "remove"
            ask_values(st, "US", "country", targets, f"card {n}", f"Iran: remove a cell from {name} or Iran")
            return
        f["start_gov"] = c["gov"]
        f["dice"] = []
        f["pc"] = "dice"
        roll(st, f"card {n}", f"Iran: Jihad die 1 in {name}")
        return
    if pc == "remove":
        f["pc"] = "done"
        push_remove_cell(st, a["country"], "US", f"card {n}")
        return
    if pc == "dice":
        f["dice"].append(a["die"])
        if len(f["dice"]) < 2:
            roll(st, f"card {n}", f"Iran: Jihad die 2 in {name}")
            return
        hits = sum(1 for r in f["dice"] if succeeds_against(f["start_gov"], r))
        for _ in range(hits):
            if c["gov"] in ("good", "fair"):
                set_governance(st, name, WORSE[c["gov"]])
            c["aid"] = max(0, c["aid"] - 1)
        cite(st, f"card {n}", "8.1.1", "8.4.1")
        pop(st)
        return
    pop(st)


# -- 106 Jaysh al-Mahdi --------------------------------------------------------------------------
def jaysh_countries(st) -> list[str]:
    """Shia-Mix countries with cells and troops."""
    return [n for n in shia_mix(st) if cells(st.d["countries"][n]) and troops(st, n) > 0]


def jaysh_playable(st, side) -> bool:
    return bool(jaysh_countries(st))


@event(106, playable=jaysh_playable)
def jaysh_al_mahdi(st, f, a) -> None:
    """Card 106 Jaysh al-Mahdi: "Giocatelo se un paese Misto Sciita ha cellule e truppe. Se giocato
    dagli USA, rimuovete sino a 2 cellule. Se giocato dalla jihad, peggiorate il governo di 1
    livello, ma non a Governo Islamico".

    The player selects such a country. US: remove up to 2 cells there, one at a time
    ({"cell": ...} or "done"), a Cadre if the last goes (4.8.4). Jihadist: its Governance one level
    worse, Poor at worst."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "country" and a is None):
        targets = jaysh_countries(st)
        if not targets:
            pop(st)
            return
        f["pc"] = "country"
        ask(st, f["side"], [{"country": n} for n in targets], "card 106",
            "Jaysh al-Mahdi: a Shia-Mix country with cells and troops")
        return
    if pc == "country":
        f["country"] = a["country"]
        if f["side"] == "Jihadist":
            worsen_governance(st, f["country"])
            cite(st, "card 106")
            pop(st)
            return
        f["removed"] = 0
        f["pc"] = "remove"
        a = None
    name = f["country"]
    c = d["countries"][name]
    if a is not None:
        if a == "done":
            cite(st, "card 106")
            pop(st)
            return
        remove_cells(st, name, 1 if a["cell"] == "active" else 0, 1 if a["cell"] == "sleeper" else 0,
                     sadr=a["cell"] == "sadr")
        f["removed"] += 1
        cite(st, "card 106")
    if f["removed"] >= 2 or not cells(c):
        pop(st)
        return
    options = [{"cell": k} for k, key in (("active", "actives"), ("sleeper", "sleepers")) if c[key]]
    if SADR in c["markers"]:
        options.append({"cell": "sadr"})  # Moqtada al-Sadr is an Active cell (card 54, A09)
    ask(st, "US", options + ["done"], "card 106", f"Jaysh al-Mahdi: remove a cell in {name} (up to 2)")


# -- 107 Kurdistan -------------------------------------------------------------------------------
@event(107)
def kurdistan(st, f, a) -> None:
    """Card 107 Kurdistan: "Se giocato dagli USA; ponete 1 Aiuto in Iraq. Se giocato dalla jihad,
    testate la Turchia e peggiorate il suo Governo o quello dell'Iraq di 1 livello ma non a Governo
    Islamico".

    US: one Aid in Iraq (whatever its Governance, h.2 #12). Jihadist: test Turkey, then the
    Jihadist selects Turkey or Iraq and worsens its Governance one level, Poor at worst."""
    d = st.d
    if f["side"] == "US":
        d["countries"]["Iraq"]["aid"] += 1
        cite(st, "card 107")
        pop(st)
        return
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, "Turkey")
        return
    if f["pc"] == "tested" or (f["pc"] == "worsen" and a is None):
        f["pc"] = "worsen"
        ask(st, "Jihadist", [{"country": "Turkey"}, {"country": "Iraq"}], "card 107",
            "Kurdistan: worsen the Governance of Turkey or Iraq")
        return
    worsen_governance(st, a["country"])
    cite(st, "card 107")
    pop(st)


# -- 108 Musharraf -------------------------------------------------------------------------------
def pakistan_has_cell(st, side) -> bool:
    return cells(st.d["countries"]["Pakistan"]) > 0


@event(108, playable=pakistan_has_cell)
def musharraf(st, f, a) -> None:
    """Card 108 Musharraf: "Giocatelo se il Pakistan ha qualsiasi cellula. Rimuovete una cellula
    dal Pakistan. Ponetelo ad Alleato Scadente. Bloccato da Benazir Bhutto" (the block: events/play.py
    with data/event_markers.yaml).

    The player removes one cell from Pakistan (choosing Active or Sleeper if both are there); the
    last cell removed leaves a Cadre (4.8.4, as in the solo example). Pakistan becomes a Poor Ally."""
    if f["pc"] == "start":
        f["pc"] = "removed"
        push_remove_cell(st, "Pakistan", f["side"], "card 108")
        return
    set_governance(st, "Pakistan", "poor")
    st.d["countries"]["Pakistan"]["align"] = "ally"
    cite(st, "card 108")
    pop(st)


# -- 109 Tora Bora -------------------------------------------------------------------------------
def tora_bora_countries(st) -> list[str]:
    return [n for n, c in st.d["countries"].items() if is_regime_change(c) and cells(c) >= 2]


def tora_bora_playable(st, side) -> bool:
    return bool(tora_bora_countries(st))


@event(109, playable=tora_bora_playable)
def tora_bora(st, f, a) -> None:
    """Card 109 Tora Bora (RIMUOVERE): "Giocatelo se vi sono almeno 2 cellule in un paese con Cambio
    di Regime. Rimuovete le 2 cellule. Tirate per il Prestigio. Pescate una carta".

    The player selects such a country and removes 2 cells there, one at a time (Active or Sleeper
    when both are there; a Cadre if the last goes, 4.8.4); a Prestige roll (4.7.1); the player
    draws a card (5.3.1)."""
    pc = f["pc"]
    side = f["side"]
    if pc == "start" or (pc == "country" and a is None):
        targets = tora_bora_countries(st)
        if not targets:
            pop(st)
            return
        f["pc"] = "country"
        ask_values(st, side, "country", targets, "card 109",
            "Tora Bora: a Regime Change country with at least 2 cells")
        return
    if pc == "country":
        f["country"] = a["country"]
        f["pc"] = "second"
        push_remove_cell(st, f["country"], side, "card 109")
        return
    if pc == "second":
        f["pc"] = "removed"
        push_remove_cell(st, f["country"], side, "card 109")
        return
    if pc == "removed":
        f["pc"] = "prestige"
        push(st, "prestige_roll")
        return
    if pc == "prestige":
        cite(st, "card 109")
        f["pc"] = "drawn"
        push_draw(st, side)
        return
    pop(st)


# -- 110 Zarqawi ---------------------------------------------------------------------------------
ZARQAWI = ("Iraq", "Syria", "Lebanon", "Jordan")


def zarqawi_countries(st) -> list[str]:
    return [n for n in ZARQAWI if troops(st, n) > 0]


def zarqawi_playable(st, side) -> bool:
    return bool(zarqawi_countries(st))


@event(110, playable=zarqawi_playable)
def zarqawi(st, f, a) -> None:
    """Card 110 Zarqawi (RIMUOVERE SE GIOCATO DAGLI USA): "Giocatelo se l'Iraq, la Siria, il Libano
    o la Giordania hanno truppe. Se giocato dagli USA, +3 al Prestigio. [...] Se giocato dalla
    jihad, ponete 3 cellule ed un Complotto 2 lì".

    US: Prestige +3. Jihadist: "lì" is the one of those countries with troops the Jihadist selects
    (A37); tested first if unmarked (A54); 3 cells from the Funding track (4.7.4.2; as many as
    there are) and the Available plot marker "2" (none Available: no plot, A18)."""
    if f["side"] == "US":
        shift_prestige(st.d, +3)
        cite(st, "card 110")
        pop(st)
        return
    pc = f["pc"]
    if pc == "start" or (pc == "country" and a is None):
        targets = zarqawi_countries(st)
        if not targets:
            pop(st)
            return
        f["pc"] = "country"
        ask_values(st, "Jihadist", "country", targets, "card 110",
            "Zarqawi: where to place 3 cells and a Plot 2")
        return
    if pc == "country":
        f["country"] = a["country"]
        f["pc"] = "tested"
        push_site_test(st, f["country"])  # a selected placement site (4.9.4; A54, event_select_tests)
        return
    name = f["country"]
    place_cells(st, name, 3)
    if 2 in st.d["plots_available"]:
        place_plot(st, name, 2)
    cite(st, "card 110")
    pop(st)


# -- 111 Zawahiri, 112 Bin Ladin -----------------------------------------------------------------
# card: (US Funding shift, Jihadist Prestige shift, Jihadist Prestige shift with Islamist Rule)
LEADERS = {111: (-2, -1, -3), 112: (-4, -2, -4)}


def leader_playable(st, side) -> bool:
    """"Gli USA possono giocarlo se non vi sono Governo Islamico, FATA, o Al-Anbar"; the Jihadist
    always may."""
    if side != "US":
        return True
    return not (any_islamist_rule(st) or in_effect(st, "FATA") or in_effect(st, "Al-Anbar"))


@event(111, 112, playable=leader_playable)
def al_qaeda_leader(st, f, a) -> None:
    """Card 111 Zawahiri: "Gli USA possono giocarlo se non vi sono Governo Islamico, FATA, o
    Al-Anbar. -2 ai Fondi, RIMUOVERE questa carta. Se giocato dalla jihad, -1 al Prestigio, o -3 al
    Prestigio se vi è un Governo Islamico". Card 112 Bin Ladin: the same with -4 Funding, and -2 or
    -4 Prestige. RIMUOVERE SE GIOCATO DAGLI USA (events/play.py)."""
    n = f["card"]
    funding, prestige, prestige_ir = LEADERS[n]
    if f["side"] == "US":
        shift_funding(st.d, funding)
    else:
        shift_prestige(st.d, prestige_ir if any_islamist_rule(st) else prestige)
    cite(st, f"card {n}")
    pop(st)


# -- 113 Darfur ----------------------------------------------------------------------------------
@event(113)
def darfur(st, f, a) -> None:
    """Card 113 Darfur: "Testate il Sudan. Se il Prestigio USA è Alto o Molto Alto, ponete 1 Aiuto
    in Sudan e spostatelo di 1 casella verso Alleato; altrimenti, ponete un Regime Assediato e
    spostatelo verso Avversario" (A37: both on Sudan; Prestige levels 4.7.1)."""
    name = "Sudan"
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, name)
        return
    c = st.d["countries"][name]
    if prestige_level(st.d["prestige"]) in ("high", "very_high"):
        c["aid"] += 1
        shift_alignment(st, name, "ally")
    else:
        c["besieged"] = True
        shift_alignment(st, name, "adversary")
    cite(st, "card 113", "4.7.1")
    pop(st)


# -- 114 GTMO ------------------------------------------------------------------------------------
@event(114)
def gtmo(st, f, a) -> None:
    """Card 114 GTMO (TEMPORANEO): "Tirate per il Prestigio. Nessuna operazione di reclutamento o
    Rilascio di Detenuti per il resto di questo turno".

    A Prestige roll (4.7.1). The card goes to the Lapsing box (events/play.py); while it is in
    effect Detainee Release is blocked (data/event_markers.yaml) and Recruit operations are
    forbidden (the operations, A47)."""
    if f["pc"] == "start":
        f["pc"] = "rolled"
        push(st, "prestige_roll")
        return
    cite(st, "card 114", "6.2.7")
    pop(st)


# -- 115 Hambali ---------------------------------------------------------------------------------
def hard_posture(st, name: str) -> bool:
    if name == "United States":
        return st.d["us_posture"] == "hard"
    return st.d["countries"][name]["posture"] == "hard"


def hambali_countries(st) -> list[str]:
    """Indonesia/Malaysia or an adjacent country, with a cell, that is an Ally or Hard."""
    near = {"Indonesia/Malaysia"} | set(st.map.adjacent("Indonesia/Malaysia", st.patriot_act()))
    return [n for n, c in st.d["countries"].items()
            if n in near and cells(c) and (c["align"] == "ally" or hard_posture(st, n))]


def hambali_playable(st, side) -> bool:
    return bool(hambali_countries(st))


@event(115, playable=hambali_playable)
def hambali(st, f, a) -> None:
    """Card 115 Hambali (RIMUOVERE SE GIOCATO DAGLI USA): "Giocatelo se l'Indonesia o un paese
    adiacente ha una cellula ed è un Alleato o Duro. Se giocato dagli USA; rimuovere la cellula,
    pescate 2 carte [...]. Se giocato dalla jihad, ponete lì un complotto disponibile".

    The player selects such a country. US: remove a cell there (a Cadre if it was the last, 4.8.4)
    and the US draws 2 cards. Jihadist: any Available plot there, WMD included (module docstring);
    with none Available nothing is selected."""
    pc = f["pc"]
    side = f["side"]
    if pc == "start" or (pc == "country" and a is None):
        targets = hambali_countries(st)
        if not targets or (side == "Jihadist" and not plot_options(st, None, True)):
            cite(st, "card 115")
            pop(st)
            return
        f["pc"] = "country"
        ask_values(st, side, "country", targets, "card 115",
            "Hambali: Indonesia/Malaysia or an adjacent Ally or Hard country with a cell")
        return
    if pc == "country":
        f["country"] = a["country"]
        if side == "Jihadist":
            f["pc"] = "done"
            push_place_plot(st, f["country"], "card 115", None, True)
            return
        f["pc"] = "draw1"
        push_remove_cell(st, f["country"], "US", "card 115")
        return
    if pc == "draw1":
        f["pc"] = "draw2"
        push_draw(st, "US")
        return
    if pc == "draw2":
        f["pc"] = "done"
        push_draw(st, "US")
        return
    pop(st)


# -- 116 KSM -------------------------------------------------------------------------------------
def ksm_countries(st) -> list[str]:
    """Ally or non-Muslim countries (Iran is neither, 4.4) with plot markers."""
    return [n for n, c in st.d["countries"].items()
            if c["plots"] and (c["align"] == "ally" or st.map.countries[n].non_muslim)]


def ksm_playable(st, side) -> bool:
    """"Gli USA possono giocarlo se vi sono complotti in un paese Alleato o non musulmano"; the
    Jihadist always may. (Not allowed in the 2003 scenario: cards.yaml, events/play.py.)"""
    return side != "US" or bool(ksm_countries(st))


@event(116, playable=ksm_playable)
def ksm(st, f, a) -> None:
    """Card 116 KSM (RIMUOVERE SE GIOCATO DAGLI USA): "Gli USA possono giocarlo se vi sono
    complotti in un paese Alleato o non musulmano. Rivelateli e rimuoveteli, pescate 2 carte [...].
    Se giocato dalla jihad, ponete un complotto disponibile in un paese senza Governo Islamico con
    una cellula".

    US: every plot in an Ally or non-Muslim country is revealed and removed, as an Alert removes a
    plot (7.5.3): a numbered marker back to Available Plots, a WMD plot out of the game (8.5.5);
    all of them go, so no chance node picks among face-down markers. Then the US draws 2 cards.
    Jihadist: the Jihadist selects a country not under Islamist Rule with a cell (tested first if
    unmarked, A54) and places any Available plot there, WMD included; none Available: nothing."""
    d = st.d
    pc = f["pc"]
    if f["side"] == "US":
        if pc == "start":
            cleared = ksm_countries(st)
            for name in cleared:
                plots = d["countries"][name]["plots"]
                for p in plots:
                    plot_leaves_map(st, p)  # as Alert (7.5.3): WMD out of the game (8.5.5)
                plots.clear()
                nest_plot_removed(st, name, None, face_down=False)  # card 5 NEST, A52: none left there
            d["plots_available"].sort()
            forget_backlash(st, cleared)
            cite(st, "card 116", "7.5.3")
            f["pc"] = "draw2"
            push_draw(st, "US")
            return
        if pc == "draw2":
            f["pc"] = "done"
            push_draw(st, "US")
            return
        pop(st)
        return
    if pc == "start":
        targets = [n for n, c in d["countries"].items() if c["gov"] != IR and cells(c)]
        f["pc"] = "done"
        push_plot_at_chosen_site(st, targets, "card 116",
                                 "KSM: a country not under Islamist Rule with a cell for the plot")
        return
    pop(st)


# -- 117, 118 Oil Price Spike --------------------------------------------------------------------
def oil_spike_takeable(st) -> list[int]:
    """Cards other than Oil Price Spike in the discard pile, the Lapsing box or the 1st Plot box."""
    d = st.d
    return sorted(n for n in d["discard"] + d["lapsing"] + d["first_plot"]
                  if st.cards[n].name != "Oil Price Spike")


@event(117, 118)
def oil_price_spike(st, f, a) -> None:
    """Cards 117-118 Oil Price Spike (TEMPORANEO): "Scegliete, rivelate e pescate una carta che non
    sia Picco del Prezzo del Petrolio prendendola dal mazzo degli scarti o da una casella. Aggiungere
    +1 alle risorse di ciascun paese esportatore di petrolio per il turno".

    The player selects a card ({"card": n}) from the discard pile, the Lapsing box or the 1st Plot
    box and takes it into his hand (nothing there: nothing). A card taken from the Lapsing box
    leaves its effect in place for the rest of the turn (4.7.7.3: its marker replaces it,
    ``lapsing_effects``); taken from the 1st Plot box, the exemption stays used (4.7.7.3). The +1
    Resources of oil exporters (4.2.6, A39) comes from this card in the Lapsing box
    (countries.resources): for every purpose under the ruling ``oil_spike_scope`` "everywhere"
    (default), for victory only under "victory_only" (8.4.4 Funding, card 32 Back Channel and the
    solo priorities then read the printed Resources); 2.2: a double instant victory it causes goes
    to the player."""
    d = st.d
    n = f["card"]
    if f["pc"] == "start" or (f["pc"] == "taken" and a is None):
        options = oil_spike_takeable(st)
        if not options:
            cite(st, f"card {n}")
            pop(st)
            return
        f["pc"] = "taken"
        ask(st, f["side"], [{"card": x} for x in options], f"card {n}",
            "Oil Price Spike: take a card from the discard pile, the Lapsing box or the 1st Plot box")
        return
    x = a["card"]
    if x in d["lapsing"]:
        d["lapsing"].remove(x)
        d["lapsing_effects"].append(x)
        cite(st, "4.7.7.3")
    elif x in d["first_plot"]:
        d["first_plot"].remove(x)
        cite(st, "4.7.7.3")
    else:
        d["discard"].remove(x)
    from cdg_oracle.model.labyrinth.turn import add_to_hand
    add_to_hand(st, f["side"], x)
    cite(st, f"card {n}")
    pop(st)


# -- 119 Saleh -----------------------------------------------------------------------------------
@event(119)
def saleh(st, f, a) -> None:
    """Card 119 Saleh (TEMPORANEO, A26): "Testate lo Yemen. Se giocato dagli USA, a meno che sia a
    Governo Islamico, spostatelo ad Alleato e ponete 1 Aiuto. Se giocato dalla jihad, spostatelo di
    1 casella verso Avversario e ponete un Regime Assediato"."""
    name = "Yemen"
    if f["pc"] == "start":
        f["pc"] = "tested"
        push_test(st, name)
        return
    c = st.d["countries"][name]
    if f["side"] == "US":
        if c["gov"] != IR:
            c["align"] = "ally"
            c["aid"] += 1
    else:
        shift_alignment(st, name, "adversary")
        c["besieged"] = True
    cite(st, "card 119")
    pop(st)


# -- 120 US Election -----------------------------------------------------------------------------
@event(120)
def us_election(st, f, a) -> None:
    """Card 120 US Election (EVENTO AUTOMATICO, TEMPORANEO): "Quando questa carta viene usata per
    operazioni o scartata: tirate per la Postura USA. Poi, se la Penalità GWOT è zero, +1 al
    Prestigio. Altrimenti, -1 al Prestigio" (US Posture roll with +1, 4.9.3; the penalty after
    the roll, 4.7.2.1). Triggered by operations and discard: events/play.py, 6.3.1."""
    if f["pc"] == "start":
        f["pc"] = "rolled"
        push(st, "posture_roll", country="United States")
        return
    shift_prestige(st.d, +1 if gwot_penalty(st.d) == 0 else -1)
    cite(st, "card 120", "4.7.2.1")
    pop(st)
