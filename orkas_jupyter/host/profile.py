"""Agent profiles: what makes one agent different from another (name, instructions, model,
which tools and skills it may use). Agent files and teams build on this."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

ORKAS_PROMPT = """You are Orkas, an AI agent working inside the user's live Jupyter kernel.
You can see the kernel's variables, the notebook's cells and their outputs, and workspace
files; you can insert, edit and run cells, and use the other tools you are given. Prefer
looking (list_variables, inspect_variable, list_cells, read_cell) before guessing. When you
run code, read its outputs and fix errors yourself. Answer in concise Markdown; cite files as
path:line and cells by id."""

# What a small context window offers first, in order: the notebook and file tools the agent's
# work rests on. The others stay reachable through `more_tools` (see engine/tool_offer.py).
CORE_TOOLS = ("list_cells", "read_cell", "insert_cell", "edit_cell", "run_cell",
              "list_variables", "inspect_variable", "read_file", "edit_file", "write_file")


class AgentProfile(BaseModel):
    """One kind of agent. `tools=None` allows every tool the host offers; a tuple is an
    allow-list of tool names."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="unique name; events and sessions carry it")
    description: str = ""
    system_prompt: str
    model: str | None = Field(None, description="litellm model string; None: the host's")
    tools: tuple[str, ...] | None = None
    core_tools: tuple[str, ...] = Field(
        CORE_TOOLS, description="tools a small context window offers first, in order")
    skills: tuple[str, ...] | None = None


DEFAULT_PROFILE = AgentProfile(name="orkas", description="the notebook's own agent",
                               system_prompt=ORKAS_PROMPT)
