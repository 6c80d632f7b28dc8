"""Token estimates for English, Chinese, Japanese and code (E9)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections import defaultdict
from pathlib import Path

import pytest

from orkas_jupyter.engine.tokens import estimate_tokens

DATA = Path(os.environ.get("ORKAS_SHARED_DATA",
                           Path(__file__).resolve().parents[3] / "shared" / "data"))
TOKENS = DATA / "tokens" / "dev.jsonl"


@pytest.mark.skipif(not TOKENS.exists(), reason=f"{TOKENS} not found")
def test_estimator_is_within_10_percent_of_o200k_per_language():
    est: dict[str, int] = defaultdict(int)
    real: dict[str, int] = defaultdict(int)
    for line in TOKENS.read_text("utf-8").splitlines():
        row = json.loads(line)
        est[row["lang"]] += estimate_tokens(row["text"])
        real[row["lang"]] += row["o200k_base"]
    assert set(real) >= {"en", "zh", "ja", "code"}
    for lang in real:
        error = (est[lang] - real[lang]) / real[lang]
        assert abs(error) <= 0.10, f"{lang}: {error:+.1%}"


def test_cjk_is_not_counted_like_english():
    # chars/4 would call these 2-3 tokens; tokenizers spend about one per CJK character.
    assert estimate_tokens("機械学習モデルの評価方法") >= 8
    assert estimate_tokens("深度学习模型的评估方法") >= 8
    assert 3 <= estimate_tokens("the evaluation of models") <= 6
    assert estimate_tokens("") == 0


O200K_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"


def test_against_tiktoken_on_fresh_text(monkeypatch):
    tiktoken = pytest.importorskip("tiktoken")
    # litellm ships tiktoken's cache files; point tiktoken there so nothing is downloaded.
    spec = importlib.util.find_spec("litellm")
    assert spec is not None and spec.origin is not None
    cache = Path(spec.origin).parent / "litellm_core_utils" / "tokenizers"
    if not (cache / hashlib.sha1(O200K_URL.encode()).hexdigest()).exists():
        pytest.skip("no offline copy of o200k_base")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    enc = tiktoken.get_encoding("o200k_base")
    samples = [
        "def fit(self, X, y=None):\n    self.mean_ = X.mean(axis=0)\n    return self\n" * 20,
        "Quarterly revenue grew 12% while operating costs fell, per the CFO's report. " * 20,
        "データフレームの列ごとに欠損値の割合を計算し、しきい値を超える列を削除します。" * 10,
        "我们对每一列计算缺失值比例，并删除超过阈值的列，然后重新训练模型。" * 10,
    ]
    for text in samples:
        real = len(enc.encode(text))
        assert abs(estimate_tokens(text) - real) / real <= 0.25, text[:30]
