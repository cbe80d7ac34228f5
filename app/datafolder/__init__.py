"""This machine's files: the data folder, the examples, the error log. Imports nothing of app."""
