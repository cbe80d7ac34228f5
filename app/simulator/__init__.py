"""Random legal games through the real engine, invariants checked. Imports editions."""
