"""The kernel's MCP bridge for outside agents (X4): Claude Code, Cursor, Codex or any MCP
client drives the live kernel through `orkas-mcp`, a stdio MCP server that talks to the
kernel over a Unix socket under `<workspace>/.orkas/bridge/` (mode 0600, no TCP port).

Modules: `wire` (newline-delimited JSON frames), `credentials` (one-time credentials and the
connection file), `listener` (the kernel side: the socket, authentication, revocation),
`service` (which of the agent's tools an outside agent gets, called through the host's one
policy), `client` (the socket client `orkas-mcp` uses), `mcp_main` (the console script) and
`launch` (a credential for one child process, for agent CLIs Orkas starts itself).

Imports the engine, `config` and `secrets`; never `jupyter/` or `host/`: the Jupyter side
passes in the host's tools, toolsets, services, policy and its way of asking the user.
"""

from .credentials import Credential, CredentialBook, read_connection_file
from .listener import BridgeListener, Peer
from .service import BRIDGE_TOOLS, BridgeService

__all__ = ["BRIDGE_TOOLS", "BridgeListener", "BridgeService", "Credential", "CredentialBook",
           "Peer", "read_connection_file"]
