"""Skills, MCP servers and external packages (later issues)."""
