"""What must always hold about the rules: invariants, map checks and generated campaigns.

Imports run one way: ``oracle -> properties -> model``; this package never imports ``oracle``.
"""
