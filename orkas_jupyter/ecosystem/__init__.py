"""Tools from outside the package (§9): skills (`skills/`) and MCP servers (`mcp/`, the MCP
client); the kernel's MCP bridge and external packages later.

May import the engine, `tools/` (the injection scanner, the sandbox), `secrets` and `config`;
never `jupyter/` or `host/` (the host builds these toolsets, not the other way round).
"""
