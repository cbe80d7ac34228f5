"""Judges' signatures: keys sealed under the PIN, chains of signed decisions. Imports nothing of app.

A key pair per judge (Ed25519), its private half sealed under the PIN (argon2id, AES-GCM), and
the chains of signed decisions every reader follows."""
