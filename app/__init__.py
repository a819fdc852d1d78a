"""Front ends over the engine: the `bpelens` command (CLI and GUI)."""
