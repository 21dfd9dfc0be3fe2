"""A Distant Plain (GMT, COIN Series vol. III): under construction (issue 20). So far the map, the
pieces, tracks and victory goals, and the register of what no source gives, as validated data
(``mapdata.py``, ``pieces.py``, ``data/``). The game is not registered yet: it has no rules to play.
"""
