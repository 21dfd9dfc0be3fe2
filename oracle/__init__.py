"""cdg-oracle's faces for its users: the CLI, traces and replay, rules status, verification reports."""
__version__ = "0.1.0"
