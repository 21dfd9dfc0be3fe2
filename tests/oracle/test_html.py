"""The HTML pages (issue 33) without a browser: the committed reports/<game>/index.html are what
``cdg-oracle report`` builds from the committed JSON, byte for byte, twice the same; they are
self-contained (no script, no outside URL) and at most 3 MB; the map layouts cover their maps; a
failing replay, a failing difftest and a position each write a page; bad input is one line."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.mapview import read_layout
from cdg_oracle.model.core.registry import get
from cdg_oracle.model.twilight_struggle.control import side_controls
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.html import mapdraw, report
from tests.oracle.html_pages import failing_difftest_page, failing_replay_page

matplotlib = pytest.importorskip("matplotlib", reason="the plots need matplotlib (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("labyrinth", "twilight_struggle", "distant_plain")
MAX_BYTES = 3 * 2**20
#: The only URLs a page holds: XML namespaces of the inline SVG (never fetched).
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def outside_urls(text: str) -> set[str]:
    return set(re.findall(r"""(?:https?|ftp)://[^\s"'<>)]+""", text)) - NAMESPACES


@pytest.mark.parametrize("game", GAMES)
def test_committed_report_is_built_from_the_committed_json(game, tmp_path):
    """The committed page is what the JSON beside it gives today: a build in this process is byte
    for byte the page another process built before (so the build is deterministic across
    processes, which two builds in one process would show less well). Only when they differ is it
    built a second time, to tell a build that varies from a stale page."""
    committed = (ROOT / "reports" / game / "index.html").read_text(encoding="utf-8")
    folder = tmp_path / game
    shutil.copytree(ROOT / "reports" / game, folder, ignore=shutil.ignore_patterns("ambiguities", "failures"))
    first = report.write(game, folder).read_bytes()
    if first.decode("utf-8") != committed:
        assert report.write(game, folder).read_bytes() == first, "two builds of the page differ"
    assert first.decode("utf-8") == committed, (
        f"reports/{game}/index.html is stale: run cdg-oracle report --game {game} (the plots' SVG is "
        f"matplotlib's: this is {matplotlib.__version__}, the committed pages were drawn with 3.11.2)")


@pytest.mark.parametrize("game", GAMES)
def test_report_is_self_contained_and_small(game):
    path = ROOT / "reports" / game / "index.html"
    text = path.read_text(encoding="utf-8")
    assert path.stat().st_size <= MAX_BYTES
    assert "<script" not in text and "<link" not in text and "@import" not in text
    assert not re.search(r"url\((?!#)", text)  # url(#clip) inside an SVG is the page's own
    assert not outside_urls(text)
    assert not re.search(r"""\b(?:src|href)=["'](?!#|data:)""", text)   # only anchors and data: URLs
    assert "Content-Security-Policy" in text
    assert text.count("<svg") >= 2 + len(get(game).scenarios())  # plots and a map per set-up
    for section in ("campaign", "state_machine", "adapter_selftest"):
        assert f'href="#s-{section}"' in text and f'id="s-{section}"' in text


def small_report(endings: bool = True, failure: bool = False) -> dict:
    """A small verification.json of A Distant Plain (one scenario): a campaign of 3 games, with how
    they ended (``endings``) or not, and a failure or none."""
    scen = {"games": 3, "steps": 90, "Coalition": 2, "Government": 0, "Taliban": 1, "Warlords": 0, "failed": 0}
    if endings:
        scen["endings"] = {"after the last Propaganda round, margins (propaganda.redeploy.game_end)": 2,
                           "victory goal met by Taliban (propaganda.victory)": 1}
    failures = [{"actions": [], "failures": ["x"], "scenario": "sandbox", "seed": 1}] if failure else []
    return {"tool": "cdg-oracle", "version": "0", "game": "distant_plain", "seed": 1, "ok": not failure,
            "work": {"games_per_scenario": 3, "budget_seconds": None, "partial": False, "planned": {"games": 3}},
            "campaign": {"games": 3, "per_scenario": {"sandbox": scen}, "failures": failures},
            "state_machine": {"runs": 1, "steps": 5, "games": 0, "failures": []},
            "adapter_selftest": [{"scenario": "sandbox", "verdict": "agree", "games": 1, "steps": 9, "finding": None}],
            "z3_proofs": [{"name": "t", "rules": ["pieces"], "status": "proved", "witness": None}]}


MUTANTS = {"tool": "cdg-oracle", "version": "0", "command": "python benchmarks/mutants.py --game g --out m.json",
           "seed": 0, "budget_seconds": 20.0, "games_per_mutant": 200, "detected": 2, "mutants": [
               {"name": "quick-one", "rule": "1.1", "detected": True, "game": 0, "step": 40, "steps": 40, "seconds": 1.5},
               {"name": "slow-one", "rule": "1.2", "detected": True, "game": 2, "step": 10, "steps": 900, "seconds": 9.0},
               {"name": "hidden-one", "rule": "1.3", "detected": False, "game": None, "step": None, "steps": 5000,
                "seconds": 20.0}]}
PROOFS = {"tool": "cdg-oracle", "version": "0", "command": "python benchmarks/proofs.py --game g --out p.json",
          "z3_version": "4.0", "suite_seconds": 3.5, "z3_steps": 12345, "proofs": [
              {"name": "base case: sandbox", "verdict": "proved", "seconds": 0.01, "z3_steps": 0},
              {"name": "rally", "verdict": "proved", "seconds": 3.0, "z3_steps": 12000},
              {"name": "march", "verdict": "proved", "seconds": 0.5, "z3_steps": 345}]}


def write_folder(folder: Path, data: dict, **extra: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, value in {"verification": data, **extra}.items():
        (folder / f"{name}.json").write_text(json.dumps(value, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return folder


def figures(page: str) -> list[str]:
    """Each figure's caption."""
    return re.findall(r"<figcaption>(.*?)</figcaption>", page, flags=re.S)


def test_report_shows_failures_and_missing_figures(tmp_path):
    """A section with a failure is marked; the figures the JSON lacks are said to be missing."""
    folder = write_folder(tmp_path / "distant_plain", small_report(endings=False, failure=True))
    page = report.build("distant_plain", folder)
    assert "1 problems" in page
    assert "No witness or counterexample" not in page  # the failure's state is drawn
    assert "campaign.failures[0]: x (after 0 steps)" in page
    assert "No ambiguity measurement" in page
    assert "Victory types (which condition ended each game) are not in verification.json" in page
    assert "Mutant detection times are not in this folder (no mutants.json" in page
    assert ("python benchmarks/refinement.py --game distant_plain --mutants --out "
            "reports/distant_plain/mutants.json does") in page
    assert "Proof times are not in this folder" in page
    assert not any("victory types" in c or "mutants.json" in c or "proofs.json" in c for c in figures(page))


def test_victory_types_mutant_detection_and_proof_times_are_plotted(tmp_path):
    """With the campaign's endings, mutants.json and proofs.json, each is a figure naming its file
    (and the benchmark's command), no note says it is missing, and two builds are the same bytes."""
    folder = write_folder(tmp_path / "distant_plain", small_report(), mutants=MUTANTS, proofs=PROOFS)
    first = report.write("distant_plain", folder).read_bytes()
    assert report.write("distant_plain", folder).read_bytes() == first
    page = first.decode("utf-8")
    caps = figures(page)
    (ends,) = [c for c in caps if "the victory types" in c]
    assert "per_scenario.endings" in ends
    (mut,) = [c for c in caps if c.startswith("mutants.json")]
    assert "python benchmarks/mutants.py --game g --out m.json" in mut and "2 of 3 mutants detected" in mut
    assert "Not detected within 20.0 s or 200 games: hidden-one." in mut
    (prf,) = [c for c in caps if c.startswith("proofs.json")]
    assert "python benchmarks/proofs.py --game g --out p.json" in prf and "z3 4.0" in prf and "3 proofs" in prf
    for label in ("victory goal met by Taliban (propaganda.victory)", "slow-one", "quick-one", "rally", "march"):
        assert f">{label}<" in page, label   # the SVG's text: a legend entry or a bar's label
    assert "hidden-one<" not in page.split("<figcaption>")[0]  # an undetected mutant has no bar
    assert page.index(">slow-one<") < page.index(">quick-one<")  # the slowest (in steps) first
    assert page.index(">rally<") < page.index(">march<") < page.index(">base case: sandbox<")
    assert "not in this folder" not in page and "are not in verification.json" not in page
    assert "mutants.json</code> and <code>proofs.json</code> of this folder" in page
    assert "mutants.json and proofs.json are benchmarks' outputs" in page
    (folder / "mutants.json").unlink()
    page = report.build("distant_plain", folder)
    assert "; proofs.json is a benchmark's output" in page and "Mutant detection times are not in this folder" in page


REFINEMENT_MUTANTS = {"tool": "cdg-oracle", "version": "0", "benchmark": "benchmarks/refinement.py",
                      "command": "python benchmarks/refinement.py --game g --mutants --out m.json",
                      "seed": 0, "games_per_mutant": 10, "steps_per_game": 5000, "detected": 1, "mutants": [
                          {"name": "cost-one", "rule": "r.cost", "detected": True, "game": 1, "step": 70,
                           "steps": 130, "seconds": 20.5},
                          {"name": "missed-one", "rule": "r.gain", "detected": False, "game": None, "step": None,
                           "steps": 900, "seconds": 40.0}]}


def test_a_refinement_benchmark_mutants_json_is_plotted_and_named_so(tmp_path):
    """A mutants.json written by benchmarks/refinement.py --mutants (its ``benchmark``) is plotted as
    difftest's is, its caption saying the refinement check alone caught them, not difftest; the
    not-detected mutants named with the games tried (it has no time budget)."""
    folder = write_folder(tmp_path / "distant_plain", small_report(), mutants=REFINEMENT_MUTANTS)
    page = report.build("distant_plain", folder)
    (mut,) = [c for c in figures(page) if c.startswith("mutants.json")]
    assert "python benchmarks/refinement.py --game g --mutants --out m.json" in mut
    assert "1 of 2 mutants detected by the refinement check alone" in mut and "difftest" not in mut
    assert "Not detected within 10 games: missed-one." in mut and "None s" not in mut
    assert ">cost-one<" in page and "Mutant detection: the refinement check alone" in page
    assert "Mutant detection times are not in this folder" not in page
    # the same rows from difftest's benchmark say difftest
    folder = write_folder(tmp_path / "other", small_report(),
                          mutants=dict(REFINEMENT_MUTANTS, benchmark="benchmarks/mutants.py", budget_seconds=20.0))
    (mut,) = [c for c in figures(report.build("distant_plain", folder)) if c.startswith("mutants.json")]
    assert "by difftest against the reference adapter" in mut and "refinement check" not in mut
    assert "Not detected within 20.0 s or 10 games: missed-one." in mut


@pytest.mark.parametrize("game", GAMES)
def test_the_missing_mutants_note_names_a_command_that_exists_for_the_game(game):
    """The note in place of the mutants' figure names the benchmark that runs the game's mutants:
    difftest's for the mutants its reference adapter serves (checks record ``mutants``), the
    refinement benchmark's for its refinement-only ones (``refinement_mutants``)."""
    from cdg_oracle.properties.games import checks

    c = checks(game)
    cmd = report.mutants_command(game)
    assert cmd is not None and f"--game {game} " in cmd and cmd.endswith(f"--out reports/{game}/mutants.json")
    script = cmd.split()[1]
    assert (Path(__file__).resolve().parents[2] / script).is_file(), script
    if c.mutants is not None:
        assert script == "benchmarks/mutants.py"
    else:
        assert c.refinement_mutants is not None and script == "benchmarks/refinement.py" and " --mutants " in cmd
    page = "".join(report.plot_section(small_report(), None, ("a",), mutants_cmd=cmd))
    assert f"cdg-oracle verify does not run the mutants; {cmd} does" in page


def test_a_game_without_mutants_says_so_in_the_note():
    page = "".join(report.plot_section(small_report(), None, ("a",), mutants_cmd=None))
    (note,) = [p for p in page.split("<p") if "Mutant detection times" in p]
    assert "no mutants.json: this game has no rule mutants" in note and "benchmarks/" not in note


def test_a_bad_benchmark_output_is_one_line(tmp_path, capsys):
    folder = write_folder(tmp_path / "distant_plain", small_report(), mutants={"mutants": [{"rule": "1.1"}]})
    with pytest.raises(DataError, match="mutants.json: no list 'mutants' of objects with a name"):
        report.build("distant_plain", folder)
    (folder / "mutants.json").write_text("{", encoding="utf-8")
    assert main(["report", "--game", "distant_plain", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "mutants.json" in err


@pytest.mark.parametrize("game", GAMES)
def test_layout_places_every_space_once(game):
    """Every space of the map has one cell, and none shares it (model/core/mapview.py)."""
    spec = get(game)
    layout = spec.map_drawing.layout()
    cells = [tuple(s["at"]) for s in layout["spaces"].values()]
    assert len(cells) == len(set(cells))
    graph_nodes = {a for link in layout["links"] for a in link}
    assert graph_nodes <= set(layout["spaces"])
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    view = spec.map_drawing.view(st.canonical(), None)
    assert set(view["spaces"]) <= set(layout["spaces"]) and view["spaces"]
    assert all(v["fill"] in layout["fills"] for v in view["spaces"].values())


def test_layout_faults_are_one_line(tmp_path):
    bad = tmp_path / "layout.yaml"
    bad.write_text("source: s\ncell: [10, 10]\nregions: {r: '#000'}\nfills: {}\n"
                   "spaces:\n  A: {at: [0, 0], region: r}\n  B: {at: [0, 0], region: r}\n", encoding="utf-8")
    with pytest.raises(DataError, match="share the cell"):
        read_layout(bad, ["A", "B"], lambda n: None, [])
    with pytest.raises(DataError, match="no cell for C"):
        bad.write_text(bad.read_text().replace("B: {at: [0, 0]", "B: {at: [1, 0]"), encoding="utf-8")
        read_layout(bad, ["A", "B", "C"], lambda n: None, [])


@pytest.mark.rule("2.1.7")
def test_twilight_struggle_map_fill_is_control():
    """2.1.7: a side controls a country when its influence reaches the stability number and beats
    the opponent's by at least that much; the map's fill says who."""
    assert side_controls({"US": 3, "USSR": 0}, "US", 3)
    assert not side_controls({"US": 3, "USSR": 1}, "US", 3)
    assert side_controls({"US": 1, "USSR": 5}, "USSR", 2)
    spec = get("twilight_struggle")
    st = spec.new_state("standard", "standard", None, None)
    canon = st.canonical()
    canon["influence"]["Iran"] = {"US": 0, "USSR": 4}
    view = spec.map_drawing.view(canon, None)
    assert view["spaces"]["Iran"]["fill"] == "USSR"
    canon["influence"]["Iran"] = {"US": 1, "USSR": 2}
    assert spec.map_drawing.view(canon, None)["spaces"]["Iran"]["fill"] == "none"


@pytest.mark.rule("4.5")
def test_labyrinth_map_shows_schengen_and_governance():
    """4.5: the seven Schengen countries in one box; a country's governance is its fill."""
    spec = get("labyrinth")
    layout = spec.map_drawing.layout()
    (box,) = layout["boxes"]
    assert sorted(box["spaces"]) == sorted(get("labyrinth").new_state("anaconda", "standard", None, None)
                                           .game_object.map.schengen)
    st = spec.new_state("anaconda", "standard", None, None)
    canon = st.canonical()
    canon["countries"]["Iraq"]["gov"] = "islamist_rule"
    svg = mapdraw.svg(layout, spec.map_drawing.view(canon, None), "t", {"Iraq"})
    colour = layout["fills"]["islamist_rule"]["colour"]
    iraq = svg[svg.index("<title>Iraq</title>"):][:400]
    assert f'fill="{colour}"' in iraq and mapdraw.HIGHLIGHT in iraq
    assert "Schengen" in svg


def test_replay_html_writes_the_first_divergence(tmp_path, capsys):
    code, page = failing_replay_page(tmp_path)
    capsys.readouterr()
    assert code == 1
    text = page.read_text(encoding="utf-8")
    assert "violation at step 12" in text
    assert 'class="diff"><td>influence.Iran.US</td><td>1</td><td>4</td>' in text
    assert text.count("<svg") == 3  # before, after (the model), after (the trace)
    assert "4.5" in text and not outside_urls(text)
    code2, page2 = failing_replay_page(tmp_path)
    assert page2.read_bytes() == text.encode("utf-8")
    good = tmp_path / "ok.html"  # a conformant trace: its page shows the state at the end
    assert main(["replay", str(tmp_path / "game.jsonl"), "--html", str(good)]) == 0
    assert "replay: conformant, " in good.read_text(encoding="utf-8")


def test_difftest_html_writes_the_finding(tmp_path, capsys):
    code, page = failing_difftest_page(tmp_path)
    capsys.readouterr()
    assert code == 1
    text = page.read_text(encoding="utf-8")
    assert "difftest: disagreement" in text and 'class="diff"' in text
    assert "Regional scoring" in text  # the rule cited, with its title from the catalogue (10.1)
    assert text.count("<svg") == 3


def test_replay_html_of_an_illegal_action_without_states(tmp_path, capsys):
    """A trace without states whose step 3 takes an action the rules do not allow: the page shows
    the model's state and its legal actions, and says the trace gave no state."""
    good, bad, page = tmp_path / "g.jsonl", tmp_path / "b.jsonl", tmp_path / "p.html"
    assert main(["play", "--game", "distant_plain", "--seed", "2", "--out", str(good)]) == 0
    lines = good.read_text(encoding="utf-8").splitlines()
    rec = json.loads(lines[3])
    rec["action"] = "no such action"
    rec.pop("legal_hash", None)
    lines[3] = json.dumps(rec)
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(bad), "--html", str(page)]) == 1
    capsys.readouterr()
    text = page.read_text(encoding="utf-8")
    assert "illegal_action" in text and "legal actions</h3>" in text
    assert "records no whole state" in text and text.count("<svg") == 1  # before only: the step is not legal
    assert main(["replay", str(bad), "--position-at", "1", "--html", str(page)]) == 2


def test_position_show_html(tmp_path, capsys):
    page = tmp_path / "p.html"
    assert main(["position", "show", "--game", "distant_plain", "--html", str(page)]) == 0
    capsys.readouterr()
    text = page.read_text(encoding="utf-8")
    assert "<svg" in text and "Kabul" in text and "legal actions" in text


def test_bad_input_is_one_line(tmp_path, capsys):
    assert main(["report", "--game", "nosuchgame"]) == 2
    assert main(["report", "--game", "labyrinth", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "no verification report" in err
    assert main(["position", "show", "--game", "labyrinth", "--html", str(tmp_path)]) == 2  # a folder
    assert main(["replay", str(tmp_path / "none.jsonl"), "--html", str(tmp_path / "p.html")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 2


def test_a_check_of_some_of_the_campaigns_games_says_how_many_of_them():
    """The summary row of a section that checked some of the campaign's games (the refinement
    check: ``games_checked`` of ``games``) says so, with its findings; it said "80 games"."""
    row = report.status_words({"games": 80, "games_checked": 4, "steps": 2442, "findings": [{}]})
    assert row == "4 of 80 games, 2442 steps, 1 findings"
    assert report.status_words({"games": 80, "steps": 9}) == "80 games, 9 steps"
