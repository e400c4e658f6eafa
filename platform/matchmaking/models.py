"""Quick pairing's waiting tickets (docs/players/quick-pairing.md)."""
