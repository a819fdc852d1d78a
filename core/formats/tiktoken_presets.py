"""The encodings a `.tiktoken` rank file needs but does not contain: pattern, special tokens.

A rank file is only "token bytes → rank". These are the definitions tiktoken itself uses
(``tiktoken_ext/openai_public.py``), so that a bare rank file behaves exactly as in tiktoken.
Files are recognised by name or by their published SHA-256; Meta's Llama 3 and Llama 4
``tokenizer.model`` files (rank files under a SentencePiece name) by theirs, with the
pattern and special tokens of Meta's ``llama_models`` package.
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


LLAMA3_PATTERN = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
                  r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")


def _llama3_specials(named: list[str], first_reserved: int) -> dict[str, int]:
    """Meta's 256 special tokens after the 128,000 ranks: the named ones, then
    <|reserved_special_token_N|> up to id 128255."""
    names = named + [f"<|reserved_special_token_{first_reserved + i}|>"
                     for i in range(256 - len(named))]
    return {name: 128000 + i for i, name in enumerate(names)}


# meta-llama/llama-models, models/llama3/tokenizer.py (Llama 3.2 and later; 3.1 lacks <|image|>)
LLAMA3_NAMED = ["<|begin_of_text|>", "<|end_of_text|>", "<|reserved_special_token_0|>",
                "<|reserved_special_token_1|>", "<|finetune_right_pad_id|>", "<|step_id|>",
                "<|start_header_id|>", "<|end_header_id|>", "<|eom_id|>", "<|eot_id|>",
                "<|python_tag|>", "<|image|>"]
# meta-llama/llama3 (April 2024): the names Llama 3.0's tokenizer.json uses
LLAMA3_0_NAMED = ["<|begin_of_text|>", "<|end_of_text|>", "<|reserved_special_token_0|>",
                  "<|reserved_special_token_1|>", "<|reserved_special_token_2|>",
                  "<|reserved_special_token_3|>", "<|start_header_id|>", "<|end_header_id|>",
                  "<|reserved_special_token_4|>", "<|eot_id|>"]


def _llama4_specials() -> dict[str, int]:
    """models/llama4/tokenizer.py: 2,048 special tokens after the 200,000 ranks."""
    post = ["<|header_start|>", "<|header_end|>", "<|eom|>", "<|eot|>", "<|step|>",
            *(f"<|text_post_train_reserved_special_token_{i}|>" for i in range(6)),
            "<|python_start|>", "<|python_end|>", "<|finetune_right_pad|>",
            *(f"<|text_post_train_reserved_special_token_{i}|>" for i in range(8, 69))]
    vision = ["<|image_start|>", "<|image_end|>", "<|vision_reserved_special_token_0|>",
              "<|vision_reserved_special_token_1|>", "<|tile_x_separator|>",
              "<|tile_y_separator|>",
              *(f"<|vision_reserved_special_token_{i}|>" for i in range(2, 6)),
              "<|image|>", "<|vision_reserved_special_token_6|>", "<|patch|>",
              *(f"<|vision_reserved_special_token_{i}|>" for i in range(7, 1048))]
    reasoning = [*(f"<|reasoning_reserved_special_token_{i}|>" for i in range(8)),
                 "<|reasoning_thinking_start|>", "<|reasoning_thinking_end|>"]
    names = ["<|begin_of_text|>", "<|end_of_text|>", "<|fim_prefix|>", "<|fim_middle|>",
             "<|fim_suffix|>", *post, *vision, *reasoning]
    names += [f"<|reserved_special_token_{i}|>" for i in range(2048 - len(names))]
    return {name: 200000 + i for i, name in enumerate(names)}


R50K_SHA = "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"
P50K_SHA = "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069"
CL100K_SHA = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
O200K_SHA = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
# Meta's tokenizer.model of Llama 3, 3.1, 3.2 and 3.3 (one file), and of Llama 4.
LLAMA3_SHA = "82e9d31979e92ab929cd544440f129d9ecd797b69e327f80f17e1c50d5551b55"
LLAMA4_SHA = "d0bdbaf59b0762c8c807617e2d8ea51420eb1b1de266df2495be755c8e0ed6ed"

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
        TiktokenPreset("llama3", LLAMA3_PATTERN, _llama3_specials(LLAMA3_NAMED, 2),
                       LLAMA3_SHA),
        TiktokenPreset("llama3.0", LLAMA3_PATTERN, _llama3_specials(LLAMA3_0_NAMED, 5),
                       LLAMA3_SHA),
        TiktokenPreset("llama4", O200K_PATTERN, _llama4_specials(), LLAMA4_SHA),
    )
}
# A file shared by two encodings opens as the first; the other is chosen by name.
BY_SHA256 = {
    R50K_SHA: "r50k_base", P50K_SHA: "p50k_base", CL100K_SHA: "cl100k_base",
    O200K_SHA: "o200k_base", LLAMA3_SHA: "llama3", LLAMA4_SHA: "llama4",
}
ALIASES = {"gpt2": "r50k_base", "r50k": "r50k_base", "p50k": "p50k_base",
           "cl100k": "cl100k_base", "o200k": "o200k_base", "harmony": "o200k_harmony",
           "llama3.1": "llama3", "llama3.2": "llama3", "llama3.3": "llama3",
           "llama-3": "llama3", "llama-4": "llama4"}


def encoding_names() -> list[str]:
    """The encodings a rank file can be opened as (``encoding=NAME``)."""
    return list(PRESETS)


def preset(name: str) -> TiktokenPreset | None:
    key = name.lower()
    return PRESETS.get(ALIASES.get(key, key))
