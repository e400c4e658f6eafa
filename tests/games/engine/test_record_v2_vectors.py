"""The version 2 test vectors of spec/game-record.md: the seed from contributions, and the
attestation's canonical form, digest and signature."""

from games.engine import attestation
from games.engine.deal import commitment
from games.engine.deal import deal_round
from games.engine.deal import derive_seed_v2

ZERO = bytes(32)


def _tiles(text: str) -> tuple:
    return tuple(tuple(int(x) for x in t.strip("[]").split(",")) for t in text.split())


def test_server_seed_commitment_vector():
    assert commitment(ZERO) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"


def test_seed_v2_vector_with_and_without_contributions():
    assert (
        derive_seed_v2(ZERO, ["ana:4f1c9e", ""]).hex()
        == "5f19d909cb3f13798130da01770fae44b0ecee16c6c74d9e0fc91985e4e25e32"
    )
    assert (
        derive_seed_v2(ZERO, []).hex()
        == "649dd0b1627ff5249f9adf80c2a8574f037b2c30a53f6600b4313744d0bab172"
    )


def test_seed_v2_deal_vector():
    hands, boneyard = deal_round(derive_seed_v2(ZERO, ["ana:4f1c9e", ""]), 1, 6, 2, 7)
    assert hands[0] == _tiles("[4,1] [5,5] [6,2] [0,0] [6,6] [1,1] [4,4]")
    assert hands[1] == _tiles("[6,5] [6,4] [2,0] [4,0] [5,4] [4,3] [5,0]")
    assert boneyard == _tiles(
        "[4,2] [6,0] [2,1] [3,2] [5,2] [1,0] [6,3] [3,3] [3,1] [6,1] [5,3] [5,1] [3,0] [2,2]"
    )


def test_contributions_are_length_prefixed_so_splitting_differently_changes_the_seed():
    assert derive_seed_v2(ZERO, ["ab", "c"]) != derive_seed_v2(ZERO, ["a", "bc"])
    assert derive_seed_v2(ZERO, ["", ""]) != derive_seed_v2(ZERO, [""])


def test_a_contribution_over_256_bytes_is_refused():
    derive_seed_v2(ZERO, ["é" * 128])  # 256 bytes: allowed
    try:
        derive_seed_v2(ZERO, ["é" * 128 + "x"])
    except ValueError:
        pass
    else:
        raise AssertionError("a 257-byte contribution was accepted")


DOC = {
    "format": "mexican-train-record",
    "version": 2,
    "players": [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "bö"}],
}
KEY = attestation.private_key(bytes([1] * 32))


def test_attestation_vector():
    assert (
        attestation.public_key_hex(KEY)
        == "8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c"
    )
    assert (
        attestation.canonical(DOC).decode()
        == '{"format":"mexican-train-record","players":[{"name":"ana","seat":0},'
        '{"name":"bö","seat":1}],"version":2}'
    )
    assert (
        attestation.digest(DOC).hex()
        == "ca4ab059ae3cf41b63c09d92eafcc0cdcf3a912325ccf8b41a6e5de49fd34d52"
    )
    signed = attestation.attest(DOC, KEY)
    assert signed["attestation"]["signature"] == (
        "4111119b4e346512bcf860ec3b1a30a246a909ba842d0c4a7cbaf5fce985895d"
        "f6fc978c5f846f0988ce4b17e277e4df304673effdf9cbf44128749c148de506"
    )
    assert attestation.check_attestation(signed) is None


def test_a_changed_record_or_an_unknown_key_fails_the_attestation():
    signed = attestation.attest(DOC, KEY)
    changed = {**signed, "players": [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "bo"}]}
    assert "changed" in attestation.check_attestation(changed)
    other = attestation.public_key_hex(attestation.private_key(bytes([2] * 32)))
    assert "published" in attestation.check_attestation(signed, trusted=[other])
    assert attestation.check_attestation(DOC) == "the record has no attestation"
