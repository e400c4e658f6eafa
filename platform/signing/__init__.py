"""The platform's Ed25519 signing key: held outside the database, with its id and rotation.

- ``keyring``: parsing the signing key and the retired public keys from the environment (pure;
  the settings use it to refuse a bad configuration at start).
- ``keys``: the signing key, its id, signing and verifying against the published keys (current
  and retired, with their validity).

Infrastructure: the event store signs its checkpoints with it, the record code its records, and
``trust`` its move receipts. The Ed25519 primitives and the canonical form are the pure engine's
(``games.engine.attestation``), so that anyone can check a record without the platform.
"""
