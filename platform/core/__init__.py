"""Cross-cutting pieces: the serve command; later ApplicationError, the clock, error handlers."""
