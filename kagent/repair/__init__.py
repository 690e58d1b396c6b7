"""The repair graph: its state, its nodes, the edges between them, run directories, and `repair()`."""
