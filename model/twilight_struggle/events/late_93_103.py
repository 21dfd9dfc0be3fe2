"""Events of Late War cards 93-102 and the Early War card 103 Defectors (7.0), each citing its card
(Deluxe number) and stating its text (English, with the seed's key Italian words).

* 93 Iran-Contra Scandal (USSR, starred): for the rest of the turn every US realignment roll is
  modified -1 ("Tutti i tiri di Riallineamento USA hanno un modificatore -1 per il resto del
  turno"): an effect until the end of the turn, hook ``realign_modifier``.
* 94 Chernobyl (US, starred): the US names a region; for the rest of the turn the USSR may not add
  influence there with operations ("Il giocatore USA può designare una Regione. Per il resto del
  turno l'URSS non può aggiungere altra Influenza in quella Regione giocando Punti Operazionali"):
  one of the six regions (2.1; Asia with Southeast Asia, Europe with its halves, 2.1.2), kept in
  the effect's record (``region``), hook ``influence_barred``.
* 95 Latin American Debt Crisis (USSR): unless the US at once discards a card of 3 ops or more (its
  value now, 7.4.2; 5.3: a higher value does; never the China Card, which is not in the hand, 9.5;
  the US chooses, and may decline), the USSR doubles its influence in 2 South American countries
  ("A meno che gli USA non scartino immediatamente una carta operazionale da 3 o più, raddoppiate
  l'Influenza in due paesi Sudamericani"). The discarded card's event does not happen (5.4). The
  seed does not say whose influence is doubled: ruling ``card_95_influence`` (registry C095, the
  dossier's A28): the USSR's (default), or both sides' in the seed edition; the Deluxe card says
  the USSR's.
* 96 Tear Down This Wall (US, starred, underlined): cancels Willy Brandt (card 55) if in force and
  prevents it later (card 55 reads this card's effect); 3 US influence in East Germany; then a free
  coup (6.3.5: DEFCON does not restrict it, 8.2.5: no military operations) or realignment rolls in
  Europe with the card's ops value (7.4.2) ("Effettuate un tentativo di Colpo di Stato gratuito o
  un tiro per il Riallineamento in Europa, usando il Valore Operazionale di questa carta": the ops
  value, so as many rolls as it pays for, 6.2.2). Whether the realignment rolls ignore DEFCON like
  the free coup: ruling ``card_96_free_realign`` (registry C096, the dossier's A17; default: DEFCON
  restricts them, 8.1.5). Nothing to coup or realign: the event ends there.
* 97 "An Evil Empire" (US; starred in the Deluxe, not in the seed: the edition's card list): cancels
  Flower Power (card 59) if in force and prevents it while this card's record stands (card 59 reads
  it: an effect until ``used``, as Marshall Plan's, which nothing uses up); the US gains 1 VP
  ("Annulla (o impedisce) Potere dei Fiori. Ottenete 1 VP").
* 98 Aldrich Ames Remix (USSR, starred; the seed's "Aldrich Ames", 4 ops): two texts, ruling
  ``card_98_text`` (registry C098). Deluxe: the US reveals its hand for the rest of the turn and the
  USSR chooses one of its cards, which is discarded (its event does not happen, 5.4). Seed: "Il
  giocatore USA deve mostrare la sua mano. Il giocatore URSS ordina poi le carte USA; il giocatore
  USA le deve giocare nell'ordine indicato. Il giocatore USA non può giocare la Carta della Cina
  per tutto il turno": the USSR orders the US cards (one at a time, the first to play first); each
  US action round of the turn offers the first card of that order still held that can be played
  (hook ``round_offer``: 5.5 over 4.5 D and 9.8; cards the US gets later come after, with the
  usual offer); the China Card may not be played this turn (hook ``card_barred``). Both keep the
  hand shown in the effect's record (``shown``; the seed's order in ``order``).
* 99 Pershing II Deployed (USSR, starred): the USSR gains 1 VP and removes 1 US influence from each
  of up to 3 Western European countries ("Ottenete 1 VP. Rimuovete una Influenza USA da sino a 3
  paesi dell'Europa Occidentale").
* 100 Wargames (neutral, starred): only at DEFCON 2; the player may end the game at once after
  giving the opponent 6 VP ("Se lo stato DEFCON è a 2, potete immediatamente terminare il gioco
  dopo aver dato all'avversario 6 VP"). The 6 VP are applied first (10.3.1: +/-20 wins at once);
  the Deluxe card ends the game without the final scoring, the VP deciding as 10.3.2's last step
  (the scenario's criterion); the seed's card has no such clause, so the game ends with the final
  scoring (10.3.2): ruling ``card_100_text`` (registry C100).
* 101 Solidarity (US, starred; the seed's card 81): only while John Paul II Elected Pope (card 68)
  is in force; 3 US influence in Poland.
* 102 Iran-Iraq War (neutral, starred; a war, 7.6): Iran or Iraq invades the other (the player
  chooses); a die -1 per country adjacent to the target the defender controls; 4-6 wins 2 VP and
  the defender's influence there; the player adds 2 military operations (8.2.4). Flower Power's
  VP for a war card the US plays: card 59's hook (its list of war cards holds 102).
* 103 Defectors (US): played as the US headline it cancels the USSR's headline, scoring cards
  included, and that card goes to the discards ("Giocarla nella Fase Iniziale per annullare l'evento
  Iniziale dell'URSS, carte di punteggio incluse. La carta annullata viene posta negli scarti"):
  :func:`cancel_headline`, which headline.py runs once both headlines are revealed, before either
  happens (whatever the order of 4.5 C). Played by the USSR in its action round, for operations
  (its event triggered, 5.2; not for the Space Race, 6.4.5, which triggers none) the US gains 1 VP.
  Otherwise the event changes nothing.

``discard_for`` (the US's "discard a card worth N ops or else") is a step other events may share.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, if_, roll, while_
from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.common import card_text, resolve_war, war_modifier
from cdg_oracle.model.twilight_struggle.events.effects import end_effect, hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.mapdata import REGIONS
from cdg_oracle.model.twilight_struggle.tracks import gain_vp
from cdg_oracle.model.twilight_struggle.victory import check_vp, final_scoring

DEBT_OPS = 3  # card 95: "una carta operazionale da 3 o più"
WALL_INFLUENCE = 3  # card 96: "Aggiungere 3 Influenza USA in Germania Orientale"
WARGAMES_VP = 6  # card 100
WARGAMES_DEFCON = 2  # card 100


def _card(st, f) -> int:
    return f["card"]


def _side(st, f) -> str:
    return f["side"]


def _countries(st, area: str) -> list[str]:
    return [c for c in st.map.countries if st.map.in_area(c, area)]


# -- 93 Iran-Contra Scandal --------------------------------------------------------------------------------
@implements("card 93")
def _iran_contra(st, f) -> None:
    """Card 93: the US's realignment rolls are modified -1 until the end of the turn."""
    start_effect(st, 93, f["side"], "turn")


@event(93)
def iran_contra_scandal():
    """Card 93 Iran-Contra Scandal (module docstring)."""
    return [do(_iran_contra)]


@hook("realign_modifier", 93)
def iran_contra_realignment(st, effect, side, country, **_) -> int:
    """Card 93: -1 to every US realignment roll (6.2.2's modified roll)."""
    return -1 if side == "US" else 0


# -- 94 Chernobyl ------------------------------------------------------------------------------------------
def _region_options(st, f) -> list:
    return [{"region": r} for r in REGIONS]


@implements("card 94")
def _chernobyl(st, f) -> None:
    """Card 94: the region named is closed to USSR influence placed with ops until the turn ends."""
    start_effect(st, 94, "US", "turn", region=f.pop("named")["region"])


@event(94)
def chernobyl():
    """Card 94 Chernobyl (module docstring): question ``event_94.named``, the US's."""
    return [
        choose("US", _region_options, "card 94", "US (Chernobyl): name a region closed to USSR influence this turn",
               into="named"),
        do(_chernobyl),
    ]


@hook("influence_barred", 94)
def chernobyl_bars_influence(st, effect, side, country, **_) -> bool:
    """Card 94: the USSR may not place influence with ops in the region named."""
    return side == "USSR" and st.map.in_area(country, effect["region"])


# -- discarding a card worth N ops, or else (card 95; a step other events may share) -------------------------
def discard_options(st, side: str, ops: int) -> list:
    """The cards of ``side``'s hand worth ``ops`` or more now (7.4.2: cardplay.ops_value, the
    modified value; 5.3: a higher value satisfies; a scoring card has none; the China Card is not
    in the hand, 9.5), in number order, and declining (``{"discard": None}``)."""
    hand = sorted(st.d["hands"][side])
    return [{"discard": c} for c in hand if cardplay.ops_value(st, side, c) >= ops] + [{"discard": None}]


@implements("5.4")
def discard_chosen(st, side: str, number: int | None) -> bool:
    """The card chosen goes from ``side``'s hand to the discards (5.4: its event does not happen);
    False when the side declined."""
    if number is None:
        return False
    d = st.d
    cite(st, "5.3", "5.4")
    d["hands"][side].remove(number)
    d["discard"] = sorted(d["discard"] + [number])
    return True


# -- 95 Latin American Debt Crisis ------------------------------------------------------------------------
def debt_doubles(st) -> tuple[str, ...]:
    """Whose influence card 95 doubles: the USSR's (the Deluxe card; the seed's default reading),
    or both sides' in the seed edition under the reading ``both`` of ``card_95_influence``."""
    if st.d["options"]["edition"] == "seed" and st.rulings.card_95_influence == "both":
        return ("USSR", "US")
    return ("USSR",)


def _debt_discard_options(st, f) -> list:
    return discard_options(st, "US", DEBT_OPS)


def _debt_pay(st, f) -> None:
    """The US's answer: the card discarded (if any) leaves its hand."""
    f["unpaid"] = not discard_chosen(st, "US", f.pop("paid")["discard"])


def _debt_unpaid(st, f) -> bool:
    """The US discarded no card of 3 ops or more: the USSR doubles."""
    return f["unpaid"]


def _debt_countries(st, f) -> list:
    """South American countries not chosen yet (one without USSR influence too: doubling 0 is 0)."""
    chosen = f.setdefault("doubled", [])
    return [{"country": c} for c in _countries(st, "South America") if c not in chosen]


@implements("card 95")
def _double(st, f) -> None:
    """Card 95: the influence in the country chosen is doubled (debt_doubles: whose)."""
    country = f.pop("country")["country"]
    f["doubled"].append(country)
    cite(st, "card 95")
    for side in debt_doubles(st):
        add_influence(st, side, country, st.d["influence"][country][side])


def _double_question(name: str):
    return choose("USSR", _debt_countries, "card 95",
                  lambda st, f: f"USSR (Latin American Debt Crisis): double the influence in which South American "
                                f"country? ({2 - len(f.get('doubled', []))} to go)", into="country", name=name)


@event(95)
def latin_american_debt_crisis():
    """Card 95 Latin American Debt Crisis (module docstring): the US's question ``event_95.paid``
    (a card to discard, or none), then the USSR's two countries (``event_95.first``,
    ``event_95.second``)."""
    return [
        choose("US", _debt_discard_options, "card 95",
               "US (Latin American Debt Crisis): discard a card of 3 ops or more, or let the USSR double its "
               "influence in 2 South American countries", into="paid"),
        do(_debt_pay),
        if_(_debt_unpaid, [
            _double_question("first"), do(_double, name="double_first"),
            _double_question("second"), do(_double, name="double_second"),
        ]),
    ]


# -- 96 Tear Down This Wall -------------------------------------------------------------------------------
def wall_realign_free(st) -> bool:
    """Card 96's realignment rolls ignore DEFCON like its free coup (ruling ``card_96_free_realign``,
    registry C096; default False: 8.1.5 restricts them, 6.3.5 naming coups only)."""
    return st.rulings.card_96_free_realign


@implements("card 96", "7.3")
def _wall(st, f) -> None:
    """Card 96: Willy Brandt's effect, if in force, is cancelled (its card, starred, leaves the
    game); 3 US influence in East Germany; the ops for what follows (7.4.2: the card's value now)."""
    cite(st, "card 96")
    if in_force(st, 55):
        cite(st, "7.3")
        end_effect(st, 55)
    add_influence(st, "US", "East Germany", WALL_INFLUENCE)
    f["ops"] = cardplay.ops_value(st, "US", f["card"])


@implements("card 96", "6.3.5", "8.1.5")
def _wall_options(st, f) -> list:
    """A free coup in Europe (6.3.5: whatever DEFCON) if some European country can be its target,
    realignment rolls in Europe if some country there can be theirs (8.1.5 unless ruled free)."""
    from cdg_oracle.model.twilight_struggle.operations import coup, realignment

    europe = _countries(st, "Europe")
    out = []
    if any(coup.can_target(st, "US", c, free=True, area="Europe") for c in europe):
        out.append({"use": "coup"})
    closed = () if wall_realign_free(st) else None
    if any(realignment.can_target(st, "US", c, closed) for c in europe):
        out.append({"use": "realign"})
    return out


def _wall_coup(st, f) -> bool:
    return f["use"] is not None and f["use"]["use"] == "coup"


def _wall_realign(st, f) -> bool:
    return f["use"] is not None and f["use"]["use"] == "realign"


@event(96)
def tear_down_this_wall():
    """Card 96 Tear Down This Wall (module docstring): the US's question ``event_96.use``, posed
    when a coup or a realignment roll can be made in Europe."""
    return [
        do(_wall),
        choose("US", _wall_options, "card 96",
               "US (Tear Down This Wall): a free coup or realignment rolls in Europe?", into="use",
               when=lambda st, f: bool(_wall_options(st, f))),
        if_(_wall_coup, [
            call("coup", side="US", ops=lambda st, f: f["ops"], bonus=0, bonus_area="Asia", in_area=True, spent=0,
                 free=True, area="Europe", cite="6.3.5"),
        ]),
        if_(_wall_realign, [
            call("realign", side="US", ops=lambda st, f: f["ops"], bonus=0, bonus_area="Asia", in_area=True,
                 spent=0, area="Europe", ignore_defcon=lambda st, f: wall_realign_free(st)),
        ]),
    ]


# -- 97 An Evil Empire -------------------------------------------------------------------------------------
@implements("card 97", "7.3")
def _evil_empire(st, f) -> None:
    """Card 97: Flower Power's effect, if in force, ends (its card leaves the game, starred); a
    record that prevents it from now on (card 59's prerequisite reads it); 1 VP to the US."""
    cite(st, "card 97")
    if in_force(st, 59):
        cite(st, "7.3")
        end_effect(st, 59)
    start_effect(st, 97, "US", "used")
    gain_vp(st, "US", 1)


@event(97)
def an_evil_empire():
    """Card 97 "An Evil Empire" (module docstring)."""
    return [do(_evil_empire)]


# -- 98 Aldrich Ames Remix ----------------------------------------------------------------------------------
def _ames_seed(st, f) -> bool:
    return card_text(st, 98) == "seed"


def _ames_hand_left(st, f) -> bool:
    return bool(st.d["hands"]["US"])


def _ames_discard_options(st, f) -> list:
    return [{"card": c} for c in sorted(st.d["hands"]["US"])]


@implements("card 98", "5.4")
def _ames_discard(st, f) -> None:
    """Card 98 (Deluxe): the card the USSR chose goes from the US hand to the discards (5.4)."""
    cite(st, "card 98", "5.4")
    card = f.pop("discard")["card"]
    st.d["hands"]["US"].remove(card)
    st.d["discard"] = sorted(st.d["discard"] + [card])


@implements("card 98")
def _ames_shown(st, f) -> None:
    """Card 98: the US hand, shown to the USSR for the rest of the turn (the effect's ``shown``);
    the seed's order of play with it (``order``)."""
    own = {"shown": sorted(st.d["hands"]["US"])}
    if "order" in f:
        own["order"] = f.pop("order")
    start_effect(st, 98, "USSR", "turn", **own)


def _ames_to_order(st, f) -> bool:
    return len(f.setdefault("order", [])) < len(st.d["hands"]["US"])


def _ames_order_options(st, f) -> list:
    return [{"card": c} for c in sorted(st.d["hands"]["US"]) if c not in f["order"]]


def _ames_ordered(st, f) -> None:
    f["order"].append(f.pop("next")["card"])


@event(98)
def aldrich_ames_remix():
    """Card 98 Aldrich Ames Remix (module docstring): the Deluxe text's question ``event_98.discard``,
    the seed's ``event_98.next`` (the next US card of the order), both the USSR's."""
    return [
        if_(_ames_seed, [
            while_(_ames_to_order, [
                choose("USSR", _ames_order_options, "card 98",
                       lambda st, f: f"USSR (Aldrich Ames): which US card is played next? ({len(f['order'])} ordered)",
                       into="next"),
                do(_ames_ordered),
            ]),
        ], [
            if_(_ames_hand_left, [
                choose("USSR", _ames_discard_options, "card 98",
                       "USSR (Aldrich Ames Remix): which US card is discarded?", into="discard"),
                do(_ames_discard),
            ]),
        ]),
        do(_ames_shown),
    ]


@hook("round_offer", 98)
def ames_order_of_play(st, effect, side, left, **_) -> list | None:
    """Card 98 (the seed's text, 5.5): the US's action round offers the first card of the USSR's
    order it still holds that can be played now; none left: the usual offer."""
    if side != "US" or "order" not in effect:
        return None
    hand = st.d["hands"]["US"]
    for c in effect["order"]:
        if c in hand and cardplay.uses(st, "US", c):
            cite(st, "card 98", "5.5")
            return [{"card": c}]
    return None


@hook("card_barred", 98)
def ames_bars_the_china_card(st, effect, side, card, use, **_) -> bool:
    """Card 98 (the seed's text): the US may not play the China Card for the rest of the turn."""
    return side == "US" and card == CHINA_CARD and "order" in effect


# -- 99 Pershing II Deployed ---------------------------------------------------------------------------------
@implements("card 99")
def _pershing_vp(st, f) -> None:
    gain_vp(st, "USSR", 1)


@event(99)
def pershing_ii_deployed():
    """Card 99 Pershing II Deployed (module docstring): 1 VP, then the USSR removes 1 US influence
    from each of up to 3 Western European countries (``remove_influence``, optional)."""
    return [
        do(_pershing_vp),
        call("remove_influence", side="USSR", owner="US", count=3, per_country=1, optional=True,
             countries=lambda st, f: _countries(st, "Western Europe"), rule="card 99", card=_card),
    ]


# -- 100 Wargames -----------------------------------------------------------------------------------------------
def at_defcon_2(st, side) -> bool:
    """Card 100's prerequisite: DEFCON is at 2."""
    return st.d["defcon"] == WARGAMES_DEFCON


@implements("card 100", "10.3.1", "10.3.2")
def _wargames_end(st, f) -> None:
    """Card 100: the opponent gains 6 VP (10.3.1: 20 wins at once); the game ends: under the seed's
    text with the final scoring (10.3.2), under the Deluxe text without it, the VP deciding as at the
    end of 10.3.2 (the scenario's criterion)."""
    d, side = st.d, f["side"]
    cite(st, "card 100")
    gain_vp(st, OPPONENT[side], WARGAMES_VP)
    check_vp(st)
    if d["terminal"] is not None:
        return
    if card_text(st, 100) == "seed":
        final_scoring(st, f)
        return
    vp = d["vp"]
    if st.scenario_rules["final_victory"] == "us_needs_20":
        winner = "US" if vp >= 20 else "USSR"
    else:
        winner = "US" if vp > 0 else "USSR" if vp < 0 else None
    reason = f"Wargames: {side} ended the game at {vp:+d} VP, no final scoring" + (" (a draw)" if winner is None else "")
    d["terminal"] = {"winner": winner, "reason": reason, "rule": "card 100"}


@event(100, playable=at_defcon_2)
def wargames():
    """Card 100 Wargames (module docstring): question ``event_100.end`` (``{"end": true}`` ends the
    game, ``{"end": false}`` does not; the card is removed either way)."""
    return [
        choose(_side, [{"end": True}, {"end": False}], "card 100",
               "{side} (Wargames): give the opponent 6 VP and end the game?", into="end"),
        if_(lambda st, f: f["end"]["end"], [do(_wargames_end)]),
    ]


# -- 101 Solidarity --------------------------------------------------------------------------------------------
def after_john_paul(st, side) -> bool:
    """Card 101's prerequisite: John Paul II Elected Pope (card 68) is in force."""
    return in_force(st, 68)


@implements("card 101")
def _solidarity(st, f) -> None:
    add_influence(st, "US", "Poland", 3)


@event(101, playable=after_john_paul)
def solidarity():
    """Card 101 Solidarity (module docstring): 3 US influence in Poland."""
    return [do(_solidarity)]


# -- 102 Iran-Iraq War -------------------------------------------------------------------------------------------
def _invade(st, f) -> None:
    """7.6: the die less 1 per country adjacent to the target that the defender controls; 4-6 wins
    2 VP and the defender's influence there; 2 military operations whatever the result (8.2.4)."""
    target = f.pop("target")["country"]
    resolve_war(st, f["side"], target, f.pop("die"), war_modifier(st, f["side"], target), 4, 2, 2, "card 102")


@event(102)
def iran_iraq_war():
    """Card 102 Iran-Iraq War (module docstring): question ``event_102.target`` (the country
    invaded), then the war die."""
    return [
        choose(_side, [{"country": "Iran"}, {"country": "Iraq"}], "card 102",
               "{side} (Iran-Iraq War): which country is invaded?", into="target"),
        roll("card 102", "{side}'s war die", into="die"),
        do(_invade),
    ]


# -- 103 Defectors ----------------------------------------------------------------------------------------------
@implements("card 103", "4.5")
def cancel_headline(st, f) -> None:
    """Card 103: once both headlines are revealed (4.5 C), the US's Defectors cancels the USSR's
    headline, scoring cards included: that card goes to the discards without its event, and only
    the US's headline is resolved (``f["order"]``, the headline procedure's)."""
    from cdg_oracle.model.twilight_struggle.events.play import can_happen

    d = st.d
    us, ussr = d["headline"]["US"], d["headline"]["USSR"]
    if us is None or ussr is None or st.cards[us].deluxe != 103 or not can_happen(st, "US", us):
        return
    cite(st, "card 103", "4.5")
    d["headline"]["USSR"] = None
    d["discard"] = sorted(d["discard"] + [ussr])
    f["order"] = [s for s in f["order"] if s != "USSR"]


@implements("card 103")
def _defectors(st, f) -> None:
    """Card 103: played by the USSR in its action round for operations (5.2: the US's event
    triggered) the US gains 1 VP; as the US headline the cancellation happened at the reveal
    (:func:`cancel_headline`); otherwise nothing."""
    if f.get("trigger") == "ops" and st.d["phasing"] == "USSR":
        gain_vp(st, "US", 1)


@event(103)
def defectors():
    """Card 103 Defectors (module docstring)."""
    return [do(_defectors)]
