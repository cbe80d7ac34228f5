"""The scoresheet window, the printed sheet, and the CLI command that writes it as PDF."""
