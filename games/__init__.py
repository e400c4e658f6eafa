"""Mexican Train games: the pure rules engine (``engine``), the bots (``bots``), and the
games app: tables, the write pipeline, the APIs, the sockets and the staff audit."""
