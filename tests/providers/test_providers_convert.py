"""History conversion: reasoning blocks (P4), tool results, cache keys (P5)."""

from __future__ import annotations

from orkas_jupyter.engine.messages import (
    Message,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    tool_message,
    user_message,
)
from orkas_jupyter.providers.convert import prompt_cache_key, to_litellm_messages

CLAUDE = "anthropic/claude-sonnet-4-5"


def history() -> list[Message]:
    assistant = Message(role="assistant", parts=[
        ThinkingPart(text="Think first.", model=CLAUDE, signature="sig-1"),
        ThinkingPart(text="opaque-bytes", model=CLAUDE, redacted=True),
        TextPart(text="Calling add."),
        ToolCallPart(id="c1", name="add", arguments='{"a": 1}'),
    ])
    result = tool_message(ToolResultPart(call_id="c1", name="add",
                                         content=[TextPart(text="boom")], is_error=True))
    return [user_message("hi"), assistant, result]


def test_reasoning_goes_back_verbatim_to_the_model_that_made_it() -> None:
    out = to_litellm_messages("sys", history(), CLAUDE)
    assert out[0] == {"role": "system", "content": "sys"}
    assistant = out[2]
    assert assistant["thinking_blocks"] == [
        {"type": "thinking", "thinking": "Think first.", "signature": "sig-1"},
        {"type": "redacted_thinking", "data": "opaque-bytes"}]
    assert assistant["content"] == "Calling add."
    assert assistant["tool_calls"][0]["function"] == {"name": "add", "arguments": '{"a": 1}'}
    assert out[3] == {"role": "tool", "tool_call_id": "c1", "content": "boom"}


def test_reasoning_is_plain_text_for_another_model() -> None:
    assistant = to_litellm_messages("", history(), "openai/gpt-4o")[1]
    assert "thinking_blocks" not in assistant
    assert assistant["content"].startswith(f"[Reasoning by {CLAUDE}]\nThink first.")
    assert "opaque-bytes" not in assistant["content"]
    # A bare name and its provider/ form are the same model.
    same = to_litellm_messages("", history(), "claude-sonnet-4-5")[1]
    assert "thinking_blocks" in same


def test_cache_key_is_stable_hashed_and_bounded() -> None:
    key = prompt_cache_key("/home/me/secret-project/analysis.ipynb")
    assert key == prompt_cache_key("/home/me/secret-project/analysis.ipynb")
    assert key != prompt_cache_key("/home/me/other.ipynb")
    assert len(key) <= 64 and "secret" not in key
    assert len(prompt_cache_key("s", limit=40)) == 40
