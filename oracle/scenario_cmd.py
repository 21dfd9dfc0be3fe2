"""``cdg-oracle scenario``: scenario regression for scenario authors.

    cdg-oracle scenario [--game GAME] check [FILE...] [--update-golden]
    cdg-oracle scenario [--game GAME] show NAME [--json]

``check`` checks every scenario of ``scenarios/<game>/`` (or each FILE: a scenario name such as
``lets_roll``, or a path to a scenario YAML, e.g. a modified copy) against the invariants, its
printed figures (Labyrinth: and the cards the card list bars from it) and the golden summary of
the same stem (``scenarios/<game>/golden/<stem>.json``), and prints one line per scenario. Exit 0
when every scenario is ok, 1 when a check fails, 2 for bad input (one line, nothing printed before
it). ``--update-golden`` first rewrites the golden files (atomically; only the scenarios of
``scenarios/<game>/``) from the current set-ups, then checks. What each game checks is its
``properties/<game>/scenario_checks.py`` (the ``scenario_checks`` of the game's checks record); the golden files are written
and compared by one module for every game, ``properties/golden.py``.

``show`` prints the readable set-up of one scenario (by name or path); ``--json`` prints its
summary, the very text of its golden file.
"""
from __future__ import annotations

import sys

from pathlib import Path

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle.arguments import GAME_HELP

EXIT_OK, EXIT_FAIL = 0, 1


def add_parser(sub) -> None:
    """Register ``scenario`` and its actions on the CLI's subparsers."""
    sc = sub.add_parser("scenario", help="check scenario set-ups (invariants, printed figures, golden summaries); show one")
    sc.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP + "; a game with scenario checks")
    actions = sc.add_subparsers(dest="scenario_action", metavar="ACTION", required=True)
    ch = actions.add_parser("check", help="check every scenario, or the given files; exit 1 if one fails")
    ch.add_argument("files", nargs="*", metavar="FILE", help="a scenario name or a path to a scenario YAML (default: every scenario)")
    ch.add_argument("--update-golden", action="store_true", help="rewrite the golden summary files first (atomic writes)")
    sh = actions.add_parser("show", help="print the set-up of a scenario")
    sh.add_argument("name", metavar="NAME", help="a scenario name or a path to a scenario YAML")
    sh.add_argument("--json", action="store_true", help="print the summary as JSON (the golden file's text)")


def checks_of(game: str):
    """The game's scenario-checks module: ``scenario_names``, ``load_scenario``, ``summary``,
    ``golden_text``, ``golden_path``, ``is_builtin``, ``check_scenario`` (and ``render_text``, if
    it renders its own set-ups): the ``scenario_checks`` of the game's checks record
    (properties/games.py); None for a game without them."""
    from cdg_oracle.properties.games import checks

    return checks(game).scenario_checks


def run(args) -> int:
    from cdg_oracle.oracle.games import spec
    from cdg_oracle.oracle.usage import UsageError

    from cdg_oracle.model.core.registry import DEFAULT_GAME

    game = spec(getattr(args, "game", DEFAULT_GAME)).name
    sc = checks_of(game)
    if sc is None:
        raise UsageError(f"scenario --game {game}: {game} has no scenario checks yet (its checks record names "
                         f"no scenario_checks)")
    if args.scenario_action == "check":
        return check(sc, game, args.files, args.update_golden)
    return show(sc, args.name, args.json)


# -- which scenario -----------------------------------------------------------------------------------
def resolve(sc, arg: str) -> str:
    """A scenario name, or a path to an existing ``.yaml`` file; anything else is a DataError."""
    scenario_names = sc.scenario_names

    if arg in scenario_names():
        return arg
    p = Path(arg)
    if p.is_dir():
        raise DataError(f"{arg}: a folder, not a scenario file")
    if p.exists():
        if p.suffix != ".yaml":
            raise DataError(f"{arg}: a scenario file must end in .yaml")
        return str(p)
    if p.suffix or len(p.parts) > 1:
        raise DataError(f"{arg}: no such file")
    raise DataError(f"scenario {arg!r}: unknown (known: {', '.join(scenario_names())}; or give a path to a .yaml file)")


# -- check ----------------------------------------------------------------------------------------------
def check(sc, game: str, files: list[str], update_golden: bool) -> int:
    from cdg_oracle.oracle.fileio import write_atomic

    load_scenario, scenario_names = sc.load_scenario, sc.scenario_names
    # Every input is resolved and loaded before anything is written; a bad one does not stop the
    # others from being checked (issue 15 item 9): each gets its line, and the exit status is 2
    # when any input was bad, else 1 when any check failed.
    targets, bad = [], {}
    for f in (files or scenario_names()):
        try:
            t = resolve(sc, f)
            load_scenario(t)
            targets.append(t)
        except DataError as e:
            bad[f] = str(e)
    if bad and (update_golden or not files or len(files) == 1):
        raise DataError(next(iter(bad.values())))
    notes = {}
    if update_golden:
        outside = [t for t in targets if not sc.is_builtin(t)]
        if outside:
            raise DataError(f"--update-golden: {outside[0]} is not a scenario of scenarios/{game}/ "
                            "(golden files are kept for those only)")
        texts = {Path(t).stem: sc.golden_text(sc.summary(t)) for t in targets}
        for stem, text in texts.items():
            path = sc.golden_path(stem)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                notes[stem] = "golden file unchanged"
            else:
                write_atomic(path, text)
                notes[stem] = "golden file written" if old is None else "golden file updated"
    results = [sc.check_scenario(t) for t in targets]
    lines = []
    for t, r in zip(targets, results):
        extra = f"; {notes[Path(t).stem]}" if Path(t).stem in notes else ""
        if r["ok"]:
            lines.append(f"{t}: ok ({', '.join(r['checked'])}){extra}")
        else:
            n = len(r["problems"])
            lines.append(f"{t}: FAIL, {n} problem{'s' if n != 1 else ''}: {'; '.join(r['problems'])}{extra}")
    lines += [f"{f}: error: {msg}" for f, msg in bad.items()]
    print("\n".join(lines))
    if bad:
        print(f"cdg-oracle: error: {len(bad)} of {len(bad) + len(targets)} scenario files could not be read "
              f"(see above)", file=sys.stderr)
        return 2
    return EXIT_OK if all(r["ok"] for r in results) else EXIT_FAIL


# -- show -----------------------------------------------------------------------------------------------
def show(sc, name: str, as_json: bool) -> int:
    s = sc.summary(resolve(sc, name))
    print(sc.golden_text(s) if as_json else getattr(sc, "render_text", render_text)(s), end="")
    return EXIT_OK


WORDS = {"islamist_rule": "Islamist Rule", "low_intensity": "Low Intensity", "very_high": "Very High",
         "loose_nuke_heu_kazakh_strain": "Loose Nuke, HEU & Kazakh Strain", "pakistan_arsenal": "Pakistan Arsenal",
         "roll_schengen_postures": "Roll the Schengen Postures", "jihadist_places_cells": "Jihadist places cells"}


def word(v) -> str:
    if v is None:
        return "-"
    if isinstance(v, str):
        return WORDS.get(v, v.replace("_", " ").capitalize())
    return str(v)


def posture(n: int) -> str:
    return "Even 0" if n == 0 else f"Hard {n}" if n > 0 else f"Soft {-n}"


def render_text(s: dict) -> str:
    """The readable set-up: tracks, a table of the countries, markers, cards, set-up steps and the
    figures next to the printed ones."""
    t, f, p = s["tracks"], s["figures"], s["plots"]
    out = [f"{s['name']} ({s['scenario']}, {s['year']})", f"Source: {s['source']}",
           "State: after the fixed set-up (3.2), before the set-up steps", "", "Tracks"]
    out.append(f"  Prestige {t['prestige']} ({word(f['prestige_level'])}); US Posture {word(t['us_posture'])}; "
               f"World {posture(f['world_posture'])}; GWOT penalty {f['gwot_penalty']}")
    out.append(f"  Funding {t['funding']} ({word(f['funding_level'])}); cells on the track {t['cells_track']}, "
               f"{f['cells_available']} Available")
    out.append(f"  Troops track {t['troops_track']} cubes ({word(f['troops'])})")
    out.append(f"  Reserves: US {t['reserves']['US']}, Jihadist {t['reserves']['Jihadist']}")
    boxes = ", ".join(f"{word(k)} {v}" for k, v in sorted(p["wmd_boxes"].items()))
    out.append(f"  Plots Available: {' '.join(map(str, p['available'])) or 'none'}; WMD boxes: {boxes}; "
               f"WMD Available {p['wmd_available']}, removed {p['wmd_removed']}")
    out += ["", "Countries (untested ones not listed)"]
    markers_at: dict[str, list[str]] = {}
    for m, where in sorted(s["markers"].items()):
        for n in where:
            markers_at.setdefault(n, []).append(m)
    names = sorted(set(s["countries"]) | set(markers_at))
    head = ("Country", "Governance", "Alignment", "Posture", "Troops", "Sleepers", "Actives", "Other")
    rows = []
    for n in names:
        c = s["countries"].get(n, {})
        other = []
        if c.get("regime_change"):
            other.append(f"Regime Change ({c['regime_change']})")
        if c.get("besieged"):
            other.append("Besieged Regime")
        if c.get("aid"):
            other.append(f"Aid {c['aid']}")
        if c.get("cadre"):
            other.append("Cadre")
        if c.get("plots"):
            other.append("plots " + " ".join(map(str, c["plots"])))
        known = {"governance", "alignment", "posture", "troops", "sleepers", "actives", "regime_change",
                 "besieged", "aid", "cadre", "plots"}
        other += [f"{k} {v}" for k, v in sorted(c.items()) if k not in known]
        other += markers_at.get(n, [])
        rows.append((n, word(c.get("governance")), word(c.get("alignment")), word(c.get("posture")),
                     str(c.get("troops", 0) or "-"), str(c.get("sleepers", 0) or "-"), str(c.get("actives", 0) or "-"),
                     ", ".join(other) or "-"))
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    for r in [head] + rows:
        out.append("  " + "  ".join(x.ljust(w) for x, w in zip(r, widths)).rstrip())
    out += ["", "Markers"]
    out.append("  On the map: " + ("; ".join(f"{m} ({', '.join(w)})" for m, w in sorted(s["markers"].items())) or "none"))
    out.append("  Events in effect: " + (", ".join(s["events_in_effect"]) or "none"))
    out.append("  Removed cards: " + (", ".join(s["removed_cards"]) or "none"))
    steps = []
    for step in s["setup"]:
        (kind, a), = step.items()
        steps.append(word(kind) + (" (" + ", ".join(f"{k} {v}" for k, v in sorted(a.items())) + ")" if a else ""))
    out.append("  Set-up steps: " + ("; ".join(steps) or "none"))
    out += ["", "Figures", f"  {'figure':<20}{'set-up':<16}printed"]
    for k in ("troops", "funding", "good_resources", "islamist_resources", "fair_or_good", "poor_or_islamist"):
        printed = s["printed"].get(k)
        flag = "" if printed is None or printed == f[k] else "   <- differs"
        out.append(f"  {k:<20}{word(f[k]):<16}{word(printed) if printed is not None else '(not printed)'}{flag}")
    out.append(f"  Pieces on the map: {f['troops_on_map']} troops, {f['cells_on_map']} cells; hands: US {f['hands']['US']}, "
               f"Jihadist {f['hands']['Jihadist']}; deck {f['deck']} cards")
    return "\n".join(out) + "\n"
