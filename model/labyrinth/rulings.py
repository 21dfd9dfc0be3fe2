"""Labyrinth interpretation switches (DESIGN.md: "Open questions ... are named switches").

Each default is the official 2010 errata/FAQ reading where one exists, else the recommended
resolution of the dossier (``seed_labyrinth.md`` section g, items Dnn/Ann), cited per switch.
"""
from __future__ import annotations

import dataclasses

from cdg_oracle.model.core.rulings import Rulings, switch


@dataclasses.dataclass(frozen=True)
class LabyrinthRulings(Rulings):
    first_plot_exemption: str = switch(
        "first_plot_op",
        choices=("first_plot_op", "first_us_event_plot"),
        question="Which Plot op uses up the turn's 1st-Plot exemption (6.3.2, 4.7.7.2, 8.5.3): the "
        "first Plot op of the turn whatever its card, or the first Plot op with a US-event card?",
        source="seed_labyrinth.md A02, D33 (IT/PL/ES 6.3.2 and 4.7.7.2 wording; ES 8.5.3 addition)",
    )
    jihadist_ops_fully_used: bool = switch(
        True,
        choices=(True, False),
        question="Must the Jihadist roll one die per ops point while a legal assignment remains "
        "(8.1.2 'roll a number of dice equal to the card value'), or may he stop after one die?",
        source="8.1.2 text; Jihad example A (only the cells present limit the dice)",
    )
    us_final_card: str = switch(
        "phase_start",
        choices=("phase_start", "any_point"),
        question="5.2.4: the US may play, discard or hold its final card in 'a US Action Phase in which "
        "the US has only one card': only when it starts the phase with one card, or also when one "
        "card is left after playing the phase's first card?",
        source="5.2.4 (IT 'nella quale gli USA hanno una sola carta'); seed_labyrinth.md A20",
    )
    deal_order: str = switch(
        "alternate",
        choices=("alternate", "jihadist_then_us"),
        question="5.2.8: are the hands dealt alternately, Jihadist first (ES), or the whole Jihadist "
        "hand then the whole US hand (IT/PL silent)? Matters when the deck runs out mid-deal.",
        source="seed_labyrinth.md D30",
    )
    woi_on_good_ally: bool = switch(
        True,
        choices=(True, False),
        question="May the US conduct a War of Ideas on a Good Ally, where a success changes nothing? "
        "7.2.1.1 bars only an Adversary ('non deve essere Avversario').",
        source="7.2.1.1, 7.2.2.1; seed_labyrinth.md A13 (the dossier recommended illegal; the registry says why not)",
    )
    withdraw_destination: str = switch(
        "track_or_ally",
        choices=("track_or_ally", "track_only"),
        question="7.3.5 does not restate where withdrawn troops go: the Troops track or an Ally "
        "(as Deploy, 7.3.2-7.3.3), or the track only?",
        source="seed_labyrinth.md A15",
    )
    major_jihad_failure_needs_major: bool = switch(
        True,
        choices=(True, False),
        question="8.4.3.1: do the Besieged Regime and Ally shift for 3 dice in a Poor country that fail "
        "to reach Islamist Rule apply only to a declared Major Jihad, or to any 3-dice Jihad there?",
        source="seed_labyrinth.md A42 (titled 'failure of a Major Jihad')",
    )
    anaconda_setup: str = switch(
        "distinct_non_us",
        choices=("distinct_non_us", "any_non_us"),
        question="Anaconda set-up: must the Jihadist's three cells go to three different non-US "
        "countries ('ciascuno di tre'), or may countries repeat?",
        source="scenario Anaconda; seed_labyrinth.md A33",
    )
    mission_accomplished_reroll: str = switch(
        "mandatory",
        choices=("optional", "mandatory"),
        question="Mission Accomplished set-up: after rolling every Schengen Posture, is the Jihadist's "
        "re-roll of one of them optional (ES 'puedes') or mandatory (IT 'ritirate per uno di essi')?",
        source="scenario Mission Accomplished?; seed_labyrinth.md d.4 recommends optional (ES); the "
        "Italian rulebook, the primary text, is imperative, so the default follows it",
    )
    plot_marker_values: str = switch(
        "1,1,2,2,3,3",
        choices=("1,1,2,2,3,3", "1,1,1,2,2,3", "1,2,2,2,3,3"),
        question="The values of the six numbered Plot markers (4.8.1 gives 'numbered 1, 2 or 3' but "
        "not the split; the 2-player example shows at least two '2's).",
        source="seed_labyrinth.md a.9, A18, e.4 item 6 (not in the seeds)",
    )
    alert_in_islamist_rule: bool = switch(
        False,
        choices=(True, False),
        question="May the US Alert a plot in a country under Islamist Rule? 7.5.2 allows 'any country "
        "(including an Adversary or Iran)'; 7.1.3 allows no US operation there but Regime Change.",
        source="7.1.3, 7.5.2 (IT); the model's reading: 7.1.3 is absolute",
    )
    simultaneous_victory: str = switch(
        "acting_side",
        choices=("acting_side", "phasing_side"),
        question="When one atomic step satisfies both sides' instant victory outside Oil Price Spike "
        "(2.2), who wins: the side acting (the side implementing the running event, else the "
        "phasing side), as 2.2 does for Oil Price Spike, or the side whose Action Phase it is?",
        source="2.2; seed_labyrinth.md A44 (recommendation: the acting side)",
    )

    # -- card events (issue 3) -----------------------------------------------------------------
    sharia_needs_besieged_regime: bool = switch(
        False,
        choices=(False, True),
        question="Card 28 Sharia ('Rimuovere un segnalino di Regime Assediato') prints no 'Giocatela "
        "se': is it playable with no Besieged Regime on the map (the event then does nothing)?",
        source="IT card list #28; 6.2.6",
    )
    sistani_target: str = switch(
        "shia_mix_regime_change",
        choices=("shia_mix_regime_change", "shia_mix"),
        question="Card 46 Sistani: 'un paese con Regime Misto Sciita ha una cellula': a Shia-Mix "
        "Regime Change country with a cell, or any Shia-Mix country with a cell?",
        source="IT card list #46; seed_labyrinth.md A07",
    )
    libyan_deal_libya_ally: bool = switch(
        False,
        choices=(False, True),
        question="Card 38 Libyan Deal: does it also set Libya to Ally? The IT text gives no effect on "
        "Libya itself.",
        source="IT card list #38; labyrinth_cards.md #38 ('verify')",
    )
    adam_gadahn_cells: str = switch(
        "available",
        choices=("available", "track"),
        question="Card 48 Adam Gadahn 'è disponibile una cellula': a cell Available under Funding "
        "(4.7.4.2, also limiting its Recruit), or any cell on the Funding track?",
        source="IT card list #48; seed_labyrinth.md A27; 4.7.4.2",
    )
    opium_all_available: str = switch(
        "funding_limited",
        choices=("funding_limited", "whole_track"),
        question="Card 72 Opium 'ponete lì tutte le cellule disponibili': the cells Available under "
        "Funding (4.7.4.2), or every cylinder on the track?",
        source="IT card list #72; seed_labyrinth.md A16",
    )
    al_jazeera_country: str = switch(
        "with_troops",
        choices=("with_troops", "saudi_arabia"),
        question="Card 77 Al Jazeera 'spostate il paese': Saudi Arabia or the adjacent country with "
        "troops the Jihadist picks, or always Saudi Arabia?",
        source="IT card list #77; seed_labyrinth.md A37",
    )
    martyrdom_country: str = switch(
        "non_islamist_rule",
        choices=("non_islamist_rule", "non_muslim"),
        question="Cards 87-89 Martyrdom Operation 'un paese non Islamico ha una cellula': a country "
        "not under Islamist Rule, or a non-Muslim country?",
        source="IT card list #87-89; labyrinth_cards.md",
    )
    martyrdom_cadre: bool = switch(
        True,
        choices=(True, False),
        question="Cards 87-89 Martyrdom Operation: does replacing a country's last cell with plots "
        "leave a Cadre (4.8.4: a cell removed by an event)?",
        source="4.8.4; seed_labyrinth.md A28",
    )
    hamas_elected_discard: str = switch(
        "any_card",
        choices=("any_card", "us_associated"),
        question="Card 99 HAMAS Elected 'Gli USA scelgono e scartano 1 carta dalla mano USA': any card "
        "of the US hand, or a US-associated card?",
        source="IT card list #99; labyrinth_cards.md #99",
    )
    fatwa_op_reserves: bool = switch(
        False,
        choices=(False, True),
        question="Card 97 Fatwa 'effettuate una operazione con questa carta': may that operation be "
        "Reserves (6.3.3 'operazione di Riserve')?",
        source="IT card list #97; 6.3.3; seed_labyrinth.md A30; FAQ (Fatwa in solo)",
    )

    # -- chapter 9, the solo Jihadist (seed_labyrinth.md section g, D and A items on chapter 9) -----
    solo_ir_victory: str = switch(
        "at_least_6",
        choices=("at_least_6", "more_than_6"),
        question="9.1: the solo Jihadist wins with Islamist Rule over 6 or more Resources (PL/ES '6 lub "
        "więcej', '6 o más', as 2.1.2 'almeno 6') or over more than 6 (IT 'più di 6')?",
        source="seed_labyrinth.md D02 (resolution: at least 6)",
    )
    solo_end_measure: str = switch(
        "resources",
        choices=("resources", "countries"),
        question="9.1: the solo end-of-deck thresholds 6/9/12 count Resources under Good Governance "
        "(IT/PL 'Risorse') or Good countries (ES 'países')?",
        source="seed_labyrinth.md D04 (resolution: Resources)",
    )
    solo_plot_prestige: str = switch(
        "above_low",
        choices=("above_low", "below_low"),
        question="9.4.2.2: the Philippines/troops plot priority applies 'if Prestige is above Low' (ES; "
        "the IT solo example 'il Prestigio non è Basso') or 'below Low' (IT/PL text, which never holds)?",
        source="seed_labyrinth.md D12 (resolution: above Low, Prestige 4 or more)",
    )
    solo_plot_troops: str = switch(
        "with_troops",
        choices=("with_troops", "without_troops"),
        question="9.4.2.2: after the Philippines, plots go to countries WITH troops (IT/ES; the 9.5.1 "
        "example) or WITHOUT troops (PL)?",
        source="seed_labyrinth.md D12 (resolution: with troops)",
    )
    solo_recruit_ir_cells: str = switch(
        "twice_ops",
        choices=("twice_ops", "half_ops"),
        question="9.4.2.5: Recruit in an Islamist Rule country with fewer cells than twice the card's "
        "ops (IT/PL; the solo example 'Afghanistan (4 < 6)') or than half of them (ES)?",
        source="seed_labyrinth.md D13 (resolution: twice)",
    )
    solo_travel_box3_muslim: bool = switch(
        True,
        choices=(True, False),
        question="9.4.2.6 third destination: a Good or Fair MUSLIM country with an adjacent cell (IT/PL) "
        "or any Good or Fair country (ES omits 'Muslim')?",
        source="seed_labyrinth.md D14 (resolution: Muslim only)",
    )
    solo_radicalization_muslim: bool = switch(
        True,
        choices=(True, False),
        question="9.4.3 last step: worsen the Governance of a random Good or Fair MUSLIM country (IT/PL) "
        "or of any Good or Fair country (ES omits 'Muslim'; non-Muslim Governance never changes)?",
        source="seed_labyrinth.md D15 (resolution: Muslim only)",
    )
    solo_unassociated_ops: str = switch(
        "event_then_ops",
        choices=("event_then_ops", "event_instead"),
        question="9.4.1: a playable Unassociated event drawn by the solo Jihadist: the event and then its "
        "ops through the flowchart (PL/ES; IT's own 9.4.1 bullet; the Fatwa FAQ; the solo example's "
        "#109, #114, #108), or the event instead of the ops (IT's closing note)?",
        source="seed_labyrinth.md D16 (resolution: event, then ops)",
    )
    solo_shia_mix_nearest: str = switch(
        "always",
        choices=("always", "if_unmarked"),
        question="9.4.2.1 Iran / Jaysh al-Mahdi: after the Shia-Mix roll and its test, always find the "
        "nearest eligible Good, then Fair, country (IT/PL), or only when the result is still unmarked (ES)?",
        source="seed_labyrinth.md D20 (resolution: always)",
    )
    solo_attractive_available: bool = switch(
        True,
        choices=(True, False),
        question="9.7 Attractive: must both cells of a Recruit success be Available (IT/PL 'due cellule "
        "disponibili', Funding-limited), or may the second come from the track regardless (ES 'dos células')?",
        source="seed_labyrinth.md D41 (resolution: both Available)",
    )
    solo_wmd_set_aside: str = switch(
        "deferred",
        choices=("deferred", "none"),
        question="9.3.3: a WMD plot arrives when no numbered plot marker is Available to set aside (all "
        "on the map): is the next numbered marker that returns set aside instead, keeping 'always "
        "exactly 6 plot markers in play' (deferred), or does a 7th marker join the game (none)?",
        source="9.3.3 (IT 'in modo che vi siano sempre esattamente 6 segnalini di Complotto in gioco'); "
        "the project's reading: no seed or dossier item covers it (found by the solo state machine)",
    )
    solo_shia_mix_table: str = switch(
        "source_a",
        choices=("source_a", "uniform"),
        question="9.5 Shia-Mix table (3d6): the cells of source A (the only source that gives them, "
        "unconfirmed), or a uniform choice among the Shia-Mix countries (source B has no table)?",
        source="labyrinth_solo_tables.yaml shia_mix_table; data/solo_tables.yaml",
    )
    solo_schengen_table: str = switch(
        "source_c",
        choices=("source_c", "uniform"),
        question="9.5 Schengen table (1d6): the face order of source C (1 Scandinavia ... 6 Italy, the "
        "only source that gives one, unconfirmed), or a uniform choice among the Schengen options "
        "(sources A and B)?",
        source="labyrinth_solo_tables.yaml schengen_table; data/solo_tables.yaml",
    )

    # -- issue 7: readings of the registry (properties/labyrinth/ambiguities/) made executable --------
    plot_markers_reusable: bool = switch(
        True,
        choices=(True, False),
        question="4.8.1: do numbered Plot markers return to Available after resolution (8.5.6) or an "
        "Alert (7.5.3) (PL/ES 'pueden ser reutilizados'), or leave the game (IT 'non possono essere "
        "riutilizzati')?",
        source="seed_labyrinth.md D01 (resolution: reusable; IT contradicts itself in 7.5.3 and 8.5.6)",
    )
    us_plot_roll: str = switch(
        "prestige",
        choices=("prestige", "posture"),
        question="8.5.6: a plot resolved in the United States rolls US Prestige (IT/ES), or a second "
        "US Posture roll (PL literal)?",
        source="seed_labyrinth.md D08 (resolution: Prestige)",
    )
    schengen_extra_rolls: str = switch(
        "mandatory",
        choices=("mandatory", "optional"),
        question="8.5.6: after a plot in a Schengen country the Jihadist chooses two other Schengen "
        "countries and rolls their Posture (IT/PL, mandatory), or may do so (ES 'puede')?",
        source="seed_labyrinth.md D10 (resolution: mandatory)",
    )
    plot_funding_islamist_rule: str = switch(
        "plus_one",
        choices=("plus_one", "none"),
        question="8.5.6 Funding for a plot in a Muslim country or Iran: +1 if its Governance is worse "
        "than Good (IT, so +1 under Islamist Rule), or +1 only if Fair or Poor (PL/ES, +0 under "
        "Islamist Rule)?",
        source="seed_labyrinth.md D11 (resolution: +1 for anything other than Good)",
    )
    aid_removed_per: str = switch(
        "success",
        choices=("success", "roll"),
        question="7.2.2.3: does each successful Jihad or Plot die remove an Aid marker, or each die "
        "rolled?",
        source="seed_labyrinth.md D27 (resolution: each success)",
    )
    end_game_measure: str = switch(
        "resources",
        choices=("resources", "countries"),
        question="2.3: the end-of-game comparison counts Resources under Good Governance against "
        "Islamist Rule (IT/PL), or Good countries against Islamist Rule countries (ES 'países')?",
        source="seed_labyrinth.md D03 (resolution: Resources)",
    )
    ir_win_adjacency: str = switch(
        "adjacent_pair",
        choices=("adjacent_pair", "connected_group"),
        question="2.1.2: Islamist Rule over at least 6 Resources 'che includono almeno 2 paesi "
        "adiacenti': at least 6 Resources and some pair of adjacent Islamist Rule countries, or at "
        "least 6 Resources within one connected group of Islamist Rule countries?",
        source="seed_labyrinth.md A17 (recommendation: the pair reading)",
    )
    islamist_rule_prestige_loss: str = switch(
        "once",
        choices=("once", "per_country"),
        question="5.2.5: US Prestige -1 at the end of the turn if any country is under Islamist Rule "
        "(once), or -1 for each such country?",
        source="seed_labyrinth.md D28 (resolution: once)",
    )
    disrupt_us_posture: bool = switch(
        True,
        choices=(True, False),
        question="7.4.2: a Disrupt in a country with Posture Hard removes 2 cells; does the United "
        "States count as Hard when the US Posture (the GWOT track) is Hard?",
        source="seed_labyrinth.md A14 (recommendation: yes, the US Posture)",
    )
    woi_in_israel: bool = switch(
        False,
        choices=(False, True),
        question="7.2.3: may the US conduct a non-Muslim War of Ideas in Israel (PL/ES omit the "
        "exclusion), or not (IT)?",
        source="seed_labyrinth.md D25 (resolution: not in Israel)",
    )
    neutral_islamist_rule_ops: str = switch(
        "regime_change_only",
        choices=("regime_change_only", "neutral_opens_ops"),
        question="FAQ 2 and 7.1.3: after an event shifts an Islamist Rule Adversary to Neutral, is "
        "Regime Change still the only US operation there, or does its Neutral alignment open War of "
        "Ideas and the other operations?",
        source="seed_labyrinth.md A38 (FAQ: 'SI, ma leggete la regola 7.1.3')",
    )
    covert_action_islamist_rule: bool = switch(
        True,
        choices=(True, False),
        question="Card 14 Covert Action: may it target an Adversary under Islamist Rule (FAQ 2: an "
        "event may shift an Islamist Rule Adversary to Neutral)?",
        source="seed_labyrinth.md A50 (FAQ: yes)",
    )
    amerithrax_tie: str = switch(
        "us_chooses",
        choices=("us_chooses", "random"),
        question="Card 59 Amerithrax: 'the US discards its highest-value US-associated card': who picks "
        "among equally valued cards, the US, or chance (the IT solo example: 'a caso')?",
        source="seed_labyrinth.md A51",
    )
    lets_roll_targets: str = switch(
        "ally_or_any_good",
        choices=("ally_or_any_good", "muslim_only"),
        question="Card 21 Let's Roll!: does 'an Ally or Good country' include non-Muslim Good "
        "countries (such as the United States), or only Muslim countries?",
        source="seed_labyrinth.md A36",
    )
    abu_sayyaf_prestige_tie: str = switch(
        "troops_not_more",
        choices=("troops_not_more", "cells_more"),
        question="Card 57 Abu Sayyaf: a plot placed in the Philippines costs 1 Prestige 'a meno che le "
        "truppe superino in numero le cellule': with cells equal to troops, does it cost Prestige "
        "(troops do not outnumber the cells) or not (only more cells than troops cost)?",
        source="seed_labyrinth.md A03 (the card's text: troops <= cells)",
    )
    leak_flips_wiretapping: bool = switch(
        True,
        choices=(True, False),
        question="Cards 84/85 Leak and card 31 Wiretapping: may Leak flip the Wiretapping marker "
        "(9.6 lists it among Leak's targets), or is Wiretapping immune to Leak?",
        source="seed_labyrinth.md A04",
    )
    radicalization_failed_step: str = switch(
        "skip_to_next",
        choices=("skip_to_next", "op_spent"),
        question="9.4.3 Radicalization: when a step's condition fails (no cell on the track, Funding 9, "
        "...), does the same op pass to the next step, or is that op spent?",
        source="seed_labyrinth.md A23 (recommendation: skip to the next step)",
    )
    former_soviet_union_roll: str = switch(
        "roll_always",
        choices=("roll_always", "test_only_if_unmarked"),
        question="Card 102 Former Soviet Union: 'roll its Governance as if it were an initial test': "
        "roll even when Central Asia is already marked, or only when unmarked (4.9.4)?",
        source="seed_labyrinth.md A29 (recommendation: roll always)",
    )
    cadre_removed_by_travel: bool = switch(
        False,
        choices=(False, True),
        question="4.8.4: is a Cadre removed only when a cell is placed from the Funding track there, or "
        "also when a cell Travels in?",
        source="seed_labyrinth.md A31 (recommendation: only from the track)",
    )
    rc_on_good_by_event: bool = switch(
        True,
        choices=(True, False),
        question="Cards 37 Iraqi WMD and 39 Libyan WMD allow Regime Change 'at any Governance': also "
        "in a Good Iraq or Libya, or not (7.3.4 targets Islamist Rule; a Good country cannot hold a "
        "Regime Change marker, 7.3.4.1)?",
        source="seed_labyrinth.md A35",
    )
    gtmo_blocks: str = switch(
        "ops_and_second_card",
        choices=("ops_and_second_card", "all_recruits", "ops_only"),
        question="Card 114 GTMO 'no Recruit operations ... for the rest of this turn': it stops Recruit "
        "operations and the second-card Recruits of cards 48 and 53, or also Jihadist Videos' "
        "Recruit (card 82), or Recruit operations only?",
        source="seed_labyrinth.md A47 (recommendation: operations and the second card)",
    )
    travel_roll_strict: bool = switch(
        False,
        choices=(False, True),
        question="8.3.1: a non-adjacent Travel succeeds on a roll at most the destination's Governance "
        "value (IT/PL, as 8.1.1), or strictly less (ES '<')?",
        source="seed_labyrinth.md D07 (resolution: at most)",
    )
    # -- issue 7, third wave: the entries that were pending ----------------------------------------
    nato_troops: str = switch(
        "removed_on_move",
        choices=("removed_on_move", "counts_on_track", "withdraw_only"),
        question="Card 41 NATO 'counts as 2 troops; if deployed, remove it': 2 troops in its country "
        "only, removed when any troops move out (or the Regime Change ends); or also 2 troops for the "
        "Troops track level (hand size); or removed only when troops Withdraw from there?",
        source="seed_labyrinth.md A08 (recommendation: local troops, removed on any move)",
    )
    sadr_counts: str = switch(
        "as_cell",
        choices=("as_cell", "iraq_event_only"),
        question="Card 54 Moqtada al-Sadr: does the Sadr marker count as an Active cell for every count "
        "(2.1.1 no-cells win, Jihad dice, Major Jihad margin, Recruit) and may a Jihad failure take it, "
        "or does it count only as the card's cell in Iraq?",
        source="seed_labyrinth.md A09 (recommendation: a cell for every purpose)",
    )
    funding_3_level: str = switch(
        "tight",
        choices=("tight", "moderate"),
        question="4.7.4.1: is Funding 3 Tight (levels by thirds, the track) or Moderate (the example's "
        "'da Ampli a Modesti')?",
        source="seed_labyrinth.md A11 (recommendation: the printed track, thirds)",
    )
    iran_recruit: bool = switch(
        True,
        choices=(True, False),
        question="4.4 Iran: may the Jihadist Recruit in Iran (no explicit exclusion), or is Iran closed "
        "to Recruit like the other operations it excludes?",
        source="seed_labyrinth.md A19 (recommendation: the explicit lists, Recruit allowed)",
    )
    solo_major_jihad_possible: str = switch(
        "conditions_and_dice",
        choices=("conditions_and_dice", "conditions_only", "likely"),
        question="9.4.1 'Major Jihad if possible': the Major Jihad conditions and enough dice to make "
        "the successes needed; the conditions alone; or a success at least as likely as not?",
        source="seed_labyrinth.md A21 (recommendation: conditions and dice)",
    )
    card_flags: str = switch(
        "it_list",
        choices=("it_list", "implementation_a"),
        question="The doubtful card flags of the IT card list (Hijab #35 MARK, Saleh #119 and US "
        "Election #120 LAPSING...): as the IT list prints them, or as implementation A reads them "
        "(Hijab REMOVE not MARK; Saleh and US Election not LAPSING)?",
        source="seed_labyrinth.md A26 (recommendation: the IT list)",
    )
    intel_community_op: str = switch(
        "reserves_and_third_card",
        choices=("reserves_and_third_card", "no_reserves", "extra_counts_as_second"),
        question="Card 18 Intel Community: may its 1-value operation be Reserves, with the additional "
        "card played on top of the phase's two; or no Reserves; or is the additional card the phase's "
        "second card?",
        source="seed_labyrinth.md A30 (the IT solo example: Reserves, and a 'Card 2' after)",
    )
    oil_spike_scope: str = switch(
        "everywhere",
        choices=("everywhere", "victory_only"),
        question="Cards 117/118 Oil Price Spike: do the +1 Resources of oil exporters count for every "
        "purpose (8.4.4 Islamic Revolution Funding, card 32 Back Channel, solo priorities), or for "
        "victory only?",
        source="seed_labyrinth.md A39 (recommendation: every purpose)",
    )
    instant_victory_check: str = switch(
        "each_step",
        choices=("each_step", "end_of_card"),
        question="2.1/2.2: is an instant victory checked after every atomic effect, or only when a "
        "card's event or operation is complete (a condition undone later in the same card does not "
        "win)?",
        source="seed_labyrinth.md A44 (recommendation: after every effect)",
    )
    reassessment_event_order: str = switch(
        "nested",
        choices=("nested", "free"),
        question="7.6.3 Reassessment: the first card's triggered event before or after the whole "
        "Reassessment and the second's before or after the Posture change (four orders), or the two "
        "events and the Posture change in any order (six)?",
        source="seed_labyrinth.md A46 (recommendation: nested, 6.3.2.1 and 7.6.3)",
    )
    nest_reveals: str = switch(
        "placed_before_too",
        choices=("placed_before_too", "only_later"),
        question="Card 5 NEST: are WMD plots already in the United States when it is played face up "
        "too, or only those placed after?",
        source="seed_labyrinth.md A52 (recommendation: all of them)",
    )
    us_election_final_card: str = switch(
        "discard_triggers",
        choices=("discard_triggers", "discard_without_effect", "hold_triggers"),
        question="Card 120 US Election as the US final card (5.2.4): its discard triggers the event; "
        "or 'discard (without effect)' holds for it too; or holding it also triggers it?",
        source="seed_labyrinth.md A53 (recommendation: a discard triggers, a hold does not)",
    )
    event_select_tests: bool = switch(
        True,
        choices=(True, False),
        question="4.9.4: is an unmarked country an event 'selects' for a cell or plot placement tested "
        "first, or does the event act on it unmarked?",
        source="seed_labyrinth.md A54 (recommendation: a placement tests)",
    )
    last_action_phase: str = switch(
        "across_turns",
        choices=("across_turns", "same_turn_only"),
        question="Cards 61 and 94 'this or the last Action Phase': does the last phase reach back into "
        "the previous turn, or only phases of the current turn count?",
        source="seed_labyrinth.md A55 (recommendation: across turns)",
    )
    solo_wmd_posture_reroll: bool = switch(
        False,
        choices=(False, True),
        question="8.5.6: the Jihadist's re-roll of a WMD plot's Posture roll: two-player only, or does "
        "the solo bot re-roll too?",
        source="seed_labyrinth.md D09 (resolution: two-player only)",
    )
    rc_marker_tan: str = switch(
        "always_green",
        choices=("always_green", "unless_last_turn", "in_last_turn"),
        question="4.8.2 note: a Regime Change marker is placed green and flipped at 5.2.9; or the US "
        "may place it tan when the turn will not be the last (IT/PL); or in the last turn (ES)?",
        source="seed_labyrinth.md D23 (resolution: always green)",
    )
    rc_deploy_restriction: str = switch(
        "any_marker",
        choices=("any_marker", "green_only"),
        question="4.8.2/7.3.1: does the Deploy-out restriction (5 more troops than cells) hold in every "
        "Regime Change country, or only while its marker is green (PL 'from atop the troops')?",
        source="seed_labyrinth.md D24 (resolution: every Regime Change marker)",
    )
    reshuffle_timing: str = switch(
        "on_empty_draw",
        choices=("on_empty_draw", "before_short_deal"),
        question="4.7.5/5.3.1: reshuffle (or end the game at the game-length reshuffle) when a draw "
        "finds the pile empty, or before a deal the pile cannot complete (ES 4.7.5, the IT example)?",
        source="seed_labyrinth.md D31 (resolution: on an empty draw, 5.3.1)",
    )
    reassessment_flip: str = switch(
        "mandatory",
        choices=("mandatory", "optional"),
        question="7.6.1: does a Reassessment always flip the US Posture, or may the US keep it (PL/ES "
        "'allows')?",
        source="seed_labyrinth.md D39 (resolution: mandatory)",
    )

    # -- issue 14: what independent checking found (registry entries P14-P22) --------------------
    governance_roll_tested: str = switch(
        "improved_only",
        choices=("improved_only", "any_result"),
        question="Card 94 'un paese è testato o è migliorato a Discreto o Buono': does a Regime "
        "Change's Governance roll (7.3.4, on the Country Test table) count as 'testato' whatever its "
        "result, or only as an improvement when it gives Fair?",
        source="IT 7.3.4, the Governance table ('Ponete il segnalino a Neutro se Test, ad Alleato se "
        "Cambio di Regime') and card list #94; registry P14",
    )
    madrassas_own_recruit: bool = switch(
        True,
        choices=(True, False),
        question="Card 53 Madrassas: does Madrassas recruit with its own value and then with the second "
        "card (9.4.2.1 'il reclutamento Madrassas (inclusa la carta seguente)'; the English card 'Use "
        "this and 2nd card to recruit'), or only the second card (the Italian card list's 'Usate la "
        "seconda carta per Reclutare')?",
        source="IT 9.4.2.1; the English card text of #53; IT card list #53; registry P15 (issue 27.5)",
    )
    second_card_reserves: bool = switch(
        False,
        choices=(False, True),
        question="Cards 48 Adam Gadahn and 53 Madrassas fix the second card's use (a Recruit): may "
        "the Jihadist add his Reserves (6.3.3.1) to that card's value?",
        source="IT 6.3.3.1, card list #48 and #53; registry P16",
    )
    fatwa_first_plot: bool = switch(
        True,
        choices=(True, False),
        question="Card 97 Fatwa: is a Plot made as its 'operazione con questa carta' the turn's "
        "first Plot operation (4.7.7.2, 8.5.3: the exemption is used and Fatwa goes to the 1st Plot "
        "box), or outside the exemption (an event's operation, not a card used for operations)?",
        source="IT 4.7.7.2, 8.5.3, card list #97; A02/D33 default; registry P17",
    )
    casus_belli_this_card: str = switch(
        "us_play_only",
        choices=("us_play_only", "any_trigger"),
        question="Cards 37 Iraqi WMD and 39 Libyan WMD 'Usate questa carta ... per il Cambio di "
        "Regime': when the Jihadist plays the card for operations and the event happens (6.3.2), may "
        "the US use this same card for a Regime Change then, in the Jihadist Action Phase?",
        source="IT 5.2.2.1 ('evento OPPURE operazioni'), 6.3.2.2, 7.0, card list #37 and #39; "
        "registry P18",
    )
    itjihad_target: str = switch(
        "recorded",
        choices=("recorded", "fair_or_good_now"),
        question="Card 94 The door of Itjihad was closed: any country tested or improved to Fair or "
        "Good in this or the last Action Phase, or only such a country that is still Fair or Good "
        "when the event is played (so that the worsening does something)?",
        source="IT card list #94; registry P19",
    )
    predator_needs_cell: bool = switch(
        False,
        choices=(False, True),
        question="Cards 23-25 Predator ('Rimuovere una cellula da un paese Musulmano (non Iran)') print "
        "no 'Giocatelo se': is the event playable with no cell in a Muslim country (it then does "
        "nothing), as P04 answers for card 28 Sharia?",
        source="IT card list #23-25; 6.2.6; registry P20",
    )
    solo_travel_origin_count: str = switch(
        "all_cells",
        choices=("all_cells", "unassigned_cells"),
        question="9.4.2.6.1 solo Travel origins 'with more cells than the card's Ops' (and a Regime "
        "Change country 'with more cells than troops'): count every cell of the country, or only the "
        "cells not yet assigned a Travel by the same card?",
        source="IT 9.4.2.6.1; registry P21",
    )
    event_marker_limits: str = switch(
        "as_printed",
        choices=("as_printed", "rules_hold"),
        question="Cards 93 Taliban and 32 Back Channel place a Besieged Regime on an Afghanistan that "
        "may be Good or under Islamist Rule, and Aid on an Islamist Rule country: is the marker placed "
        "as printed (8.4.3.2 and 8.4.4 remove markers only when the Governance changes), or do those "
        "rules still hold, so that no such marker is placed?",
        source="IT 8.4.3.2, 8.4.4, card list #93 and #32; registry P22",
    )
