"""``cdg-oracle rules``: every numbered rule of the rulebook and every card, with its status.

A rule is *implemented* when a model function declares it with ``@implements("7.2.1")`` (the
citation registry), and *tested* when a test carries ``@pytest.mark.rule("7.2.1")``. The tests do
not ship with the package, so which rules they cite is read from ``oracle/data/tested_rules.json``,
a map computed from ``tests/`` and shipped as package data (issue 28 item 14): a checkout and a
wheel report the same. Regenerate it after changing a test's rule marks with
``python -m cdg_oracle.oracle.rules_report``; tests/test_packaging.py fails while it is out of date. A heading
with numbered sub-rules reports how many of them are implemented. A card's *event* is implemented
when the game says so (its spec's ``cards()``); until then every event is reported as not
implemented, never faked.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
import re
import sys
from importlib import resources
from pathlib import Path

from cdg_oracle.model.core.citations import registry
from cdg_oracle.model.core.registry import DEFAULT_GAME

REPO = Path(__file__).resolve().parents[1]
MARK = re.compile(r"""rule\(\s*((?:["'][^"']+["']\s*,?\s*)+)\)""")


GAME_MARK = re.compile(r"""^pytestmark\s*=\s*\[?\s*pytest\.mark\.game\(\s*["']([^"']+)["']""", re.M)


def game_folders() -> set[str]:
    """The games a ``tests/<game>/`` folder may be named after: the registered ones and every game
    package of ``model/`` (a game under construction, not registered yet, has its tests too)."""
    from cdg_oracle.model.core.registry import names

    model = Path(__file__).resolve().parents[1] / "model"
    built = {p.name for p in model.iterdir() if p.is_dir() and p.name != "core" and (p / "__init__.py").exists()} \
        if model.is_dir() else set()
    return set(names()) | built


def test_game(path: Path, tests_dir: Path, games: set[str]) -> str | None:
    """The game whose rules a test file's rule marks name: ``tests/<game>/...``, else the module's
    ``pytestmark = pytest.mark.game("<game>")`` (or a list of marks that begins with it); None for a
    file of no game."""
    top = path.relative_to(tests_dir).parts[0]
    if top in games:
        return top
    m = GAME_MARK.search(path.read_text(encoding="utf-8"))
    return m.group(1) if m else None


TESTED_MAP = "data/tested_rules.json"  # in the cdg_oracle.oracle package
TESTED_FORMAT = "cdg-oracle-tested-rules"


def tested_rules(tests_dir: Path | None = None, game: str = DEFAULT_GAME) -> dict[str, list[str]] | None:
    """Rule number -> test files citing it via ``pytest.mark.rule``, for ``game`` only (two games
    share rule numbers), scanned from the tests folder of a checkout; None if there is none."""
    tests_dir = tests_dir or REPO / "tests"
    if not tests_dir.is_dir():
        return None
    games = game_folders()
    out: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        if test_game(path, tests_dir, games) != game:
            continue
        text = path.read_text(encoding="utf-8")
        for m in MARK.finditer(text):
            for num in re.findall(r"""["']([^"']+)["']""", m.group(1)):
                files = out.setdefault(num, [])
                rel = str(path.relative_to(tests_dir.parent))
                if rel not in files:
                    files.append(rel)
    return out


def shipped_games() -> list[str]:
    """The games the package ships: every game package of ``model/`` (a game the tests register
    for themselves, like the toy game, is not one)."""
    model = REPO / "model"
    return sorted(p.name for p in model.iterdir()
                  if p.is_dir() and p.name != "core" and (p / "__init__.py").exists())


def tested_map(tests_dir: Path | None = None) -> dict:
    """The map the package ships: for every shipped game, rule number -> the test files citing it
    (:func:`tested_rules`), as JSON-ready data."""
    tests_dir = tests_dir or REPO / "tests"
    games = {g: dict(sorted((tested_rules(tests_dir, g) or {}).items())) for g in shipped_games()}
    return {"format": TESTED_FORMAT, "generated_by": "python -m cdg_oracle.oracle.rules_report", "games": games}


def tested_map_text(tests_dir: Path | None = None) -> str:
    return json.dumps(tested_map(tests_dir), indent=1, sort_keys=True) + "\n"


def shipped_tested_rules(game: str) -> dict[str, list[str]] | None:
    """Rule number -> test files, for ``game``, from the map shipped with the package; None if the
    package has no map or the map does not list the game."""
    try:
        text = resources.files("cdg_oracle.oracle").joinpath(TESTED_MAP).read_text(encoding="utf-8")
        doc = json.loads(text)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != TESTED_FORMAT:
        return None
    return (doc.get("games") or {}).get(game)


def _import_game(spec) -> None:
    """Import every module of the game's model package (the package of its state class): a
    function's ``@implements`` registers its rules when its module is imported, so without this
    the report would depend on what this process happened to import before (a module imported
    only lazily, e.g. a game's ``information.py``, would count or not)."""
    package = sys.modules[spec.state_class.__module__].__package__
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        importlib.import_module(info.name)


def report(game: str = DEFAULT_GAME) -> dict:
    """Every rule of ``game``'s catalogue and every card, with its status (the game's spec says
    where they are, model/core/registry.py); a game without a catalogue lists the rules its code
    cites."""
    from cdg_oracle.model.core.registry import get

    spec = get(game)
    _import_game(spec)
    impl = registry(spec.name)
    tests = shipped_tested_rules(spec.name)
    catalogue = spec.rules_catalogue() if spec.rules_catalogue is not None else None
    card_rows = spec.cards() if spec.cards is not None else []
    rules = []
    if catalogue is None:
        catalogue_rules = [(n, "", "", None) for n in sorted(impl, key=_rule_key) if not n.startswith("card ")]
    else:
        catalogue_rules = [(r.number, r.title, r.scope, r.gap) for r in catalogue]
    numbers = [n for n, _, _, _ in catalogue_rules]
    for number, title, scope, gap in catalogue_rules:
        prefix = number[:-2] if number.endswith(".0") else number
        children = [n for n in numbers if n != number and n.startswith(prefix + ".")]
        where = impl.get(number, [])
        tested = (tests or {}).get(number, [])
        if where:
            status = "implemented, tested" if tested else "implemented, not tested"
        elif children:
            done = sum(1 for n in children if impl.get(n))
            status = f"heading: {done}/{len(children)} sub-rules implemented"
        elif gap:
            status = f"on a gap: {gap}"
        else:
            status = "not implemented"
        rules.append({"number": number, "title": title, "scope": scope, "status": status,
                      "implemented_in": where, "tested_in": tested})
    cards = []
    for c in card_rows:
        n = c["number"]
        tested = (tests or {}).get(f"card {n}", [])
        if c["event_implemented"] is None:  # a card with no event (Twilight Struggle's China Card, 9.0)
            status = "no event"
        else:
            status = ("event implemented, tested" if tested else "event implemented, not tested") \
                if c["event_implemented"] else "event not implemented"
        cards.append({"number": n, "name": c["name"], "side": c["side"], "ops": c["ops"], "status": status,
                      "data": "cards.yaml", "tested_in": tested})
    extra = sorted(set(impl) - set(numbers) - {f"card {c['number']}" for c in card_rows})
    out = {"game": spec.name, "title": spec.title, "rules": rules, "cards": cards, "tests_found": tests is not None,
           "citations_outside_catalogue": extra,
           "open_items": spec.open_items() if spec.open_items is not None else []}
    if catalogue is None:
        out["catalogue"] = None
    return out


def _rule_key(number: str) -> tuple:
    return tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in number.split("."))


def summary(report: dict) -> dict:
    def count(items, prefix):
        return sum(1 for x in items if x["status"].startswith(prefix))
    leaf = [r for r in report["rules"] if not r["status"].startswith("heading")]
    return {
        "rules": len(report["rules"]),
        "leaf_rules": len(leaf),
        "implemented": count(leaf, "implemented"),
        "implemented_and_tested": count(leaf, "implemented, tested"),
        "not_implemented": count(leaf, "not implemented"),
        "on_a_gap": count(leaf, "on a gap"),
        "cards": len(report["cards"]),
        "card_events_implemented": count(report["cards"], "event implemented"),
        "open_items": len(report.get("open_items", [])),
    }


def render_text(report: dict) -> str:
    s = summary(report)
    gaps = f"{s['on_a_gap']} on a gap of the sources, " if s["on_a_gap"] else ""
    lines = [f"{report.get('title') or report['game'].replace('_', ' ').title()}: {s['leaf_rules']} rules "
             f"({s['implemented']} implemented, {s['implemented_and_tested']} of them tested; {gaps}"
             f"{s['not_implemented']} not implemented); "
             f"{s['cards']} cards ({s['card_events_implemented']} events implemented)"]
    if "catalogue" in report:
        lines.append("(no rule catalogue for this game yet: only the rules its code cites are listed)")
    if not report["tests_found"]:
        lines.append(f"(no map of the tests for this game in {TESTED_MAP}: 'tested' cannot be established)")
    lines.append("")
    lines.append("RULES")
    for r in report["rules"]:
        where = ""
        if r["implemented_in"]:
            where = "  <- " + ", ".join(w.split(f"cdg_oracle.model.{report['game']}.", 1)[-1]
                                        for w in r["implemented_in"][:3])
            if len(r["implemented_in"]) > 3:
                where += f" (+{len(r['implemented_in']) - 3})"
        scope = f"  (scope: {r['scope']})" if r["status"] == "not implemented" and r["scope"] else ""
        lines.append(f"  {r['number']:<11} {r['title'][:48]:<48} {r['status']}{where}{scope}")
    if report["cards"]:
        lines.append("")
        lines.append("CARDS")
        if any(c["status"] == "event not implemented" for c in report["cards"]):
            lines.append("  (an event not implemented is never offered as an event play; where play meets one "
                         "anyway, as an opponent's event its operations trigger, the model records it)")
    for c in report["cards"]:
        lines.append(f"  {c['number']:>3} {c['name'][:34]:<34} {c['side']:<12} ops {c['ops']}  {c['status']}")
    if report.get("open_items"):
        lines.append("")
        lines += open_items_lines(report["open_items"])
    return "\n".join(lines) + "\n"


def open_items_lines(items: list[dict]) -> list[str]:
    """The OPEN ITEMS section (a game spec's ``open_items()``): a heading and one line per item;
    nothing when there is no open item. An item names a ``table`` (e.g. a solo table) or a
    ``subject``. Shared by ``cdg-oracle rules`` and ``play --solo``."""
    if not items:
        return []
    if all("table" in x for x in items):
        lines = ["OPEN ITEMS (facts no source confirms: tables of the game's data)"]
    else:
        lines = ["OPEN ITEMS (what no source here gives, or the model does not do yet)"]
    for x in items:
        subject = f"{x['table']} table" if "table" in x else x["subject"]
        lines.append(f"  {x['rule']:<6} {subject}, {x['confidence']}: {x['what']}")
    return lines


def rulings_report(game: str = DEFAULT_GAME) -> list[dict]:
    """Every ``Rulings`` switch of ``game``: its name, default, values, question, source and the
    ambiguity-registry entries whose readings it executes (``cdg-oracle rules --rulings``)."""
    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.games import checks

    spec = get(game)
    registry = checks(spec.name).registry
    entries: dict[str, list[str]] = {}
    if registry is not None:
        for e in registry.load():
            if e.switch:
                entries.setdefault(e.switch, []).append(e.id)
    return [{**s, "entries": entries.get(s["name"], [])} for s in spec.rulings.describe()]


def render_rulings(rows: list[dict]) -> str:
    """The switches as text: one block per switch, set with ``--ruling NAME=VALUE``."""
    def show(v) -> str:
        return "true" if v is True else "false" if v is False else str(v)

    lines = [f"RULINGS: {len(rows)} switches (set one with --ruling NAME=VALUE; defaults: the official errata "
             "and FAQ where there are some, else the registry's documented choice)", ""]
    for r in rows:
        values = ", ".join(show(c) + (" (default)" if c == r["default"] else "") for c in r["choices"])
        lines.append(f"{r['name']}  [{', '.join(r['entries']) or 'no entry'}]")
        lines.append(f"  values: {values}")
        lines.append(f"  {r['question']}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write oracle/data/tested_rules.json from the checkout's tests (``--check``: only say whether
    it is current; exit 1 if not)."""
    argv = sys.argv[1:] if argv is None else argv
    path = REPO / "oracle" / TESTED_MAP
    text = tested_map_text()
    current = path.is_file() and path.read_text(encoding="utf-8") == text
    if "--check" in argv:
        print(f"{path}: {'current' if current else 'out of date (run: python -m cdg_oracle.oracle.rules_report)'}")
        return 0 if current else 1
    if not current:
        from cdg_oracle.oracle.fileio import write_atomic

        write_atomic(path, text)
    print(f"{path}: {'written' if not current else 'already current'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
