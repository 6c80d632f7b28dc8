"""Self-evolution (V1, V2; docs/evolution.md), off by default: weighted signals gathered from
the turns of agents bound with `%orkas evolve on AGENT`, a bounded reflection run after a turn
when they pass a threshold, and the changes it may make — skills in the agent's private
library and its competence profile — each logged and reversible.

Imports the host, store, skills and engine; never `orkas_jupyter.jupyter` (the magic's two
command modules import this package, not the other way round)."""
