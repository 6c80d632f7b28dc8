"""LiteLLMProvider against the real HTTP fake: streaming assembly, usage, thinking, errors."""

from __future__ import annotations

import json

import pytest
from providers_helpers import collect, user_request

from orkas_jupyter.engine.errors import (
    ContextOverflowError,
    NonRetryableProviderError,
    ProviderError,
    RetryableProviderError,
)
from orkas_jupyter.engine.messages import ImagePart, Message, TextPart, ThinkingPart
from orkas_jupyter.engine.provider import StreamEnd, StreamText, StreamThinking, StreamToolCall
from orkas_jupyter.providers import (
    AccountError,
    ContentPolicyError,
    LiteLLMProvider,
    ProviderConnectionError,
    ProviderServerError,
    RateLimitedError,
)
from orkas_jupyter.testing import (
    FakeModelServer,
    Reply,
    context_overflow,
    drop,
    fault,
    hangup,
    reply,
    slow,
    stall,
    tool_call,
    tool_calls,
)

KEY = "sk-test-key-0123456789"


def openai_provider(server: FakeModelServer, model: str = "openai/gpt-4o",
                    **options: object) -> LiteLLMProvider:
    return LiteLLMProvider(model, api_key=KEY, api_base=server.base_url, **options)  # type: ignore[arg-type]


async def test_text_streams_in_pieces_and_ends_with_usage_and_cost() -> None:
    with FakeModelServer([reply("The answer is forty-two.", chunk_chars=6,
                                input_tokens=100, output_tokens=7)]) as server:
        events = await collect(openai_provider(server), user_request())
        body = server.requests[0].body
    texts = [e.text for e in events if isinstance(e, StreamText)]
    assert len(texts) > 1 and "".join(texts) == "The answer is forty-two."
    end = events[-1]
    assert isinstance(end, StreamEnd) and end.finish_reason == "stop"
    assert end.message.text == "The answer is forty-two."
    assert end.message.meta["model"] == "openai/gpt-4o"
    assert (end.usage.input_tokens, end.usage.output_tokens) == (100, 7)
    assert end.usage.cost_usd > 0
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}


async def test_parallel_tool_call_deltas_are_assembled_by_index() -> None:
    step = tool_calls(("add", {"a": 1, "b": 2}), ("note", {"text": "x" * 40}), chunk_chars=3)
    with FakeModelServer([step]) as server:
        events = await collect(openai_provider(server), user_request())
    starts = [e for e in events if isinstance(e, StreamToolCall)]
    assert [(s.index, s.name) for s in starts] == [(0, "add"), (1, "note")]
    end = events[-1]
    assert isinstance(end, StreamEnd) and end.finish_reason == "tool_calls"
    calls = end.message.tool_calls
    assert [c.id for c in calls] == [s.id for s in starts]
    assert json.loads(calls[1].arguments) == {"text": "x" * 40}


async def test_malformed_tool_arguments_are_kept_verbatim() -> None:
    with FakeModelServer([tool_call("add", '{"a": 1, "b"')]) as server:
        end = (await collect(openai_provider(server), user_request()))[-1]
    assert isinstance(end, StreamEnd)
    assert end.message.tool_calls[0].arguments == '{"a": 1, "b"'


@pytest.mark.parametrize(("step", "error", "status"), [
    (fault(429, retry_after=3), RateLimitedError, 429),
    (fault(401), AccountError, 401),
    (fault(402), AccountError, 402),
    (fault(429, code="insufficient_quota", message="You exceeded your current quota"),
     AccountError, None),
    (fault(403), AccountError, 403),
    (fault(500), ProviderServerError, 500),
    (fault(503), ProviderServerError, 503),
    (context_overflow(), ContextOverflowError, 400),
    (fault(400, message="Output blocked by the content_filter."), ContentPolicyError, 400),
    (fault(400, message="messages: field required"), NonRetryableProviderError, 400),
    (drop(after_chunks=0), ProviderConnectionError, None),
    (hangup(), ProviderConnectionError, None),
    (Reply(text="", omit_finish=True), ProviderConnectionError, None),
])
async def test_each_fault_maps_to_one_engine_error_after_exactly_one_request(
        step: object, error: type[ProviderError], status: int | None) -> None:
    with FakeModelServer([step]) as server:  # type: ignore[list-item]
        base_url = server.base_url
        with pytest.raises(error) as caught:
            await collect(openai_provider(server), user_request())
        assert len(server.chat_requests) == 1  # litellm's and the SDK's retries are off
    if status is not None:
        assert caught.value.status == status
    if error is RateLimitedError:
        assert caught.value.retry_after == 3.0
    assert KEY not in str(caught.value)
    # The model and the URL tried, then the cause (with the HTTP status when there was one).
    assert str(caught.value).startswith(f"openai/gpt-4o at {base_url}: ")
    if status is not None:
        assert f"HTTP {status}" in str(caught.value)


async def test_content_streams_before_a_mid_stream_drop() -> None:
    with FakeModelServer([drop(after_chunks=2, text="abcdefghijkl", chunk_chars=3)]) as server:
        seen: list[object] = []
        with pytest.raises(RetryableProviderError):
            async for event in openai_provider(server).stream(user_request()):
                seen.append(event)
    assert [e.text for e in seen if isinstance(e, StreamText)] == ["abc", "def"]


async def test_slow_first_byte_and_stall_hit_the_explicit_timeout() -> None:
    with FakeModelServer([slow(5), stall(1, 5)]) as server:
        provider = openai_provider(server, timeout=0.5)
        for _ in range(2):
            with pytest.raises(ProviderConnectionError, match=r"timed out|broke off"):
                await collect(provider, user_request())


async def test_key_is_scrubbed_from_error_messages() -> None:
    with FakeModelServer([fault(401, message=f"Incorrect API key provided: {KEY}.")]) as server:
        with pytest.raises(AccountError) as caught:
            await collect(openai_provider(server), user_request())
        assert KEY not in repr(openai_provider(server))
    assert KEY not in str(caught.value) and "***" in str(caught.value)


async def test_anthropic_path_thinking_signature_and_tool_use() -> None:
    step = tool_call("add", {"a": 2, "b": 3}, text="Adding.")
    step = Reply(**{**step.__dict__, "thinking": "Two plus three.", "signature": "sig-abc"})
    with FakeModelServer([step, reply("Five.")]) as server:
        provider = LiteLLMProvider("anthropic/claude-sonnet-4-5", api_key=KEY,
                                   api_base=server.base_url)  # /v1 is stripped for anthropic
        events = await collect(provider, user_request())
        end = events[-1]
        assert isinstance(end, StreamEnd)
        thinking = [p for p in end.message.parts if isinstance(p, ThinkingPart)]
        assert thinking == [ThinkingPart(text="Two plus three.", model=provider.model,
                                         signature="sig-abc")]
        assert "".join(e.text for e in events if isinstance(e, StreamThinking)) == (
            "Two plus three.")
        assert end.message.text == "Adding."
        assert end.finish_reason == "tool_calls"
        assert json.loads(end.message.tool_calls[0].arguments) == {"a": 2, "b": 3}
        # The thinking block goes back verbatim, signature included, to the same model (P4).
        from orkas_jupyter.engine.messages import ToolResultPart, tool_message
        call = end.message.tool_calls[0]
        result = tool_message(ToolResultPart(call_id=call.id, name="add",
                                             content=[TextPart(text="5")]))
        follow = user_request().model_copy(update={"messages": [
            *user_request().messages, end.message, result]})
        await collect(provider, follow)
        sent = server.requests[1]
    assert sent.path == "/v1/messages" and sent.api_key == KEY
    assistant = sent.body["messages"][1]["content"]
    assert assistant[0] == {"type": "thinking", "thinking": "Two plus three.",
                            "signature": "sig-abc"}


async def test_prompt_cache_key_is_hashed_and_sent_where_supported() -> None:
    with FakeModelServer([reply("a"), reply("b")]) as server:
        await collect(openai_provider(server), user_request(session_id="my-notebook.ipynb"))
        await collect(LiteLLMProvider("anthropic/claude-sonnet-4-5", api_key=KEY,
                                      api_base=server.root_url),
                      user_request(session_id="my-notebook.ipynb", system="Be brief."))
        openai_body, anthropic_body = (r.body for r in server.requests)
    key = openai_body["prompt_cache_key"]
    assert len(key) <= 64 and "notebook" not in key
    assert "cache_control" not in json.dumps(openai_body)
    # Anthropic has no key: the system prompt and the newest message become breakpoints.
    assert "prompt_cache_key" not in anthropic_body
    assert anthropic_body["messages"][-1]["content"][-1]["cache_control"] == {
        "type": "ephemeral"}
    assert anthropic_body["system"][-1]["cache_control"] == {"type": "ephemeral"}


async def test_images_are_sent_only_to_models_that_take_them() -> None:
    image = ImagePart(data="aGVsbG8=", media_type="image/png")
    message = Message(role="user", parts=[TextPart(text="look"), image])
    request = user_request().model_copy(update={"messages": [message]})
    with FakeModelServer([reply("seen"), reply("blind")]) as server:
        await collect(openai_provider(server), request)
        await collect(openai_provider(server, model="openai/gpt-3.5-turbo"), request)
        vision, text_only = (r.body["messages"][0]["content"] for r in server.requests)
    assert vision[1] == {"type": "image_url",
                         "image_url": {"url": "data:image/png;base64,aGVsbG8="}}
    assert all(block["type"] == "text" for block in text_only)
    assert "does not accept images" in text_only[1]["text"]


def test_model_info_known_unknown_and_override() -> None:
    known = LiteLLMProvider("openai/gpt-4o").model_info(None)
    assert known.context_window == 128_000 and known.supports_images
    claude = LiteLLMProvider("anthropic/claude-sonnet-4-5").model_info(None)
    assert claude.context_window == 200_000 and claude.supports_tool_result_images
    assert LiteLLMProvider("openai/my-local-llm").model_info(None).context_window == 32_768
    override = LiteLLMProvider("openai/my-local-llm", context_window=50_000)
    assert override.model_info(None).context_window == 50_000


def test_a_missing_model_is_a_clear_configuration_error() -> None:
    from orkas_jupyter.providers import ProviderConfigError

    with pytest.raises(ProviderConfigError, match="ORKAS_MODEL"):
        LiteLLMProvider("  ")


async def test_validate_auth_passes_or_raises_account_error() -> None:
    with FakeModelServer([reply("pong"), fault(401)]) as server:
        provider = openai_provider(server)
        await provider.validate_auth()
        with pytest.raises(AccountError):
            await provider.validate_auth()
        assert [r.body.get("max_tokens") for r in server.chat_requests] == [1, 1]


async def test_litellm_embeddings_work_against_the_fake() -> None:
    from orkas_jupyter.providers._litellm import load_litellm

    litellm = load_litellm()
    with FakeModelServer(embedding_dims=16) as server:
        response = await litellm.aembedding(model="openai/text-embedding-3-small",
                                            api_base=server.base_url, api_key=KEY,
                                            input=["alpha", "beta"], timeout=5)
    vectors = [item["embedding"] for item in response.data]
    assert len(vectors) == 2 and len(vectors[0]) == 16 and vectors[0] != vectors[1]


async def test_cancelling_a_stalled_stream_ends_promptly() -> None:
    import asyncio
    import time

    from orkas_jupyter.engine import Agent, FakeClock

    with FakeModelServer([stall(1, 20)]) as server:
        agent = Agent(openai_provider(server), clock=FakeClock())
        start = time.perf_counter()
        kinds: list[str] = []
        async for event in agent.run("hi"):
            kinds.append(event.type)
            if event.type == "text_delta":
                agent.cancel()
        elapsed = time.perf_counter() - start
        history = await agent.history()
    await asyncio.sleep(0)
    assert kinds[-1] == "error" and elapsed < 5
    assert [m.role for m in history] == ["user", "assistant"]
    assert history[-1].meta.get("interrupted") is True
