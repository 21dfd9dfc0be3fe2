"""Set-up regression for A Distant Plain: the sandbox (``scenarios/distant_plain/sandbox.yaml``,
the only set-up: no source gives a scenario, gap ``scenarios``) checked against the consistency laws
and its golden summary (``scenarios/distant_plain/golden/sandbox.json``, properties/golden.py).

The summary records the set-up before any step: the tracks (Aid, Patronage, Resources, Islamabad),
the pieces Available by kind and their total (158: every piece, none on the map), the spaces'
Support levels and markers (every space Neutral, none marked), the four victory margins at the start
(model/distant_plain/victory.py) and the gaps the sandbox stands on. A modified copy of the file (a
path) is checked the same way, against the laws only.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.pieces import load_gaps
from cdg_oracle.model.distant_plain.scenarios import DIRECTORY as SCENARIO_DIR, parse_sandbox, sandbox_state
from cdg_oracle.model.distant_plain.victory import margins
from cdg_oracle.properties import golden

GOLDEN_DIR = SCENARIO_DIR / "golden"
ROOT = SCENARIO_DIR.parents[1]


def scenario_names() -> list[str]:
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))


def _stem(name_or_path: str | Path) -> str:
    return Path(str(name_or_path)).stem


def load_scenario(name_or_path: str | Path) -> dict:
    """The sandbox file by name, or from a path to a YAML file of its form; validated."""
    if str(name_or_path) in scenario_names():
        return parse_sandbox(SCENARIO_DIR / f"{name_or_path}.yaml")
    return parse_sandbox(name_or_path)


def _summary(spec: dict, stem: str, d: dict) -> dict:
    marked = {n: {k: s[k] for k in ("terror", "sabotage", "returnees") if s[k]} for n, s in d["spaces"].items()}
    return {"scenario": stem, "name": spec["name"], "source": spec["source"],
            "tracks": {"aid": d["aid"], "patronage": d["patronage"], "resources": dict(d["resources"]),
                       "islamabad": dict(d["islamabad"])},
            "available": {k: v for k, v in d["available"].items() if v},
            "pieces_available": sum(d["available"].values()),
            "pieces_on_map": sum(sum(s["pieces"].values()) for s in d["spaces"].values()),
            "support": {lvl: sorted(n for n, s in d["spaces"].items() if s["support"] == lvl)
                        for lvl in ("support", "opposition")},
            "markers": {n: m for n, m in marked.items() if m},
            "margins": margins(d), "gaps": [g["id"] for g in load_gaps()]}


def summary(name_or_path: str | Path) -> dict:
    spec = load_scenario(name_or_path)
    return _summary(spec, _stem(name_or_path), sandbox_state(tracks=spec))


def golden_text(s: dict) -> str:
    return golden.golden_text(s)


def golden_path(stem: str) -> Path:
    return GOLDEN_DIR / f"{stem}.json"


def is_builtin(name_or_path: str | Path) -> bool:
    """True for the sandbox file of ``scenarios/distant_plain/`` (by name, or a path to it)."""
    return golden.is_builtin(name_or_path, SCENARIO_DIR, scenario_names())


def check_scenario(name: str, use_golden: bool = True) -> dict:
    """Check the sandbox (by name or path): the consistency laws, then the golden summary."""
    spec = load_scenario(name)
    stem = _stem(name)
    d = sandbox_state(tracks=spec)
    now = _summary(spec, stem, d)
    problems = [f"invariant: {p}" for p in check_all(d)]
    checked = ["invariants"]
    return golden.scenario_result(name, now, problems, checked, golden_path(stem), ROOT, is_builtin(name), stem,
                                  "cdg-oracle scenario --game distant_plain check --update-golden", use_golden)


def check_all_scenarios() -> list[dict]:
    return [check_scenario(n) for n in scenario_names()]


def render_text(s: dict) -> str:
    """The readable set-up: tracks, pieces, the spaces away from Neutral, margins and gaps."""
    t = s["tracks"]
    r = t["resources"]
    out = [f"{s['name']} ({s['scenario']})", f"Source: {s['source']}", "", "Tracks",
           f"  Aid {t['aid']}; Patronage {t['patronage']}; Resources: Government {r['Government']}, "
           f"Taliban {r['Taliban']}, Warlords {r['Warlords']}",
           f"  Islamabad {t['islamabad']['level'].capitalize()}{' (Hard)' if t['islamabad']['hard'] else ''}", "",
           f"Pieces: {s['pieces_on_map']} on the map, {s['pieces_available']} Available"]
    out += [f"  {k.replace('_', ' ')}: {v}" for k, v in s["available"].items()]
    out += ["", "Spaces at Support: " + (", ".join(s["support"]["support"]) or "none"),
            "Spaces at Opposition: " + (", ".join(s["support"]["opposition"]) or "none"),
            "Markers: " + (", ".join(f"{n} ({', '.join(m)})" for n, m in s["markers"].items()) or "none"), "",
            "Victory margins at the start: " + ", ".join(f"{f} {m:+d}" for f, m in s["margins"].items()),
            "Gaps (no source gives them; cdg-oracle rules --game distant_plain): " + ", ".join(s["gaps"])]
    return "\n".join(out) + "\n"
