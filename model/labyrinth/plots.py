"""Unblocked plots (8.5.6), resolved at the end of every US Action Phase (5.2.3) in the order the
Jihadist chooses: victory, Funding, Posture, Prestige, Governance, then the marker.

A plot being resolved is revealed where it lies: its marker stays in the country until the MARKER
step takes it off the map (back to Available Plots, or out of the game for WMD, 8.5.5), so the six
numbered and six WMD markers are accounted for in every state (4.8.1, 4.7.8.1).

Lasting effects of events on plot resolution: Backlash (card 1) reverses a revealed plot's Funding;
a plot resolved in Israel ends Abbas (card 11), one in India Indo-Pakistani Talks (card 36);
troops for the PRESTIGE step include NATO (card 41).

Readings of the registry (model/labyrinth/data/ambiguities/) honoured here, each a Rulings switch:
``plot_funding_islamist_rule`` (D11, FUNDING under Islamist Rule), ``schengen_extra_rolls`` (D10,
the two other Schengen rolls), ``us_plot_roll`` (D08, the US roll under PRESTIGE),
``aid_removed_per`` (D27, Aid and the GOVERNANCE dice); ``plot_markers_reusable`` (D01, MARKER)
works through ``return_plot``; ``nest_reveals`` (A52, which WMD plots in the United States card 5
NEST turns face up: :func:`face_down_plots`, used by Alert and card 21); ``solo_wmd_posture_reroll``
(D09, the solo bot's WMD Posture re-roll: ``solo/answers.py`` ``wmd_posture_reroll``)."""
from __future__ import annotations

from cdg_oracle.model.core.choosers import pick_by_count
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.countries import WORSE, set_governance, troops
from cdg_oracle.model.labyrinth.engine import ask, cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.events.lasting import in_effect, marker_on, remove_marker
from cdg_oracle.model.labyrinth.operations.jihadist import DONE, return_plot, succeeds_against, wmd_used
from cdg_oracle.model.labyrinth.solo.options import is_solo
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import shift_funding, shift_prestige


def plots_on_map(st) -> list[dict]:
    """The plots to resolve, one entry per country and marker kind. A plot revealed by Backlash
    (card 1) is face up, so when a country also holds a face-down marker of the same kind the two
    are distinct choices: ``{"country", "plot", "backlash": True}`` for the revealed one."""
    out = []
    for name, c in st.d["countries"].items():
        if not c["plots"]:
            continue
        for p in sorted(set(c["plots"]), key=str):
            revealed = min(c["plots"].count(p), backlash_count(st, name, p))
            if revealed:
                out.append({"country": name, "plot": p, "backlash": True})
            if c["plots"].count(p) > revealed:
                out.append({"country": name, "plot": p})
    return out


def backlash_count(st, name: str, plot) -> int:
    """Backlash entries (card 1) recorded for ``plot`` in ``name`` (``d["backlash_plots"]``)."""
    return st.d.get("backlash_plots", []).count({"country": name, "plot": plot})


# -- card 5 NEST: face-up WMD plots in the United States (8.5.4, A52) ---------------------------------
US = "United States"
NEST_FACE_DOWN = "nest_face_down"


@implements("card 5", "8.5.4")
def nest_face_down_wmd(st) -> int:
    """A52, ruling ``nest_reveals``: how many WMD plots in the United States stay face down under
    NEST. "placed_before_too" (default; the IT card clarification "il gioco di questo evento rivela
    qualsiasi Complotto WMD negli USA ... anche uno piazzato in precedenza"): none, the key below is
    never written. "only_later": those already there when NEST was played, counted then in
    ``d["nest_face_down"]`` (a plain int; the key exists only once NEST has been played under this
    reading) and counted down as they leave (:func:`nest_plot_removed`)."""
    d = st.d
    return min(d.get(NEST_FACE_DOWN, 0), d["countries"][US]["plots"].count("WMD"))


@implements("card 5", "8.5.4")
def nest_face_up_wmd(st, name: str) -> int:
    """Card 5 NEST: "Complotti WMD negli USA sono sempre a faccia in su": the WMD plots in ``name``
    the US sees (the United States only, while the NEST marker is there): all of them but those
    still face down under the A52 reading "only_later" (:func:`nest_face_down_wmd`)."""
    if name != US or not marker_on(st, "NEST", name):
        return 0
    return st.d["countries"][US]["plots"].count("WMD") - nest_face_down_wmd(st)


@implements("card 5", "8.5.4")
def face_down_plots(st, name: str) -> list:
    """The plot markers in ``name`` the US does not see (8.5.4): all but NEST's face-up WMD plots
    (card 5). Alert (7.5.3) and "Let's Roll!" (card 21) draw among them by chance."""
    plots = list(st.d["countries"][name]["plots"])
    for _ in range(nest_face_up_wmd(st, name)):
        plots.remove("WMD")
    return plots


@implements("card 5")
def nest_played(st) -> None:
    """Card 5 NEST played: under the A52 reading "only_later" (``nest_reveals``) the WMD plots
    already in the United States stay face down: record how many (``d["nest_face_down"]``)."""
    if st.rulings.nest_reveals == "only_later":
        st.d[NEST_FACE_DOWN] = st.d["countries"][US]["plots"].count("WMD")
        cite(st, "card 5")


@implements("card 5")
def nest_plot_removed(st, name: str, plot, face_down: bool) -> None:
    """After plot ``plot`` left ``name`` (Alert, "Let's Roll!", Wiretapping): a WMD plot the US drew
    face down in the United States under A52 "only_later" was one placed before NEST, so one fewer
    stays face down; the count never exceeds the WMD plots there (Wiretapping removes them all)."""
    d = st.d
    if NEST_FACE_DOWN not in d or name != US:
        return
    if plot == "WMD" and face_down:
        d[NEST_FACE_DOWN] = max(0, d[NEST_FACE_DOWN] - 1)
    d[NEST_FACE_DOWN] = min(d[NEST_FACE_DOWN], d["countries"][US]["plots"].count("WMD"))


# -- a plot marker leaving the map (8.5.5, 8.5.6, 7.5.3) ------------------------------------------------
@implements("8.5.5", "8.5.6", "7.5.3", "9.3.3", "4.8.1")
def plot_leaves_map(st, plot) -> None:
    """Plot marker ``plot``, already taken off the map (resolved, 8.5.6 MARKER; blocked by Alert,
    7.5.3; removed by an event): a WMD plot leaves the game (8.5.5; 9.3.3 in a solo game), a
    numbered one returns to Available Plots (or leaves the game, 4.8.1: :func:`return_plot`)."""
    if plot == "WMD":
        st.d["wmd_removed"] += 1
        wmd_used(st)  # 9.3.3 (solo)
        cite(st, "8.5.5")
    else:
        return_plot(st, plot)


@implements("7.5.3", "card 5")
def remove_plot_as_alert(st, name: str, plot, face_down: bool = False) -> None:
    """Remove plot marker ``plot`` from ``name`` as Alert does (7.5.3): a WMD plot leaves the game
    (8.5.5), any other returns face down to Available Plots (:func:`plot_leaves_map`). The one
    removal of Alert and of the events that remove a plot "as Alert" (cards 21, 31).
    ``face_down``: the marker was drawn among the face-down ones (card 5 NEST, A52:
    :func:`nest_plot_removed`)."""
    st.d["countries"][name]["plots"].remove(plot)
    nest_plot_removed(st, name, plot, face_down)
    plot_leaves_map(st, plot)
    cite(st, "7.5.3")


@implements("8.5.4")
def pick_face_down(st, plots: list, rule: str, prompt: str) -> None:
    """8.5.4: plot markers lie face down, so which of ``plots`` a side selects is a chance node,
    each marker equally likely (``{"plot": v}``: Alert 7.5.3, card 21 "Let's Roll!")."""
    pick_by_count(st, plots, rule, prompt, key="plot")


@procedure("resolve_plots")
@implements("5.2.3", "8.5.6")
def resolve_plots(st, f, a) -> None:
    """5.2.3, 8.5.6: the Jihadist reveals and resolves every plot on the map, choosing the order.
    At the end the Backlash list (card 1) is cleared: an entry whose plot was removed before its
    resolution (e.g. by Alert) has no effect."""
    if a is None:
        options = plots_on_map(st)
        if not options:
            if st.d.get("backlash_plots"):
                cite(st, "card 1")
            st.d["backlash_plots"] = []
            pop(st)
            return
        if len(options) == 1:
            a = options[0]
        else:
            ask(st, "Jihadist", options, "8.5.6", "resolve which plot next")
            return
    push(st, "resolve_plot", country=a["country"], plot=a["plot"], backlash=bool(a.get("backlash")))


@procedure("resolve_plot")
@implements("8.5.6", "7.2.2.3", "card 1", "card 11", "card 36", "card 41")
def resolve_plot(st, f, a) -> None:
    """One unblocked plot (8.5.6), step by step; its marker is in ``country`` until the last step.

    * Card 11 Abbas: "Rimuovere se viene risolto un complotto in Israele"; card 36 Indo-Pakistani
      Talks: "Rimuovete il segnalino se viene risolto un complotto in India": the marker goes when
      the resolution starts (a plot blocked by Alert is not resolved).
    * Card 1 Backlash: the plot it revealed (``backlash``, an entry of ``d["backlash_plots"]``,
      consumed here) "sottrae invece che aggiungere Fondi (se WMD, Fondi a 1)" at the FUNDING step.
    * PRESTIGE: troops there include NATO (card 41).

    Rulings (8.5.6 as the translations differ):

    * FUNDING, ``plot_funding_islamist_rule`` (D11): "plus_one" (default, IT "+1 ai Fondi se il
      Governo è peggiore rispetto a Buono") a Muslim country under Islamist Rule gives +1; "none"
      (PL/ES "+1 if Fair or Poor") it gives nothing (Iran's fixed Governance is never Islamist Rule).
    * POSTURE, ``schengen_extra_rolls`` (D10): "mandatory" (default, IT/PL) the Jihadist chooses two
      other Schengen countries; "optional" (ES "puede elegir") he may instead answer ``"done"`` to
      the first choice and roll none: the choice is of the two countries, so once one is rolled the
      second follows. Never offered in a solo game: the bot rolls both on the Schengen table (9.5).
    * PRESTIGE, ``us_plot_roll`` (D08): "prestige" (default, IT/ES "fate un tiro di dado per il
      Prestigio") a plot in the United States makes a Prestige roll; "posture" (PL "wykonaj rzut na
      Nastawienie") a second US Posture roll instead.
    * GOVERNANCE, ``aid_removed_per`` (D27, 7.2.2.3): "success" (default) each success removes an
      Aid; "roll" (IT 7.2.2.3 "Un tiro di dado ... rimuove un Aiuto") every die rolled does."""
    d = st.d
    name, plot = f["country"], f["plot"]
    info = st.map.countries[name]
    c = d["countries"][name]
    wmd = plot == "WMD"
    pc = f["pc"]
    cite(st, "8.5.6")  # every step of the resolution applies 8.5.6
    if pc == "start":
        if plot not in c["plots"]:
            raise RuntimeError(f"resolve_plot: no {plot!r} plot marker in {name}")
        if info.muslim and c["gov"] is None and not f.get("tested"):
            # A54, ruling event_select_tests False: an event placed this plot in an unmarked Muslim
            # country. Its FUNDING and GOVERNANCE steps need a Governance, so it is tested first
            # (4.9.4; project decision). Never so under the default reading.
            f["tested"] = True
            push_test(st, name)
            return
        # VICTORY: a WMD plot in the United States (2.1.2).
        if wmd and name == "United States":
            victory.declare(st, "Jihadist", "an unblocked WMD plot was resolved in the United States (2.1.2)", "2.1.2")
            return
        for country, marker, card in (("Israel", "Abbas", "card 11"), ("India", "Indo-Pakistani Talks", "card 36")):
            if name == country and in_effect(st, marker):
                remove_marker(st, marker)
                cite(st, card)
        # FUNDING
        backlash = f.get("backlash") and backlash_count(st, name, plot) > 0
        if backlash:
            d["backlash_plots"].remove({"country": name, "plot": plot})
            cite(st, "card 1")
        if info.muslim or info.type == "iran":
            gov = c["gov"] if info.muslim else info.governance
            gain = 2 if gov == "good" else 1
            if gov == "islamist_rule" and st.rulings.plot_funding_islamist_rule == "none":
                gain = 0  # D11 "none": +1 only if Fair or Poor (PL/ES)
        elif name == "United States" or wmd:
            gain = None  # Funding to 9
        else:
            gain = plot * (2 if info.governance == "good" else 1)
        if gain is None or (backlash and wmd):
            d["funding"] = 1 if backlash else 9  # Backlash: "se WMD, Fondi a 1"
        else:
            shift_funding(d, -gain if backlash else gain)
        f["pc"] = "posture"
        return
    if pc == "posture":
        # POSTURE: a non-Muslim country (the US included) rolls its Posture.
        if info.non_muslim:
            f["pc"] = "posture_rolled"
            push(st, "posture_roll", country=name)
            return
        f["pc"] = "prestige"
        return
    if pc == "posture_rolled":
        if a is None and wmd and info.posture != "fixed_hard" and not f.get("rerolled"):
            ask(st, "Jihadist", [{"reroll": True}, {"reroll": False}], "8.5.6",
                f"WMD plot in {name}: re-roll its Posture once?")
            return
        if a is not None and a["reroll"]:
            f["rerolled"] = True
            push(st, "posture_roll", country=name)
            return
        f["pc"] = "schengen" if info.schengen else "prestige"
        f["others"] = []
        return
    if pc == "schengen":
        # If in the Schengen area, the Jihadist chooses two other Schengen countries and rolls their Posture.
        if a == DONE:
            # D10, ruling schengen_extra_rolls "optional" (ES "puede elegir"): no extra roll.
            f["pc"] = "prestige"
            return
        if a is not None:
            f["others"].append(a["country"])
            push(st, "posture_roll", country=a["country"])
            return
        if len(f["others"]) < 2:
            options = [{"country": n} for n in st.map.schengen if n != name and n not in f["others"]]
            if not f["others"] and st.rulings.schengen_extra_rolls == "optional" and not is_solo(st):
                options.append(DONE)  # D10 "optional": the Jihadist may decline both rolls
            ask(st, "Jihadist", options, "8.5.6", f"plot in {name}: another Schengen country to roll Posture")
            return
        f["pc"] = "prestige"
        return
    if pc == "prestige":
        # PRESTIGE: troops there: -1, or Prestige 1 for WMD; in the US: a Prestige roll.
        if troops(st, name) > 0:
            if wmd:
                d["prestige"] = 1
            else:
                shift_prestige(d, -1)
        f["pc"] = "governance"
        if name == "United States":
            if st.rulings.us_plot_roll == "posture":
                # D08 "posture" (PL "wykonaj rzut na Nastawienie"): a second US Posture roll.
                push(st, "posture_roll", country=name)
            else:
                push(st, "prestige_roll")
        return
    if pc == "governance":
        # GOVERNANCE: a Muslim country (not Iran) rolls dice equal to the plot number (3 for WMD) as
        # Jihad rolls; each success removes an Aid and worsens Governance one level, never to Islamist Rule.
        if info.muslim:
            if a is None and "dice" not in f:
                f["dice"] = 3 if wmd else plot
                f["results"] = []
                f["start_gov"] = c["gov"]
            if a is not None:
                f["results"].append(a["die"])
            if f["start_gov"] != "islamist_rule" and len(f["results"]) < f["dice"]:
                roll(st, "8.5.6", f"plot governance die {len(f['results']) + 1} in {name}")
                return
            if f["start_gov"] == "islamist_rule":
                hits = f["dice"]
            else:
                hits = sum(1 for r in f["results"] if succeeds_against(f["start_gov"], r))
            for _ in range(hits):
                c["aid"] = max(0, c["aid"] - 1)
                if c["gov"] in ("good", "fair"):
                    set_governance(st, name, WORSE[c["gov"]])
            if st.rulings.aid_removed_per == "roll" and f["dice"] > hits and c["aid"]:
                # 7.2.2.3, D27 "roll": each die rolled removes an Aid, the failures too.
                c["aid"] = max(0, c["aid"] - (f["dice"] - hits))
                cite(st, "7.2.2.3")
        f["pc"] = "marker"
        return
    # MARKER: a numbered plot returns to Available (or leaves the game: return_plot, ruling
    # plot_markers_reusable, D01); a WMD plot is removed from the game (8.5.5).
    c["plots"].remove(plot)
    plot_leaves_map(st, plot)
    pop(st)
