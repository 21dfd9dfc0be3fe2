"""Errors with one-line messages that name what is wrong and where."""


class DataError(ValueError):
    """A data file (map, cards, scenario, trace) is malformed.

    The message is a single line: ``<file>: <entry>: <what is wrong>``.
    """


class IllegalAction(ValueError):
    """An action was applied that is not in ``legal_actions()`` of the state."""
