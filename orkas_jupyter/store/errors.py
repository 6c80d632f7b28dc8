"""Store exceptions: one hierarchy, so callers (and the RPC layer) can tell them apart."""

from __future__ import annotations

from ..engine.errors import OrkasError


class StoreError(OrkasError):
    """Base of every failure the store reports on purpose."""


class StoreVersionError(StoreError):
    """The file was written by a newer orkas-jupyter whose schema this version cannot read."""


class StoreUnavailableError(StoreError):
    """The store server could not be reached or started (file locked elsewhere, bad path)."""


class StoreArgumentError(StoreError):
    """A request the store cannot carry out as asked (unknown session, missing entry, bad op)."""


ERROR_TYPES: dict[str, type[StoreError]] = {
    cls.__name__: cls
    for cls in (StoreError, StoreVersionError, StoreUnavailableError, StoreArgumentError)
}


def error_from_wire(type_name: str, message: str) -> StoreError:
    """Rebuild an exception sent by the server; unknown names become a plain `StoreError`."""
    return ERROR_TYPES.get(type_name, StoreError)(message)
