"""The report's plots (issue 33), drawn with matplotlib as inline SVG from the data the JSON
reports hold; a figure the JSON does not hold is not drawn (the caller says so on the page).

Determinism: the SVG backend with a fixed ``svg.hashsalt`` (its element ids), no ``Date`` in the
metadata; the same data give the same bytes. Text stays text (``svg.fonttype`` none: the browser
draws it with a local sans-serif font; no font is embedded or fetched), which keeps a plot of 90
readings small and quick to open. matplotlib is imported inside the functions: it is heavy and
only the HTML pages need it."""
from __future__ import annotations

import io
import math
import re

SALT = "cdg-oracle"
COLOURS = ["#4f81bd", "#c0504d", "#9bbb59", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f"]


def available() -> bool:
    """Whether matplotlib is installed (the ``html`` extra); without it a page says so instead of
    drawing its plots."""
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def _svg(fig) -> str:
    """The figure as an ``<svg>`` element (no XML prolog, doctype, comment or metadata)."""
    import matplotlib.pyplot as plt  # heavy: only the HTML pages draw plots

    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)  # the RDF block: names URLs, says nothing
    return re.sub(r"<!--.*?-->", "", text, flags=re.S).strip()


def _figure(width: float, height: float, ncols: int = 1):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams.update({"svg.hashsalt": SALT, "svg.fonttype": "none", "font.size": 9,
                                "axes.spines.top": False, "axes.spines.right": False})
    return plt.subplots(1, ncols, figsize=(width, height), sharey=ncols > 1)


def _short(label: str, n: int = 62) -> str:
    return label if len(label) <= n else label[:n - 1] + "…"


def _palette(n: int) -> list:
    """``n`` distinct colours: :data:`COLOURS`, then matplotlib's tab20 for more."""
    if n <= len(COLOURS):
        return COLOURS[:n]
    import matplotlib

    tab = matplotlib.colormaps["tab20"]
    return [tab(i % 20) for i in range(n)]


def campaign(per_scenario: dict, sides: tuple[str, ...], title: str) -> str | None:
    """Wins of each side (and draws, failed games) per scenario, with the mean game length in
    steps on a second axis; None when there is no game."""
    names = sorted(per_scenario)
    if not names or not any(per_scenario[n].get("games") for n in names):
        return None
    fig, ax = _figure(7.5, 3.2)
    keys = list(sides) + [k for k in ("draws", "failed") if any(per_scenario[n].get(k) for n in names)]
    bottom = [0] * len(names)
    for i, key in enumerate(keys):
        values = [per_scenario[n].get(key, 0) for n in names]
        ax.bar(names, values, bottom=bottom, color=COLOURS[i % len(COLOURS)], label=f"{key} wins" if key in sides else key)
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.tick_params(axis="x", labelrotation=20, labelsize=7)
    ax2 = ax.twinx()
    lengths = [per_scenario[n]["steps"] / per_scenario[n]["games"] if per_scenario[n].get("games") else 0 for n in names]
    ax2.plot(names, lengths, "ko--", label="mean game length (steps)")
    ax2.set_ylabel("steps per game")
    ax2.set_ylim(bottom=0)
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, fontsize=7, loc="upper left", bbox_to_anchor=(1.12, 1.0))
    fig.tight_layout()
    return _svg(fig)


def rates(rows: list[tuple[str, float, float]], title: str) -> str | None:
    """Per ruling reading (label, divergence rate, winner change rate): horizontal bars."""
    if not rows:
        return None
    height = 0.9 + 0.16 * len(rows)
    fig, ax = _figure(7.5, height)
    ys = list(range(len(rows)))[::-1]
    ax.barh([y + 0.2 for y in ys], [r[1] for r in rows], height=0.4, color=COLOURS[0], label="games changed (divergence rate)")
    ax.barh([y - 0.2 for y in ys], [r[2] for r in rows], height=0.4, color=COLOURS[1], label="winner changed")
    ax.set_yticks(ys)
    ax.set_yticklabels([r[0] if len(r[0]) <= 62 else r[0][:61] + "…" for r in rows], fontsize=6)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("share of the game pairs played")
    ax.legend(fontsize=7, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, frameon=False, title=title,
              title_fontsize=9, alignment="left")
    # fixed margins, not tight_layout: measuring 90 labels' text would triple the time of the page
    fig.subplots_adjust(left=0.42, right=0.97, top=1 - 0.6 / height, bottom=0.45 / height)
    return _svg(fig)


def counts(counter: dict[str, int], title: str, xlabel: str = "") -> str | None:
    """A bar per key (sorted) of ``counter``: the verdicts of the proofs, say."""
    if not counter:
        return None
    keys = sorted(counter)
    fig, ax = _figure(5.5, 2.4)
    ax.bar(keys, [counter[k] for k in keys], color=[COLOURS[i % len(COLOURS)] for i in range(len(keys))])
    for i, k in enumerate(keys):
        ax.annotate(str(counter[k]), (i, counter[k]), ha="center", va="bottom", fontsize=8)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    fig.tight_layout()
    return _svg(fig)


def endings(per_scenario: dict, title: str) -> str | None:
    """How the games of each scenario ended (``endings``: label -> games, properties/walk.py
    ``ending_label``): a stacked bar per scenario, a colour per ending; None when no game ended."""
    names = sorted(per_scenario)
    labels = sorted({k for n in names for k in (per_scenario[n].get("endings") or {})})
    if not labels:
        return None
    plot_h, legend_h, ticks_h = 2.0, 0.35 + 0.14 * len(labels), 0.45   # inches
    height = 0.2 + plot_h + ticks_h + legend_h
    fig, ax = _figure(7.5, height)
    bottom = [0] * len(names)
    for colour, label in zip(_palette(len(labels)), labels):
        values = [(per_scenario[n].get("endings") or {}).get(label, 0) for n in names]
        ax.bar(names, values, bottom=bottom, color=colour, label=_short(label, 100))
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel("games")
    ax.tick_params(axis="x", labelrotation=20, labelsize=7)
    ax.legend(fontsize=6.5, loc="upper left", bbox_to_anchor=(0.0, -ticks_h / plot_h), ncol=1, frameon=False,
              title=title, title_fontsize=9, alignment="left")
    # fixed margins, not tight_layout: the legend of the endings sits under the bars
    fig.subplots_adjust(left=0.1, right=0.98, top=1 - 0.2 / height, bottom=(ticks_h + legend_h) / height)
    return _svg(fig)


def ranked(rows: list[tuple[str, float | None, float | None]], titles: tuple[str, str], title: str) -> str | None:
    """Per entry (label, first figure, second figure): two panels of horizontal bars side by side on
    logarithmic axes, the entries in the order given (the caller sorts them); a figure of None or
    at most zero draws no bar. None when there is no entry."""
    if not rows:
        return None
    height = 1.1 + 0.15 * len(rows)
    from matplotlib.ticker import NullFormatter

    fig, axes = _figure(7.5, height, ncols=2)
    ys = list(range(len(rows)))[::-1]
    for i, (ax, name) in enumerate(zip(axes, titles)):
        values = [r[1 + i] if isinstance(r[1 + i], (int, float)) and r[1 + i] > 0 else 0 for r in rows]
        ax.barh(ys, values, height=0.7, color=COLOURS[i])
        ax.set_xscale("log")
        positive = [v for v in values if v > 0]
        if positive:  # whole decades, so that the axis has its labelled ticks at both ends
            ax.set_xlim(10 ** math.floor(math.log10(min(positive))), 10 ** math.ceil(math.log10(max(positive)) + 1e-9))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel(name)
        ax.tick_params(axis="x", labelsize=7)
    axes[0].set_yticks(ys)
    axes[0].set_yticklabels([_short(r[0], 48) for r in rows], fontsize=6)
    axes[0].set_ylim(-0.7, len(rows) - 0.3)
    fig.suptitle(title, fontsize=9, x=0.01, ha="left")
    # fixed margins, not tight_layout (as rates: measuring the labels' text is slow)
    fig.subplots_adjust(left=0.36, right=0.97, wspace=0.14, top=1 - 0.45 / height, bottom=0.5 / height)
    return _svg(fig)
