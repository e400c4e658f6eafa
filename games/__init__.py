"""Mexican Train games: the pure engine and bots, and (later) models, services, APIs."""
