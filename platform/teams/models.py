"""Teams (docs/players/teams.md)."""
