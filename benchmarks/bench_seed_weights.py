"""Seed 000 §4.2 as a protocol: byte-level BPE on five languages under three weightings of the
same training sentences, and how many tokens each language's held-out sentences then take.

    python benchmarks/bench_seed_weights.py

Data: NTREX-128 in ../shared/data/parallel/ntrex128 (never copied here), five languages: en
(eng), ja (jpn), zh (zho-CN), ar (arb), hi (hin). Per language the first 16 sentences train
and the next 8 are the evaluation sentences (``split_parallel`` with 16 training and 0 dev
sentences, then the first 8 of the rest); each is one line ending in "\\n", as read from the
files.

Training: classic BPE (``train_languages(…, parity=None)``), byte level, byte ids by value,
256 merges (vocab size 512), min_frequency 0, no normalization, and pre-tokenizer "none": each
sentence is one piece, so no merge crosses two sentences, while merges across the spaces inside
a sentence are allowed. Three conditions by target share p_ℓ of the weighted training bytes
(the seed's table): en 80 / others 5 each; en 50 / others 12.5 each; 20 each. Each training
line of language ℓ weighs 100000·p_ℓ / B_ℓ (``weights_for_shares``), B_ℓ its training bytes,
as an exact Fraction; the weighted bytes total exactly 100,000 and the resulting byte shares
(``byte_shares``) are printed before training, equal to the targets.

Evaluation: no weights; each evaluation sentence encoded on its own (as the line it is, "\\n"
included), token counts summed per language. Printed: one row per language, one column per
condition, and a total row. The seed's direction must hold: from the first condition to the
last, Japanese takes fewer tokens and English more. Exit status 1 if it does not. Runs in a
few seconds.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from fractions import Fraction

from bpelens.core import (
    LanguageCorpus,
    SplitSizes,
    TrainingConfig,
    byte_shares,
    normalized_shares,
    open_parallel_corpus,
    split_parallel,
    train_languages,
    weights_for_shares,
)
from bpelens.core.pipeline.pre_tokenizers.base import make_pretokenizer
from bpelens.core.training.language_weights import SHARE_SCALE

from shared_data import SHARED_DATA, require_shared_data

NTREX = SHARED_DATA / "parallel" / "ntrex128"
LANGUAGES = {"en": "eng", "ja": "jpn", "zh": "zho-CN", "ar": "arb", "hi": "hin"}
TRAIN_SENTENCES = 16
EVAL_SENTENCES = 8
MERGES = 256
# The seed's three conditions: target shares of the weighted training bytes, in percent.
CONDITIONS = {
    "80/5/5/5/5": {"en": 80, "ja": 5, "zh": 5, "ar": 5, "hi": 5},
    "50/12.5x4": {"en": 50, "ja": 12.5, "zh": 12.5, "ar": 12.5, "hi": 12.5},
    "20x5": {"en": 20, "ja": 20, "zh": 20, "ar": 20, "hi": 20},
}
CONFIG = TrainingConfig(
    vocab_size=256 + MERGES, level="byte", byte_order="value", normalizer=None,
    pretokenizer="none", min_frequency=0,
)


def load_languages() -> list[LanguageCorpus]:
    """Each language's 16 training lines and 8 evaluation lines, named en, ja, …"""
    corpus = open_parallel_corpus(NTREX)
    split = split_parallel(corpus, SplitSizes(train=TRAIN_SENTENCES, dev=0),
                           list(LANGUAGES.values()))
    by_code = {language.name: language for language in split}
    languages = [replace(by_code[code], name=short,
                         evaluation=list(by_code[code].evaluation[:EVAL_SENTENCES]))
                 for short, code in LANGUAGES.items()]
    for language in languages:
        if len(language.train) != TRAIN_SENTENCES or len(language.evaluation) != EVAL_SENTENCES:
            sys.exit(f"{language.name}: expected {TRAIN_SENTENCES} training and "
                     f"{EVAL_SENTENCES} evaluation sentences")
    return languages


def check_whole_lines(languages: list[LanguageCorpus]) -> None:
    """Pre-tokenizer "none" must leave each line one piece, spaces and all."""
    split = make_pretokenizer(CONFIG.pretokenizer).split_str
    for language in languages:
        for line in (*language.train, *language.evaluation):
            if split(line) != [line]:
                sys.exit(f"pre-tokenizer {CONFIG.pretokenizer!r} splits a {language.name} line")


def percent(share: Fraction) -> str:
    return f"{float(share) * 100:g}%"


def main() -> int:
    require_shared_data()
    start = time.perf_counter()
    languages = load_languages()
    check_whole_lines(languages)
    totals = {language.name: language.train_bytes for language in languages}
    print(f"NTREX-128, {TRAIN_SENTENCES} training + {EVAL_SENTENCES} evaluation sentences per "
          f"language; byte-level BPE, {MERGES} merges, pre-tokenizer 'none', no normalization")
    print("training bytes B: " + ", ".join(f"{name} {b}" for name, b in totals.items()))
    print()

    counts: dict[str, dict[str, int]] = {}
    for label, targets in CONDITIONS.items():
        shares = normalized_shares(targets)
        weights = weights_for_shares(totals, shares)
        shown = byte_shares(totals, weights)
        weighted = sum(weights[name] * b for name, b in totals.items())
        exact = shown == shares and weighted == SHARE_SCALE
        print(f"{label}: byte shares before training "
              + ", ".join(f"{name} {shown[name]} ({percent(shown[name])})" for name in shown)
              + f"; weighted bytes {weighted}; "
              + ("exactly the targets" if exact else "NOT THE TARGETS"))
        print("    weight per line: "
              + ", ".join(f"{name} {weights[name]} (≈{float(weights[name]):.3f})"
                          for name in weights))
        if not exact:
            return 1
        result = train_languages([replace(language, weight=weights[language.name])
                                  for language in languages], CONFIG, parity=None)
        learned = len(result.merges)
        if result.tokenizer.vocab_size != CONFIG.vocab_size:
            print(f"    training stopped early ({result.stop_reason}) after {learned} merges")
            return 1
        print(f"    learned {learned} merges, vocab {result.tokenizer.vocab_size} "
              f"({result.stop_reason})")
        tokenizer = result.tokenizer
        counts[label] = {
            language.name: sum(len(tokenizer.encode_ids(line)) for line in language.evaluation)
            for language in languages
        }
    print()

    width = max(len(label) for label in CONDITIONS) + 2
    print(f"evaluation tokens ({EVAL_SENTENCES} sentences per language, each on its own)")
    print(f"{'language':<14}" + "".join(f"{label:>{width}}" for label in CONDITIONS))
    for short, code in LANGUAGES.items():
        print(f"{f'{short} ({code})':<14}"
              + "".join(f"{counts[label][short]:>{width}}" for label in CONDITIONS))
    print(f"{'total':<14}"
          + "".join(f"{sum(counts[label].values()):>{width}}" for label in CONDITIONS))
    print(f"{'ja / en':<14}"
          + "".join(f"{counts[label]['ja'] / counts[label]['en']:>{width}.2f}"
                    for label in CONDITIONS))
    print()

    first, last = next(iter(CONDITIONS)), list(CONDITIONS)[-1]
    ja_falls = counts[last]["ja"] < counts[first]["ja"]
    en_rises = counts[last]["en"] > counts[first]["en"]
    print(f"Japanese {counts[first]['ja']} → {counts[last]['ja']} "
          f"({'falls' if ja_falls else 'DOES NOT FALL'}), English {counts[first]['en']} → "
          f"{counts[last]['en']} ({'rises' if en_rises else 'DOES NOT RISE'}) from {first} to "
          f"{last}: the seed's direction {'holds' if ja_falls and en_rises else 'FAILS'}")
    print(f"({time.perf_counter() - start:.1f} s)")
    return 0 if ja_falls and en_rises else 1


if __name__ == "__main__":
    sys.exit(main())
