"""Where plans live: the workspace store (the `plan.*` operations), or memory for an
embedding without the DuckDB store. Every save is a compare-and-swap on the plan's version."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from ..engine.session import SessionStore
from .plan_model import PlanError, PlanSpec, PlanState

__all__ = ["PlanRecord", "PlanStore"]


@dataclass
class PlanRecord:
    """A plan as stored: what was written, its run state and the version that state has."""

    id: str
    session_id: str
    spec: PlanSpec
    state: PlanState
    version: int
    created_at: float = 0.0

    def copy(self) -> PlanRecord:
        """A record no other task will change under this one (the spec is not mutated)."""
        return PlanRecord(id=self.id, session_id=self.session_id, spec=self.spec,
                          state=self.state.model_copy(deep=True), version=self.version,
                          created_at=self.created_at)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PlanRecord:
        return cls(id=row["id"], session_id=row["session_id"],
                   spec=PlanSpec.model_validate_json(row["spec"]),
                   state=PlanState.model_validate_json(row["state"]),
                   version=int(row["version"]), created_at=float(row["created_at"]))


class PlanStore:
    """Plans of a workspace."""

    def __init__(self, store: SessionStore) -> None:
        self._call = getattr(store, "call", None)
        self._rows: dict[str, dict[str, Any]] = {}

    async def create(self, plan_id: str, session_id: str, spec: PlanSpec,
                     state: PlanState) -> PlanRecord:
        spec_json, state_json = spec.model_dump_json(), state.model_dump_json()
        if self._call is not None:
            from ..store.errors import StoreArgumentError

            try:
                row = await self._call("plan.create", plan_id=plan_id, session_id=session_id,
                                       spec=spec_json, state=state_json, status=state.status)
            except StoreArgumentError as exc:
                raise PlanError(str(exc)) from None
            return PlanRecord.from_row(row)
        for row in self._rows.values():
            if row["session_id"] == session_id and row["status"] in ("running", "paused",
                                                                      "blocked"):
                raise PlanError(f"plan {row['id']} is {row['status']} in this conversation; "
                                "finish or cancel it (`%orkas plan cancel`) before starting "
                                "another")
        self._rows[plan_id] = {"id": plan_id, "session_id": session_id, "spec": spec_json,
                               "state": state_json, "status": state.status, "version": 1,
                               "created_at": time.time()}
        return PlanRecord.from_row(self._rows[plan_id])

    async def get(self, plan_id: str) -> PlanRecord | None:
        row = (await self._call("plan.get", plan_id=plan_id) if self._call is not None
               else self._rows.get(plan_id))
        return PlanRecord.from_row(row) if row else None

    async def latest(self, session_id: str) -> PlanRecord | None:
        """The conversation's active plan, else its most recent one."""
        if self._call is not None:
            row = await self._call("plan.latest", session_id=session_id)
            return PlanRecord.from_row(row) if row else None
        rows = [r for r in self._rows.values() if r["session_id"] == session_id]
        rows.sort(key=lambda r: (r["status"] in ("running", "paused", "blocked"),
                                 r["created_at"]))
        return PlanRecord.from_row(rows[-1]) if rows else None

    async def save(self, record: PlanRecord, *, with_spec: bool = False) -> bool:
        """Write `record.state` (and the spec, after an edit) if nobody wrote since
        `record.version` was read; on success the record's version moves on."""
        state = record.state.model_copy(update={"updated_at": time.time()})
        spec = record.spec.model_dump_json() if with_spec else None
        if self._call is not None:
            version = int(await self._call("plan.save", plan_id=record.id,
                                           state=state.model_dump_json(), spec=spec,
                                           status=state.status, version=record.version))
        else:
            row = self._rows[record.id]
            version = 0
            if row["version"] == record.version:
                version = record.version + 1
                row.update(state=state.model_dump_json(), status=state.status, version=version)
                if spec is not None:
                    row["spec"] = spec
        if not version:
            return False
        record.version = version
        record.state = state
        return True


def dumps(record: PlanRecord) -> str:
    """The record as JSON (for the panel and tests)."""
    return json.dumps({"id": record.id, "session_id": record.session_id,
                       "spec": record.spec.model_dump(), "state": record.state.model_dump(),
                       "version": record.version})
