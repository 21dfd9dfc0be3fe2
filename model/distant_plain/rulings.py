"""The interpretation questions of A Distant Plain's rulebook seed (an Italian player aid), as named
switches; the ambiguity registry (properties/distant_plain/ambiguities/) gives each question with its
readings, the quoted text and why the default was chosen: the aid's own items (A01-A24, the dossier's
section 8) and the project's questions where the aid is silent (P01-P59). Every item that changes
play has a switch here; the defaults are the registry's."""
from __future__ import annotations

import dataclasses

from cdg_oracle.model.core.rulings import Rulings, switch

_DOSSIER = "shared/research/seed_a_distant_plain.md section 8"


@dataclasses.dataclass(frozen=True)
class DistantPlainRulings(Rulings):
    sabotage_count: str = switch(
        "all_others_together", choices=("all_others_together", "each_other_kind"),
        question="Propaganda, Resources, Sabotage: the Taliban guerrillas on a LoC must be 'maggiore a tutti gli altri "
                 "pezzi presenti': more than all the other pieces together, or more than each other kind?",
        source=f"{_DOSSIER} item 20")
    casualties_rounding: str = switch(
        "leaving_rounded_down", choices=("leaving_rounded_down", "leaving_rounded_up"),
        question="Propaganda, Reset: 'metà truppe (arrotondato per difetto)' leave play: is the half that leaves rounded "
                 "down (the returning half up), or the returning half down?",
        source=f"{_DOSSIER} item 18")
    bases_protected_by: str = switch(
        "any_insurgent", choices=("any_insurgent", "own_faction"),
        question="Bases last: 'se protette dai guerriglieri nascosti non possono essere attaccate': does any insurgent "
                 "guerrilla in the space protect a rebel Base from a COIN removal, or only its own faction's?",
        source="registry P50 (the project's own)")
    surge_kabul: str = switch(
        "any_control", choices=("any_control", "coin_control"),
        question="Surge: 'Fino a 3 Province COIN Control (no Pakistan) e/o Kabul': may Kabul be chosen whatever its "
                 "Control, or must Kabul be COIN-controlled too?",
        source="registry P20 (the project's own)")
    air_strike_islamabad: str = switch(
        "once_per_activity", choices=("once_per_activity", "per_space"),
        question="Air Strike: 'Se attacchi in Pakistan, sposta l'Islamabad di 1 livello verso Sponsorship': once per "
                 "Air Strike that strikes in Pakistan, or once per Pakistan space struck?",
        source=f"{_DOSSIER} item 16")
    coalition_assault_cost: str = switch(
        "three_plus_three", choices=("three_plus_three", "free_without_govt"),
        question="Coalition Assault: 'Costo: 3 Risorse Govt per Spazio. Spendi altre 3 Risorse Govt per Spazio, negli "
                 "spazi dove vuoi coinvolgere ... truppe Governative': is a Coalition-only space free (3 only where Govt "
                 "forces join), or 3 always and 3 more?",
        source=f"{_DOSSIER} item 5")
    coalition_train_kabul: str = switch(
        "base_needed", choices=("base_needed", "kabul_always"),
        question="Coalition Train: 'Se c'è una Base della Coalizione, piazza fino a 6 cubi Govt': may cubes be placed "
                 "in Kabul without a Coalition Base, as the Government's Train does?",
        source=f"{_DOSSIER} item 6")
    coalition_sweep_govt_troops: str = switch(
        "up_to", choices=("up_to", "exactly"),
        question="Coalition Sweep: 'inclusa 1 truppa Govt per ogni truppa della Coalizione': up to one Govt troop with "
                 "each Coalition troop, or exactly one?",
        source=f"{_DOSSIER} item 8")
    sponsorship_limited: str = switch(
        "full_operation_no_sa", choices=("full_operation_no_sa", "destination_limit_only"),
        question="Sponsorship: the Taliban 'trattano le Limited Operations come Operazioni normali (senza Attivita' "
                 "Speciali)': every limit of a Limited Operation lifted, or only the aid's one-destination limit "
                 "(Patrol, Sweep, March)?",
        source=f"{_DOSSIER} item 21")
    govern_aid_short: str = switch(
        "transfer_what_there_is", choices=("transfer_what_there_is", "option_refused"),
        question="Govern: 'trasferisci il valore della Popolazione da Aid a Patronage' when Aid is below the "
                 "Population: is what Aid there is transferred, or may that option not be chosen?",
        source=f"{_DOSSIER} item 15")
    govern_population: str = switch(
        "with_returnees", choices=("with_returnees", "printed"),
        question="Govern: is a space's Population ('a popolazione 0', 'il valore della Popolazione') its value with "
                 "the Returnees marker's '+1 Pop', or the printed value?",
        source="registry P21 (the project's own)")
    warlords_toll_unpaid: str = switch(
        "entry_refused", choices=("entry_refused", "entry_free"),
        question="Transport's 'Paga 1 Risorsa ai Warlord per ogni spazio in cui entri e vi siano Guerriglieri' and "
                 "Sweep's 'trasferisci 1 tua risorsa ai warlord' for a LoC entered: with no Government Resource left, "
                 "may the troops not enter such a space, or enter it without paying?",
        source="registry P22 (the project's own)")
    eradicate_aid: str = switch(
        "missing_number", choices=("missing_number", "plus_one"),
        question="Eradicate: 'In ogni spazio, + Aid, +1 Patronage': the Aid amount is missing. Add nothing (the "
                 "number is a gap of the aid), or read '+ Aid' as '+1 Aid' like the '+1 Patronage' beside it?",
        source=f"{_DOSSIER} item 2")
    government_assault_cubes: str = switch(
        "troops_only", choices=("troops_only", "troops_provinces_police_kabul_locs"),
        question="Government Assault: 'per ogni Truppa Govt ... A Kabul e nelle LoCs ... per ogni 2 Truppe Govt': do "
                 "Govt troops only count, as the Government block says, or its cubes as the Coalition block counts "
                 "them (Govt troops in Provinces, Police in Kabul and on LoCs)?",
        source=f"{_DOSSIER} item 4")
    government_train_cost: str = switch(
        "every_space", choices=("every_space", "only_if_cubes"),
        question="Government Train: 'Costo: 3 Risorse per Spazio', without the Coalition's 'se piazzati cubi': is a "
                 "space where no cube is placed paid for?",
        source=f"{_DOSSIER} item 7")
    train_civic_action: str = switch(
        "any_steps", choices=("any_steps", "one_step"),
        question="Train: 'esegui un'Azione Civica (vedi round Propaganda, fase 3)': the Support phase's Civic Action, "
                 "any number of 3-Resource steps in that space, or one step?",
        source="registry P01 (the project's own)")
    train_civic_action_where: str = switch(
        "coin_control", choices=("coin_control", "support_phase"),
        question="Train's Civic Action 'in 1 spazio dove hai Addestrato con COIN Control': is COIN Control enough, or "
                 "do the Support phase's conditions apply too ('dove ci siano Truppe e Polizia', ruling "
                 "civic_action_cubes)?",
        source="registry P02 (the project's own)")
    train_cubes_from_map: str = switch(
        "none_available", choices=("none_available", "kind_unavailable"),
        question="Train: 'se non ci sono più cubi in riserva puoi prendili dalla mappa': from the map once no Govt cube "
                 "of either kind is Available, or a kind once none of that kind is?",
        source="registry P03 (the project's own)")
    patrol_activation: str = switch(
        "every_loc", choices=("every_loc", "destination_locs"),
        question="Patrol: 'Poi, in ogni LoC, attiva 1 Guerrigliero per ogni tuo cubo presente': in every LoC of the "
                 "map, or in the Patrol's destination LoCs?",
        source="registry P04 (the project's own)")
    destination_needs_move: str = switch(
        "required", choices=("required", "optional"),
        question="Patrol and Sweep: must a destination space receive a moving cube, or may a space be a destination "
                 "for the cubes already there?",
        source="registry P05 (the project's own)")
    patrol_assault_where: str = switch(
        "any_loc", choices=("any_loc", "destination_loc"),
        question="Patrol: 'esegui un Assalto gratuito in 1 LoC': in any LoC, or in one of the Patrol's destinations?",
        source="registry P06 (the project's own)")
    patrol_assault_govt_join: str = switch(
        "join_free", choices=("join_free", "join_pays_3"),
        question="Coalition Patrol: 'un Assalto gratuito in 1 LoC': do Government forces join it free, or for the "
                 "Assault's 'altre 3 Risorse Govt'?",
        source="registry P07 (the project's own)")
    march_activation: str = switch(
        "destination_total", choices=("destination_total", "moving_group", "loc_exempt_for_taliban"),
        question="March: 'la somma dei tuoi Guerrieri più i Guerrieri Talebani è superiore a 3': count every guerrilla "
                 "of both insurgents in the destination, or only the own guerrillas that moved in (plus the other "
                 "faction's there)? And is a LoC 'non ... territorio Pashtun' for the Taliban?",
        source=f"{_DOSSIER} item 9")
    march_activates: str = switch(
        "moved", choices=("moved", "all_in_destination"),
        question="March: 'attiva i tuoi Guerrieri': once the count exceeds 3, are the guerrillas that moved into the "
                 "destination activated, or every own guerrilla there?",
        source="registry P30 (the project's own)")
    march_pakistan_cost: str = switch(
        "all_from_pakistan", choices=("all_from_pakistan", "any_from_pakistan"),
        question="Islamabad Backing: 'Marciare dentro o fuori il Pakistan costa zero Risorse': is a destination outside "
                 "Pakistan free when every guerrilla entering it comes from Pakistan, or when any does?",
        source="registry P31 (the project's own)")
    attack_enemies: str = switch(
        "coin_only", choices=("coin_only", "other_insurgent_too"),
        question="Attack: 'rimuovi fino a 2 pezzi nemici': are the other Insurgent faction's pieces enemies too?",
        source=f"{_DOSSIER} item 12")
    attack_bases_order: str = switch(
        "any_base", choices=("any_base", "government_first"),
        question="Attack: 'cubi Govt prima della Coalizione ... Basi per ultime': among the Bases (last), any order, or a "
                 "Govt Base before a Coalition Base?",
        source="registry P32 (the project's own)")
    traffic_spaces: str = switch(
        "unlimited", choices=("unlimited", "max_3"),
        question="Traffic shows no 'max N spazi': every qualifying space, or a limit left out (3, as Suborn's)?",
        source=f"{_DOSSIER} item 23")
    taliban_terror_guerrilla: str = switch(
        "taliban_guerrilla", choices=("taliban_guerrilla", "warlords_guerrilla"),
        question="Taliban Terror: 'attiva 1 Guerrigliero Warlord nascosto': the Taliban's own Underground guerrilla "
                 "('Warlord' copied from the Warlords block), or an Underground Warlords guerrilla?",
        source=f"{_DOSSIER} item 1")
    taliban_rally_location: str = switch(
        "pashtun_any_or_no_support", choices=("pashtun_any_or_no_support", "all_without_support"),
        question="Taliban Rally: 'Pashtun o Province senza Supporto o Kabul': any Pashtun space, any Province without "
                 "Support, or Kabul; or Pashtun spaces and Provinces, both without Support, or Kabul?",
        source=f"{_DOSSIER} item 10")
    taliban_terror_shift: str = switch(
        "one_level", choices=("one_level", "to_opposition"),
        question="Taliban Terror: 'sposta Supporto o Neutrale verso Opposizione': one level, or straight to Opposition?",
        source=f"{_DOSSIER} item 11")
    extort_warlords_resources: str = switch(
        "transfer_capped_by_space", choices=("transfer_capped_by_space", "gain_without_transfer"),
        question="Extort: 'prendi 2 risorse Warlord per Base Warlord': a transfer from the Warlords (no more than they "
                 "have), or a gain of the Taliban's without the Warlords losing any?",
        source=f"{_DOSSIER} item 13")
    infiltrate_targets: str = switch(
        "government_and_warlords", choices=("government_and_warlords", "government_only"),
        question="Infiltrate: 'Rimuovi 2 pezzi (non della Coalizione)': Government and Warlords pieces, or the "
                 "Government's only?",
        source=f"{_DOSSIER} item 14")
    rally_sharia_control: str = switch(
        "base_and_control", choices=("base_and_control", "base_only"),
        question="Taliban Rally, 'dove hai 1 Base ... Esegui la Sharia (vedi round Propaganda, fase 3)': does the Sharia "
                 "keep the Propaganda's 'Spazi che Controlla (Taleban Control)', or is the Base enough?",
        source="registry P40 (the project's own)")
    rally_sharia_steps: str = switch(
        "any_number_paid", choices=("any_number_paid", "one_step_in_rally_cost"),
        question="Taliban Rally's Sharia: any number of steps, 1 Taliban Resource each as in the Propaganda, or one step "
                 "paid by the Rally's cost?",
        source="registry P41 (the project's own)")
    rally_sharia_bases: str = switch(
        "at_least_one", choices=("at_least_one", "exactly_one"),
        question="Taliban Rally's Sharia 'dove hai 1 Base': a space with a Taliban Base (one or more), or with exactly one?",
        source="registry P42 (the project's own)")
    extort_enemies: str = switch(
        "coin_only", choices=("coin_only", "coin_and_warlords"),
        question="Extort: 'più Talebani che nemici': are the enemies the Coalition and Government pieces, or the "
                 "Warlords' pieces too?",
        source="registry P43 (the project's own)")
    infiltrate_bases_last: str = switch(
        "all_targets", choices=("all_targets", "own_faction"),
        question="Infiltrate '(Basi per ultime)': a Base only once no other piece Infiltrate may take is left in the "
                 "space, or once none of the Base's own faction is?",
        source="registry P44 (the project's own)")
    infiltrate_replaced_patronage: str = switch(
        "replaced_counts", choices=("replaced_counts", "removed_only"),
        question="Infiltrate: 'riduci Patronage di -1 per ogni pezzo Govt rimosso': does a Govt piece replaced by a "
                 "Taliban guerrilla count as removed?",
        source="registry P45 (the project's own)")
    infiltrate_fewer_than_two: str = switch(
        "remove_what_there_is", choices=("remove_what_there_is", "needs_two"),
        question="Infiltrate 'Rimuovi 2 pezzi': with one piece it may take, may the Taliban remove that one, or does the "
                 "removal need two?",
        source="registry P46 (the project's own)")
    civic_action_cubes: str = switch(
        "both_any_troops", choices=("both_any_troops", "either", "government_troops"),
        question="Civic Action 'dove ci siano Truppe e Polizia': Troops (of either COIN faction) and Police, Troops or "
                 "Police, or the Government's own Troops and Police?",
        source=f"{_DOSSIER} item 19")
    civic_action_decider: str = switch(
        "per_space", choices=("per_space", "overall"),
        question="Civic Action 'La fazione con più truppe negli spazi scelti decide quante Azioni Civili eseguire': "
                 "space by space (the Government then the Coalition, each where it has more troops), or one faction "
                 "for all the spaces together?",
        source="registry P51 (the project's own)")
    redeploy_control: str = switch(
        "phase_start", choices=("phase_start", "before_moves", "live"),
        question="Redeploy: COIN and Taliban Control of a destination as it stood when the Redeploy phase began "
                 "('Alla fine di questa fase, controllare se vi è stato un cambio di Controllo'), after Desertion "
                 "before the first move, or as the pieces stand at each move?",
        source="registry P52 (the project's own)")
    redeploy_taliban_in_pakistan: str = switch(
        "stay", choices=("stay", "leave"),
        question="Redeploy: Taliban guerrillas in a Pashtun space of Pakistan without a Taliban Base, a Province "
                 "without Taliban Bases and a legal destination at once: do they stay, or must they move to another "
                 "destination?",
        source="registry P53 (the project's own)")
