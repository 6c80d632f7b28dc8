"""The one place litellm is imported, lazily, with its side effects switched off first.

litellm downloads a cost map at import unless told not to, prints banners, and (through the
openai SDK) retries on its own; the engine's loop is the only retry layer (E10).
"""

from __future__ import annotations

import os
import threading
from typing import Any

_lock = threading.Lock()
_module: Any = None


def load_litellm() -> Any:
    """Import litellm once, configured for offline, quiet, retry-free use."""
    global _module
    if _module is not None:
        return _module
    with _lock:
        if _module is None:
            # Must precede the import: otherwise litellm fetches its cost map from the network.
            os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
            import litellm

            litellm.suppress_debug_info = True
            litellm.num_retries = 0
            litellm.telemetry = False
            _module = litellm
    return _module
