"""OpenSkill ratings and leaderboards."""
