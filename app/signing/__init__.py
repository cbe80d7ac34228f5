"""Judges' signatures: a key pair per judge (Ed25519), its private half sealed under the PIN
(argon2id, AES-GCM), and the chains of signed decisions every reader follows. Imports nothing
of app."""
