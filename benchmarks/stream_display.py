"""PF8: what the kernel publishes while streaming an answer, in the magic and in the widget.

Streams ~5,000 chunks (about 25 kB) from the fake model server into `%orkas` and into the
chat widget of a real kernel, counts every iopub message and byte with a subscriber socket of
its own (no receive limit, so nothing is dropped), and measures the kernel's CPU time.
Prints per-surface figures and `RESULT PF8 ratio=… msgs_per_s=… kernel_cpu_s=…` (the worse
of the two surfaces for each figure). Goals: ratio <= 4, <= 25 messages/s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import zmq
from jupyter_client.manager import KernelManager

from orkas_jupyter.testing import FakeModelServer, reply

REPO = Path(__file__).resolve().parents[1]


class IopubCounter:
    """A SUB socket on the kernel's iopub port, counting messages and bytes."""

    def __init__(self, url: str) -> None:
        self.ctx = zmq.Context()
        self.sock = self.ctx.socket(zmq.SUB)
        self.sock.setsockopt(zmq.RCVHWM, 0)
        self.sock.setsockopt(zmq.SUBSCRIBE, b"")
        self.sock.connect(url)
        self.counting = False
        self.messages = 0
        self.bytes = 0
        self._stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        poller = zmq.Poller()
        poller.register(self.sock, zmq.POLLIN)
        while not self._stop:
            if poller.poll(50):
                frames = self.sock.recv_multipart()
                if self.counting:
                    self.messages += 1
                    self.bytes += sum(len(f) for f in frames)

    def reset(self) -> None:
        self.messages = self.bytes = 0

    def close(self) -> None:
        self._stop = True
        self.thread.join()
        self.sock.close(0)
        self.ctx.term()


def run_cell(kc: Any, code: str, timeout: float = 300) -> dict[str, Any]:
    msg_id = kc.execute(code)
    stdout = ""
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            stdout += msg["content"]["text"]
        if msg["msg_type"] == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return {"stdout": stdout}


def kernel_cpu(kc: Any) -> float:
    out = run_cell(kc, "import resource as _r; _u = _r.getrusage(_r.RUSAGE_SELF); "
                       "print('CPU', _u.ru_utime + _u.ru_stime)")["stdout"]
    return float(out.split("CPU")[-1])


def wait_widget_done(kc: Any, comm_id: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = kc.get_iopub_msg(timeout=timeout)
        content = msg["content"]
        if msg["msg_type"] == "comm_msg" and content.get("comm_id") == comm_id:
            data = content["data"]
            if data.get("method") == "custom" and data["content"].get("type") == "done":
                return
    raise TimeoutError("the widget turn did not finish")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=5_000)
    parser.add_argument("--chunk-chars", type=int, default=5)
    args = parser.parse_args()
    answer = ("The quarterly numbers show steady growth in every region. " * 1_000)
    answer = answer[: args.chunks * args.chunk_chars]
    size = len(answer.encode())
    workdir = Path(tempfile.mkdtemp(prefix="orkas-pf8-"))
    results: dict[str, dict[str, float]] = {}
    with FakeModelServer(default=reply(answer, chunk_chars=args.chunk_chars)) as fake:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ORKAS_", "JPY_"))}
        env.update({"ORKAS_MODEL": "openai/gpt-4o", "ORKAS_API_BASE": fake.base_url,
                    "OPENAI_API_KEY": "sk-bench", "ORKAS_WORKSPACE": str(workdir),
                    "ORKAS_HOME": str(workdir / "home"), "PYTHONPATH": str(REPO)})
        km = KernelManager(kernel_name="python3")
        km.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        km.start_kernel(env=env, cwd=str(workdir))
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        info = km.get_connection_info()
        counter = IopubCounter(f"{info['transport']}://{info['ip']}:{info['iopub_port']}")
        time.sleep(0.5)
        try:
            run_cell(kc, "%load_ext orkas_jupyter")
            run_cell(kc, "%orkas warm up")  # imports litellm, starts the store: not measured
            # -- the magic --
            cpu0 = kernel_cpu(kc)
            counter.reset()
            counter.counting = True
            started = time.monotonic()
            run_cell(kc, "%orkas tell me about the quarter")
            seconds = time.monotonic() - started
            counter.counting = False
            cpu = kernel_cpu(kc) - cpu0
            results["magic"] = {"bytes": counter.bytes, "msgs": counter.messages,
                                "seconds": seconds, "cpu": cpu}
            # -- the widget --
            opened = kc.execute("%orkas chat")
            comm_id = None
            while comm_id is None:
                msg = kc.get_iopub_msg(timeout=60)
                if (msg["msg_type"] == "comm_open" and msg["parent_header"].get("msg_id") ==
                        opened and "orkas-chat" in json.dumps(msg["content"]["data"])):
                    comm_id = msg["content"]["comm_id"]
            time.sleep(1.0)
            cpu0 = kernel_cpu(kc)
            counter.reset()
            counter.counting = True
            started = time.monotonic()
            kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
                "method": "custom", "content": {"type": "send", "text": "and again"}}}))
            wait_widget_done(kc, comm_id)
            seconds = time.monotonic() - started
            time.sleep(0.3)
            counter.counting = False
            cpu = kernel_cpu(kc) - cpu0
            results["widget"] = {"bytes": counter.bytes, "msgs": counter.messages,
                                 "seconds": seconds, "cpu": cpu}
        finally:
            counter.close()
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    print(f"answer: {size:,} bytes in {args.chunks:,} chunks")
    for name, r in results.items():
        print(f"{name:7} iopub {r['bytes']:>10,.0f} B in {r['msgs']:>5.0f} msgs over "
              f"{r['seconds']:.2f}s: ratio {r['bytes'] / size:.2f}, "
              f"{r['msgs'] / r['seconds']:.1f} msgs/s, kernel CPU {r['cpu']:.2f}s")
    ratio = max(r["bytes"] / size for r in results.values())
    rate = max(r["msgs"] / r["seconds"] for r in results.values())
    cpu = max(r["cpu"] for r in results.values())
    print(f"RESULT PF8 ratio={ratio:.2f} msgs_per_s={rate:.1f} kernel_cpu_s={cpu:.2f}")


if __name__ == "__main__":
    main()
