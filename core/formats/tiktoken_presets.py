"""The encodings a `.tiktoken` rank file needs but does not contain: pattern, special tokens.

A rank file is only "token bytes → rank". These are the definitions tiktoken itself uses
(``tiktoken_ext/openai_public.py``), so that a bare rank file behaves exactly as in tiktoken.
Files are recognised by name or by their published SHA-256.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..pipeline.pre_tokenizers.base import CL100K_PATTERN, O200K_PATTERN, R50K_PATTERN

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"


@dataclass(frozen=True)
class TiktokenPreset:
    name: str
    pattern: str
    special_tokens: dict[str, int] = field(default_factory=dict)
    ranks_sha256: str = ""
    explicit_n_vocab: int | None = None


def _harmony_specials() -> dict[str, int]:
    named = {
        ENDOFTEXT: 199999,
        ENDOFPROMPT: 200018,
        "<|startoftext|>": 199998,
        "<|reserved_200000|>": 200000,
        "<|reserved_200001|>": 200001,
        "<|return|>": 200002,
        "<|constrain|>": 200003,
        "<|reserved_200004|>": 200004,
        "<|channel|>": 200005,
        "<|start|>": 200006,
        "<|end|>": 200007,
        "<|message|>": 200008,
        "<|reserved_200009|>": 200009,
        "<|reserved_200010|>": 200010,
        "<|reserved_200011|>": 200011,
        "<|call|>": 200012,
    }
    # 200018 has two names; tiktoken decodes it as <|endofprompt|>, and the last name listed
    # for an id is the one decoding gives here.
    return {f"<|reserved_{i}|>": i for i in range(200013, 201088)} | named


R50K_SHA = "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"
P50K_SHA = "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069"
CL100K_SHA = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
O200K_SHA = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"

PRESETS: dict[str, TiktokenPreset] = {
    p.name: p
    for p in (
        TiktokenPreset("r50k_base", R50K_PATTERN, {ENDOFTEXT: 50256}, R50K_SHA, 50257),
        TiktokenPreset("p50k_base", R50K_PATTERN, {ENDOFTEXT: 50256}, P50K_SHA, 50281),
        TiktokenPreset("p50k_edit", R50K_PATTERN, {ENDOFTEXT: 50256, FIM_PREFIX: 50281,
                                                   FIM_MIDDLE: 50282, FIM_SUFFIX: 50283},
                       P50K_SHA),
        TiktokenPreset("cl100k_base", CL100K_PATTERN, {
            ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
            ENDOFPROMPT: 100276}, CL100K_SHA),
        TiktokenPreset("o200k_base", O200K_PATTERN, {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
                       O200K_SHA),
        TiktokenPreset("o200k_harmony", O200K_PATTERN, _harmony_specials(), O200K_SHA),
    )
}
# A file shared by two encodings opens as the first; the other is chosen by name.
BY_SHA256 = {
    R50K_SHA: "r50k_base", P50K_SHA: "p50k_base", CL100K_SHA: "cl100k_base",
    O200K_SHA: "o200k_base",
}
ALIASES = {"gpt2": "r50k_base", "r50k": "r50k_base", "p50k": "p50k_base",
           "cl100k": "cl100k_base", "o200k": "o200k_base", "harmony": "o200k_harmony"}


def preset(name: str) -> TiktokenPreset | None:
    key = name.lower()
    return PRESETS.get(ALIASES.get(key, key))
