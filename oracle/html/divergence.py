"""A disagreement as a page (issue 33 item 2), and a position as a page.

- :func:`replay_page`: the first violation of ``cdg-oracle replay TRACE --html FILE``;
- :func:`difftest_page`: the first disagreement of ``cdg-oracle difftest ... --html FILE``;
- :func:`position_page`: ``cdg-oracle position show FILE --html OUT``.

A divergence page shows what differs, every rule cited with its title from the game's rule
catalogue, both sides' states after the step side by side with the differing facts highlighted
(oracle/statediff.py), the map before and after the step (the model's states, and the other
side's when known), and the legal actions each side offered.
States are rebuilt by playing the trace's (or the finding's) actions through the model; a step the
model cannot replay (a hidden chance step, an action it refuses) ends the rebuilding, and the page
says so. No module here names a game (the map comes from ``GameSpec.map_drawing``)."""
from __future__ import annotations

import json
from typing import Any

import re

from cdg_oracle.model.core.game import action_key
from cdg_oracle.oracle import statediff, trace
from cdg_oracle.oracle.games import spec as game_spec
from cdg_oracle.oracle.html import mapdraw
from cdg_oracle.oracle.html.page import compact, document, esc, figure, table

LISTED = 200  # legal actions listed per side at most


def rule_rows(spec, numbers: list[str]) -> list[tuple[str, str]]:
    """Each cited rule with its title from the catalogue (``GameSpec.rules_catalogue``)."""
    catalogue = {}
    if spec.rules_catalogue is not None:
        catalogue = {r.number: f"{r.title} (scope: {r.scope})" for r in spec.rules_catalogue() or ()}
    if spec.cards is not None:  # a card cited as "card N" (its event)
        catalogue.update({f"card {c['number']}": f"card {c['number']}: {c['name']} (its event)" for c in spec.cards()})
    out, seen = [], set()
    for n in numbers:
        if n and n not in seen:
            seen.add(n)
            out.append((n, catalogue.get(n, "not in the rule catalogue")))
    return out


def flatten(value: Any, path: str = "", out: dict | None = None) -> dict[str, str]:
    """Every leaf of a JSON value by its path (``countries.Iraq.sleepers``), as compact JSON."""
    out = {} if out is None else out
    if isinstance(value, dict) and value:
        for k in sorted(value):
            flatten(value[k], f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            flatten(v, f"{path}[{i}]", out)
    else:
        out[path] = statediff.canonical_json(value)
    return out


def states_side_by_side(model: dict | None, other: dict | None, model_label: str, other_label: str) -> str:
    """Both states fact by fact: the differing facts first and highlighted, the others folded."""
    if model is None and other is None:
        return '<p class="note">No state of either side at this step.</p>'
    a, b = flatten(model) if model is not None else {}, flatten(other) if other is not None else {}
    paths = sorted(set(a) | set(b))
    differ = [p for p in paths if a.get(p) != b.get(p)]
    same = [p for p in paths if a.get(p) == b.get(p)]
    missing = statediff.MISSING
    out = [f"<p>{len(differ)} facts differ, {len(same)} agree.</p>" if other is not None else
           '<p class="note">The other side gave no whole state here (only the differences it was found '
           'with, below); the model\'s state is shown alone.</p>']
    if differ:
        out.append(table(("fact", model_label, other_label),
                         [(p, compact(a.get(p, missing), 300), compact(b.get(p, missing), 300)) for p in differ],
                         ["diff"] * len(differ)))
    if same:
        out.append(f"<details><summary>the {len(same)} facts that agree</summary>"
                   + table(("fact", "both sides"), [(p, compact(a[p], 300)) for p in same]) + "</details>")
    return "".join(out)


def legal_lists(model: list | None, other: list | None, other_label: str | None) -> str:
    """The legal actions each side offered, those only one side has highlighted (``other_label``
    None: the model's alone)."""
    def keys(actions):
        return [action_key(x) for x in actions] if actions is not None else None
    mk, ok = keys(model), keys(other)
    cols = []
    sides = (("the model", mk, ok),) + (((other_label, ok, mk),) if other_label is not None else ())
    for label, mine, theirs in sides:
        if mine is None:
            cols.append(f'<div><h3>{esc(label)}</h3><p class="note">not known at this step</p></div>')
            continue
        only = set(mine) - set(theirs or mine)
        rows = [(k,) for k in mine[:LISTED]]
        more = f"<p class=\"small\">… and {len(mine) - LISTED} more</p>" if len(mine) > LISTED else ""
        cols.append(f"<div><h3>{esc(label)}: {len(mine)} legal actions</h3>"
                    + table(("action",), rows, ["diff" if r[0] in only else "" for r in rows]) + more + "</div>")
    return '<div class="cols">' + "".join(cols) + "</div>"


def maps(spec, before: dict | None, after: dict | None, other_after: dict | None, options: dict | None,
         other_label: str) -> str:
    """The map before and after the step (the model's), and the other side's after it when known;
    the spaces that changed (or differ) outlined in red."""
    drawing = spec.map_drawing
    if drawing is None:
        return '<p class="note">This game supplies no map drawing (GameSpec.map_drawing).</p>'
    layout = drawing.layout()
    vb = drawing.view(before, options) if before is not None else None
    va = drawing.view(after, options) if after is not None else None
    vo = drawing.view(other_after, options) if other_after is not None else None
    out = []
    if vb is not None:
        out.append(figure(mapdraw.svg(layout, vb, "before the step (the model)"),
                          "The state before the step: " + vb.get("caption", "")))
    if va is not None:
        out.append(figure(mapdraw.svg(layout, va, "after the step (the model)", mapdraw.differing(vb, va)),
                          "After the step; outlined in red: the spaces the step changed."))
    if vo is not None:
        out.append(figure(mapdraw.svg(layout, vo, f"after the step ({other_label})", mapdraw.differing(va, vo)),
                          f"{other_label} after the step; outlined in red: the spaces that differ from the model's."))
    return "".join(out) or '<p class="note">No state to draw at this step.</p>'


def divergence_page(spec, title: str, facts: list[tuple[str, Any]], before: dict | None, after: dict | None,
                    other_after: dict | None, options: dict | None, legal_model: list | None,
                    legal_other: list | None, rules: list[str], other_label: str, notes: list[str] = ()) -> str:
    body = ["<h2>What differs</h2>", table(("", ""), [(k, compact(v, 600)) for k, v in facts if v not in (None, "")])]
    body += [f'<p class="note">{esc(n)}</p>' for n in notes]
    body += ["<h2>Rules cited</h2>", table(("rule", "title in the rule catalogue"), rule_rows(spec, rules))
             if rules else '<p class="note">No rule cited.</p>']
    body += ["<h2>Both sides' states after the step</h2>",
             states_side_by_side(after, other_after, "the model", other_label)]
    body += ["<h2>The map</h2>", maps(spec, before, after, other_after, options, other_label)]
    body += ["<h2>Legal actions offered</h2>", legal_lists(legal_model, legal_other, other_label)]
    return document(title, f"{spec.title or spec.name}: the first divergence", "\n".join(body))


def apply_listed(state, action) -> bool:
    """Apply ``action`` as the model lists it (JSON may differ in types from the model's); False
    when it is not legal."""
    by_key = {action_key(a): a for a in state.legal_actions()}
    a = by_key.get(action_key(action))
    if a is None:
        return False
    state.apply(a)
    return True


def played(state, actions: list) -> tuple[Any, int]:
    """``state`` after ``actions`` (each as the model lists it), stopping before the first that is
    not legal or whose step fails: the state and the number of actions applied."""
    for i, a in enumerate(actions):
        try:
            if not apply_listed(state, a):
                return state, i
        except Exception:  # noqa: BLE001 -- a failing step (what a failure reports) ends the replay here
            return state, i
    return state, len(actions)


def replay_page(text: str, where: str, verdict) -> str:
    """The page of a replay's verdict (a violation: its first divergence)."""
    head, steps, _ = trace.parse(text, where)
    spec = game_spec(head["game"])
    d = verdict.divergence or {}
    notes = []
    state = trace.initial_state(head, where)
    options = json.loads(state.to_json()).get("options")
    at = d.get("step")
    rec = None
    for r in steps:
        if at is not None and r.get("i") == at:
            rec = r
            break
        if r.get("hidden") or "action" not in r or not apply_listed(state, r["action"]):
            notes.append(f"step {r.get('i')}: a hidden chance step or an action the model refuses: the states "
                         "shown stop before it")
            rec = None
            break
    before = state.canonical()
    legal = state.legal_actions() if not state.is_terminal() else []
    after, other = None, None
    if rec is not None and "action" in rec:
        nxt = state.clone()
        if apply_listed(nxt, rec["action"]):
            after = nxt.canonical()
        other = rec.get("state")
        if other is None:
            notes.append("The trace records no whole state at this step (only its hash, or nothing): "
                         "the model's state is shown alone.")
    facts = [("trace", where), ("verdict", verdict.verdict), ("message", verdict.message),
             ("step", at), ("line", d.get("line")), ("kind", d.get("kind")), ("expected (the model)", d.get("expected")),
             ("found (the trace)", d.get("found")), ("question", d.get("prompt")),
             ("the trace's action", rec.get("action") if rec else None),
             ("the trace's legal_count", rec.get("legal_count") if rec else None)]
    title = f"replay: {verdict.verdict} at step {at}" if at is not None else \
        f"replay: {verdict.verdict}, {verdict.steps} steps (the state at the end)"
    return divergence_page(spec, title, facts, before, after, other, options,
                           legal, None, [d.get("rule", "")] + list(d.get("rules") or []), "the trace", notes)


def difftest_page(result, start_state, impl: str = "") -> str:
    """The page of a difftest's first finding; ``start_state``: the model's state the game began
    from (a scenario's start or a position), the finding's actions replayed on it; ``impl``: the
    implementation's command, as given."""
    f = result.finding
    spec = game_spec(result.game)
    notes = []
    state = start_state
    options = json.loads(state.to_json()).get("options")
    actions = list(f.actions)
    before = after = None
    for i, a in enumerate(actions):
        if i == len(actions) - 1:
            before = state.canonical()
        if not apply_listed(state, a):
            notes.append(f"action {i + 1} is not legal in the model: the states stop before it")
            break
    after = state.canonical()
    legal_model = state.legal_actions() if not state.is_terminal() else []
    legal_other, other = None, None
    if f.what == "legal_actions" and isinstance(f.expected, list) and isinstance(f.found, list):
        missing = {action_key(a) for a in f.expected}
        legal_other = [a for a in legal_model if action_key(a) not in missing] + list(f.found)
    elif f.what == "state":
        legal_other = legal_model  # they agreed on the legal actions before the states were compared
        other = json.loads(json.dumps(after))
        for e in f.diff:
            _set(other, e["path"], e["found"])
        notes.append("The implementation's state is the model's with the differences it was found with "
                     "(at most 50) put in.")
    facts = [("implementation", impl or "the reference adapter"), ("verdict", result.verdict), ("finding", f.message),
             ("kind", f.kind), ("what", f.what), ("game / step", f"game {f.game}, step {f.step}"),
             ("scenario", f.scenario), ("question", f.prompt), ("expected (the model)", f.expected),
             ("found (the implementation)", f.found)]
    return divergence_page(spec, f"difftest: {f.kind} at step {f.step}", facts, before, after, other, options,
                           legal_model, legal_other, [f.rule] + list(f.rules), "the implementation", notes)


def _set(doc: Any, path: str, value: Any) -> None:
    """Put ``value`` at a statediff path (``a.b[2].c``) of ``doc``, if the path exists."""
    parts = [p for p in re.findall(r"[^.\[\]]+|\[\d+\]", path)]
    cur = doc
    try:
        for p in parts[:-1]:
            cur = cur[int(p[1:-1])] if p.startswith("[") else cur[p]
        last = parts[-1]
        if value == statediff.MISSING:
            if not last.startswith("["):
                cur.pop(last, None)
        elif last.startswith("["):
            cur[int(last[1:-1])] = value
        else:
            cur[last] = value
    except (KeyError, IndexError, TypeError, ValueError):
        pass


def position_page(spec, state, where: str) -> str:
    """A position as a page: its map, its question and legal actions, its derived facts, its state."""
    canon = state.canonical()
    options = json.loads(state.to_json()).get("options")
    body = []
    drawing = spec.map_drawing
    if drawing is not None:
        view = drawing.view(canon, options)
        body.append(figure(mapdraw.svg(drawing.layout(), view, "the position"), view.get("caption", "")))
    dec = state.decision() or {}
    body.append("<h2>The decision</h2>")
    body.append(table(("", ""), [("player to move", state.current_player()), ("question", dec.get("prompt", "")),
                                 ("rule", dec.get("rule", ""))]))
    if dec.get("rule"):
        body.append(table(("rule", "title in the rule catalogue"), rule_rows(spec, [dec["rule"]])))
    if not state.is_terminal():
        body.append(legal_lists(state.legal_actions(), None, None))
    if spec.derived_facts is not None:
        body.append("<h2>Derived facts</h2>")
        body.append(table(("fact", "value"), list(flatten(spec.derived_facts(state)).items())))
    body.append("<h2>The state</h2>")
    body.append(table(("fact", "value"), list(flatten(canon).items())))
    return document(f"position: {where}", f"{spec.title or spec.name}", "\n".join(body))
