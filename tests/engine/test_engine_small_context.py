"""Small context windows: a compact tool offer with `more_tools`, a trimmed system prompt, tool
results kept within the room, compaction that still works, clear errors instead of overflows,
and nothing changed for large windows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, Field, create_model

from orkas_jupyter.engine import (
    Agent,
    Compaction,
    Done,
    Error,
    InMemorySessionStore,
    ModelInfo,
    ModelRequest,
    TextPart,
    Tool,
    ToolContext,
    ToolOutput,
    ToolResultPart,
    ToolSpec,
    Warning,
    validate_history,
)
from orkas_jupyter.engine.fit import (
    FitConfig,
    clip_to_tokens,
    compact_schema,
    fair_caps,
    first_sentence,
    fit_results,
)
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, Step, call
from orkas_jupyter.engine.tokens import TokenCache, estimate_tokens
from orkas_jupyter.engine.tool_offer import MORE_TOOLS, fit_turn
from orkas_jupyter.engine.turn_config import TurnConfig

CORE = ("list_cells", "read_cell", "insert_cell", "edit_cell", "run_cell", "list_variables",
        "inspect_variable", "read_file", "edit_file", "write_file")
# Names and rough sizes of a full agent's tool set (workspace, shell, web, kernel, notebook,
# memory, knowledge): about 4,300 tokens of schemas.
NAMES = ("read_file", "write_file", "edit_file", "stat_file", "search_files", "grep_files",
         "bash", "bash_status", "web_fetch", "list_variables", "inspect_variable", "list_cells",
         "read_cell", "insert_cell", "edit_cell", "delete_cell", "run_cell", "memory",
         "knowledge_search")
SENTENCE = ("It reads what it is given and reports the outcome with enough detail for the "
            "next step, including limits, errors and how to continue when output is cut. ")
OPTION = "How much of the output to show."
PAGE = "the quick brown fox jumps over the lazy dog " * 700  # ~6,600 tokens
SYSTEM = "You are a helpful agent working in a notebook."


class NamedTool(Tool[BaseModel]):
    """A tool with a realistic schema size; `read_file` returns a long page."""

    read_only = True

    def __init__(self, name: str, fields: int) -> None:
        self.name = name  # type: ignore[misc]
        self.description = (  # type: ignore[misc]
            f"Do the {name.replace('_', ' ')} action on the target it is given and report "
            f"what happened, with the limits that apply. Errors say what to do.")
        spec: dict[str, Any] = {"target": (str, Field(
            description="What to act on: a path, a cell id or a name."))}
        for i in range(fields):
            spec[f"option_{i}"] = (int | None, Field(None, ge=0, description=OPTION))
        self.input_model = create_model(f"{name}_input", **spec)  # type: ignore[misc]
        self.calls: list[str] = []

    async def execute(self, args: BaseModel, ctx: ToolContext) -> ToolOutput | str:
        self.calls.append(str(getattr(args, "target", "")))
        if self.name == "read_file":
            return PAGE
        return f"{self.name} done on {getattr(args, 'target', '')}"


def full_tool_set() -> list[NamedTool]:
    return [NamedTool(name, 2) for name in NAMES]


def fixed_of(request: ModelRequest) -> int:
    return estimate_tokens(request.system) + estimate_tokens(
        json.dumps([s.model_dump() for s in request.tools]))


def request_tokens(request: ModelRequest) -> int:
    return fixed_of(request) + TokenCache().messages(request.messages)


def agent_with(window: int, script: Any, *, tools: list[NamedTool] | None = None,
               store: InMemorySessionStore | None = None, system: str = SYSTEM,
               sections: tuple[Any, ...] = ()) -> tuple[Agent, ScriptedProvider]:
    provider = ScriptedProvider(script, info=ModelInfo(model="local/small",
                                                       context_window=window))
    agent = Agent(provider, tools=tools if tools is not None else full_tool_set(),
                  store=store or InMemorySessionStore(), session_id="s", system_prompt=system,
                  prompt_sections=list(sections),
                  config=TurnConfig(fit=FitConfig(core_tools=CORE)))
    return agent, provider


def working_model(tool: str = "read_file") -> Any:
    """Reads a file for every question, then answers; summarises when asked."""
    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="SUMMARY: the user asked questions; files were read.")
        last = request.messages[-1]
        if last.role == "user":
            return Reply(tool_calls=[call(tool, target="notes.txt")])
        return Reply(text="Here is what the file says. " * 12)
    return step


def test_full_tool_set_takes_about_4300_tokens() -> None:
    registry_specs = [t.spec() for t in full_tool_set()]
    tokens = estimate_tokens(json.dumps([s.model_dump() for s in registry_specs]))
    assert 3_800 < tokens < 5_500


async def test_large_window_requests_are_exactly_as_before() -> None:
    tools = full_tool_set()
    agent, provider = agent_with(128_000, working_model(), tools=tools)
    result = await agent.complete("what is in notes.txt?")
    assert result.stop_reason == "completed"
    for request in provider.requests:
        assert request.system == SYSTEM
        assert request.tools == [t.spec() for t in tools]
        assert MORE_TOOLS not in [s.name for s in request.tools]
    # The long page is kept whole: 6,600 tokens is far inside a 128k window.
    result_part = provider.requests[1].messages[-1].tool_result
    assert result_part is not None and result_part.content[0].text == PAGE  # type: ignore[union-attr]


@pytest.mark.parametrize(("window", "expect_compaction"),
                         [(4_096, True), (6_000, True), (8_192, True), (32_768, True)])
async def test_a_long_conversation_never_exceeds_its_window(window: int,
                                                            expect_compaction: bool) -> None:
    agent, provider = agent_with(window, working_model())
    compactions = 0
    for i in range(30):
        events = [e async for e in agent.run(f"question {i}: what does notes.txt say now?")]
        assert isinstance(events[-1], Done), events[-1]
        compactions += sum(isinstance(e, Compaction) for e in events)
        assert not [e for e in events if isinstance(e, Warning)
                    and "Compaction skipped" in e.message]
    sizes = [request_tokens(r) for r in provider.requests]
    assert max(sizes) <= window, (max(sizes), window)
    assert all(request_tokens(r) + (r.max_tokens or 0) <= window
               for r in provider.requests if r.purpose == "summary")
    assert (compactions > 0) == expect_compaction
    assert validate_history(await agent.history()) == []
    turn_requests = [r for r in provider.requests if r.purpose == "turn"]
    fixed = fixed_of(turn_requests[0])
    if window <= 8_192:
        assert fixed <= 0.3 * window
        names = [s.name for s in turn_requests[0].tools]
        assert {"list_cells", "read_cell", "run_cell", "read_file"} <= set(names)
    else:
        assert turn_requests[0].tools == [t.spec() for t in full_tool_set()]


async def test_4k_offers_core_tools_first_and_the_rest_through_more_tools() -> None:
    agent, provider = agent_with(4_096, working_model())
    await agent.complete("hello")
    tools = {s.name: s for s in provider.requests[0].tools}
    assert set(CORE[:6]) <= set(tools)
    assert MORE_TOOLS in tools and "bash" not in tools and "web_fetch" not in tools
    more = tools[MORE_TOOLS].description
    for name in ("bash", "web_fetch", "memory", "knowledge_search"):
        assert name in more
    # Compact descriptions: one sentence, no titles or defaults in the schema.
    assert tools["read_cell"].description == (
        "Do the read cell action on the target it is given and report what happened, with "
        "the limits that apply.")
    assert "title" not in json.dumps(tools["read_cell"].parameters)
    assert "default" not in json.dumps(tools["read_cell"].parameters)


async def test_more_tools_enables_a_tool_for_the_rest_of_the_turn_even_after_compaction() -> None:
    tools = full_tool_set()
    bash = next(t for t in tools if t.name == "bash")
    state = {"n": 0}

    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="SUMMARY: long earlier work.")
        state["n"] += 1
        n = state["n"]
        if n == 1:
            return Reply(tool_calls=[call(MORE_TOOLS)])
        if n == 2:
            return Reply(tool_calls=[call(MORE_TOOLS, names=["bash", "nonsense"])])
        if n <= 8:
            # Long reads force compaction inside this one turn.
            return Reply(tool_calls=[call("read_file", target=f"part {n}")])
        if n == 9:
            return Reply(tool_calls=[call("bash", target="ls")])
        return Reply(text="done")

    agent, provider = agent_with(4_096, step, tools=tools)
    events = [e async for e in agent.run("list the tools, then use the shell after reading")]
    assert isinstance(events[-1], Done)
    assert any(isinstance(e, Compaction) for e in events)
    turns = [r for r in provider.requests if r.purpose == "turn"]
    assert "bash" not in [s.name for s in turns[1].tools]
    # From the request after the activation on, bash is offered, compaction or not.
    for request in turns[2:]:
        assert "bash" in [s.name for s in request.tools]
    assert bash.calls == ["ls"]
    history = await agent.history()
    assert validate_history(history) == []
    listing = _result_text(turns[1])
    assert "- bash:" in listing and "- web_fetch:" in listing
    enabled = _result_text(turns[2])
    assert "Enabled for the rest of this turn" in enabled and "No tool named nonsense" in enabled


def _result_text(request: ModelRequest) -> str:
    result = request.messages[-1].tool_result
    assert isinstance(result, ToolResultPart)
    return " ".join(p.text for p in result.content if isinstance(p, TextPart))


async def test_a_deferred_tool_called_by_name_runs_and_is_offered_from_then_on() -> None:
    tools = full_tool_set()
    web = next(t for t in tools if t.name == "web_fetch")
    agent, provider = agent_with(4_096, working_model("web_fetch"), tools=tools)
    result = await agent.complete("look it up")
    assert result.stop_reason == "completed" and web.calls == ["notes.txt"]
    assert "web_fetch" not in [s.name for s in provider.requests[0].tools]
    assert "web_fetch" in [s.name for s in provider.requests[1].tools]
    # The next turn offers it at once: the history already uses it.
    await agent.complete("again")
    assert "web_fetch" in [s.name for s in provider.requests[2].tools]


async def test_a_tool_the_message_names_is_offered_first() -> None:
    agent, provider = agent_with(4_096, working_model())
    await agent.complete("use knowledge_search to find the paper")
    assert "knowledge_search" in [s.name for s in provider.requests[0].tools]


async def test_tool_results_are_kept_within_the_room() -> None:
    agent, provider = agent_with(4_096, working_model())
    await agent.complete("read notes.txt")
    text = _result_text(provider.requests[1])
    assert "characters omitted to fit this model's 4,096-token context window" in text
    assert estimate_tokens(text) < 0.35 * 4_096
    assert text.startswith("the quick brown fox")


async def test_system_prompt_and_memory_are_trimmed_with_a_note() -> None:
    memory = "## Memory\n" + "\n".join(f"- fact number {i}: " + SENTENCE for i in range(60))

    def section() -> str:
        return memory

    agent, provider = agent_with(4_096, working_model(), sections=(section,))
    events = [e async for e in agent.run("hello")]
    assert isinstance(events[-1], Done)
    system = provider.requests[0].system
    assert system.startswith(SYSTEM)
    assert "of the system prompt (memory and other sections) left out" in system
    assert estimate_tokens(system) <= 0.1 * 4_096
    assert any(isinstance(e, Warning) and "system prompt" in e.message for e in events)
    # A large window keeps it whole.
    big, big_provider = agent_with(128_000, working_model(), sections=(section,))
    await big.complete("hello")
    assert big_provider.requests[0].system == f"{SYSTEM}\n\n{memory}"


async def test_a_window_too_small_for_anything_is_a_clear_error_and_sends_nothing() -> None:
    store = InMemorySessionStore()
    agent, provider = agent_with(1_000, working_model(), store=store)
    events = [e async for e in agent.run("hello")]
    assert isinstance(events[-1], Error)
    message = events[-1].message
    assert "context window is too small" in message and "1,000" in message
    assert "ORKAS_CONTEXT_WINDOW" in message and "num_ctx" in message
    assert provider.requests == [] and store.raw("s") == []


async def test_a_huge_answer_is_compacted_away_by_the_next_turn() -> None:
    # The model writes an enormous answer; the next question cannot fit beside it.
    def step(request: ModelRequest) -> Step:
        if request.purpose == "summary":
            return Reply(text="s")
        return Reply(text="word " * 3_200)

    agent, provider = agent_with(4_096, step, tools=[])
    first = await agent.complete("write a lot")
    assert first.stop_reason == "completed"
    sent = len(provider.requests)
    events = [e async for e in agent.run("and more")]
    # Compaction summarises the long answer, so the turn goes on and every request fits.
    assert isinstance(events[-1], Done)
    assert any(isinstance(e, Compaction) for e in events)
    assert all(request_tokens(r) <= 4_096 for r in provider.requests[sent:])


async def test_recent_tail_too_large_to_compact_is_refused_before_sending() -> None:
    store = InMemorySessionStore()
    calls = {"n": 0}

    def step(request: ModelRequest) -> Step:
        calls["n"] += 1
        if request.purpose == "summary":
            return Reply(text="s")
        # One response with a huge argument: the tail that must be kept fills the window.
        return Reply(tool_calls=[call("write_file", target="x" * 20_000)])

    agent, provider = agent_with(4_096, step, store=store)
    events = [e async for e in agent.run("write it")]
    assert isinstance(events[-1], Error)
    assert "no longer fits the model's context window" in events[-1].message
    assert "4,096-token context window" in events[-1].message
    assert all(request_tokens(r) <= 4_096 for r in provider.requests)
    assert validate_history(store.raw("s")) == []


# -- the pieces ----------------------------------------------------------------------------
def test_first_sentence_and_compact_schema() -> None:
    assert first_sentence("Read a file. Then more.") == "Read a file."
    assert first_sentence("x" * 300).endswith("…")

    class Args(BaseModel):
        path: str = Field(description="File path. Relative or absolute.")
        limit: int | None = Field(None, ge=1, description="How many characters to show.")

    schema = compact_schema(Args.model_json_schema())
    assert schema["properties"] == {"path": {"description": "File path.", "type": "string"},
                                    "limit": {"type": "integer"}}
    assert schema["required"] == ["path"]
    # Arguments the compact schema allows still validate against the full model.
    assert Args.model_validate({"path": "a", "limit": 3}).limit == 3


def test_compact_offer_needs_no_more_tools_when_everything_fits() -> None:
    from orkas_jupyter.engine import ToolRegistry

    registry = ToolRegistry(full_tool_set())
    fit = fit_turn(SYSTEM, registry, window=12_000, model="m", config=FitConfig(),
                   count=estimate_tokens)
    names = [s.name for s in fit.offer.specs()]
    assert fit.compact and MORE_TOOLS not in names and names == list(NAMES)
    assert fit.fixed_tokens <= 0.3 * 12_000


def test_fair_caps_and_result_budget() -> None:
    assert fair_caps([10, 500, 500], 310) == [None, 150, 150]
    assert fair_caps([10, 20], 100) == [None, None]
    results = [ToolResultPart(call_id=f"c{i}", name="t", content=[TextPart(text=PAGE)])
               for i in range(3)]
    kept = fit_results(results, 900, estimate_tokens, 4_096)
    total = sum(estimate_tokens(p.text) for r in kept for p in r.content
                if isinstance(p, TextPart))
    assert total <= 900
    assert fit_results(results[:1], 100_000, estimate_tokens, 4_096) == results[:1]


def test_results_in_chinese_are_kept_within_budget_too() -> None:
    # chars/4 would let ~4x too much Chinese through; the estimator counts it as it is.
    text = "数据显示温度稳定，没有发生异常情况。" * 400
    results = [ToolResultPart(call_id="c", name="t", content=[TextPart(text=text)])]
    kept = fit_results(results, 600, estimate_tokens, 4_096)
    clipped = kept[0].content[0]
    assert isinstance(clipped, TextPart)
    assert estimate_tokens(clipped.text) <= 600 < estimate_tokens(text)
    assert clipped.text.startswith("数据显示") and "characters omitted" in clipped.text


def test_an_image_too_large_for_the_budget_becomes_a_note() -> None:
    from orkas_jupyter.engine import ImagePart

    results = [ToolResultPart(call_id="c", name="read_cell", content=[
        TextPart(text="plot of the data"), ImagePart(data="iVBORw0KGgo=")])]
    kept = fit_results(results, 500, estimate_tokens, 2_048)
    assert [type(p).__name__ for p in kept[0].content] == ["TextPart", "TextPart"]
    assert "image omitted" in kept[0].content[1].text  # type: ignore[union-attr]
    # With room for it, the image stays.
    assert fit_results(results, 5_000, estimate_tokens, 32_768) == results


def test_clip_to_tokens_keeps_head_and_tail() -> None:
    text = "alpha " + "word " * 5_000 + "omega"
    clipped = clip_to_tokens(text, 300, estimate_tokens, note="cut")
    assert estimate_tokens(clipped) <= 300
    assert clipped.startswith("alpha") and clipped.endswith("omega")
    assert "characters cut" in clipped


def test_more_tools_spec_is_a_valid_tool_schema() -> None:
    from orkas_jupyter.engine import ToolRegistry

    registry = ToolRegistry(full_tool_set())
    fit = fit_turn(SYSTEM, registry, window=4_096, model="m",
                   config=FitConfig(core_tools=CORE), count=estimate_tokens)
    more = fit.offer.specs()[-1]
    assert isinstance(more, ToolSpec) and more.name == MORE_TOOLS
    assert more.parameters["properties"]["names"]["type"] == "array"
    assert MORE_TOOLS in fit.offer.registry and MORE_TOOLS not in registry
