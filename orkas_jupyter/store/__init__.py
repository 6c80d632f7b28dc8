"""Persistence in one embedded DuckDB file per workspace: sessions, memory, knowledge base,
recordings, usage. Implements the engine's `SessionStore`. Must not import Jupyter or the
engine's loop."""
