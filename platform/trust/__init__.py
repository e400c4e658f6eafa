"""What a player or a third party can check without trusting the database.

- ``keyring``: parsing the signing key and the retired public keys from the environment (pure;
  the settings use it to refuse a bad configuration at start).
- ``keys``: the platform's Ed25519 signing key (held outside the database), its id, signing and
  verifying against the published keys (current and retired, with their validity).
- ``receipts``: signed move receipts and checking them against the event log.
- ``apis``: ``GET /.well-known/mexican-train-keys.json``.
"""
