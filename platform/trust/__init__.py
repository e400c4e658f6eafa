"""What a player or a third party can check without trusting the database.

The key itself (held outside the database, its id and rotation) is ``signing``'s.

- ``receipts``: signed move receipts and checking them against the event log.
- ``apis``: ``GET /.well-known/mexican-train-keys.json``.
"""
