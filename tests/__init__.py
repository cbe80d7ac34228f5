"""Tests mirror the source tree: models (pure), app (real SQLite), ui (pytest-qt)."""
