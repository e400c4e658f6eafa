"""Teams: a community of players with a page, leaders and team-only events
(docs/players/teams.md)."""
