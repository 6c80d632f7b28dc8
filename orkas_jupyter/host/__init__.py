"""The agent host: builds and runs agents for every surface (the `%orkas` magic, the chat
panel and widget, and later agent teams, plans and the bridge for outside agents).

It owns agent profiles, turns (approval, cancellation and observers passed per turn), the
toolsets and the one tool policy, the agent thread, and one lifecycle (`close()`). It imports
nothing from Jupyter: a surface passes what only it has (kernel tools, a notebook resolver,
its way of asking the user) when it builds the host or starts a turn.
"""

from .host import AgentHost, HostClosedError
from .observers import LedgerObserver, TurnObserver
from .profile import DEFAULT_PROFILE, AgentProfile

__all__ = ["DEFAULT_PROFILE", "AgentHost", "AgentProfile", "HostClosedError", "LedgerObserver",
           "TurnObserver"]
