"""The page shell of every HTML page (issue 33): one self-contained document, its CSS inline, no
script, a content security policy that lets nothing load from outside the file (pictures are
inline SVG or ``data:`` URLs), and the helpers the pages share (escaping, tables, status words).
The same inputs give the same bytes: nothing here reads a clock or a random source."""
from __future__ import annotations

import html
import json
from typing import Any, Iterable

#: Nothing but inline styles and data: pictures (the browser test checks no request leaves).
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

CSS = """
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#2f3e4e;color:#fff;padding:12px 24px}header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;color:#d6dde4}main{padding:12px 24px;max-width:1900px}
h2{border-bottom:2px solid #2f3e4e;padding-bottom:2px;margin-top:28px}h3{margin:18px 0 6px}
table{border-collapse:collapse;margin:6px 0 12px;background:#fff}
th,td{border:1px solid #ccd;padding:3px 7px;text-align:left;vertical-align:top}
th{background:#e8edf2}td.num{text-align:right}
.ok{color:#1d7a1d;font-weight:600}.bad{color:#b00020;font-weight:700}.note{color:#555;font-style:italic}
.diff{background:#ffe0e0}.diff td{border-color:#e99}
code,pre{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace}pre{white-space:pre-wrap;word-break:break-all;margin:0}
.cols{display:flex;flex-wrap:wrap;gap:16px}.cols>div{flex:1 1 420px;min-width:0}
figure{content-visibility:auto;contain-intrinsic-size:auto 700px;margin:8px 0 18px;background:#fff;border:1px solid #dde;padding:6px;display:inline-block;max-width:100%}
figure svg{max-width:100%;height:auto;display:block}figcaption{font-size:12px;color:#444;margin-top:4px}
nav ul{columns:3;margin:4px 0}.small{font-size:12px}
"""


def esc(value: Any) -> str:
    """``value`` as HTML text (quotes escaped too)."""
    return html.escape(str(value), quote=True)


def compact(value: Any, limit: int = 240) -> str:
    """A value as short text: a scalar as it is, anything else as compact sorted JSON, cut at
    ``limit`` characters (the JSON report holds the whole)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        text = "" if value is None else str(value)
    else:
        text = json.dumps(value, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def table(headers: Iterable[str], rows: Iterable[Iterable[Any]], row_classes: Iterable[str] | None = None,
          raw: bool = False) -> str:
    """A table; cells are escaped unless ``raw`` (the caller built them as HTML)."""
    headers = list(headers)
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    classes = list(row_classes) if row_classes is not None else None
    body = []
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        cells = "".join(f"<td>{c if raw else esc(c)}</td>" for c in row)
        body.append(f"<tr{cls}>{cells}</tr>")
    thead = f"<thead><tr>{head}</tr></thead>" if any(headers) else ""  # a table of named facts has none
    return f"<table>{thead}<tbody>{''.join(body)}</tbody></table>"


def verdict(ok: bool, yes: str = "holds", no: str = "fails") -> str:
    return f'<span class="ok">{esc(yes)}</span>' if ok else f'<span class="bad">{esc(no)}</span>'


def figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>"


def document(title: str, subtitle: str, body: str) -> str:
    """The whole page: doctype, the policy, the CSS, a header and ``body`` (already HTML)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(title)}</title><style>{CSS.strip()}</style></head>\n<body>"
            f"<header><h1>{esc(title)}</h1><p>{esc(subtitle)}</p></header>\n<main>\n{body}\n</main></body></html>\n")
