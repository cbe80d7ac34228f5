"""The games in the data folder: listed, created, resumed. Imports table, hub, editions."""
