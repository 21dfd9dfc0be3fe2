"""Events of Mid War cards 36-47 (7.0), each citing its card (Deluxe number) and stating its text.

The Italian seed's words decide for ``edition=seed``, the Deluxe's for ``edition=deluxe``; where
they differ and play differs, a ruling switch ``card_<n>_text`` (``edition``, the default: follow
the edition played; ``seed``; ``deluxe``) is declared in data/ambiguities/cards_mid_36_47.yaml, or,
where the seed dossier asked the question first, by the dossier's entry in
data/ambiguities/a18_a31.yaml (card 36: A23; 40: A26; 41: A22; 43: A19, switch ``card_43_defcon``).
Cards 37 and 38 are scoring cards (scoring_cards.py).

* 36 Brush War (Guerra Secondaria): a war (7.6) on a country of stability 1 or 2.
* 39 Arms Race (Corsa agli Armamenti): VP for more military operations.
* 40 Cuban Missile Crisis (Crisi dei Missili di Cuba): DEFCON 2, the opponent's coups lose.
* 41 Nuclear Subs (Sottomarini Nucleari): US coups do not move DEFCON this turn.
* 42 Quagmire (Pantano), 44 Bear Trap (Trappola per Orsi): the trapped side discards and rolls.
* 43 SALT Negotiations (Negoziati SALT): DEFCON +2, coups -1, a card from the discards.
* 45 Summit (Incontro): a die contest for 2 VP and a DEFCON move.
* 46 How I Learned to Stop Worrying (Come ho imparato a non preoccuparmi più): any DEFCON, 5 milops.
  Whether these two events may bring DEFCON to 1 is the ruling ``defcon_one_by_choice`` (registry
  A25; default: yes, 8.1.3 naming the loser).
* 47 Junta (Giunta): 2 influence in Latin America, then a free coup (or, Deluxe, realignment).

Steps other batches may want (say so to the lead): ``missile_crisis_cancel`` (the side card 40
binds may cancel it: offered at the start of its action rounds and by Junta before its free coup;
another event's free coup can call it the same way, :func:`crisis_binds`); ``trap_discard``.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, if_, roll
from cdg_oracle.model.twilight_struggle import scoring
from cdg_oracle.model.twilight_struggle import turn as turn_module
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.common import card_text, resolve_war, responsible, war_modifier
from cdg_oracle.model.twilight_struggle.events.effects import effect, end_effect, hook, in_force, start_effect
from cdg_oracle.model.twilight_struggle.tracks import add_milops, degrade_defcon, gain_vp, improve_defcon
from cdg_oracle.model.twilight_struggle.victory import check_vp


def _ops(st, f) -> int:
    """The card's ops value for its own event (7.4.2: modified, for every purpose)."""
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    return ops_value(st, f["side"], f["card"])


# -- card 36 Brush War ---------------------------------------------------------------------------------
@implements("card 36", "card 21")
def nato_protects(st, country: str) -> bool:
    """Card 21 NATO (in force): US-controlled countries of Europe are immune to Brush War. (De
    Gaulle's France and Willy Brandt's West Germany leave NATO, but neither has stability 1 or 2.)"""
    return in_force(st, 21) and st.map.in_area(country, "Europe") and controls(st, "US", country)


def _brush_targets(st, f) -> list:
    return [{"country": c} for c in st.map.names
            if st.map.countries[c].stability <= 2 and not nato_protects(st, c)]


@implements("card 36", "7.6")
def brush_modifier(st, side: str, country: str) -> int:
    """Card 36: minus one per adjacent country the defender controls (Deluxe: 'for each'); the
    seed's 'sottraete uno se vi è un paese nemico controllato adiacente': one in all if there is
    any (ruling ``card_36_text``)."""
    n = war_modifier(st, side, country)
    return min(n, 1) if card_text(st, 36) == "seed" else n


def _brush_resolve(st, f) -> None:
    country = f["target"]["country"]
    resolve_war(st, f["side"], country, f["die"], brush_modifier(st, f["side"], country), wins_from=3, vp=1,
                milops=3, rule="card 36")


@event(36)
def brush_war():
    """Card 36 Brush War (Guerra Secondaria): attack any country of stability 1 or 2 ('Attaccate
    qualsiasi paese con livello di stabilità 1 o 2'); a die less the modifier (brush_modifier)
    wins on 3-6; the attacker adds 3 military operations whatever the result; a win gains 1 VP
    and replaces the opponent's influence there with the attacker's (7.6). NATO's countries are
    immune (card 21)."""
    return [
        choose(lambda st, f: f["side"], _brush_targets, "card 36",
               lambda st, f: f"{f['side']} (Brush War): attack which country?", into="target"),
        roll("card 36", lambda st, f: f"Brush War die in {f['target']['country']}", into="die"),
        do(_brush_resolve),
    ]


# -- card 39 Arms Race -----------------------------------------------------------------------------------
@implements("card 39", "8.2.1")
def _arms_race(st, f) -> None:
    """Card 39: the phasing player (who plays it) with more military operations than the opponent
    gains 1 VP; 3 VP instead if he has also met the turn's requirement (8.2.1)."""
    side, milops = f["side"], st.d["milops"]
    cite(st, "card 39", "8.2.1")
    if milops[side] <= milops[OPPONENT[side]]:
        return
    gain_vp(st, side, 3 if milops[side] >= turn_module.required_milops(st) else 1)


@event(39)
def arms_race():
    """Card 39 Arms Race (Corsa agli Armamenti): 'Se il giocatore in fase ha più punti Operazioni
    Militari, ottiene 1 VP. Se ha più punti ed ha soddisfatto l'ammontare richiesto ... 3 VP.'"""
    return [do(_arms_race)]


# -- card 40 Cuban Missile Crisis ------------------------------------------------------------------------
#: Where the side card 40 binds may remove 2 of its influence to cancel it (ruling ``card_40_text``:
#: the seed's 'Germania o Turchia' names no Germany; the Deluxe says West Germany).
CRISIS_COUNTRIES = {"USSR": {"seed": ("Cuba",), "deluxe": ("Cuba",)},
                    "US": {"seed": ("West Germany", "East Germany", "Turkey"), "deluxe": ("West Germany", "Turkey")}}


def crisis_binds(st, side: str) -> bool:
    """Card 40 is in force against ``side`` (the opponent of its player) this turn."""
    e = effect(st, 40) if st.d["effects"] else None
    return e is not None and e["side"] == OPPONENT[side]


def crisis_options(st, side: str) -> list:
    """The countries where ``side`` may remove 2 influence to cancel card 40 now."""
    inf = st.d["influence"]
    return [c for c in CRISIS_COUNTRIES[side][card_text(st, 40)] if inf[c][side] >= 2]


def can_cancel_crisis(st, side: str) -> bool:
    return crisis_binds(st, side) and bool(crisis_options(st, side))


@implements("card 40")
def _missile_crisis(st, f) -> None:
    """Card 40: DEFCON is set to 2 (not a degradation: no side is responsible, and card 41 does not
    touch it); the effect lasts the turn."""
    cite(st, "card 40")
    st.d["defcon"] = 2
    start_effect(st, 40, f["side"], "turn")


@event(40)
def cuban_missile_crisis():
    """Card 40 Cuban Missile Crisis (Crisi dei Missili di Cuba): 'Ponete il livello DEFCON a 2.
    Qualsiasi ulteriore tentativo di Colpo di Stato da parte dell'avversario in questo turno ...
    causerà la Guerra Termonucleare Globale. Il vostro avversario perderà la partita.' Cancelled
    at any time by the USSR removing 2 influence from Cuba, the US 2 from (West) Germany or Turkey
    (:func:`crisis_options`; offered at the start of each of the bound side's action rounds and
    before Junta's free coup)."""
    return [do(_missile_crisis)]


@hook("after_coup", 40)
def crisis_coup(st, e, side, country, free, **_) -> None:
    """Card 40: a coup of the bound side this turn, any coup (a free one too), anywhere: global
    thermonuclear war, and the side that made it loses."""
    if side == OPPONENT[e["side"]] and st.d["terminal"] is None:
        cite(st, "card 40")
        st.d["terminal"] = {"winner": e["side"], "reason": f"{side} made a coup under the Cuban Missile Crisis: "
                            "global thermonuclear war", "rule": "card 40"}


@hook("round_start", 40)
def crisis_round_start(st, e, side, **_):
    """Card 40 'in qualsiasi momento': the bound side may cancel it as its action round begins."""
    return "missile_crisis_cancel" if can_cancel_crisis(st, side) else None


def _cancel_options(st, f) -> list:
    return [{"cancel": c} for c in crisis_options(st, f["side"])] + [{"cancel": None}]


@implements("card 40")
def _cancel(st, f) -> None:
    """Card 40: 2 influence removed from the country chosen, the crisis is over."""
    country = f["cancel"]["cancel"] if f.get("cancel") else None
    if country is None:
        return
    cite(st, "card 40")
    remove_influence(st, f["side"], country, 2)
    end_effect(st, 40)


@ENGINE.sequence("missile_crisis_cancel")
@implements("card 40")
def missile_crisis_cancel():
    """Card 40: ``side``, bound by the Cuban Missile Crisis, may remove 2 of its influence from one
    of :func:`crisis_options` to cancel it. Question ``missile_crisis_cancel.cancel``."""
    return [
        choose(lambda st, f: f["side"], _cancel_options, "card 40",
               lambda st, f: f"{f['side']}: remove 2 influence to cancel the Cuban Missile Crisis?", into="cancel",
               when=lambda st, f: can_cancel_crisis(st, f["side"])),
        do(_cancel),
    ]


# -- card 41 Nuclear Subs --------------------------------------------------------------------------------
@implements("card 41")
def _nuclear_subs(st, f) -> None:
    """Card 41: the US's effect for the rest of the turn (whoever played the card, 5.2)."""
    cite(st, "card 41")
    start_effect(st, 41, "US", "turn")


@event(41)
def nuclear_subs():
    """Card 41 Nuclear Subs (Sottomarini Nucleari), for the rest of the turn. Deluxe: the US's coups
    in battlegrounds do not degrade DEFCON. Seed: 'Le azioni USA non influenzano la tabella DEFCON
    per il resto del turno (non influenza Crisi dei Missili di Cuba)': no DEFCON move the US is
    responsible for (8.1.3) happens, a coup's or an event's, up or down (ruling ``card_41_text``).
    Card 40 is untouched either way (its DEFCON is set, and its coup rule is not a DEFCON move)."""
    return [do(_nuclear_subs)]


@hook("coup_degrades_defcon", 41)
def subs_coup(st, e, side, country, **_) -> bool:
    """Card 41: a US coup in a battleground does not degrade DEFCON."""
    return side != "US"


@hook("defcon_move_barred", 41)
def subs_defcon(st, e, side, **_) -> bool:
    """Card 41, the seed's words: no DEFCON move the US is responsible for."""
    return side == "US" and card_text(st, 41) == "seed"


# -- cards 42 Quagmire and 44 Bear Trap --------------------------------------------------------------------
#: The side each trap holds (the opponent of the card's side).
TRAPPED = {42: "US", 44: "USSR"}
TRAP_OF = {side: card for card, side in TRAPPED.items()}


@implements("card 42", "card 44", "7.4.2", "4.5")
def trap_offer(st, side: str, left: int) -> list:
    """Cards 42, 44: the trapped side's action round. It discards a card of the hand worth 2 ops or
    more (the modified value, 7.4.2; never the China Card, which is not in the hand) and rolls, or
    plays a scoring card instead (4.5 D: only a scoring card when as many wait as rounds are left);
    with neither it has nothing to play and passes (4.5 E)."""
    from cdg_oracle.model.twilight_struggle.cardplay import ops_value

    hand = st.d["hands"][side]
    scoring_cards = [{"card": c} for c in hand if st.cards[c].scoring]
    if scoring_cards and len(scoring_cards) >= left:
        return scoring_cards
    return [{"discard": c} for c in hand if not st.cards[c].scoring and ops_value(st, side, c) >= 2] + scoring_cards


def _trap_hook(card: int):
    def offer(st, e, side, left, **_):
        return trap_offer(st, side, left) if side == TRAPPED[card] else None
    offer.__name__ = f"trap_{card}_offer"
    offer.__doc__ = f"Card {card}: the trapped side's action round (trap_offer)."
    return offer


hook("round_offer", 42)(_trap_hook(42))
hook("round_offer", 44)(_trap_hook(44))


@implements("card 42", "card 44")
def _trap_discard(st, f) -> None:
    """The card goes from the hand to the discards, without its event or its ops."""
    d, card = st.d, f["card"]
    cite(st, f"card {TRAP_OF[f['side']]}")
    d["hands"][f["side"]].remove(card)
    d["discard"].append(card)
    d["discard"].sort()


@implements("card 42", "card 44")
def _trap_escape(st, f) -> None:
    """A die of 1-4 ('tirare meno di 5') ends the trap; its card leaves the game (asterisk)."""
    deluxe = TRAP_OF[f["side"]]
    cite(st, f"card {deluxe}")
    if f["die"] <= 4:
        end_effect(st, deluxe)


@ENGINE.sequence("trap_discard")
@implements("card 42", "card 44")
def trap_discard():
    """Cards 42, 44: ``side`` discards ``card`` and rolls; 1-4 ends the trap (cardplay.py calls it
    when the trapped side's action round answers ``{"discard": card}``)."""
    return [
        do(_trap_discard),
        roll(lambda st, f: f"card {TRAP_OF[f['side']]}", lambda st, f: f"{f['side']}: the die to get out of the trap",
             into="die"),
        do(_trap_escape),
    ]


@implements("card 42")
def _quagmire(st, f) -> None:
    """Card 42 (Deluxe): it cancels NORAD (card 106, an optional card: never in the seed)."""
    cite(st, "card 42")
    if in_force(st, 106):
        end_effect(st, 106)


@event(42)
def quagmire():
    """Card 42 Quagmire (Pantano), underlined: 'Nel round di azione seguente, il giocatore USA deve
    scartare una carta operazionale che vale 2 o più e tirare meno di 5. Ripetetelo ogni fase del
    giocatore USA sino a quando non ha successo ... Se ha finito le carte appropriate, il giocatore
    USA può solo giocare carte di punteggio.' From the US's next action round, each of its rounds is
    :func:`trap_offer`; the effect (beside the map, 7.3) ends on a roll of 1-4."""
    return [do(_quagmire)]


@implements("card 44")
def _bear_trap(st, f) -> None:
    """Card 44: nothing happens at once; the effect beside the map (7.3) is the trap."""
    cite(st, "card 44")


@event(44)
def bear_trap():
    """Card 44 Bear Trap (Trappola per Orsi), underlined: Quagmire's text for the USSR ('il giocatore
    URSS deve scartare una carta Operazionale di valore 2 o più e tirare meno di 5')."""
    return [do(_bear_trap)]


# -- card 43 SALT Negotiations -----------------------------------------------------------------------------
@implements("card 43", "8.1.7")
def _salt(st, f) -> None:
    """Card 43: DEFCON improves by 2 (ruling ``card_43_defcon``: the seed's words 'Diminuite lo stato
    DEFCON di 2 livelli' against its example, 'Il DEFCON aumenta a 5 (2 caselle)'); every coup gets
    -1 for the rest of the turn."""
    cite(st, "card 43", "8.1.7")
    if st.rulings.card_43_defcon == "degrade":
        degrade_defcon(st, responsible(st), 2)
    else:
        improve_defcon(st, 2)
    start_effect(st, 43, f["side"], "turn")


def _salt_options(st, f) -> list:
    return [{"card": c} for c in st.d["discard"] if not st.cards[c].scoring] + [{"card": None}]


@implements("card 43")
def _salt_take(st, f) -> None:
    """Card 43: the card taken (shown to the opponent) goes from the discards to the hand."""
    card = f["take"]["card"]
    if card is None:
        return
    d = st.d
    d["discard"].remove(card)
    d["hands"][f["side"]].append(card)
    d["hands"][f["side"]].sort()


@event(43)
def salt_negotiations():
    """Card 43 SALT Negotiations (Negoziati SALT): DEFCON +2; 'Ulteriori tentativi di Colpo di Stato
    avranno il modificatore -1 per entrambi i giocatori per il resto del turno'; 'Il giocatore può
    cercare nel mazzo degli scarti e prendere una carta non di punteggio, dopo averla rivelata'."""
    return [
        do(_salt),
        choose(lambda st, f: f["side"], _salt_options, "card 43",
               lambda st, f: f"{f['side']} (SALT Negotiations): take a card from the discards?", into="take"),
        do(_salt_take),
    ]


@hook("coup_modifier", 43)
def salt_coups(st, e, side, country, **_) -> int:
    """Card 43: -1 to every coup, both sides', for the rest of the turn."""
    return -1


# -- card 45 Summit --------------------------------------------------------------------------------------
@implements("card 45", "10.1.1")
def summit_bonus(st, side: str) -> int:
    """Card 45: +1 per region the side Dominates or Controls (10.1.1; the six regions scored)."""
    return sum(1 for r in scoring.SCORED_REGIONS
               if {"domination", "control"} & set(scoring.levels_met(st, r)[side]))


@implements("card 45", "10.3.1")
def _summit_winner(st, f) -> bool:
    """Card 45: the higher total gains 2 VP; a tie gives nothing (the Deluxe says so; the seed's 'Chi
    ottiene di più' names no one on a tie). 10.3.1: 20 VP win at once, before the DEFCON question."""
    cite(st, "card 45")
    us = f["us_die"] + summit_bonus(st, "US")
    ussr = f["ussr_die"] + summit_bonus(st, "USSR")
    f["winner"] = None if us == ussr else ("US" if us > ussr else "USSR")
    if f["winner"] is not None:
        gain_vp(st, f["winner"], 2)
        check_vp(st)
    return f["winner"] is not None


def _summit_options(st, f) -> list:
    """Card 45: leave DEFCON, degrade it or (below 5) improve it; from DEFCON 2 the degradation is
    nuclear war (8.1.3) unless the ruling ``defcon_one_by_choice`` (registry A25) is false."""
    out = [{"defcon": 0}]
    if st.d["defcon"] > 2 or st.rulings.defcon_one_by_choice:
        out.append({"defcon": -1})
    if st.d["defcon"] < 5:
        out.append({"defcon": 1})
    return out


@implements("card 45", "8.1.3", "8.1.7")
def _summit_defcon(st, f) -> None:
    """Card 45: the winner may move DEFCON one level either way; the side responsible for the move
    is the phasing player (8.1.3, events/common.py ``responsible``)."""
    move = f["move"]["defcon"]
    if move > 0:
        improve_defcon(st, 1)
    elif move < 0:
        degrade_defcon(st, responsible(st), 1)


@event(45)
def summit():
    """Card 45 Summit (Incontro): 'Entrambi i giocatori tirano un dado. Ognuno aggiunge 1 per ogni
    Regione che Domina o Controlla. Chi ottiene di più riceve 2 VP e può spostare il segnalino
    DEFCON di un livello in qualsiasi direzione.'"""
    return [
        roll("card 45", "Summit: the USSR's die", into="ussr_die"),
        roll("card 45", "Summit: the US's die", into="us_die"),
        if_(_summit_winner, [
            choose(lambda st, f: f["winner"], _summit_options, "card 45",
                   lambda st, f: f"{f['winner']} (Summit): move DEFCON?", into="move"),
            do(_summit_defcon),
        ]),
    ]


# -- card 46 How I Learned to Stop Worrying ---------------------------------------------------------------
def _level_options(st, f) -> list:
    """Card 46: 'qualsiasi livello': 1-5, DEFCON 1 (nuclear war, 8.1.3) included unless the ruling
    ``defcon_one_by_choice`` (registry A25) is false."""
    return [{"defcon": n} for n in range(1 if st.rulings.defcon_one_by_choice else 2, 6)]


@implements("card 46", "8.1.3", "8.1.7", "8.2.3")
def _set_level(st, f) -> None:
    """Card 46: DEFCON goes to the level chosen (1 is nuclear war: the side responsible, the phasing
    player, loses, 8.1.3); the player adds 5 military operations ('conta come 5 Operazioni
    Militari')."""
    cite(st, "card 46")
    level, now = f["level"]["defcon"], st.d["defcon"]
    if level > now:
        improve_defcon(st, level - now)
    elif level < now:
        degrade_defcon(st, responsible(st), now - level)
    add_milops(st, f["side"], 5)


@event(46)
def how_i_learned():
    """Card 46 How I Learned to Stop Worrying: 'Ponete il livello DEFCON a qualsiasi livello
    desiderate. Questo evento conta come 5 Operazioni Militari per le Operazioni Militari
    obbligatorie.'"""
    return [
        choose(lambda st, f: f["side"], _level_options, "card 46",
               lambda st, f: f"{f['side']} (How I Learned to Stop Worrying): set DEFCON to?", into="level"),
        do(_set_level),
    ]


# -- card 47 Junta ---------------------------------------------------------------------------------------
JUNTA_REGIONS = ("Central America", "South America")


def _junta_countries(st, f) -> list:
    return [{"country": c} for c in st.map.names if st.map.countries[c].region in JUNTA_REGIONS]


@implements("card 47")
def _junta_place(st, f) -> None:
    cite(st, "card 47")
    add_influence(st, f["side"], f["where"]["country"], 2)


def _junta_actions(st, f) -> list:
    """Card 47: a free coup in one of the two regions (6.3.5: DEFCON does not restrict it); the
    Deluxe adds realignment rolls there instead, or nothing ('may')."""
    from cdg_oracle.model.twilight_struggle.operations import coup, realignment

    side, out = f["side"], []
    names = st.map.names
    for region in JUNTA_REGIONS:
        if any(coup.can_target(st, side, c, free=True, area=region) for c in names):
            out.append({"coup": region})
    if card_text(st, 47) == "deluxe":
        for region in JUNTA_REGIONS:
            if any(realignment.can_target(st, side, c) for c in names if st.map.in_area(c, region)):
                out.append({"realign": region})
        out.append({"none": True})
    return out


def _junta_coup(st, f) -> bool:
    return bool(f.get("action")) and "coup" in f["action"]


def _junta_realign(st, f) -> bool:
    return bool(f.get("action")) and "realign" in f["action"]


@event(47)
def junta():
    """Card 47 Junta (Giunta): 'Ponete 2 Influenza in qualsiasi paese dell'America del Sud o
    Centrale. Effettuate un tentativo gratuito di Colpo di Stato in una di queste Regioni (usando il
    Valore Operazionale di questa carta).' The Deluxe: then the player *may* make a free coup or
    realignment rolls there (ruling ``card_47_text``). Before the coup the side card 40 binds may
    cancel it."""
    return [
        choose(lambda st, f: f["side"], _junta_countries, "card 47",
               lambda st, f: f"{f['side']} (Junta): place 2 influence where?", into="where"),
        do(_junta_place),
        choose(lambda st, f: f["side"], _junta_actions, "card 47",
               lambda st, f: f"{f['side']} (Junta): free coup (or realignment) where?", into="action",
               when=lambda st, f: bool(_junta_actions(st, f))),
        if_(_junta_coup, [
            if_(lambda st, f: can_cancel_crisis(st, f["side"]), [call("missile_crisis_cancel", side=lambda st, f: f["side"])]),
            call("coup", side=lambda st, f: f["side"], ops=_ops, bonus=0, bonus_area="Asia", in_area=True, spent=0,
                 free=True, area=lambda st, f: f["action"]["coup"], cite="6.3.5"),
        ]),
        if_(_junta_realign, [
            call("realign", side=lambda st, f: f["side"], ops=_ops, bonus=0, bonus_area="Asia", in_area=True, spent=0,
                 area=lambda st, f: f["action"]["realign"]),
        ]),
    ]
