"""The hall's public live page (`banker live-page`). Imports tournament, hub, table and below; no Qt.

One snapshot of every tournament on the hub, read on the reader's login, served read-only to
every phone (snapshot.py, web.py, qr.py)."""
