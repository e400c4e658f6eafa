"""Signals other apps listen to, sent once the transaction that caused them has committed."""

from django.dispatch import Signal

# Sent with ``game_id`` (str), ``status`` ("finished" or "abandoned"), ``rated`` (bool) when a
# game ends. Receivers schedule their own idempotent tasks (tournament rounds, ratings); a
# receiver must not raise (its error is logged and the others still run).
game_ended = Signal()

# Sent once a staff adjudication (disputes.adjudication) has committed, with ``game_id`` (str),
# ``type`` (the event type), ``seq``, ``status`` (the game's status after it) and ``rated``:
# tournament standings and other read models follow. A void or an award that ends a game in
# play also sends ``game_ended`` (status "void" or "finished"). Receivers must not raise.
game_adjudicated = Signal()
