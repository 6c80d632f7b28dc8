"""The agent's tools (workspace files, shell, notebook, web, memory, knowledge), each an engine
`Tool`. Must not import Jupyter widgets or provider details."""
