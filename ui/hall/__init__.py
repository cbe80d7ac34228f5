"""The hall display: the stage's standings and tables on a projector, paging by itself."""
