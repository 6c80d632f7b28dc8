"""The signal detectors (V1), one rule each, as docs/evolution.md writes them down."""

from __future__ import annotations

import pytest

from orkas_jupyter.engine.events import TurnResult
from orkas_jupyter.evolution.signals import (
    Call,
    complexity,
    error_recovery,
    is_correction,
    loaded_skills,
    report_of,
    review_rejection,
    touches,
    weakness,
)


@pytest.mark.parametrize("text", [
    "No, that's wrong", "no. use the other column", "No! not that file", "Nope, try again",
    "That's wrong: the total is 12", "this is incorrect", "Wrong column.",
    "Not what I asked for", "you broke the plot", "Don't do that", "@tutor no, the other one",
    "“No, stop”", "That’s not right",
    "No, eso está mal", "Está mal, usa la otra", "Não, está errado", "è sbagliato",
    "Non, c'est faux", "C'est faux", "Nein, das ist falsch", "Das stimmt nicht",
    "不对，应该是 12", "错了", "違う、もう一度",
])
def test_corrections_in_several_languages(text: str) -> None:
    assert is_correction(text)


@pytest.mark.parametrize("text", [
    "No problem, now plot it", "Now add a column", "Nobody uses that", "Notice the outliers",
    "Can you check whether this is wrong?", "Please fix the wrong values in column b",
    "nonlinear fit please", "Nein" + "x" * 3, "Errata list", "", "The result: no, wait",
])
def test_other_messages_are_not_corrections(text: str) -> None:
    assert not is_correction(text)


def call(name: str, args: str = "{}", error: bool = False, text: str = "") -> Call:
    return Call(name, args, error, text)


def test_error_recovery_needs_a_different_successful_call() -> None:
    failed = call("read_file", '{"path": "a.csv"}', True, "no such file")
    assert error_recovery([failed, call("read_file", '{"path": "data/a.csv"}')]) is not None
    assert "read_file failed (no such file)" in error_recovery(
        [failed, call("list_files", '{"path": "."}')])
    # A plain retry of the same call, or nothing after the failure, is no recovery.
    assert error_recovery([failed, call("read_file", '{"path": "a.csv"}')]) is None
    assert error_recovery([call("list_files"), failed]) is None
    assert error_recovery([failed, call("x", error=True)]) is None


def test_a_review_rejection_is_a_correction_not_an_error_to_recover_from() -> None:
    rejected = call("edit_file", '{"path": "a.py"}', True,
                    "Not applied: the user rejected this change to a.py in review; it is "
                    "unchanged.")
    assert "edit_file: Not applied" in review_rejection([call("read_file"), rejected])
    assert error_recovery([rejected, call("write_file", '{"path": "b.py"}')]) is None
    assert review_rejection([call("edit_file", text="Edited a.py")]) is None


def result(tools: int, models: int) -> TurnResult:
    return TurnResult(text="", stop_reason="completed", new_messages=[], tool_calls=tools,
                      model_calls=models)


def test_complexity_counts_tool_and_model_calls() -> None:
    assert complexity(result(3, 2)) is None
    assert complexity(result(10, 2)) == "10 tool calls, 2 model calls"
    assert complexity(result(0, 8)) is not None
    assert complexity(None) is None


def test_a_skill_loaded_in_a_failed_turn_did_not_help() -> None:
    calls = [call("load_skill", '{"name": "gone"}', True, "no skill"),
             call("load_skill", '{"name": "csv-report"}', True, "no skill")]
    assert loaded_skills(calls) == []
    calls = [call("load_skill", "not json"), call("load_skill", '{"name": "csv-report"}')]
    assert loaded_skills(calls) == ["csv-report"]
    failed = report_of("a", "s", "t", None, calls, None, failed=True)
    assert failed.signals == [("skill_ineffective", 3.0,
                               "skill csv-report was loaded in a turn that failed")]
    assert report_of("a", "s", "t", None, calls, None, failed=False).signals == []


def test_report_weights_and_only_the_users_own_words() -> None:
    report = report_of("a", "s", "t", "No, wrong file", [], result(12, 1), failed=False)
    assert [(k, w) for k, w, _ in report.signals] == [("correction", 5.0), ("complexity", 1.0)]
    # A task Commander sent (no user text) is never a correction.
    assert report_of("a", "s", "t", None, [], None, False).signals == []


def test_a_known_weakness_hit_or_overcome() -> None:
    assert touches("Format the dates in the report", "date formats")
    assert touches("plotting the histogram", "plots")  # one-word weakness: its stem
    assert not touches("Format the numbers", "date formats")  # one stem of two
    assert not touches("anything", "")
    bad = ["date formats", "regular expressions"]
    assert weakness("convert dates to a new format", bad, went_wrong=True) == (
        "weakness_hit", "a known weakness (date formats) showed again")
    assert weakness("Write a regular expression", bad, False)[0] == "weakness_overcome"
    assert weakness("sum the column", bad, True) is None
    corrected = report_of("a", "s", "t", "No, the date format is wrong", [], None, False,
                          task="No, the date format is wrong")
    corrected.add_weakness(bad)
    assert [k for k, _, _ in corrected.signals] == ["correction", "weakness_hit"]
    clean = report_of("a", "s", "t", None, [], None, False, task="fix the date formats")
    clean.add_weakness(bad)
    assert clean.signals == [("weakness_overcome", 2.0, "a task touching a known weakness "
                              "(date formats) went through")]
