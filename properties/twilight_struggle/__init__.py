"""Twilight Struggle's own checks: its invariants, map checks, z3 proofs and ambiguity registry."""
