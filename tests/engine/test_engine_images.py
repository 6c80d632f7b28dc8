"""Images in tool results for models that cannot take them there (E7)."""

from __future__ import annotations

from orkas_jupyter.engine import Agent, ImagePart, ModelInfo
from orkas_jupyter.engine.prepare import NO_IMAGES_NOTE
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call

PNG = "iVBORw0KGgo="


async def run_with(info: ModelInfo, echo_tool) -> list:
    provider = ScriptedProvider([Reply(tool_calls=[call("echo", text="plot", image=PNG),
                                                   call("echo", text="plain")]),
                                 Reply(text="I see a plot.")], info=info)
    agent = Agent(provider, tools=[echo_tool])
    await agent.complete("plot it")
    history = await agent.history()
    # Canonical history keeps the image in the tool result whatever the model.
    assert any(isinstance(p, ImagePart) for p in history[2].tool_result.content)  # type: ignore[union-attr]
    return provider.requests[1].messages


async def test_images_move_to_a_user_message_after_the_results(echo_tool):
    msgs = await run_with(ModelInfo(model="m", supports_tool_result_images=False), echo_tool)
    assert [m.role for m in msgs] == ["user", "assistant", "tool", "tool", "user"]
    moved = msgs[4]
    assert moved.meta.get("tool_images") is True
    assert [type(p).__name__ for p in moved.parts] == ["TextPart", "ImagePart"]
    assert "echo" in moved.parts[0].text
    assert not any(isinstance(p, ImagePart) for p in msgs[2].tool_result.content)  # type: ignore[union-attr]


async def test_images_stay_in_results_when_the_model_accepts_them(echo_tool):
    msgs = await run_with(ModelInfo(model="m", supports_tool_result_images=True), echo_tool)
    assert [m.role for m in msgs] == ["user", "assistant", "tool", "tool"]
    assert any(isinstance(p, ImagePart) for p in msgs[2].tool_result.content)  # type: ignore[union-attr]


async def test_models_without_images_get_a_note(echo_tool):
    msgs = await run_with(ModelInfo(model="m", supports_images=False), echo_tool)
    assert [m.role for m in msgs] == ["user", "assistant", "tool", "tool"]
    texts = [p.text for p in msgs[2].tool_result.content]  # type: ignore[union-attr]
    assert NO_IMAGES_NOTE in texts
