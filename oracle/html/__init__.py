"""The HTML pages (issue 33): one self-contained file each, no script, font or request beyond the
file (inline CSS, inline SVG), byte-identical for the same inputs.

- ``page.py``: the page shell (CSS, escaping, tables, the content security policy);
- ``mapdraw.py``: a map picture as inline SVG, from a game's ``MapDrawing`` (model/core/mapview.py);
- ``plots.py``: the plots, drawn with matplotlib as inline SVG;
- ``report.py``: ``reports/<game>/index.html`` from the committed JSON reports;
- ``divergence.py``: a disagreement (replay, difftest) or a position as a page.

No module here names a game: a game supplies its map through ``GameSpec.map_drawing``.
"""
