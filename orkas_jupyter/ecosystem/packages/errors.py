"""The packages feature's one exception."""


class PackageError(Exception):
    """A package could not be added, updated or removed; the message says why and what to do.
    Nothing was left half-installed."""
