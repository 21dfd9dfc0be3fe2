"""A Distant Plain's own checks (issue 20, under construction): its map checks so far."""
