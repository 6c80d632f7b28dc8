"""Talking to models: the litellm adapter, candidate rotation and cooldowns, record/replay.

Implements the engine's `Provider` protocol. Must not import the store, tools or Jupyter.
"""
