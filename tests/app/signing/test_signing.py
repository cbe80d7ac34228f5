"""The judges' keys and the chains of signed decisions: a key opens only with its judge's PIN,
and a reader follows a decision only when it verifies as the next of its chain."""

from __future__ import annotations

import json

import pytest

from app.signing.decisions import GENESIS, Chain, Decision, follow, next_seal
from app.signing.keys import DamagedKey, JudgeKey, make_key, open_key, verifies

PIN = "135791"


@pytest.fixture(scope="module")
def keys() -> dict[str, JudgeKey]:
    # argon2id at its default cost twice a key: made once for the module.
    return {"Head": make_key("Head", PIN), "Lee": make_key("Lee", "246802")}


def test_a_key_opens_with_its_judges_pin_only_and_signs_what_it_is_shown(
        keys: dict[str, JudgeKey]) -> None:
    signer = open_key("Head", keys["Head"], PIN)
    signature = signer.sign(b"pause: fire alarm")
    assert verifies(keys["Head"].public_key, b"pause: fire alarm", signature)
    assert not verifies(keys["Head"].public_key, b"pause: fire drill", signature)
    assert not verifies(keys["Lee"].public_key, b"pause: fire alarm", signature)
    with pytest.raises(DamagedKey, match="does not open with their PIN"):
        open_key("Head", keys["Head"], "000000")
    # The seal names its judge: Head's sealed key filed under Lee's name does not open.
    with pytest.raises(DamagedKey):
        open_key("Lee", JudgeKey(keys["Lee"].public_key, keys["Head"].sealed), PIN)


def test_the_sealed_key_holds_no_private_key_in_the_clear_and_says_its_cost(
        keys: dict[str, JudgeKey]) -> None:
    sealed = json.loads(keys["Head"].sealed)
    # argon2-cffi's default cost (RFC 9106 low-memory): 3 passes over 64 MiB, 4 lanes.
    assert (sealed["kdf"], sealed["t"], sealed["m"], sealed["p"]) == ("argon2id", 3, 65536, 4)
    private = open_key("Head", keys["Head"], PIN)._private.private_bytes_raw()
    assert private.hex() not in keys["Head"].sealed


@pytest.mark.parametrize("damage", [
    lambda s: s | {"box": s["box"][:-4] + "AAAA"},
    lambda s: s | {"m": 1},
    lambda s: s | {"salt": "not base64!"},
    lambda s: {"v": 9},
])
def test_a_damaged_sealed_key_is_said_plainly(keys: dict[str, JudgeKey], damage) -> None:  # type: ignore[no-untyped-def]
    sealed = damage(json.loads(keys["Head"].sealed))
    with pytest.raises(DamagedKey, match="judge 'Head'"):
        open_key("Head", JudgeKey(keys["Head"].public_key, json.dumps(sealed)), PIN)


def _chain_of(keys: dict[str, JudgeKey], *said: str) -> tuple[Chain, list[Decision]]:
    signer = open_key("Head", keys["Head"], PIN)
    chain, made = Chain("round:open/Q"), []
    for n, words in enumerate(said):
        what = {"text": words}
        seal = next_seal(chain, signer, "announce", what, f"2026-11-27T10:0{n}:00+00:00")
        decision = Decision(f"row {n + 1}", chain.scope, "announce", what, "Head", seal)
        assert chain.offer(decision, {"Head": keys["Head"].public_key}) is None
        made.append(decision)
    return chain, made


def test_a_chain_is_followed_whole_and_its_head_names_the_last_decision(
        keys: dict[str, JudgeKey]) -> None:
    chain, made = _chain_of(keys, "15 minutes", "10 minutes", "5 minutes")
    again = follow("round:open/Q", made, {"Head": keys["Head"].public_key})
    assert [d.ref for d in again.followed] == ["row 1", "row 2", "row 3"]
    assert again.head == chain.head != GENESIS and again.problems == []


def test_altered_moved_replayed_unsigned_and_dropped_decisions_are_named_not_followed(
        keys: dict[str, JudgeKey]) -> None:
    _, made = _chain_of(keys, "15 minutes", "10 minutes", "5 minutes")
    public = {"Head": keys["Head"].public_key}
    first, second, third = made
    altered = Decision("altered", first.scope, "announce", {"text": "0 minutes"}, "Head",
                       second.seal)
    moved = Decision("moved", "round:open/Final", "announce", first.says, "Head", first.seal)
    unsigned = Decision("stray", first.scope, "pause", {"text": "sql"}, "Head", None)
    stranger = Decision("stranger", first.scope, "announce", first.says, "Nobody", None)
    found = follow(first.scope, [first, unsigned, altered, first, stranger, second, third,
                                 moved], public)
    assert [d.ref for d in found.followed] == ["row 1", "row 2", "row 3"]
    why = {p.ref: p.why for p in found.problems}
    assert why["stray"] == "no judge signed it"
    assert "signature does not match" in why["altered"]
    assert "replayed, moved, or one before it is missing" in why["row 1"]  # the replay
    assert why["moved"] == "it belongs to round:open/Final, not round:open/Q (moved)"
    # Dropped from the middle: the third no longer follows the first.
    dropped = follow(first.scope, [first, third], public)
    assert [d.ref for d in dropped.followed] == ["row 1"]
    assert "one before it is missing" in dropped.problems[0].why


def test_a_decision_from_before_signatures_is_followed_as_such_and_the_next_links_to_it(
        keys: dict[str, JudgeKey]) -> None:
    public = {"Head": keys["Head"].public_key}
    old = Decision("old row", "round:open/Q", "start", {"text": ""}, "Head", None, legacy=True)
    chain = follow("round:open/Q", [old], public)
    assert chain.legacy == [old] and chain.problems == []
    signer = open_key("Head", keys["Head"], PIN)
    seal = next_seal(chain, signer, "pause", {"text": "fire"}, "2026-11-27T10:05:00+00:00")
    assert seal.number == 2 and seal.prev == chain.head
    later = Decision("new row", chain.scope, "pause", {"text": "fire"}, "Head", seal)
    again = follow("round:open/Q", [old, later], public)
    assert [d.ref for d in again.followed] == ["old row", "new row"]
