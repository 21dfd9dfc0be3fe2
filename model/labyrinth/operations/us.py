"""US operations (chapter 7): War of Ideas (7.2), Deploy (7.3), Regime Change (7.3.4), Withdraw
(7.3.5), Disrupt (7.4), Alert (7.5) and Reassessment (7.6).

Each operation is a procedure ``op_<name>`` driven by atomic choices; ``available_ops`` offers an
operation only if at least one legal way to conduct it exists with the card's value.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.countries import (
    BETTER, NATO, cells, cylinders, gov_value, is_regime_change, move_troops, remove_cells_to_track, sadr,
    set_governance, troops,
)
from cdg_oracle.model.labyrinth.engine import ask, ask_values, cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.events.lasting import in_effect, marker_on, remove_marker
from cdg_oracle.model.labyrinth.events.play import push_event, put_away, triggered_side
from cdg_oracle.model.labyrinth.plots import face_down_plots, nest_face_up_wmd, pick_face_down, remove_plot_as_alert
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import PRESTIGE_WOI_DRM, gwot_penalty, hand_sizes_of, prestige_level, shift_prestige

TRACK = "track"
PHILIPPINES = "Philippines"


# 7.1.1: "Governo Islamico: solo Cambio di Regime (usando una carta da 3, 7.1.3 & 7.3.4)".
ISLAMIST_RULE_VALUE = 3


@implements("7.1.3", "7.1.1")
def closed_by_islamist_rule(st, name: str) -> bool:
    """7.1.3: "L'unica operazione USA consentita in un paese con Governo Islamico è ... il Cambio di
    Regime". FAQ 2: an event may shift an Islamist Rule Adversary to Neutral ("SÌ, ma leggete la
    regola 7.1.3"). Ruling ``neutral_islamist_rule_ops`` (A38):

    * ``regime_change_only`` (default): every Islamist Rule country, whatever its Alignment, accepts
      no US operation but Regime Change;
    * ``neutral_opens_ops``: a *Neutral* Islamist Rule country accepts the operations a Neutral
      country accepts (War of Ideas 7.2.1.1, Disrupt with 2+ troops 7.4.1, Alert 7.5.2), with a
      value-3 card (:func:`_value_covers`); an Adversary one (and an Ally one, which a War of Ideas
      success there would make: 7.2.1.1 gives no Governance step out of Islamist Rule) stays
      Regime Change only."""
    c = st.d["countries"][name]
    if c["gov"] != "islamist_rule":
        return False
    return not (st.rulings.neutral_islamist_rule_ops == "neutral_opens_ops" and c["align"] == "neutral")


def _required_value(st, name: str) -> int | None:
    """7.1.1: the card value an operation in ``name`` needs: Good 1, Fair 2, Poor 3; an Islamist
    Rule country opened by the ``neutral_islamist_rule_ops`` ruling (A38) needs 3, the value 7.1.1
    names for Islamist Rule; None when no operation but Regime Change is allowed (7.1.3) or the
    country is untested."""
    if st.d["countries"][name]["gov"] == "islamist_rule":
        return None if closed_by_islamist_rule(st, name) else ISLAMIST_RULE_VALUE
    return gov_value(st, name)


def _value_covers(st, name: str, value: int) -> bool:
    """7.1.1: Good needs 1+, Fair 2+, Poor 3; Islamist Rule allows only Regime Change (7.1.3), unless
    the ``neutral_islamist_rule_ops`` ruling opens a Neutral one (A38: value 3)."""
    v = _required_value(st, name)
    return v is not None and value >= v


# -- War of Ideas (7.2) -------------------------------------------------------------------------
@implements("7.2.1.1", "7.2.1.3", "7.2.3", "7.1.3")
def woi_targets(st, value: int) -> list[str]:
    """Legal War of Ideas targets with a card of ``value`` (:func:`iter_woi_targets`, listed)."""
    return list(iter_woi_targets(st, value))


@implements("7.2.1.1", "7.2.1.3", "7.2.3", "7.1.3")
def iter_woi_targets(st, value: int):
    """Legal War of Ideas targets with a card of ``value``, in map order, one at a time (so that
    7.1.2's "can a War of Ideas be conducted?" stops at the first).

    Muslim (7.2.1.1): not Adversary, not Islamist Rule (7.1.3; a Neutral one with a value-3 card
    under the ``neutral_islamist_rule_ops`` ruling, A38), an untested country may be chosen (it is
    tested first, 4.9.4); a Regime Change country only if troops exceed cells by 5 or more (7.2.1.3;
    NATO and Sadr count, cards 41 and 54); a Good Ally only under the ``woi_on_good_ally`` ruling
    (A13).
    Non-Muslim (7.2.3): any but the United States, value >= its Governance; Israel only under the
    ``woi_in_israel`` ruling (D25: IT "che non siano gli Stati Uniti o Israele", default; PL/ES
    name only the US).
    """
    for name, info in st.map.countries.items():
        c = st.d["countries"][name]
        if info.muslim:
            if c["align"] == "adversary" or closed_by_islamist_rule(st, name):
                continue
            if c["gov"] is not None:
                if value < _required_value(st, name):
                    continue
                if c["gov"] == "good" and c["align"] == "ally" and not st.rulings.woi_on_good_ally:
                    continue
            if is_regime_change(c) and troops(st, name) - cells(c) < 5:
                continue
            yield name
        elif info.non_muslim and info.has_posture_marker:
            if info.posture == "fixed_hard" and not st.rulings.woi_in_israel:
                continue  # D25 (IT 7.2.3): not in Israel
            if _value_covers(st, name, value):
                yield name


@implements("7.2.1.2", "4.9.2")
def woi_modifiers(st, name: str) -> int:
    """War of Ideas DRMs (4.9.2 table): -1 if the attempt is Fair to Good; Prestige level -1/0/+1/+2;
    minus the GWOT penalty; +1 per Aid; +1 if an adjacent country is a Good Ally (at most +1)."""
    d = st.d
    c = d["countries"][name]
    drm = PRESTIGE_WOI_DRM[prestige_level(d["prestige"])] - gwot_penalty(d) + c["aid"]
    if c["align"] == "ally" and c["gov"] == "fair":
        drm -= 1
    for other in st.map.adjacent(name, patriot_act=st.patriot_act()):
        o = d["countries"][other]
        if o["gov"] == "good" and o["align"] == "ally":
            drm += 1
            break
    return drm


@procedure("op_war_of_ideas")
def op_war_of_ideas(st, f, a) -> None:
    """7.2: choose a target, test it if untested (4.9.4), then roll."""
    pc = f["pc"]
    if pc == "start" or (pc == "target" and a is None):
        f["pc"] = "target"
        ask_values(st, "US", "country", woi_targets(st, f["value"]), "7.2", "War of Ideas target")
        return
    if pc == "target":
        f["country"] = a["country"]
        f["pc"] = "tested"
        if st.map.countries[f["country"]].muslim:
            push_test(st, f["country"])
        # A non-Muslim target is not tested first: the War of Ideas rolls the Posture table once,
        # "to set (or reset)" it, "whether or not Posture is already marked" (7.2.3), so that one
        # roll is also the roll that marks an untested country (4.9.4).
        return
    name = f["country"]
    if st.map.countries[name].muslim:
        woi_muslim(st, f, a)
    else:
        woi_non_muslim(st, f, a)


@implements("7.2.1.2", "7.2.2.1", "7.2.2.2", "4.8.3", "4.9.5")
def woi_muslim(st, f, a) -> None:
    """7.2.1.2: a modified roll of 5+ shifts a Neutral to Ally or improves an Ally's Governance one
    level; 7.2.2.1: failing by exactly 1 places the first Aid marker. 4.9.5: if the test made the
    card too weak for the Governance found, the War of Ideas fails."""
    d = st.d
    name = f["country"]
    c = d["countries"][name]
    if f["pc"] == "tested" or a is None:  # a is None at "rolled": the roll posed again
        if f["value"] < _required_value(st, name):
            cite(st, "4.9.5")
            pop(st)
            return
        f["pc"] = "rolled"
        roll(st, "7.2.1.2", f"War of Ideas roll in {name}")
        return
    total = a["die"] + woi_modifiers(st, name)
    cite(st, "7.2.1.2", "4.9.2")
    if total >= 5:
        if c["align"] == "neutral":
            c["align"] = "ally"
        elif c["gov"] in ("poor", "fair"):
            set_governance(st, name, BETTER[c["gov"]])
            cite(st, "7.2.1.1")
    elif total == 4 and c["aid"] == 0:
        c["aid"] = 1
        cite(st, "7.2.2.1")
    pop(st)


@implements("7.2.3", "4.9.4")
def woi_non_muslim(st, f, a) -> None:
    """7.2.3: roll the Posture table once (whether or not Posture is set; for an untested country
    this single roll sets it, 4.9.4); if the result equals the US Posture, Prestige +1.

    Israel (only a target under the ``woi_in_israel`` ruling, D25): 7.2.3 compares "la Postura del
    paese in questione dopo la Guerra delle Ideologie" with the US Posture, and Israel's Posture "è
    sempre Dura" (4.3.3), so the roll can neither determine nor change it: ``posture_roll`` rolls
    nothing there (no chance node, as for any Posture roll in Israel), Israel stays Hard, and
    Prestige +1 exactly when the US Posture is Hard."""
    d = st.d
    name = f["country"]
    if f["pc"] == "tested":
        f["pc"] = "rolled"
        push(st, "posture_roll", country=name)
        return
    cite(st, "7.2.3")
    if d["countries"][name]["posture"] == d["us_posture"]:
        shift_prestige(d, +1)
    pop(st)


# -- Deploy, Regime Change, Withdraw (7.3) -------------------------------------------------------
@implements("7.3.1")
def deployable(st, src: str) -> int:
    """Troop cubes that may Deploy out of ``src`` (7.3.1): all of them, except that a Regime Change
    country (:func:`deploy_restricted`) must keep at least 5 more troops than cells (Sadr counts as
    a cell, card 54). The troops *left* there are counted by :func:`troops_left_counted` (card 41
    NATO, A08 ``nato_troops``)."""
    if src == TRACK:
        return st.d["troops_track"]
    c = st.d["countries"][src]
    if deploy_restricted(st, c):
        return max(0, min(c["troops"], troops_left_counted(st, src) - cells(c) - 5))
    return c["troops"]


@implements("7.3.1", "4.8.2", "7.3.4.1")
def deploy_restricted(st, c: dict) -> bool:
    """7.3.1 "ECCEZIONE: Le truppe non possono Schierarsi da un paese con Cambio di Regime (7.3.4.1)
    se questo lascerebbe meno di 5 truppe in più di quante cellule sono presenti lì": does the
    exception bind country ``c``? Ruling ``rc_deploy_restriction`` (D24):

    * ``any_marker`` (default): every Regime Change country, green or tan marker (7.3.4.1: any
      country with a Regime Change marker is one); the 5.2.9 flip frees no troops;
    * ``green_only``: only while the marker is green (PL 4.8.2 removes the flipped marker "from
      atop the troops", 5.2.9); a tan Regime Change country deploys freely."""
    if not is_regime_change(c) or c["rc"] == "green":
        return is_regime_change(c)
    return st.rulings.rc_deploy_restriction != "green_only"  # a tan marker: the one case it changes


@implements("card 41", "7.3.1")
def troops_left_counted(st, src: str) -> int:
    """The troops of ``src`` that count toward the 7.3.1 margin before a Deploy out. Card 41 NATO
    "La NATO vale 2 Truppe. Se si schiera, rimuovetela", ruling ``nato_troops`` (A08):

    * ``removed_on_move`` (default) and ``counts_on_track``: NATO leaves as soon as troops deploy
      out (``countries.move_troops``), so the troops left are the cubes only;
    * ``withdraw_only``: NATO stays unless the troops leave by Withdraw or all leave, so it counts
      as 2 troops left (a Deploy under the 7.3.1 margin never takes the last cube: the margin
      needs 5 troops left)."""
    c = st.d["countries"][src]
    if NATO in c["markers"] and st.rulings.nato_troops == "withdraw_only":  # read only where NATO is
        return troops(st, src)
    return c["troops"]


@implements("7.3.2", "7.3.3", "card 57")
def deploy_destinations(st, value: int, src: str) -> list[str]:
    """7.3.2-7.3.3: an Ally (hence Muslim) country whose Governance the card's value covers, or the
    Troops track (treated as Good-1); never the origin. Card 57 Abu Sayyaf: "Mentre è in effetto
    questo evento, gli USA possono schierarsi lì": while its marker is on the Philippines, the
    Philippines (non-Muslim, Fair) is a destination too (A03, A41), the card's value covering its
    Governance (7.3.2)."""
    out = [] if src == TRACK else [TRACK]
    for name in st.map.muslim:
        c = st.d["countries"][name]
        if name != src and c["align"] == "ally" and c["gov"] != "islamist_rule" and _value_covers(st, name, value):
            out.append(name)
    if src != PHILIPPINES and marker_on(st, "Abu Sayyaf", PHILIPPINES) and _value_covers(st, PHILIPPINES, value):
        out.append(PHILIPPINES)
    return out


def deploy_sources(st) -> list[str]:
    srcs = [TRACK] if st.d["troops_track"] > 0 else []
    srcs += [n for n, c in st.d["countries"].items() if c["troops"] > 0 and deployable(st, n) > 0]
    return srcs


@procedure("op_deploy")
@implements("7.3", "7.3.1")
def op_deploy(st, f, a) -> None:
    """7.3.1: move any number of troops from one location (a country or the Troops track) to one
    other; choose the origin, the destination, then the number."""
    pc = f["pc"]
    if pc == "start" or (pc == "from" and a is None):
        srcs = [s for s in deploy_sources(st) if deploy_destinations(st, f["value"], s)]
        f["pc"] = "from"
        ask_values(st, "US", "from", srcs, "7.3.1", "Deploy: from")
        return
    if pc == "from":
        f["from"] = a["from"]
        f["pc"] = pc = "to"
        a = None
    if pc == "to" and a is None:
        ask_values(st, "US", "to", deploy_destinations(st, f["value"], f["from"]), "7.3.3", "Deploy: to")
        return
    if pc == "to":
        f["to"] = a["to"]
        f["pc"] = pc = "n"
        a = None
    if a is None:
        ask_values(st, "US", "troops", range(1, deployable(st, f["from"]) + 1), "7.3.1", "Deploy: how many troops")
        return
    move_troops(st, f["from"], f["to"], a["troops"])
    cite(st, "7.3.1")
    if f["to"] == PHILIPPINES:
        cite(st, "card 57")
    pop(st)


@implements("7.3.4")
def regime_change_sources(st, target: str) -> list[str]:
    """Locations with at least 6 troops able to deploy (7.3.4, 7.3.1), other than the target."""
    return [s for s in ([TRACK] + list(st.d["countries"])) if s != target and deployable(st, s) >= 6]


# Cards 37 and 39: the marker that allows Regime Change at any Governance, by country.
CASUS_BELLI = {"Iraq": "Iraqi WMD", "Libya": "Libyan WMD"}


@implements("7.3.4", "7.3.4.1", "card 37", "card 39")
def regime_change_targets(st, value: int) -> list[str]:
    """7.3.4: US Posture Hard, a value-3 card, an Islamist Rule target, 6+ troops from one place.
    Cards 37 Iraqi WMD and 39 Libyan WMD: "Usate questa carta o una seguente per il Cambio di
    Regime in Iraq [Libia] a qualsiasi Governo": while the marker is on Iraq (Libya), that country
    is a target at any Governance (A35: a Good one too, literally; the other conditions stand).
    Ruling ``rc_on_good_by_event`` (A35): True (default), a Good Iraq (Libya) is a target too;
    False, 7.3.4.1 ("only Poor or Fair countries can be Regime Change countries") still excludes a
    Good one, and the cards open Regime Change there only when Poor, Fair or Islamist Rule."""
    if st.d["us_posture"] != "hard" or value < 3:
        return []
    good_ok = st.rulings.rc_on_good_by_event
    return [n for n in st.map.muslim
            if (st.d["countries"][n]["gov"] == "islamist_rule"
                or (casus_belli(st, n) and (good_ok or st.d["countries"][n]["gov"] != "good")))
            and regime_change_sources(st, n)]


def casus_belli(st, name: str) -> bool:
    """Card 37 / 39's marker is on ``name`` (Iraq / Libya)."""
    return name in CASUS_BELLI and marker_on(st, CASUS_BELLI[name], name)


@implements("4.8.2", "5.2.9", "2.3", "3.3", "5.3.1")
def tan_marker_allowed(st) -> bool:
    """4.8.2 NOTA: "Se il turno corrente difficilmente sarà l'ultimo (3.3) e desiderate evitare il
    passaggio di girare il segnalino (5.2.9) poneteli con la parte marrone chiaro visibile". May the
    US place a new Regime Change marker tan side up? Ruling ``rc_marker_tan`` (D23):

    * ``always_green`` (default): never; it is placed green and flipped at 5.2.9;
    * ``unless_last_turn`` (IT/PL): when the current turn will not be the last;
    * ``in_last_turn`` (ES): when it will be the last.

    A green marker counts as Islamist Rule at the 2.3 end-of-game count, a tan one does not."""
    choice = st.rulings.rc_marker_tan
    if choice == "always_green":
        return False
    return turn_will_be_last(st) is (choice == "in_last_turn")


@implements("3.3", "5.3.1", "5.2.8", "5.3.2")
def turn_will_be_last(st) -> bool:
    """3.3/5.3.1: the game ends (2.3) when a card must be drawn, the draw pile is empty and the
    reshuffle would be the one of the game length (Deck marker). Project decision (D23): whether the
    current turn will be the last is judged from the open information of the moment (5.3.2): this
    is the last deck (one reshuffle left before the end) and the draw pile holds fewer cards than
    the end-of-turn deal (5.2.8) at the current Funding and Troops boxes. Later changes of those
    boxes, or draws by events, may still change the outcome; the forecast does not look ahead."""
    d = st.d
    if d["reshuffles"] + 1 < d["decks"]:
        return False
    return len(d["deck"]) < sum(hand_sizes_of(st).values())  # A11: funding_3_level


@procedure("op_regime_change")
@implements("7.3.4")
def op_regime_change(st, f, a) -> None:
    """7.3.4, in order: deploy 6+ troops in; green Regime Change marker; roll Governance; Ally;
    flip its Sleeper cells Active; roll Prestige. Ruling ``rc_marker_tan`` (D23): when
    :func:`tan_marker_allowed`, the US says, before the Governance roll (the marker is placed
    first, 7.3.4), whether the marker goes on green or tan (``{"marker": "green"|"tan"}``).

    The green marker is placed in the same atomic step as the Governance result (nothing reads it
    in between), so that no state -- the Governance roll's chance node included -- shows a Regime
    Change marker on an Islamist Rule country, which 7.3.4.1 forbids ("only Poor or Fair countries
    can be Regime Change countries; remove the marker immediately" from Islamist Rule)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "target" and a is None):
        f["pc"] = "target"
        targets = regime_change_targets(st, f["value"])
        if f.get("only"):
            targets = [n for n in targets if n == f["only"]]   # cards 37 / 39 used at once
        ask_values(st, "US", "country", targets, "7.3.4", "Regime Change target")
        return
    if pc == "target":
        f["country"] = a["country"]
        f["pc"] = pc = "from"
        a = None
    if pc == "from" and a is None:
        ask_values(st, "US", "from", regime_change_sources(st, f["country"]), "7.3.4", "Regime Change: troops from")
        return
    if pc == "from":
        f["from"] = a["from"]
        f["pc"] = pc = "n"
        a = None
    if pc == "n" and a is None:
        ask_values(st, "US", "troops", range(6, deployable(st, f["from"]) + 1), "7.3.4", "Regime Change: how many troops")
        return
    name = f["country"]
    c = d["countries"][name]
    if pc == "marker" and a is None:
        ask(st, "US", [{"marker": "green"}, {"marker": "tan"}], "4.8.2",
            f"Regime Change in {name}: place the marker green or tan (D23)?")
        return
    if pc == "n":
        move_troops(st, f["from"], name, a["troops"])
        cite(st, "7.3.4")
        if casus_belli(st, name):
            # Cards 37/39: "Rimuovere il segnalino se lo fate": a Regime Change in Iraq (Libya)
            # with the marker there uses it up, whatever the Governance was.
            remove_marker(st, CASUS_BELLI[name], name)
            cite(st, "card 37" if name == "Iraq" else "card 39")
        if tan_marker_allowed(st):
            f["pc"] = "marker"
            ask(st, "US", [{"marker": "green"}, {"marker": "tan"}], "4.8.2",
                f"Regime Change in {name}: place the marker green or tan (D23)?")
            return
        f["pc"] = "governed"
        push(st, "governance_roll", country=name)
        return
    if pc == "marker":
        f["marker"] = a["marker"]
        cite(st, "4.8.2")
        f["pc"] = "governed"
        push(st, "governance_roll", country=name)
        return
    if pc == "governed":
        c["rc"] = f.get("marker", "green")
        cite(st, "4.8.2")
        c["align"] = "ally"
        c["actives"] += c["sleepers"]
        c["sleepers"] = 0
        cite(st, "7.3.4", "4.6.4")
        f["pc"] = "done"
        push(st, "prestige_roll")
        return
    pop(st)


@implements("7.3.5")
def withdraw_sources(st, value: int) -> list[str]:
    """7.3.5: US Posture Soft, a value-3 card, troops in a Regime Change country."""
    if st.d["us_posture"] != "soft" or value < 3:
        return []
    return [n for n, c in st.d["countries"].items() if is_regime_change(c) and c["troops"] > 0]


def withdraw_destinations(st, src: str) -> list[str]:
    """Where withdrawn troops go: the ``withdraw_destination`` ruling (A15)."""
    if st.rulings.withdraw_destination == "track_only":
        return [TRACK]
    return deploy_destinations(st, 3, src)


@procedure("op_withdraw")
@implements("7.3.5")
def op_withdraw(st, f, a) -> None:
    """7.3.5: deploy any number of troops out of a Regime Change country (regardless of cells);
    remove its Aid; place a Besieged Regime if none; roll Prestige. The Regime Change marker stays.
    Only cubes withdraw; a NATO marker there is removed under every reading of ``nato_troops``
    (card 41, A08; ``move_troops`` with ``withdraw=True``)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "from" and a is None):
        f["pc"] = "from"
        ask_values(st, "US", "from", withdraw_sources(st, f["value"]), "7.3.5", "Withdraw: from")
        return
    if pc == "from":
        f["from"] = a["from"]
        f["pc"] = pc = "to"
        a = None
    if pc == "to" and a is None:
        ask_values(st, "US", "to", withdraw_destinations(st, f["from"]), "7.3.5", "Withdraw: to")
        return
    if pc == "to":
        f["to"] = a["to"]
        f["pc"] = pc = "n"
        a = None
    if pc == "n" and a is None:
        ask_values(st, "US", "troops", range(1, d["countries"][f["from"]]["troops"] + 1), "7.3.5",
            "Withdraw: how many troops")
        return
    if pc == "n":
        move_troops(st, f["from"], f["to"], a["troops"], withdraw=True)
        c = d["countries"][f["from"]]
        c["aid"] = 0
        c["besieged"] = True
        cite(st, "7.3.5")
        f["pc"] = "done"
        push(st, "prestige_roll")
        return
    pop(st)


# -- Disrupt (7.4) -------------------------------------------------------------------------------
@implements("7.4.1", "card 54", "card 58", "card 80")
def disrupt_targets(st, value: int) -> list[str]:
    """Legal Disrupt targets with a card of ``value`` (:func:`iter_disrupt_targets`, listed)."""
    return list(iter_disrupt_targets(st, value))


@implements("7.4.1", "card 54", "card 58", "card 80")
def iter_disrupt_targets(st, value: int):
    """7.4.1, in map order, one at a time (7.1.2 stops at the first): a country with a cell or
    Cadre that is an Ally, or has 2+ troops (NATO counts 2, card 41), or is non-Muslim (not Iran);
    the card's value must cover its Governance (7.1.1); never Islamist Rule (7.1.3), but a Neutral
    one (with 2+ troops and a value-3 card) under the ``neutral_islamist_rule_ops`` ruling (A38,
    :func:`closed_by_islamist_rule`). Something must be disruptable (:func:`disruptable`): Sadr
    cannot be Disrupted (card 54), nor a Cadre in Iraq or Syria under Al-Anbar (card 58). Card 80 FATA: "Non
    sono consentite lì operazioni di Disorganizzazione a meno che non vi sia un Cambio di Regime":
    no Disrupt in Pakistan while FATA is there unless Pakistan is a Regime Change country."""
    for name, info in st.map.countries.items():
        c = st.d["countries"][name]
        if not disruptable(st, name):
            continue
        if not (c["align"] == "ally" or troops(st, name) >= 2 or info.non_muslim):
            continue
        if fata_forbids(st, name):
            continue
        if _value_covers(st, name, value):
            yield name


@implements("card 80")
def fata_forbids(st, name: str) -> bool:
    """Card 80 FATA on ``name`` (Pakistan) and no Regime Change there: no Disrupt."""
    return marker_on(st, "FATA", name) and not is_regime_change(st.d["countries"][name])


@implements("card 58")
def al_anbar_limits(st, name: str) -> bool:
    """Card 58 Al-Anbar in effect: "La Disorganizzazione in Iraq o Siria influenza 1 sola cellula
    (non quadro)"."""
    return name in ("Iraq", "Syria") and in_effect(st, "Al-Anbar")


def disruptable(st, name: str) -> bool:
    """7.4.2: a Disrupt in ``name`` can affect something: a cell cylinder (Sadr cannot be
    Disrupted, card 54), or a Cadre when no cells (Sadr included) are there, except under Al-Anbar
    in Iraq and Syria (card 58: never a Cadre)."""
    c = st.d["countries"][name]
    if cylinders(c):
        return True
    return c["cadre"] and cells(c) == 0 and not al_anbar_limits(st, name)


@implements("7.4.2", "4.3.2")
def hard_posture(st, name: str) -> bool:
    """A country's Posture for 7.4.2 ("almeno due truppe o la cui Postura è Dura"). The United
    States has no Posture marker: its Posture is the US Posture on the GWOT track (4.3.2). Ruling
    ``disrupt_us_posture`` (A14): True (default), the US counts as Hard when the US Posture is Hard;
    False, the United States has no country Posture for 7.4.2 (2 cells only with 2+ troops)."""
    if name == "United States":
        return st.rulings.disrupt_us_posture and st.d["us_posture"] == "hard"
    return st.d["countries"][name]["posture"] == "hard"


@procedure("op_disrupt")
@implements("7.4.2", "7.4.3", "7.4.4")
def op_disrupt(st, f, a) -> None:
    """7.4.2: affect 2 cells if the country has 2+ troops or Hard Posture, else 1, chosen by the US:
    an Active cell goes to the Funding track, a Sleeper becomes Active (never both to one cell);
    with no cells, remove the Cadre instead. 7.4.3: removing the last cell places a Cadre. 7.4.4:
    with 2+ troops there, Prestige +1. Troops include NATO (card 41); Sadr is a cell that cannot
    be Disrupted (card 54: only cylinders are affected, and with Sadr there the Cadre stays); in
    Iraq and Syria under Al-Anbar only 1 cell is affected (card 58)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "target" and a is None):
        f["pc"] = "target"
        ask_values(st, "US", "country", disrupt_targets(st, f["value"]), "7.4.1", "Disrupt target")
        return
    if pc == "target":
        f["country"] = a["country"]
        f["pc"] = "tested"
        record(st, "disrupted", f["country"])  # for card 61 (action_log.py)
        push_test(st, f["country"])
        return
    name = f["country"]
    c = d["countries"][name]
    if pc == "tested":
        if cylinders(c) == 0:
            if disruptable(st, name):
                c["cadre"] = False
                cite(st, "7.4.2")
            f["pc"] = "after"
            return
        f["left"] = min(cylinders(c), 2 if (troops(st, name) >= 2 or hard_posture(st, name)) else 1)
        if sadr(c):
            cite(st, "card 54")
        if al_anbar_limits(st, name):
            f["left"] = min(f["left"], 1)
            cite(st, "card 58")
        f["removable"] = c["actives"]
        f["removed"] = 0
        f["pc"] = "cell"
        return
    if pc == "cell":
        if a is None:
            if f["left"] == 0:
                f["pc"] = "after"
                return
            options = []
            if f["removable"] > 0:
                options.append({"cell": "active"})
            if c["sleepers"] > 0:
                options.append({"cell": "sleeper"})
            ask(st, "US", options, "7.4.2", f"Disrupt in {name}: which cell", key="cell")
            return
        if a["cell"] == "active":
            remove_cells_to_track(st, name, 1, 0)
            f["removable"] -= 1
            f["removed"] += 1
        else:
            c["sleepers"] -= 1
            c["actives"] += 1
        f["left"] -= 1
        cite(st, "7.4.2")
        return
    if pc == "after":
        if f.get("removed") and cells(c) == 0:
            c["cadre"] = True
            cite(st, "7.4.3")
        if troops(st, name) >= 2:
            shift_prestige(d, +1)
            cite(st, "7.4.4")
        pop(st)


# -- Alert (7.5) ---------------------------------------------------------------------------------
@implements("7.5.1", "7.5.2", "7.1.3")
def alert_targets(st, value: int) -> list[str]:
    """7.5.1-7.5.2: a value-3 card; any country with a plot marker (Adversary and Iran included),
    except one under Islamist Rule: 7.1.3 allows no US operation there but Regime Change (a plot
    placed earlier can be there after a Major Jihad by the Jihadist's second card). The
    ``alert_in_islamist_rule`` ruling allows it instead; the ``neutral_islamist_rule_ops`` ruling
    (A38) opens a Neutral Islamist Rule country (:func:`closed_by_islamist_rule`)."""
    if value < 3:
        return []
    allow_ir = st.rulings.alert_in_islamist_rule
    return [n for n, c in st.d["countries"].items()
            if c["plots"] and (allow_ir or not closed_by_islamist_rule(st, n))]


FACE_DOWN = "face down"


@implements("card 5")
def nest_face_up(st, name: str) -> bool:
    """Card 5 NEST: "Complotti WMD negli USA sono sempre a faccia in su" (with the clarification:
    also a WMD plot placed before the event). A52: information only for plot resolution; it matters
    to Alert, where the US selects a face-up marker knowingly. Ruling ``nest_reveals`` (A52):
    "only_later" leaves the WMD plots placed before NEST face down (``plots.nest_face_up_wmd``)."""
    return nest_face_up_wmd(st, name) > 0


@procedure("op_alert")
@implements("7.5.2", "7.5.3", "8.5.4", "card 5")
def op_alert(st, f, a) -> None:
    """7.5.2-7.5.3: select a plot marker in a country, reveal and block it. The US sees a marker
    only after selecting it (8.5.4), so which face-down marker is taken is a chance node. A WMD plot
    is removed from the game; any other returns face down to Available Plots.

    Card 5 NEST: WMD plots in the United States are face up, so there the US chooses between a WMD
    plot (``{"plot": "WMD"}``, no chance node) and a face-down one (``{"plot": "face down"}``, then
    a chance node among the other plots there), when there is one. A52, ruling ``nest_reveals``
    "only_later": the WMD plots placed before NEST are among the face-down ones
    (``plots.face_down_plots``)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "target" and a is None):
        f["pc"] = "target"
        ask_values(st, "US", "country", alert_targets(st, f["value"]), "7.5.2", "Alert: plot in which country")
        return
    if pc == "target":
        f["country"] = a["country"]
    plots = d["countries"][f["country"]]["plots"]
    if a is None and pc == "picked":  # the chance node posed again: among the face-down markers
        pick_face_down(st, face_down_plots(st, f["country"]), "8.5.4",
                       f"which face-down plot in {f['country']} the US selected")
        return
    if pc == "target" or (pc == "nest" and a is None):
        if nest_face_up(st, f["country"]):
            f["pc"] = "nest"
            options = [{"plot": "WMD"}]
            if face_down_plots(st, f["country"]):
                options.append({"plot": FACE_DOWN})
            ask(st, "US", options, "card 5",
                "Alert in the United States (NEST): the face-up WMD plot or a face-down one")
            return
    elif pc == "nest":
        cite(st, "card 5")
        if a["plot"] == FACE_DOWN:
            plots = face_down_plots(st, f["country"])  # the face-down ones (A52)
        else:
            pc = "picked"  # the face-up WMD plot: no chance node
    if pc != "picked":
        f["pc"] = "picked"
        pick_face_down(st, plots, "8.5.4", f"which face-down plot in {f['country']} the US selected")
        return
    remove_plot_as_alert(st, f["country"], a["plot"], face_down=f["pc"] == "picked")  # card 5, A52
    pop(st)


# -- Reassessment (7.6) --------------------------------------------------------------------------
def reassessment_possible(st, value: int, card: int) -> bool:
    """7.6.2: two cards of value 3 (no Reserves), so the whole US Action Phase: only as the phase's
    first card, with another value-3 card in hand."""
    d = st.d
    return (st.cards[card].ops == 3 and d["card_index"] == 1 and d["phase"] == "us_action"
            and any(st.cards[n].ops == 3 for n in d["hands"]["US"]))


@procedure("op_reassessment")
@implements("7.6.1", "7.6.2", "7.6.3", "6.3.2")
def op_reassessment(st, f, a) -> None:
    """7.6: play a second value-3 card and change the US Posture (:func:`_change_posture`: always,
    or at the US's choice, ruling ``reassessment_flip``, D39).

    6.3.2: the second card is used for operations too, so a Jihadist event on it is triggered, and
    US Election (card 120) always is (6.3.2.3). 7.6.3 (A46): "Il giocatore USA decide l'ordine di
    risoluzione del cambio di Postura e di qualsiasi evento della jihad che accade". Ruling
    ``reassessment_event_order``:

    * ``nested`` (default): when the second card triggers an event the US says whether it comes
      before or after the Posture change (``{"event": "first"}`` / ``{"event": "after"}``); the
      first card's triggered event is ordered against the whole operation by ``play_card``
      (6.3.2.1): four of the six orders;
    * ``free``: when the first card's event was put after the operation (6.3.2.1 ``"after"``), it
      joins the Reassessment (:func:`_reassessment_free_order`) and the US orders it freely with
      the second card's event and the Posture change (all six orders).

    The second card is then put away like any played card (discard, Lapsing box or removed,
    ``events.play.put_away``)."""
    d = st.d
    pc = f["pc"]
    if pc == "start" or (pc == "second" and a is None):
        cards = [n for n in d["hands"]["US"] if st.cards[n].ops == 3]
        if not cards:
            pop(st)  # no second value-3 card any more (never offered so: available_ops)
            return
        f["pc"] = "second"
        ask_values(st, "US", "card", cards, "7.6.2", "Reassessment: second value-3 card")
        return
    if pc == "second":
        n = f["second"] = a["card"]
        d["hands"]["US"].remove(n)
        d["in_play"].append(n)
        d["card_index"] = 2
        f["trigger_side"] = triggered_side(st, "US", n)
        if st.rulings.reassessment_event_order == "free" and _take_first_card_event(st, f):
            f["pc"] = "free"
            return
        if f["trigger_side"] is None:
            f["pc"] = "posture"
            return
        f["pc"] = pc = "order"
        a = None
    if pc == "order" and a is None:
        n = f["second"]
        ask(st, "US", [{"event": "first"}, {"event": "after"}], "7.6.3",
            f"Reassessment: card {n} ({st.cards[n].name}) triggers its event: before or after the Posture change?")
        return
    if pc == "order":
        cite(st, "7.6.3")
        f["event_after"] = a["event"] == "after"
        f["pc"] = "posture"
        if not f["event_after"]:
            push_event(st, f["second"], f["trigger_side"], "ops")
        return
    if pc == "posture":
        if not _change_posture(st, a):
            return
        f["pc"] = "dispose"
        if f.get("event_after"):
            push_event(st, f["second"], f["trigger_side"], "ops")
        return
    if pc in ("free", "free_posture"):
        _reassessment_free_order(st, f, a)
        return
    put_away(st, f["second"], f.get("event_happened"))
    pop(st)


OTHER_POSTURE = {"hard": "soft", "soft": "hard"}


@implements("7.6.1")
def _change_posture(st, a) -> bool:
    """7.6.1 "Una operazione di Risposizionamento consente agli USA di cambiare la Postura da Dura a
    Morbida e viceversa. Notate che il cambio di Postura DEVE essere effettuato" (IT; PL/ES only
    "allows"). Ruling ``reassessment_flip`` (D39):

    * ``mandatory`` (default): the Posture flips;
    * ``optional``: the US names its Posture when the change comes to be resolved,
      ``{"posture": <the other one>}`` (change) or ``{"posture": <the current one>}`` (keep).
      Project decision: asked at that moment (after any event the US put before it), not as soon as
      the second card is chosen.

    Returns False when a question has been posed (``a`` is None under ``optional``), True once the
    Posture is settled."""
    d = st.d
    if st.rulings.reassessment_flip == "optional":
        if a is None:
            now = d["us_posture"]
            ask(st, "US", [{"posture": OTHER_POSTURE[now]}, {"posture": now}], "7.6.1",
                "Reassessment: the US Posture (change or keep, D39)")
            return False
        d["us_posture"] = a["posture"]
    else:
        d["us_posture"] = OTHER_POSTURE[d["us_posture"]]
    cite(st, "7.6.1", "7.6.2")
    return True


@implements("7.6.3", "6.3.2.1")
def _take_first_card_event(st, f) -> bool:
    """Ruling ``reassessment_event_order`` ``free`` (A46): if the ``play_card`` frame below this
    Reassessment holds its card's triggered event for after the operation (6.3.2.1), move that
    event into the Reassessment: the items the US orders (``f["items"]``) become the Posture change,
    the first card's event and the second card's event if it triggers one. Returns False (nested
    order kept) when the first card's event is not pending: it already happened before the
    operation, or the card triggers none, and the nested question then gives every order."""
    stack = st.d["stack"]
    parent = stack[-2] if len(stack) >= 2 else None
    if not (parent and parent["proc"] == "play_card" and parent.get("card") == f.get("card")
            and parent.get("event_after")):
        return False
    parent["event_after"] = False   # play_card no longer runs it after the operation
    f["sides"] = {str(parent["card"]): parent["trigger_side"]}
    f["items"] = [{"resolve": "posture"}, {"resolve": "event", "card": parent["card"]}]
    if f["trigger_side"] is not None:
        f["sides"][str(f["second"])] = f["trigger_side"]
        f["items"].append({"resolve": "event", "card": f["second"]})
    f["happened"] = {}
    return True


@implements("7.6.3", "7.6.1", "6.3.2")
def _reassessment_free_order(st, f, a) -> None:
    """Ruling ``reassessment_event_order`` ``free`` (A46), 7.6.3: while two or more of the items
    (the Posture change, the first card's event, the second card's event) are left, the US picks
    the next one (``{"resolve": "posture"}`` or ``{"resolve": "event", "card": n}``); the last one
    is resolved without a question. An event that happens is recorded per card, so that each card
    is put away by its own event (6.2.9, 6.2.7): the second one here, the first one by
    ``play_card`` (its frame's ``event_happened``)."""
    if f.get("running") is not None:       # an event just finished (or did not happen, 6.3.2.1)
        f["happened"][str(f.pop("running"))] = f.pop("event_happened", None)
    if f["pc"] == "free_posture":
        if not _change_posture(st, a):
            return
        f["pc"] = "free"
        return
    items = f["items"]
    if not items:
        stack = st.d["stack"]
        first = stack[-2]
        side = f["happened"].get(str(first["card"]))
        if side is not None:
            first["event_happened"] = side
        f["event_happened"] = f["happened"].get(str(f["second"]))
        f["pc"] = "dispose"
        return
    if len(items) > 1 and a is None:
        ask(st, "US", [dict(i) for i in items], "7.6.3", "Reassessment: what is resolved next?")
        return
    item = a if len(items) > 1 else items[0]
    items.remove(item)
    cite(st, "7.6.3")
    if item["resolve"] == "posture":
        f["pc"] = "free_posture"
        _reassessment_free_order(st, f, None)
        return
    f["running"] = item["card"]
    f.pop("event_happened", None)
    push_event(st, item["card"], f["sides"][str(item["card"])], "ops")


@implements("7.1.2")
def available_ops(st, value: int, card: int) -> list:
    """7.1.2: the US operations that can legally be conducted with a card of ``value``."""
    ops = []
    if next(iter_woi_targets(st, value), None) is not None:
        ops.append({"op": "war_of_ideas"})
    if any(deploy_destinations(st, value, s) for s in deploy_sources(st)):
        ops.append({"op": "deploy"})
    if regime_change_targets(st, value):
        ops.append({"op": "regime_change"})
    if withdraw_sources(st, value):
        ops.append({"op": "withdraw"})
    if next(iter_disrupt_targets(st, value), None) is not None:
        ops.append({"op": "disrupt"})
    if alert_targets(st, value):
        ops.append({"op": "alert"})
    if reassessment_possible(st, value, card):
        ops.append({"op": "reassessment"})
    return ops
