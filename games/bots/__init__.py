"""Bot strategies: pure functions of what one seat may know."""
