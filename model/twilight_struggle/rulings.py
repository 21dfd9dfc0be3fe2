"""The interpretation questions of the Twilight Struggle rulebook seed, as named switches.

Each switch's default is the reading the seed's own examples or the card text support (the
ambiguity registry, ``properties/twilight_struggle/ambiguities/``, gives every question with its
readings, the quoted text and why the default was chosen). ``from_dict`` refuses an unknown name or
value with one line.
"""
from __future__ import annotations

import dataclasses

from cdg_oracle.model.core.rulings import Rulings, switch

_DOSSIER = "shared/research/seed_twilight_struggle.md section g"


@dataclasses.dataclass(frozen=True)
class TwilightRulings(Rulings):
    realign_needs_enemy_influence: bool = switch(
        True, choices=(True, False),
        question="6.2: may a realignment roll target a country holding no enemy influence? (6.3.1 asks it of "
                 "coups; 6.2 is silent)",
        source=f"{_DOSSIER} item 6; 6.2.1: realignment is 'to reduce enemy influence'")
    defcon_restricts_realignment: bool = switch(
        True, choices=(True, False),
        question="8.1.5 forbids coups and realignment rolls in the DEFCON-restricted regions; the DEFCON chart "
                 "names coups only. Are realignment rolls restricted too?",
        source=f"{_DOSSIER} item 8; the rule's text (8.1.5) over the chart")
    scoring_tiers: str = switch(
        "highest", choices=("highest", "cumulative"),
        question="10.1.1-10.1.2: does a side score only its highest level (Presence, Domination or Control), or "
                 "the values of every level it meets?",
        source=f"{_DOSSIER} item 9; the example of play turn 3 ('Dominano l'Europa ottenendo 7 VP + 3 VP')")
    china_card_final_vp: bool = switch(
        True, choices=(True, False),
        question="card 6: the holder of the China Card at the end of turn 10 gains 1 VP; 10.3.2 does not list it. "
                 "Does it count in the final scoring?",
        source=f"{_DOSSIER} item 11; 5.5: the card's text prevails over the rules")
    seed_un_intervention_ops: int = switch(
        1, choices=(1, 2),
        question="the seed's card list prints 2 Ops on UN Intervention; its example of play uses it 'come 1 "
                 "Operazione'. How many Ops has it in the seed edition?",
        source="shared/research/seed_twilight_struggle.md item 21; twilight_struggle_facts.yaml card 32 (A, B, C, D: 1)")
    deal_order: str = switch(
        "alternate", choices=("alternate", "ussr_first"),
        question="4.5B, 4.3.1: in what order are the two hands dealt (it decides who gets the last cards of the "
                 "draw pile before the discards are reshuffled)?",
        source="not stated by any source: a project decision (P01)")
    milops_requirement: str = switch(
        "defcon_at_check", choices=("defcon_at_check", "defcon_at_step_d"),
        question="4.5 step D 'Predisporre le Operazioni Militari richieste' has no description: is the turn's "
                 "requirement the DEFCON at the check (8.2.1 'corrente'), or the DEFCON at step D?",
        source=f"{_DOSSIER} item 1; the example of play turn 1 (the requirement falls to 4 with DEFCON)")
    eighth_round: str = switch(
        "optional", choices=("optional", "compulsory"),
        question="6.4.4 box 8: the first side on it 'può giocare 8 Round di Azione per turno': may it pass its "
                 "eighth action round (keeping a second card), or must it play it?",
        source="the project (P02); 6.4.4's 'può', as for boxes 2 and 6")
    china_bonus_milops: bool = switch(
        True, choices=(True, False),
        question="9.6, 8.2.3: a China Card coup in Asia is made with 5 ops; does its Military Operations marker "
                 "move 5 (the card's Operations value with its bonus) or 4 (the printed value)?",
        source="the project (P03); 7.4.2: a modified Operations value counts 'for all purposes', military "
               "operations included (its example 1)")

