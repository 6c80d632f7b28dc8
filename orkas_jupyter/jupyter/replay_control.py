"""Record/replay for one kernel (P7): which recording file the provider uses, switching
modes, the session a recorded run starts afresh, and the counts a cell reports afterwards.

With no model configured, a replay mode adopts the recording's model so the notebook replays
on a machine with no model settings; that model only replays (the recording's
`replay_only`): a question the recording lacks is never sent to it, and `%orkas model` and
`%orkas doctor` still say that no model is configured."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..config import Settings
from .locate import find_recording, missing_recording, resolve_named
from .recording import NotebookRecording, RecordingFileError

# Modes that read a recording: without a file they say so, and may take the folder's only one.
_READING = ("replay", "auto")


class ReplayControl:
    """The record/replay state of a `KernelRuntime` (`rt.replay`)."""

    def __init__(self, rt: Any) -> None:
        self.rt = rt
        # A file named with `%orkas record|replay FILE` (absolute; else the notebook's own).
        self.file: Path | None = None
        self._recording: NotebookRecording | None = None
        self._session: str | None = None
        # Said once under the next cell: how a guessed recording was found, or that none was.
        self._note: str | None = None
        self._missing_told = False
        # The recording's model, adopted because none was configured (see `adopted()`).
        self._adopted: str | None = None
        # How many replayed answers the provider had named a model for when the turn began.
        self._models_before = 0

    @property
    def settings(self) -> Settings:
        return self.rt.settings  # type: ignore[no-any-return]

    def recording(self, mode: str | None = None) -> NotebookRecording | None:
        """The recording file for `mode` (default: the current one): the named file, else
        the notebook's `<name>.orkas.json`, else (replay and auto only) the working
        directory's only `*.orkas.json`. None when there is none: the workspace store keeps
        recordings then. Raises `RecordingFileError` for a damaged file."""
        mode = mode or self.settings.replay
        notebook = self.rt.notebook_file() if self.file is None else None
        found = find_recording(self.file, notebook) if (
            self.file is not None or notebook is not None or mode in _READING) else None
        if found is None:
            self._recording = None
            if mode in _READING and not self._missing_told:
                self._note, self._missing_told = missing_recording(mode), True
            return None
        if self._recording is None or self._recording.path != found.path:
            self._recording = NotebookRecording(
                found.path, notebook=notebook.name if notebook is not None else None)
            self._note = found.note
        return self._recording

    def recordings_for(self, store: Any) -> Any:
        """Where the provider keeps recordings: the notebook's file, else the store. Called
        whenever the provider is (re)built, so the file learns whether its model is only
        adopted (a miss is then not sent to it)."""
        recording = self.recording() if self.settings.replay != "off" else None
        if recording is None:
            return store
        recording.replay_only = self.adopted()
        return recording

    def adopted(self) -> str | None:
        """The model in use when it was adopted from the recording (no model configured):
        it answers only what the recording holds. None when the user configured the model."""
        if self._adopted is None or self.settings.model != self._adopted:
            return None
        return self._adopted

    def forget_adopted(self) -> None:
        """The user chose a model (`%orkas model`): even the recording's own is theirs now."""
        self._adopted = None

    def _adopt(self, model: str) -> None:
        self._adopted = model
        self.rt.settings = self.settings.model_copy(update={"model": model})
        self.rt.reset_provider()

    def switch(self, mode: str, file: Path | None = None) -> NotebookRecording | None:
        """Switch mode (and file); a recorded run starts a new session. Prints how a guessed
        recording was found, or that none was. Raises `RecordingFileError` (nothing changed)
        for a damaged file."""
        previous = self.file
        if file is not None:
            self.file = resolve_named(file, self.rt.notebook_file() if not file.is_absolute()
                                      else None)
        self._missing_told = False
        try:
            recording = self.recording(mode) if mode != "off" else None
        except RecordingFileError:
            self.file = previous
            raise
        update: dict[str, Any] = {"replay": mode}
        unset = not self.settings.model or self.adopted() is not None
        if mode in _READING and unset and recording and recording.model:
            update["model"], self._adopted = recording.model, recording.model
        elif mode == "off" and self.adopted() is not None:
            # Nothing replays any more: the recording's model must not become the user's.
            update["model"], self._adopted = None, None
        self.rt.settings = self.settings.model_copy(update=update)
        if recording is not None and mode == "record":
            recording.start_fresh()
        self._session = None
        self.rt.current_session = None
        self.rt.reset_provider()
        if self._note is not None:
            print(self._note)
            self._note = None
        return recording

    def adopt_model(self) -> str | None:
        """In a replay mode with no model configured, the recording's model: a notebook
        replays on a machine that has no model settings at all (only replays: see
        `adopted()`). When there is no recording to adopt it from, prints why and how to
        name one."""
        if self.settings.model or self.settings.replay not in _READING:
            return self.settings.model
        recording = self.recording()
        if recording is None:
            if self.settings.replay in _READING:
                self._note = None
                print(missing_recording(self.settings.replay))
            return None
        if recording.model:
            self._adopt(recording.model)
        return self.settings.model

    def no_model_note(self) -> str | None:
        """What `%orkas model` and `%orkas doctor` add when the model in use is only the
        recording's (None when the user configured one)."""
        adopted = self.adopted()
        if adopted is None:
            return None
        from ..providers.replay import describe_recorded_model

        return (f"No model is configured: recorded answers replay with the recording's model, "
                f"{describe_recorded_model(adopted)}, which answers nothing new.")

    def session(self) -> str | None:
        """The session of this recorded run (None when replay is off): a re-run must send
        the requests the recorded run sent, so it cannot continue an older conversation."""
        if self.settings.replay == "off":
            return None
        if self._session is None:
            from ..engine.messages import new_id

            self._session = new_id("session")
        return self._session

    def begin_turn(self, cell: dict[str, Any] | None) -> None:
        """Tell the recording which cell the next model calls belong to."""
        self._models_before = len(self._answered_by())
        recording = self.active()
        if recording is not None:
            recording.begin_turn(cell)

    def active(self) -> NotebookRecording | None:
        """The recording file in use (None when replay is off or recordings go to the store)."""
        return self._recording if self.settings.replay != "off" else None

    def counts(self) -> tuple[int, int]:
        """Responses replayed and recorded so far by this kernel's provider."""
        provider = self.rt.built_provider()
        return (getattr(provider, "replayed", 0), getattr(provider, "recorded", 0))

    def _answered_by(self) -> list[str]:
        """The model of each answer the provider replayed (outside agents' are not model
        answers and are not listed)."""
        return list(getattr(self.rt.built_provider(), "replayed_models", []))

    def notices(self) -> list[str]:
        """Reports the provider collected (stale recordings in auto mode), once each."""
        notices: list[str] = getattr(self.rt.built_provider(), "notices", [])
        taken = list(notices)
        notices.clear()
        return taken

    def summary(self, before: tuple[int, int]) -> list[str]:
        """What a turn shows about record/replay since `counts()` was `before`: reports of
        stale recordings (auto mode), then what was replayed or recorded, and from where."""
        notes = self.notices()
        if self._note is not None:
            notes.insert(0, self._note)
            self._note = None
        replayed, recorded = (now - then for now, then in zip(self.counts(), before,
                                                               strict=True))
        recording = self.active()
        where = recording.path.name if recording is not None else "the workspace store"
        if replayed:
            # The models that recorded them, which need not be the one configured now.
            models = (list(dict.fromkeys(self._answered_by()[self._models_before:]))
                      or [str(self.settings.model)])
            named = ", ".join(f"`{m}`" for m in models)
            notes.append(f"▶ {replayed} recorded model answer{'s' * (replayed != 1)} replayed "
                         f"from `{where}` (model{'s' * (len(models) > 1)} {named}); tools ran "
                         "for real")
        if recorded:
            notes.append(f"● {recorded} model answer{'s' * (recorded != 1)} recorded in "
                         f"`{where}`")
        return notes
