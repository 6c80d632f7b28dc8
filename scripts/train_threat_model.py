"""Train the injection scanner's learned layer (`orkas_jupyter/tools/threat_model.npz`).

Data (all written in this repository or shipped with Python and the installed packages,
nothing downloaded):
* attacks and benign notes, questions, code and notebook cells from
  `tests/data/injection/tune.jsonl` and `written_train.jsonl` (the project's own examples;
  `heldout.jsonl`, `written_heldout.jsonl`, `fresh.jsonl` and `generated.jsonl` are never
  read);
* the round-8 writers' files (`team_*.jsonl`, TEAM.md) and the read half of the round-16
  benign requests (`benign_requests.jsonl`; `benign_requests_heldout.jsonl` is never read);
* template-generated attacks and benign near misses in 12 languages, the `train` and `valid`
  parts of `scripts/threat_corpus.py` (its `heldout` part uses other templates and slot words
  and is only written to `tests/data/injection/generated.jsonl` for the benchmark);
* benign English technical prose: the paragraphs of `pydoc_data.topics` (the Python
  documentation shipped with CPython, PSF licence) and of the installed distributions'
  descriptions (their READMEs, each under its own licence, read from the environment and
  not redistributed: only the weights learned from them are);
* benign code: standard-library modules that the benchmark does not use;
* round 20 (`--no-docs` leaves them out): benign skills, project instruction files and tool
  documentation, written for this round and real ones from permissively licensed
  repositories (`docs_benign_train.jsonl`, `real_docs_train.jsonl`), and the read half of a
  new writer's attacks and benign texts in the genres that carry them (`genres_train.jsonl`;
  tests/data/injection/DOCS.md).

Model (`threat_network.py`): each feature of the scanner's skeleton text (word,
four-letter stem, character n-gram, stem pair) an embedding of `--hidden` numbers, summed over
a window of 48 words, one ReLU layer and a logistic output; full-batch Adam in numpy, about
two minutes on two cores. Attacks weigh half, the benign groups share the other half equally.

Calibration on a validation split, never on a held-out set: 20 % of the own, writers', prose
and code examples (by a hash of the text) plus the generated `valid` part. The shipped
thresholds are the lowest at which validation false positives stay at or under `--max-fp` on
every pooled benign set (near misses, own and generated together; prose; code): one for texts
with a cue word (`threat_model.CUE_STEMS`), a higher or equal one for texts without. Both are
then raised, if needed, until the benign rows of `--benign-check` (default: the shared dev
file's benign prompts, when present) also stay at or under `--max-fp`; the one without a cue
word is at least `--bare-floor` (0.9). The weights written are those of the network trained
on the training part, pruned (`--prune`) and float16, exactly as scored during calibration.

usage: python scripts/train_threat_model.py [--out FILE] [--max-fp 0.01] [--hidden 16]
       python scripts/train_threat_model.py --dry-run   (train and print, write nothing)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkas_jupyter.tools.threat_mention import blank_mentions  # noqa: E402
from orkas_jupyter.tools.threat_model import (  # noqa: E402
    WEIGHTS,
    ThreatEnsemble,
    ThreatModel,
)
from orkas_jupyter.tools.threat_patterns import normalize, skeleton  # noqa: E402
from orkas_jupyter.tools.threat_windows import text_windows  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from threat_network import Network, fit, prune  # noqa: E402
from threat_training_data import (  # noqa: E402
    DEV,
    HARD_KINDS,
    Example,
    api_examples,
    code_examples,
    document_examples,
    external_examples,
    generated,
    nonlatin_examples,
    own_examples,
    probe_examples,
    prose_examples,
    question_examples,
    split_fixed,
    team_examples,
    tool_examples,
    written_benign_examples,
)


def featurize(examples: list[Example], concepts: bool = True,
              ) -> tuple[list[set[str]], np.ndarray, list[int]]:
    """One feature set per window (with its words' concepts unless `concepts` is off);
    labels; the example each window belongs to."""
    feats, labels, owner = [], [], []
    for i, (text, label, _) in enumerate(examples):
        for window in text_windows(skeleton(normalize(blank_mentions(text))), concepts):
            feats.append(window)
            labels.append(label)
            owner.append(i)
    return feats, np.array(labels, dtype=np.float64), owner


def group_weights(examples: list[Example], owner: list[int]) -> np.ndarray:
    """Per-window weights: attacks weigh half; the other half is shared equally by the
    benign groups, so a few hundred own notes count as much as thousands of doc paragraphs
    (they are the near misses the model must learn)."""
    groups = [examples[i][2] for i in owner]
    benign = sorted({g for g in groups if g != "attack"})
    size = {g: groups.count(g) for g in set(groups)}
    return np.array([0.5 / size[g] if g == "attack" else 0.5 / len(benign) / size[g]
                     for g in groups])


# Function words as features (experiment, `--stop`): "and", "of", "this" carried weight, and a
# long abstract sums many of them.
_STOP_WORDS = frozenset((
    "and", "or", "of", "the", "a", "an", "to", "in", "on", "for", "with", "this", "that",
    "these", "those", "was", "were", "is", "are", "be", "been", "by", "as", "at", "from",
    "it", "its", "which", "who", "has", "have", "had", "not", "but", "than", "then", "there",
    "their", "und", "oder", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einer",
    "eines", "zu", "im", "mit", "von", "fur", "ist", "sind", "war", "auf", "aus", "bei",
    "als", "auch", "sich", "dass", "le", "la", "les", "de", "du", "et", "un", "une", "est",
    "sont", "dans", "par", "pour", "avec", "el", "los", "las", "y", "o", "del", "en", "con",
    "por", "para", "que", "es", "il", "lo", "gli", "e", "di", "da", "che", "het", "een",
    "van", "op", "met", "te", "zijn"))
STOP_FEATURES: set[str] = set()


MIL_MARGIN = 0.1


def train(examples: list[Example], hidden: int, epochs: int, l2: float, seed: int,
          min_count: int = 2, mil: int = 0, concepts: bool = True) -> Network:
    """The network on the windows of `examples`; vocabulary: features seen in at least
    `min_count` windows."""
    feats, y, owner = featurize(examples, concepts)
    counts: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            counts[f] = counts.get(f, 0) + 1
    vocabulary = sorted(f for f, c in counts.items()
                        if c >= min_count and f not in STOP_FEATURES)
    net = fit(feats, y, group_weights(examples, owner), vocabulary, hidden=hidden,
              epochs=epochs, l2=l2, seed=seed)
    for _ in range(mil):
        # An attack text is a bag of windows of which only some attack (a long jailbreak's
        # story, a page around a planted order): keep each attack's windows that score
        # within `MIL_MARGIN` of its best and refit, so the rest stop teaching prose as attack.
        p = window_scores(net, feats)
        best: dict[int, float] = {}
        for k, i in enumerate(owner):
            if y[k] == 1:
                best[i] = max(best.get(i, 0.0), float(p[k]))
        keep = [k for k, i in enumerate(owner) if y[k] == 0 or p[k] >= best[i] - MIL_MARGIN]
        feats, y, owner = [feats[k] for k in keep], y[keep], [owner[k] for k in keep]
        net = fit(feats, y, group_weights(examples, owner), vocabulary, hidden=hidden,
                  epochs=epochs, l2=l2, seed=seed)
    return net


def shipped(net: Network, threshold: float = 2.0, bare: float = 2.0) -> ThreatModel:
    """The scanner's model with the weights exactly as written (float16 embedding)."""
    return ThreatModel(net.vocabulary, net.embedding.astype(np.float16), net.hidden_bias,
                       net.out_weights, net.out_bias, threshold, bare)


def save(path: Path, nets: list[Network], threshold: float, bare: float) -> None:
    """One network's weights file, or several networks' (`members`, each under `m<i>_`),
    as `threat_model.load_model` reads them; embeddings as float16."""
    arrays: dict[str, np.ndarray] = {"threshold": np.array(threshold),
                                      "bare_threshold": np.array(bare)}
    if len(nets) > 1:
        arrays["members"] = np.array(len(nets))
    for i, net in enumerate(nets):
        prefix = f"m{i}_" if len(nets) > 1 else ""
        arrays |= {prefix + "vocabulary": np.array("\n".join(net.vocabulary)),
                   prefix + "embedding": net.embedding.astype(np.float16),
                   prefix + "hidden_bias": net.hidden_bias,
                   prefix + "out_weights": net.out_weights,
                   prefix + "out_bias": np.array(net.out_bias)}
    np.savez_compressed(path, **arrays)


def window_scores(net: Network, rows: list[set[str]]) -> np.ndarray:
    """Each window's probability (`rows`: each window's features) as the scanner computes
    it, with the trained float32 weights (the shipped file rounds them to float16)."""
    model = ThreatModel(net.vocabulary, net.embedding, net.hidden_bias, net.out_weights,
                        net.out_bias, 2.0)
    return np.array([model.window_probability(r) for r in rows])


def scores(examples: list[Example], model: ThreatModel | ThreatEnsemble,
           ) -> tuple[np.ndarray, np.ndarray]:
    """Each example's highest window probability as the scanner scores it: among its windows
    with a cue word, and among those without (`ThreatModel.score_by_cue`)."""
    skels = [skeleton(normalize(blank_mentions(t))) for t, _, _ in examples]
    pairs = [model.score_by_cue(s) for s in skels]
    return np.array([c[0] for c, _ in pairs]), np.array([b[0] for _, b in pairs])


def decide(cued: np.ndarray, bare: np.ndarray, t: float, t_bare: float) -> np.ndarray:
    """The scanner's decision: a window with a cue word against `t`, one without against
    `t_bare`."""
    return (cued >= t) | (bare >= t_bare)


def pool(group: str) -> str:
    """The benign set a group belongs to for calibration: the own and the generated near
    misses are one pool (a validation group of 20 texts cannot measure 1 %, and the own
    notes alone, about 70 texts, would let a single text set the threshold; `dev-` groups are
    the semantic layer's, `scripts/train_threat_semantic.py`); the round-8 writers' texts
    that quote or stage attacks on purpose are the `hard` pool, and so are round 20's new
    writer's; the packages' READMEs, the prose written for round 16 and round 20's documents
    (skills, project files, tool docs: about 50 in validation, too few for a pool of their
    own, where one text would set the threshold) are the `prose` pool)."""
    writer = group.split("-", 1)
    if writer[0] in ("team", "genre") and writer[-1] in HARD_KINDS:
        return "hard"
    if group.startswith(("prose-", "doc-")):
        return "prose"
    return ("near-miss" if group.startswith(("own-", "gen-", "ext-", "dev-", "team-", "genre-"))
            else group)


def fp_bound(pooled: str, max_fp: float, max_fp_hard: float | None) -> float:
    """The false-positive bound of one pool: `max_fp_hard` for the `hard` pool when given."""
    return max_fp_hard if pooled == "hard" and max_fp_hard is not None else max_fp


def fp_ok(examples: list[Example], flagged: np.ndarray, max_fp: float,
          max_fp_hard: float | None = None) -> bool:
    """Whether every pooled benign set's false-positive rate is <= max_fp (the `hard` pool's
    <= max_fp_hard when given)."""
    pooled = np.array([pool(g) for _, _, g in examples])
    benign = np.array([label == 0 for _, label, _ in examples])
    return all(flagged[benign & (pooled == g)].mean() <= fp_bound(g, max_fp, max_fp_hard)
               for g in set(pooled[benign]))


def choose_thresholds(examples: list[Example], cued: np.ndarray, bare: np.ndarray,
                      max_fp: float, max_fp_hard: float | None = None) -> tuple[float, float]:
    """The lowest cued threshold with false positives <= max_fp when windows without a cue
    are never flagged, then the lowest bare threshold (not below it) that keeps that bound."""
    grid = [float(round(t, 3)) for t in np.arange(0.30, 0.995, 0.005)]
    t = next((t for t in grid if fp_ok(examples, decide(cued, bare, t, 2.0), max_fp, max_fp_hard)),
             0.995)
    u = next((u for u in grid if u >= t and fp_ok(examples, decide(cued, bare, t, u), max_fp,
                                                 max_fp_hard)), 2.0)
    return t, u


def report(examples: list[Example], flagged: dict[str, np.ndarray]) -> None:
    """Recall (attacks) and false-positive rate (each benign group) per decision rule."""
    groups = sorted({g for _, _, g in examples})
    print(f"{'decision':22s} " + " ".join(f"{g[:12]:>12s}" for g in groups))
    for name, f in flagged.items():
        cells = [f"{f[np.array([grp == g for _, _, grp in examples])].mean():12.3f}"
                 for g in groups]
        print(f"{name:22s} " + " ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--dry-run", action="store_true",
                        help="train and print the validation table, write nothing")
    parser.add_argument("--benign-check", type=Path, default=DEV,
                        help="JSONL whose benign rows must also stay under --max-fp")
    parser.add_argument("--max-fp", type=float, default=0.01)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--prune", type=float, default=0.05,
                        help="keep features whose embedding has an entry at least this large")
    parser.add_argument("--external", action="store_true",
                        help="also train on external.jsonl's train sources (measured in round "
                             "7: worse on every own split, see docs/security.md)")
    parser.add_argument("--max-fp-hard", type=float, default=0.05,
                        help="bound for the benign texts that quote or stage attacks on purpose")
    parser.add_argument("--probes", action="store_true",
                        help="also train on the training half of the round-15 writers' probe "
                             "sets (measured, not shipped: see docs/security.md)")
    parser.add_argument("--api", action="store_true",
                        help="also train on standard-library functions as tool descriptions "
                             "(round 16: measured, not shipped, see docs/security.md)")
    parser.add_argument("--nonlatin", action="store_true",
                        help="also train on nonlatin.jsonl (round 16)")
    parser.add_argument("--questions", action="store_true",
                        help="also train on benign_questions.jsonl")
    parser.add_argument("--mil", type=int, default=0,
                        help="refits that keep only each attack's best-scoring windows")
    parser.add_argument("--bare-floor", type=float, default=0.9,
                        help="lowest threshold for texts without a cue word")
    parser.add_argument("--show-fp", type=int, default=0,
                        help="print the N highest-scoring benign validation texts")
    parser.add_argument("--stop", action="store_true",
                        help="leave function words out of the features (experiment)")
    parser.add_argument("--no-concepts", action="store_true",
                        help="one network without the words' concepts (before round 19)")
    parser.add_argument("--tools", action="store_true",
                        help="also train on MCP tool descriptions (round 21, TOOLS.md)")
    parser.add_argument("--no-docs", action="store_true",
                        help="without round 20's documents and genre texts (round 19's data)")
    parser.add_argument("--single", action="store_true",
                        help="one network with the concepts, not the pair of round 19")
    ns = parser.parse_args()
    if ns.stop:
        STOP_FEATURES.update(f"w:{w}" for w in _STOP_WORDS)
        STOP_FEATURES.update(f"s:{w[:4]}" for w in _STOP_WORDS if len(w) >= 4)
    external = external_examples() if ns.external else []
    team = (team_examples() + written_benign_examples()
            + ([] if ns.no_docs else document_examples())
            + (tool_examples() if ns.tools else [])
            + (api_examples() if ns.api else [])
            + (nonlatin_examples() if ns.nonlatin else [])
            + (probe_examples() if ns.probes else [])
            + (question_examples() if ns.questions else []))
    fixed_train, fixed_valid = split_fixed(own_examples() + team + external + prose_examples()
                                           + code_examples())
    train_set = fixed_train + generated("train")
    valid = fixed_valid + generated("valid")
    print(f"{len(train_set)} training examples ({sum(e[1] for e in train_set)} attacks), "
          f"{len(valid)} validation examples ({sum(e[1] for e in valid)} attacks)")
    # Round 19 ships a pair scored by their mean: a network of words and one that also reads
    # their concepts (the concept one alone lost German overrides the word one kept).
    kinds = [not ns.no_concepts] if ns.single or ns.no_concepts else [False, True]
    fulls = [train(train_set, ns.hidden, ns.epochs, ns.l2, ns.seed, mil=ns.mil, concepts=c)
             for c in kinds]
    nets = [prune(full, ns.prune) for full in fulls]
    model: ThreatModel | ThreatEnsemble = (shipped(nets[0]) if len(nets) == 1 else
                                           ThreatEnsemble([shipped(n) for n in nets], 2.0))
    # scored with the weights exactly as shipped (pruned, float16)
    vc, vb = scores(valid, model)
    threshold, bare = choose_thresholds(valid, vc, vb, ns.max_fp, ns.max_fp_hard)
    benign = sorted((float(max(vc[i], vb[i])), pool(g), t) for i, (t, label, g) in enumerate(valid)
                    if label == 0)
    for score, group, text in benign[::-1][:ns.show_fp]:
        print(f"  {score:.3f} {group:12s} {text[:100]!r}")
    sizes = {g: sum(1 for _, lab, x in valid if lab == 0 and pool(x) == g)
             for g in sorted({pool(x) for _, lab, x in valid if lab == 0})}
    print(f"validation benign pools: {sizes}; thresholds from validation: {threshold} with a "
          f"cue word, {bare} without")
    if ns.benign_check.is_file():
        # Benign requests written elsewhere ("Write a poem about ...") look like the tasks an
        # attack smuggles in: raise the thresholds until they stay under --max-fp too.
        check = [(r["text"], 0, "check") for r in map(json.loads, ns.benign_check.read_text(
            encoding="utf-8").splitlines()) if r["label"] == "benign"]
        pc, cc = scores(check, model)
        while decide(pc, cc, threshold, 2.0).mean() > ns.max_fp and threshold < 0.995:
            threshold = round(threshold + 0.005, 3)
        bare = max(bare, threshold)
        while decide(pc, cc, threshold, bare).mean() > ns.max_fp and bare <= 1.0:
            bare = round(bare + 0.005, 3) if bare < 0.995 else 2.0
        print(f"{len(check)} benign prompts of {ns.benign_check}: "
              f"{decide(pc, cc, threshold, bare).mean():.3f} false positives")
    # The validation part shares its words with training, so it underrates how often an
    # ordinary request in unseen words scores high; a text with no cue word at all must
    # reach at least the floor.
    bare = max(bare, ns.bare_floor)
    report(valid, {f"cued>={t}": decide(vc, vb, t, 2.0) for t in (0.5, 0.7, 0.9)}
           | {f"cued>={threshold} bare>={bare}": decide(vc, vb, threshold, bare)})
    print(f"shipped thresholds (validation, every pooled benign set <= {ns.max_fp}): "
          f"{threshold} with a cue word, {bare} without")
    if ns.dry_run:
        return 0
    save(ns.out, nets, threshold, bare)
    kept = " + ".join(f"{len(n.vocabulary)} of {len(f.vocabulary)}"
                      for n, f in zip(nets, fulls, strict=True))
    print(f"wrote {ns.out} ({ns.out.stat().st_size / 1024:.0f} KB, features kept: {kept})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
