"""PF3: `%load_ext orkas_jupyter` in a fresh kernel, in milliseconds (goal <= 150 ms).

Starts real kernels with jupyter_client and times the extension load inside the kernel
(median over several fresh kernels), and checks that litellm was not imported by it.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import sys

from jupyter_client.manager import KernelManager

CODE = """
import sys, time, json
_t = time.perf_counter()
get_ipython().run_line_magic('load_ext', 'orkas_jupyter')
_ms = (time.perf_counter() - _t) * 1000
print(json.dumps({"ms": _ms, "litellm": "litellm" in sys.modules,
                  "duckdb": "duckdb" in sys.modules}))
"""


def measure_once() -> dict[str, float]:
    km = KernelManager(kernel_name="python3")
    km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        msg_id = kc.execute(CODE)
        while True:
            msg = kc.get_iopub_msg(timeout=60)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                return dict(json.loads(msg["content"]["text"]))
            if msg["msg_type"] == "error":
                raise RuntimeError("\n".join(msg["content"]["traceback"]))
    except queue.Empty:
        raise RuntimeError("kernel did not answer") from None
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kernels", type=int, default=5)
    args = parser.parse_args()
    runs = [measure_once() for _ in range(args.kernels)]
    for run in runs:
        print(f"load_ext {run['ms']:.1f} ms  litellm imported: {run['litellm']}  "
              f"duckdb imported: {run['duckdb']}")
    median = statistics.median(r["ms"] for r in runs)
    print(f"RESULT PF3 load_ext_ms={median:.1f}")


if __name__ == "__main__":
    main()
