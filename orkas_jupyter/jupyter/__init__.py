"""The Jupyter adapter: magics, chat widget, notebook bridge, kernel glue (later issues).
Must not know provider details or SQL."""
