"""Importing the package, the providers layer and the fake server stays cheap: no litellm."""

from __future__ import annotations

import json
import subprocess
import sys


def test_import_does_not_pull_in_litellm_or_openai() -> None:
    code = ("import json, sys\n"
            "import orkas_jupyter, orkas_jupyter.providers, orkas_jupyter.testing\n"
            "from orkas_jupyter.providers import make_provider\n"
            "from orkas_jupyter.config import load_settings\n"
            "make_provider(load_settings({}, model='openai/gpt-4o', replay='auto'))\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('litellm', 'openai', 'anthropic', 'tiktoken'))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_first_use_imports_litellm_configured_offline_and_quiet() -> None:
    code = ("import os, sys\n"
            "os.environ.pop('LITELLM_LOCAL_MODEL_COST_MAP', None)\n"
            "from orkas_jupyter.providers import LiteLLMProvider\n"
            "info = LiteLLMProvider('openai/gpt-4o').model_info(None)\n"
            "import litellm\n"
            "print(info.context_window, os.environ['LITELLM_LOCAL_MODEL_COST_MAP'],"
            " litellm.suppress_debug_info, litellm.num_retries)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip().splitlines()[-1] == "128000 True True 0"
