"""The `banker` command line, one module per command group. Imports any package of app."""
