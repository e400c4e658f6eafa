"""Signals other apps listen to, sent once the transaction that caused them has committed."""

from django.dispatch import Signal

# Sent with ``game_id`` (str), ``status`` ("finished" or "abandoned"), ``rated`` (bool) when a
# game ends. Receivers schedule their own idempotent tasks (tournament rounds, ratings); a
# receiver must not raise (its error is logged and the others still run).
game_ended = Signal()
