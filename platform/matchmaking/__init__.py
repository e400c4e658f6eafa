"""Quick pairing: pools by seats and time control; one tap to wait, a table when matched
(docs/players/quick-pairing.md)."""
