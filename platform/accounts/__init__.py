"""Users, session and token auth, bot accounts."""
