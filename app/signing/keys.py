"""A judge's key: an Ed25519 pair made at registration, the private key kept only sealed under
a key derived from the judge's PIN (argon2id at argon2-cffi's default cost, AES-256-GCM), the
public key beside the name. Nothing here is cryptography of our own: `cryptography` signs and
seals, argon2-cffi derives."""

from __future__ import annotations

import base64
import binascii
import json
import os
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.low_level import Type, hash_secret_raw
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from models.errors import BankerError

_COST = PasswordHasher()  # argon2-cffi's default (RFC 9106 low-memory): the PINs' own cost
SEAL_VERSION = 1


class SigningError(BankerError):
    """A judge's key that cannot be used, or a decision that cannot be signed."""


class DamagedKey(SigningError):
    """A sealed key that does not open with the judge's (checked) PIN, or cannot be read."""


@dataclass(frozen=True)
class JudgeKey:
    """A judge's public key (base64 of the 32 raw bytes) and the sealed private key (a JSON
    text: the KDF's salt and cost, the nonce and the AES-GCM ciphertext, each base64)."""

    public_key: str
    sealed: str


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: object, what: str, name: str) -> bytes:
    if not isinstance(text, str):
        raise DamagedKey(f"judge {name!r}'s sealed key has no {what}: it is damaged")
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError) as e:
        raise DamagedKey(f"judge {name!r}'s sealed key is damaged (its {what} is not "
                         "base64)") from e


def _aad(name: str, public_key: str) -> bytes:
    # The seal names its judge and public key: a sealed key copied under another name, or
    # beside another public key, does not open.
    return json.dumps(["banker-judge-key", SEAL_VERSION, name, public_key]).encode("utf-8")


def _derive(pin: str, salt: bytes, time_cost: int, memory_cost: int, parallelism: int) -> bytes:
    return hash_secret_raw(pin.encode("utf-8"), salt, time_cost=time_cost,
                           memory_cost=memory_cost, parallelism=parallelism, hash_len=32,
                           type=Type.ID)


def make_key(name: str, pin: str) -> JudgeKey:
    """A new key pair for judge `name`, the private key sealed under `pin` (checked for its
    format by the caller, as a PIN hash is)."""
    private = Ed25519PrivateKey.generate()
    public = _b64(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))
    salt, nonce = os.urandom(16), os.urandom(12)
    cost = (_COST.time_cost, _COST.memory_cost, _COST.parallelism)
    sealing = AESGCM(_derive(pin, salt, *cost))
    raw = private.private_bytes_raw()
    sealed = {"v": SEAL_VERSION, "kdf": "argon2id", "t": cost[0], "m": cost[1], "p": cost[2],
              "salt": _b64(salt), "nonce": _b64(nonce),
              "box": _b64(sealing.encrypt(nonce, raw, _aad(name, public)))}
    return JudgeKey(public, json.dumps(sealed, sort_keys=True, separators=(",", ":")))


@dataclass(frozen=True)
class Signer:
    """A judge's opened key: signs decisions for `name`. Kept in memory only while signing."""

    name: str
    public_key: str
    _private: Ed25519PrivateKey

    def sign(self, message: bytes) -> str:
        """The signature (base64) of `message`."""
        return _b64(self._private.sign(message))


def open_key(name: str, key: JudgeKey, pin: str) -> Signer:
    """Judge `name`'s key opened with `pin` (already checked against the PIN's hash, throttled,
    by the caller). Raises DamagedKey when the seal does not open or does not match the public
    key beside it."""
    try:
        sealed = json.loads(key.sealed)
    except (TypeError, ValueError) as e:
        raise DamagedKey(f"judge {name!r}'s sealed key cannot be read") from e
    if not isinstance(sealed, dict) or sealed.get("v") != SEAL_VERSION \
            or sealed.get("kdf") != "argon2id":
        raise DamagedKey(f"judge {name!r}'s sealed key is of an unknown kind")
    found = [sealed.get(k) for k in ("t", "m", "p")]
    cost = [c for c in found if type(c) is int and c >= 1]
    if len(cost) != 3 or cost[1] < 8 * cost[2] or cost[1] > 4 * 1024 * 1024:
        raise DamagedKey(f"judge {name!r}'s sealed key names an impossible cost")
    salt = _unb64(sealed.get("salt"), "salt", name)
    nonce = _unb64(sealed.get("nonce"), "nonce", name)
    box = _unb64(sealed.get("box"), "ciphertext", name)
    if len(nonce) != 12 or len(salt) < 8:
        raise DamagedKey(f"judge {name!r}'s sealed key is damaged")
    try:
        raw = AESGCM(_derive(pin, salt, *cost)).decrypt(nonce, box, _aad(name, key.public_key))
        private = Ed25519PrivateKey.from_private_bytes(raw)
    except (InvalidTag, ValueError) as e:
        raise DamagedKey(f"judge {name!r}'s key does not open with their PIN: it is damaged "
                         "or was not sealed for them; register the judge again") from e
    public = _b64(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))
    if public != key.public_key:
        raise DamagedKey(f"judge {name!r}'s sealed key is not the one of their public key")
    return Signer(name, public, private)


def verifies(public_key: str, message: bytes, signature: str) -> bool:
    """Whether `signature` (base64) is `public_key`'s signature of `message`; False for
    anything malformed."""
    try:
        raw = base64.b64decode(public_key.encode("ascii"), validate=True)
        signed = base64.b64decode(signature.encode("ascii"), validate=True)
        Ed25519PublicKey.from_public_bytes(raw).verify(signed, message)
    except (InvalidSignature, ValueError, binascii.Error, UnicodeEncodeError, AttributeError):
        return False
    return True
