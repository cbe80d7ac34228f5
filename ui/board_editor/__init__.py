"""The board editor: a board's names, colours and figures in a table, checked as typed."""
