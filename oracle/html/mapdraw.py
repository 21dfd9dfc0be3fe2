"""A map picture as inline SVG (issue 33), drawn from a game's ``MapDrawing`` (model/core/mapview.py):
its schematic layout (a grid cell per space, a region colour per space, labelled boxes, links) and a
view (each space's fill key and lines of text). Generic: it names no game and no space.

A space is a rounded rectangle filled with its fill's colour and outlined in its region's colour
(thicker when the view marks it); a space in ``highlight`` (a fact that differs between two sides)
gets a red outline. The legend lists the fills and regions; the caption says where the positions
come from. The same layout and view give the same bytes."""
from __future__ import annotations

from cdg_oracle.oracle.html.page import esc

PAD = 12
HIGHLIGHT = "#e00000"


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut to fit ``width`` pixels at font ``size`` (about 0.56 em a character)."""
    room = max(3, int(width / (size * 0.56)))
    return text if len(text) <= room else text[:room - 1] + "…"


def svg(layout: dict, view: dict | None, title: str = "", highlight: set[str] | frozenset[str] = frozenset()) -> str:
    """The map of ``view`` (None: the bare map) over ``layout`` as an ``<svg>`` element."""
    cw, ch = layout["cell"]
    spaces = layout["spaces"]
    cols = max(s["at"][0] for s in spaces.values()) + 1
    rows = max(s["at"][1] for s in spaces.values()) + 1
    top = 26 if title else 8
    width = cols * cw + 2 * PAD
    legend_items = [(f["colour"], f["label"], "fill") for f in layout["fills"].values()] + \
        [(colour, name, "region") for name, colour in layout["regions"].items()]
    per_row = max(1, width // 210)
    legend_rows = -(-len(legend_items) // per_row)
    height = top + rows * ch + PAD + 20 * legend_rows + 22
    shown = (view or {}).get("spaces", {})

    def centre(name: str) -> tuple[float, float]:
        c, r = spaces[name]["at"]
        return PAD + c * cw + cw / 2, top + r * ch + ch / 2

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="system-ui,sans-serif" aria-label="{esc(title or "map")}">',
           f'<rect width="{width}" height="{height}" fill="#f4f1e8"/>']
    if title:
        out.append(f'<text x="{PAD}" y="18" font-size="14" font-weight="600">{esc(title)}</text>')
    for box in layout["boxes"]:
        cells = [spaces[n]["at"] for n in box["spaces"]]
        x0, y0 = min(c for c, _ in cells), min(r for _, r in cells)
        x1, y1 = max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1
        out.append(f'<rect x="{PAD + x0 * cw - 4}" y="{top + y0 * ch - 4}" width="{(x1 - x0) * cw + 8}" '
                   f'height="{(y1 - y0) * ch + 8}" rx="10" fill="#e7e2f3" stroke="#6c5ba7" stroke-width="2" '
                   f'stroke-dasharray="6 3"/>')
        out.append(f'<text x="{PAD + x1 * cw - 6}" y="{top + y1 * ch - 2}" font-size="11" text-anchor="end" '
                   f'fill="#4b3d83" font-weight="600">{esc(box["name"])}</text>')
    for a, b in layout["links"]:
        (xa, ya), (xb, yb) = centre(a), centre(b)
        out.append(f'<line x1="{xa:.0f}" y1="{ya:.0f}" x2="{xb:.0f}" y2="{yb:.0f}" stroke="#b9b2a0" stroke-width="1.2"/>')
    for name in sorted(spaces):
        s = spaces[name]
        c, r = s["at"]
        v = shown.get(name, {})
        small = s["kind"] == "small"
        inset_x, inset_y = (22, 16) if small else (6, 5)
        x, y = PAD + c * cw + inset_x, top + r * ch + inset_y
        w, h = cw - 2 * inset_x, ch - 2 * inset_y
        fill = layout["fills"].get(v.get("fill"), {}).get("colour", "#ffffff")
        stroke, sw = layout["regions"][s["region"]], 3.5 if v.get("mark") else 1.8
        if name in highlight:
            stroke, sw = HIGHLIGHT, 4
        out.append(f'<g><title>{esc(name)}</title><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>')
        size = 9 if small else 10.5
        out.append(f'<text x="{x + 4}" y="{y + size + 2}" font-size="{size}" font-weight="700">'
                   f'{esc(_fit(name, w - 6, size))}</text>')
        for i, line in enumerate(v.get("lines", [])[: (1 if small else 3)]):
            out.append(f'<text x="{x + 4}" y="{y + size + 3 + (i + 1) * 11}" font-size="9">'
                       f'{esc(_fit(line, w - 6, 9))}</text>')
        out.append("</g>")
    ly = top + rows * ch + PAD
    for i, (colour, label, kind) in enumerate(legend_items):
        x = PAD + (i % per_row) * 210
        y = ly + (i // per_row) * 20
        if kind == "fill":
            out.append(f'<rect x="{x}" y="{y}" width="16" height="12" fill="{colour}" stroke="#555"/>')
        else:
            out.append(f'<rect x="{x}" y="{y}" width="16" height="12" fill="none" stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{x + 22}" y="{y + 10}" font-size="11">{esc(_fit(label, 184, 11))}</text>')
    caption = (view or {}).get("caption", "")
    words = f"Positions: {layout['source']}." + (f" {caption}." if caption else "")
    out.append(f'<text x="{PAD}" y="{height - 8}" font-size="11" fill="#444">{esc(words)}</text>')
    out.append("</svg>")
    return "".join(out)


def differing(a: dict | None, b: dict | None) -> set[str]:
    """The spaces whose view differs between two views (what a divergence page highlights)."""
    sa, sb = (a or {}).get("spaces", {}), (b or {}).get("spaces", {})
    return {n for n in set(sa) | set(sb) if sa.get(n) != sb.get(n)}
