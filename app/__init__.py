"""The application, one package per capability (docs/architecture.md is the map). Imports models."""
