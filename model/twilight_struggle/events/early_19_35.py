"""Events of Early War cards 19-35 (7.0), each citing its card (Deluxe number) and stating its text.

Every card of the range is implemented here: 19 Truman Doctrine, 20 Olympic Games, 21 NATO, 22
Independent Reds, 23 Marshall Plan, 24 Indo-Pakistani War, 25 Containment, 26 CIA Created, 27
US/Japan Mutual Defense Pact, 28 Suez Crisis, 29 East European Unrest, 30 Decolonization, 31 Red
Scare/Purge, 32 UN Intervention, 33 De-Stalinization, 34 Nuclear Test Ban, 35 Formosan Resolution
(the seed's card 101). Each function's docstring gives the card's text in English with the seed's
key Italian words.

How their lasting effects reach the other rules (events/effects.py hooks, next to each event):

* NATO (21), US/Japan Mutual Defense Pact (27): ``coup_barred`` and ``realign_barred`` (the USSR
  may not coup or realign there); :func:`nato_protects` is the test Brush War (card 36) reads too;
* Containment (25), Red Scare/Purge (31): ``ops`` (7.4's modifiers, summed by
  ``cardplay.ops_value``) and ``ops_capped`` (Containment's "to a maximum of 4");
* Formosan Resolution (35): ``scoring_battleground`` (Taiwan a battleground when Asia is scored,
  scoring.py) and ``china_card_played`` (the US plays the China Card: the card is discarded,
  cardplay.py).

Marshall Plan (23) records that it was played (an effect until ``used``: NATO's prerequisite, used
up when NATO's event happens). CIA Created (26) keeps the USSR hand it showed in its effect record
(until the end of the turn), so positions and observations carry what was revealed. UN
Intervention (32) is the event of one card played with another (its companion, a card of the
opponent's event): the companion's ops are used and its event cancelled, all within the event.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, if_, roll, while_
from cdg_oracle.model.twilight_struggle.cards import ERA_FROM_TURN
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.common import card_text, resolve_war, responsible, war_modifier
from cdg_oracle.model.twilight_struggle.events.effects import effect, end_effect, hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.tracks import degrade_defcon, gain_vp, improve_defcon

#: Containment's cap (card 25, "ad un massimo di 4"): read by cardplay.ops_value.
OPS_CAP = 4


def _opponent(st, f) -> str:
    return OPPONENT[f["side"]]


def _card(st, f) -> int:
    return f["card"]


def _area(st, *areas: str) -> list[str]:
    """The countries of ``areas`` (regions or sub-regions), in map (name) order."""
    return sorted(set().union(*(st.map.area(a) for a in areas)))


def _uncontrolled(st, country: str) -> bool:
    return not controls(st, "US", country) and not controls(st, "USSR", country)


# -- 19 Truman Doctrine ----------------------------------------------------------------------------------
def _truman_options(st, f) -> list:
    inf = st.d["influence"]
    return [{"country": c} for c in _area(st, "Europe") if _uncontrolled(st, c) and inf[c]["USSR"] > 0]


def _truman_remove(st, f) -> None:
    """Remove every USSR marker from the chosen country."""
    if f.get("country") is None:
        return
    c = f["country"]["country"]
    cite(st, "card 19")
    remove_influence(st, "USSR", c, st.d["influence"][c]["USSR"])


@event(19)
def truman_doctrine():
    """Card 19 Truman Doctrine (US, 1 op, starred): remove all USSR influence from one uncontrolled
    country in Europe ("Rimuovete tutta l'Influenza URSS da un singolo paese non controllato in
    Europa"). Offered: the uncontrolled European countries holding USSR influence; none, nothing
    happens (the card is still removed, 5.2 EXAMPLE 3)."""
    return [
        choose(lambda st, f: f["side"], _truman_options, "card 19",
               "{side} (Truman Doctrine): remove all USSR influence from which uncontrolled European country?",
               into="country", when=lambda st, f: bool(_truman_options(st, f))),
        do(_truman_remove),
    ]


# -- 20 Olympic Games ------------------------------------------------------------------------------------
OLYMPIC_BONUS = 2  # the sponsor adds 2 to its die
OLYMPIC_VP = 2
OLYMPIC_OPS = 4


def _boycotted(st, f) -> bool:
    return f["games"]["boycott"]


@implements("8.1.3")
def _boycott(st, f) -> None:
    """A boycott degrades DEFCON by one, charged to the phasing player (8.1.3's own example: the
    sponsor, who loses at DEFCON 1)."""
    cite(st, "card 20", "8.1.3")
    degrade_defcon(st, responsible(st), 1)


def _game_goes_on(st, f) -> bool:
    return st.d["terminal"] is None


def _conducts(st, f) -> bool:
    return bool(f.get("conduct") and f["conduct"]["operations"])


def _no_winner_yet(st, f) -> bool:
    return f.get("winner") is None


def _compare(st, f) -> None:
    """Sponsor's die + 2 against the opponent's die: the higher gains 2 VP; a tie is rolled again."""
    mine, theirs = f.pop("sponsor_die") + OLYMPIC_BONUS, f.pop("opponent_die")
    cite(st, "card 20")
    if mine != theirs:
        f["winner"] = f["side"] if mine > theirs else OPPONENT[f["side"]]
        gain_vp(st, f["winner"], OLYMPIC_VP)


@event(20)
def olympic_games():
    """Card 20 Olympic Games (neutral, 2 ops): the player sponsors the games; the opponent chooses
    to boycott or participate ("L'avversario le può boicottare"). Boycott: DEFCON degrades by one
    and the sponsor may instead use 4 operations ("l'organizzatore può invece usare 4 punti
    Operazionali": a flat 4, no card's value to modify). Participation: each rolls a die, the
    sponsor adding 2; the higher gains 2 VP; ties are rolled again ("Ritirate in caso di parità")."""
    return [
        choose(_opponent, [{"boycott": True}, {"boycott": False}], "card 20",
               lambda st, f: f"{OPPONENT[f['side']]} (Olympic Games sponsored by {f['side']}): boycott or participate?",
               into="games"),
        if_(_boycotted, [
            do(_boycott),
            if_(_game_goes_on, [
                choose(lambda st, f: f["side"], [{"operations": True}, {"operations": False}], "card 20",
                       "{side} (Olympic Games boycotted): conduct 4 operations?", into="conduct"),
                if_(_conducts, [call("event_operations", side=lambda st, f: f["side"], ops=OLYMPIC_OPS,
                                     card=_card, rule="card 20")]),
            ]),
        ], [
            while_(_no_winner_yet, [
                roll("card 20", "{side}'s Olympic die (+2)", into="sponsor_die"),
                roll("card 20", lambda st, f: f"{OPPONENT[f['side']]}'s Olympic die", into="opponent_die"),
                do(_compare),
            ]),
        ]),
    ]


# -- 21 NATO, 23 Marshall Plan ------------------------------------------------------------------------------
def nato_allowed(st, side: str) -> bool:
    """Card 21's prerequisite: Marshall Plan (23) or Warsaw Pact Formed (16) has been played
    ("Giocarla dopo 'Piano Marshall' o 'Patto di Varsavia'")."""
    return in_force(st, 23) or in_force(st, 16)


@implements("card 21")
def nato_protects(st, country: str) -> bool:
    """NATO's protection of ``country`` now: NATO in force, ``country`` a US-controlled country of
    Europe, and not France under De Gaulle (card 17 in force) nor West Germany under Willy Brandt
    (card 55 in force)."""
    if not in_force(st, 21) or not st.map.in_area(country, "Europe") or not controls(st, "US", country):
        return False
    if country == "France" and in_force(st, 17):
        return False
    return not (country == "West Germany" and in_force(st, 55))


def _nato(st, f) -> None:
    """NATO's event uses up Marshall Plan's permission (Warsaw Pact's is its own lasting effect)."""
    cite(st, "card 21")
    mp = effect(st, 23)
    if mp is not None and mp["until"] == "used":
        end_effect(st, 23)


@event(21, playable=nato_allowed)
def nato():
    """Card 21 NATO (US, 4 ops, starred, underlined): playable only after Marshall Plan or Warsaw
    Pact Formed. From then on the USSR may make no coup or realignment roll in a US-controlled
    country of Europe ("Il giocatore URSS non può più fare tiri di dado per Colpi di Stato o
    Riallineamento in alcun paese Controllato dagli USA in Europa"), which Brush War may not attack
    either (:func:`nato_protects`); De Gaulle (17) lifts it for France, Willy Brandt (55) for West
    Germany. The card stays beside the map (7.3)."""
    return [do(_nato)]


@hook("coup_barred", 21)
def nato_bars_coups(st, e, side, country, free, **_) -> bool:
    """Card 21: no USSR coup (free ones included) in a country NATO protects."""
    return side == "USSR" and nato_protects(st, country)


@hook("realign_barred", 21)
def nato_bars_realignment(st, e, side, country, **_) -> bool:
    """Card 21: no USSR realignment roll in a country NATO protects."""
    return side == "USSR" and nato_protects(st, country)


def _marshall_countries(st, f) -> list[str]:
    return [c for c in _area(st, "Western Europe") if not controls(st, "USSR", c)]


def _marshall_recorded(st, f) -> None:
    """Marshall Plan allows NATO: recorded until NATO's event uses it."""
    cite(st, "card 23")
    start_effect(st, 23, "US", "used")


@event(23)
def marshall_plan():
    """Card 23 Marshall Plan (US, 4 ops, starred): +1 US influence in each of 7 Western European
    countries not controlled by the USSR ("Aggiungere una Influenza USA in ognuno di 7 paesi
    dell'Europa Occidentale non Controllati dall'URSS"; fewer if fewer qualify); allows NATO
    ("Consente il gioco di NATO")."""
    return [
        call("place_influence", side=lambda st, f: f["side"], owner="US", count=7, per_country=1,
             countries=_marshall_countries, rule="card 23", card=_card),
        do(_marshall_recorded),
    ]


# -- 22 Independent Reds --------------------------------------------------------------------------------
INDEPENDENT_REDS = ("Bulgaria", "Czechoslovakia", "Hungary", "Romania", "Yugoslavia")


def _match_ussr(st, f) -> None:
    c = f["country"]["country"]
    inf = st.d["influence"][c]
    cite(st, "card 22")
    add_influence(st, "US", c, max(0, inf["USSR"] - inf["US"]))


@event(22)
def independent_reds():
    """Card 22 Independent Reds (US, 2 ops, starred): the US adds influence in one of Yugoslavia,
    Romania, Bulgaria, Hungary or Czechoslovakia to equal the USSR's there ("Aggiungete Influenza
    USA sufficiente ... per pareggiare l'Influenza URSS"); a country where the US already has as
    much adds nothing."""
    return [
        choose(lambda st, f: f["side"], [{"country": c} for c in INDEPENDENT_REDS], "card 22",
               "{side} (Independent Reds): match the USSR's influence in which country?", into="country"),
        do(_match_ussr),
    ]


# -- 24 Indo-Pakistani War --------------------------------------------------------------------------------
def _invade(st, f) -> None:
    """7.6: the die less 1 per country adjacent to the target that the defender controls; 4-6 wins
    2 VP and the defender's influence there; 2 military operations whatever the result (8.2.4)."""
    target = f["target"]["country"]
    resolve_war(st, f["side"], target, f.pop("die"), war_modifier(st, f["side"], target), 4, 2, 2, "card 24")


@event(24)
def indo_pakistani_war():
    """Card 24 Indo-Pakistani War (neutral, 2 ops, a war event 7.6): India or Pakistan (the
    player's choice) invades the other ("L'India o il Pakistan invadono il vicino"); roll a die,
    -1 per opponent-controlled country adjacent to the target; 4-6 wins: 2 VP and the opponent's
    influence there replaced by the player's; the player adds 2 military operations."""
    return [
        choose(lambda st, f: f["side"], [{"country": "India"}, {"country": "Pakistan"}], "card 24",
               "{side} (Indo-Pakistani War): which country is invaded?", into="target"),
        roll("card 24", "{side}'s war die", into="die"),
        do(_invade),
    ]


# -- 25 Containment, 31 Red Scare/Purge: 7.4's modifiers ---------------------------------------------------
def _containment(st, f) -> None:
    cite(st, "card 25", "7.4")
    start_effect(st, 25, "US", "turn")


@event(25)
def containment():
    """Card 25 Containment (US, 3 ops, starred): for the rest of the turn every other operations
    card the US plays is worth 1 more, to a maximum of 4 ("Tutte le altre carte operazionali
    giocate dagli USA in questo turno aggiungono 1 al loro valore (ad un massimo di 4)"); the China
    Card too (7.4, 9.7), its Asian +1 (9.6) apart."""
    return [do(_containment)]


@hook("ops", 25)
def containment_ops(st, e, side, card, **_) -> int:
    """Card 25: +1 to the US's cards (7.4.1: the side it names)."""
    return 1 if side == e["side"] else 0


@hook("ops_capped", 25)
def containment_cap(st, e, side, card, **_) -> bool:
    """Card 25: the US's cards are worth at most 4 while it is in force."""
    return side == e["side"]


def _red_scare(st, f) -> None:
    cite(st, "card 31", "7.4")
    start_effect(st, 31, f["side"], "turn")


@event(31)
def red_scare_purge():
    """Card 31 Red Scare/Purge (neutral; 4 ops, the seed prints 2): for the rest of the turn every
    card the opponent plays is worth 1 op less, never below 1 ("Sottraete 1 dal valore
    Operazionale di tutte le carte del vostro avversario per questo turno (ad un valore minimo di
    1)"); the China Card too (7.4)."""
    return [do(_red_scare)]


@hook("ops", 31)
def red_scare_ops(st, e, side, card, **_) -> int:
    """Card 31: -1 to the cards of the player's opponent (7.4.1)."""
    return -1 if side != e["side"] else 0


# -- 26 CIA Created ------------------------------------------------------------------------------------------
def _reveal(st, f) -> None:
    """The USSR shows its hand: kept in the effect record for the rest of the turn."""
    cite(st, "card 26")
    start_effect(st, 26, f["side"], "turn", shown=sorted(st.d["hands"][OPPONENT[f["side"]]]))


def _own_ops(st, f) -> int:
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    return ops_value(st, f["side"], f["card"])


@event(26)
def cia_created():
    """Card 26 CIA Created (US, 1 op, starred): the USSR reveals its hand for this turn ("L'URSS
    rivela la sua mano per questo turno"); the US then conducts operations with this card
    normally ("Effettuate le operazioni con questa carta normalmente": its ops value as modified,
    7.4.2 EXAMPLE 3)."""
    return [
        do(_reveal),
        call("event_operations", side=lambda st, f: f["side"], ops=_own_ops, card=_card, rule="card 26"),
    ]


# -- 27 US/Japan Mutual Defense Pact ----------------------------------------------------------------------------
def _control_japan(st, f) -> None:
    """2.1.7: the US's influence in Japan raised to the USSR's plus Japan's stability."""
    inf, stab = st.d["influence"]["Japan"], st.map.countries["Japan"].stability
    cite(st, "card 27", "2.1.7")
    add_influence(st, "US", "Japan", max(0, inf["USSR"] + stab - inf["US"]))


@event(27)
def us_japan_pact():
    """Card 27 US/Japan Mutual Defense Pact (US, 4 ops, starred, underlined): the US adds enough
    influence in Japan to control it ("Aggiungere Influenza USA sufficiente in Giappone per ottenere
    il Controllo"); the USSR may no longer coup or realign Japan ("L'URSS non può più fare tiri di
    Colpo di Stato o Riallineamento contro il Giappone")."""
    return [do(_control_japan)]


@hook("coup_barred", 27)
def japan_no_coup(st, e, side, country, free, **_) -> bool:
    """Card 27: no USSR coup in Japan."""
    return side == "USSR" and country == "Japan"


@hook("realign_barred", 27)
def japan_no_realignment(st, e, side, country, **_) -> bool:
    """Card 27: no USSR realignment roll in Japan."""
    return side == "USSR" and country == "Japan"


# -- 28 Suez Crisis, 30 Decolonization ----------------------------------------------------------------------------
SUEZ = ("France", "Israel", "United Kingdom")


@event(28)
def suez_crisis():
    """Card 28 Suez Crisis (USSR, 3 ops, starred): remove 4 US influence in all from France, the
    United Kingdom and Israel, at most 2 from any one ("Rimuovete un totale di 4 Influenza USA dalla
    Francia, Regno Unito ed Israele (non più di 2 da un singolo paese)"); less if less is there."""
    return [call("remove_influence", side=lambda st, f: f["side"], owner="US", count=4, per_country=2,
                 countries=list(SUEZ), rule="card 28", card=_card)]


@event(30)
def decolonization():
    """Card 30 Decolonization (USSR, 2 ops): +1 USSR influence in each of 4 countries of Africa
    and/or Southeast Asia ("Aggiungere una Influenza URSS in ognuno di 4 paesi Africani e/o Sudest
    Asiatici")."""
    return [call("place_influence", side=lambda st, f: f["side"], owner="USSR", count=4, per_country=1,
                 countries=lambda st, f: _area(st, "Africa", "Southeast Asia"), rule="card 30", card=_card)]


# -- 29 East European Unrest -----------------------------------------------------------------------------------
UNREST_COUNTRIES = 3


def _unrest_options(st, f) -> list:
    inf, done = st.d["influence"], f.setdefault("unrest", [])
    return [{"country": c} for c in _area(st, "Eastern Europe") if c not in done and inf[c]["USSR"] > 0]


def _unrest_more(st, f) -> bool:
    return len(f.setdefault("unrest", [])) < UNREST_COUNTRIES and bool(_unrest_options(st, f))


def _unrest_remove(st, f) -> None:
    """1 USSR influence from the country (2 in the Late War, turns 8-10: 4.1, 4.4)."""
    c = f.pop("where")["country"]
    n = 2 if st.d["turn"] >= ERA_FROM_TURN["late"] else 1
    cite(st, "card 29")
    remove_influence(st, "USSR", c, n)
    f["unrest"].append(c)


@event(29)
def east_european_unrest():
    """Card 29 East European Unrest (US, 3 ops): in the Early or Mid War remove 1 USSR influence
    from each of 3 countries of Eastern Europe; in the Late War 2 from each ("Inizio o Metà Guerra:
    Rimuovete una Influenza URSS da 3 paesi dell'Europa Orientale. Tarda Guerra: Rimuovetene due per
    paese"). Offered: Eastern European countries with USSR influence not yet chosen."""
    return [
        while_(_unrest_more, [
            choose(lambda st, f: f["side"], _unrest_options, "card 29",
                   lambda st, f: f"{f['side']} (East European Unrest): country {len(f['unrest']) + 1} of 3?",
                   into="where"),
            do(_unrest_remove),
        ]),
    ]


# -- 32 UN Intervention --------------------------------------------------------------------------------------
def _companions(st, side: str) -> list[int]:
    """The cards of ``side``'s hand bearing the opponent's event."""
    return [c for c in st.d["hands"][side] if st.cards[c].side == OPPONENT[side]]


def un_playable(st, side: str) -> bool:
    """Card 32 needs a card of the opponent's event in the player's hand to be played with."""
    return bool(_companions(st, side))


def _companion_options(st, f) -> list:
    return [{"card": c} for c in _companions(st, f["side"])]


def _companion_to_table(st, f) -> None:
    """The companion leaves the hand with UN Intervention; its event is cancelled."""
    c = f["companion"]["card"]
    cite(st, "card 32")
    st.d["hands"][f["side"]].remove(c)
    st.d["table"].append(c)


def _companion_ops(st, f) -> int:
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    return ops_value(st, f["side"], f["companion"]["card"])


def _companion_discarded(st, f) -> None:
    """'La carta evento annullata viene posta negli scarti': to the discards, even if starred."""
    d, c = st.d, f["companion"]["card"]
    if c in d["table"]:
        d["table"].remove(c)
        d["discard"].append(c)
        d["discard"].sort()


@event(32, playable=un_playable, headline=False)
def un_intervention():
    """Card 32 UN Intervention (neutral, 1 op; the seed prints 2: ruling seed_un_intervention_ops):
    played together with a card of the player's hand that bears the opponent's event ("Giocate
    questa carta simultaneamente con un'altra che abbia un evento associato all'avversario"): that
    event is cancelled, and the player uses the card's ops normally ("potete usare il suo valore
    operazionale normalmente": its value as modified, 7.4.2); the cancelled card goes to the
    discards ("viene posta negli scarti"). Never in the headline ("Non può essere giocata nella Fase
    Iniziale")."""
    return [
        choose(lambda st, f: f["side"], _companion_options, "card 32",
               "{side} (UN Intervention): cancel the event of which card?", into="companion",
               when=lambda st, f: bool(_companion_options(st, f))),
        if_(lambda st, f: f["companion"] is not None, [
            do(_companion_to_table),
            call("event_operations", side=lambda st, f: f["side"], ops=_companion_ops,
                 card=lambda st, f: f["companion"]["card"], rule="card 32"),
            do(_companion_discarded),
        ]),
    ]


# -- 33 De-Stalinization --------------------------------------------------------------------------------------
DESTALINIZATION_MOVES = 4


def _ussr_total(st) -> int:
    return sum(v["USSR"] for v in st.d["influence"].values())


def _before_removal(st, f) -> None:
    f["before"] = _ussr_total(st)


def _removed_count(st, f) -> None:
    cite(st, "card 33")
    f["moved"] = f.pop("before") - _ussr_total(st)


def _destinations(st, f) -> list[str]:
    return [c for c in st.map.names if not controls(st, "US", c)]


@event(33)
def de_stalinization():
    """Card 33 De-Stalinization (USSR, 3 ops, starred): the USSR may move up to 4 of its influence
    points to countries not controlled by the US, at most 2 to any one ("L'URSS può spostare sino a
    4 punti Influenza a paesi non Controllati dagli USA. Non si possono porre più di 2 punti per
    singolo paese"). Marker by marker: first the markers taken (the USSR may stop), then each
    placed; a destination is open if the US does not control it once the markers are taken."""
    return [
        do(_before_removal),
        call("remove_influence", side=lambda st, f: f["side"], owner="USSR", count=DESTALINIZATION_MOVES,
             optional=True, countries=lambda st, f: list(st.map.names), rule="card 33", card=_card),
        do(_removed_count),
        call("place_influence", side=lambda st, f: f["side"], owner="USSR", count=lambda st, f: f["moved"],
             per_country=2, countries=_destinations, rule="card 33", card=_card),
    ]


# -- 34 Nuclear Test Ban -----------------------------------------------------------------------------------------
def _test_ban(st, f) -> None:
    """VP equal to DEFCON - 2 first, then DEFCON improves by 2 (never above 5, 8.1.2)."""
    cite(st, "card 34", "8.1.2")
    gain_vp(st, f["side"], st.d["defcon"] - 2)
    improve_defcon(st, 2)


@event(34)
def nuclear_test_ban():
    """Card 34 Nuclear Test Ban (neutral, 4 ops): the player gains VP equal to the DEFCON level
    minus 2, then DEFCON improves by 2 ("Ottenete VP pari al livello DEFCON meno 2, poi aumentate
    il DEFCON di 2 livelli")."""
    return [do(_test_ban)]


# -- 35 Formosan Resolution ---------------------------------------------------------------------------------------
def _formosan(st, f) -> None:
    cite(st, "card 35")


@event(35)
def formosan_resolution():
    """Card 35 Formosan Resolution (US, 2 ops, starred, underlined; the seed's card 101): Taiwan
    counts as a battleground for scoring if the US controls it when Asia is scored ("Taiwan viene
    considerata come paese campo di battaglia per il punteggio, se gli USA controllano Taiwan quando
    si gioca la carta di Punteggio in Asia"), and for no other purpose; the Deluxe card also at the
    final scoring, the seed's only when the Asia Scoring card is played (ruling ``card_35_text``).
    The card is discarded once the US plays the China Card ("Questa carta viene scartata dopo che
    gli USA giocano la Carta della Cina"; so say both editions: the discards, not out of the game)."""
    return [do(_formosan)]


@hook("scoring_battleground", 35)
def taiwan_battleground(st, e, country, region, final, **_) -> bool:
    """Card 35: Taiwan is a battleground when Asia is scored while the US controls it; at the final
    scoring only under the Deluxe text."""
    if country != "Taiwan" or not controls(st, "US", "Taiwan"):
        return False
    return not final or card_text(st, 35) == "deluxe"


@hook("china_card_played", 35)
def formosan_discarded(st, e, side, **_) -> None:
    """Card 35: the US plays the China Card: the effect ends and the card goes to the discards."""
    if side != "US":
        return
    d, n = st.d, e["card"]
    cite(st, "card 35")
    d["effects"] = [x for x in d["effects"] if x["card"] != n]
    if n in d["in_effect"]:
        d["in_effect"].remove(n)
        d["discard"].append(n)
        d["discard"].sort()
