"""llama.cpp's pre-tokenizers for byte-level BPE vocabularies, by the name a GGUF file gives
in ``tokenizer.ggml.pre``: the regexes it splits with (each applied in turn to every piece,
the text between matches kept as pieces of its own) and the flags it sets for them.

Learned from ``src/llama-vocab.cpp`` and ``src/unicode.cpp`` of ggml-org/llama.cpp (2026).
The regexes are llama.cpp's own spellings, which it runs either through hand-written
splitters or through ``std::regex``; BPE Lens runs them with the ``regex`` module. Where the
two engines read a pattern differently (``\\p{Lu}`` and the other letter subcategories are
all "any letter" in llama.cpp's ``std::regex`` path; its Unicode tables are its own), the
runtime-diff explains it rather than this table hiding it.
"""

from __future__ import annotations

from dataclasses import dataclass

_CONTRACTIONS = r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
# llama.cpp's hand-written gpt2 splitter also takes a lone trailing whitespace run (|\s+),
# which the pattern as written leaves out.
GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
LLAMA3 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
          r"|\s*[\r\n]+|\s+(?!\S)|\s+")
QWEN2 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
         r"|\s*[\r\n]+|\s+(?!\S)|\s+")
DEEPSEEK3 = (r"[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?"
             r"[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_CJK_KANA = r"[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+"
_UPPER_LOWER = (r"[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))*((?=[\p{L}])([^A-Z]))+"
                r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?"
                r"|[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))+((?=[\p{L}])([^A-Z]))*"
                r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?")
GPT4O = (_UPPER_LOWER + r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
TEKKEN = (r"[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))*((?=[\p{L}])([^A-Z]))+"
          r"|[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))+((?=[\p{L}])([^A-Z]))*"
          r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_SUBCATEGORIES = (r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
                  r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?"
                  r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"
                  r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?")
_WORDS_NO_PUNCT = r" ?[^(\s|.,!?…。，、।۔،)]+"


@dataclass(frozen=True, slots=True)
class LlamaCppPre:
    """A pre-tokenizer type: its regexes in order, and what it changes from the BPE
    defaults (``add_bos``: llama.cpp puts BOS first when asked for special tokens)."""

    kind: str
    regexes: tuple[str, ...]
    ignore_merges: bool = False
    add_bos: bool = False
    clean_spaces: bool = True
    byte_encode: bool = True


DEFAULT = LlamaCppPre("DEFAULT", (r"[\p{P}\$\+<=>\^~\|]+", GPT2, r"\p{N}+", r"[0-9][0-9][0-9]"))


def _types() -> dict[str, LlamaCppPre]:
    t = LlamaCppPre
    no_clean = {"clean_spaces": False}
    types = {
        "LLAMA3": t("LLAMA3", (LLAMA3,), ignore_merges=True, add_bos=True),
        "DBRX": t("DBRX", (LLAMA3,)),
        "SMAUG": t("SMAUG", (LLAMA3,)),
        "CHATGLM4": t("CHATGLM4", (LLAMA3,)),
        "DEEPSEEK_CODER": t("DEEPSEEK_CODER", (
            r"[\r\n]", r"\s?\p{L}+", r"\s?\p{P}+", r"[\u4e00-\u9fa5\u0800-\u4e00\uac00-\ud7ff]+",
            r"\p{N}"), **no_clean),
        "DEEPSEEK3_LLM": t("DEEPSEEK3_LLM", (r"\p{N}{1,3}", _CJK_KANA, DEEPSEEK3), **no_clean),
        "FALCON": t("FALCON", (r"[\p{P}\$\+<=>\^~\|`]+", GPT2, r"[0-9][0-9][0-9]")),
        "STARCODER": t("STARCODER", (r"\p{N}", GPT2)),
        "GPT2": t("GPT2", (GPT2,)),
        "QWEN2": t("QWEN2", (QWEN2,), **no_clean),
        "STABLELM2": t("STABLELM2", (QWEN2,)),
        "PORO": t("PORO", (_WORDS_NO_PUNCT,), **no_clean),
        "BLOOM": t("BLOOM", (_WORDS_NO_PUNCT,)),
        "VIKING": t("VIKING", (_WORDS_NO_PUNCT, r"\p{N}"), **no_clean),
        "TEKKEN": t("TEKKEN", (TEKKEN,), ignore_merges=True, add_bos=True, **no_clean),
        "GPT4O": t("GPT4O", (GPT4O,), **no_clean),
        "TINY_AYA": t("TINY_AYA", (r"\d{1,3}(?=(?:\d{3})*\b)", _SUBCATEGORIES +
                                   r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+"
                                   r"|\s+(?!\S)|\s+"), **no_clean),
        "SUPERBPE": t("SUPERBPE", (r"\p{N}+", r"(?=(\d{3})+(?!\d))"), **no_clean),
        "BAILINGMOE": t("BAILINGMOE", (
            r"'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
            r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+",), **no_clean),
        "SEED_CODER": t("SEED_CODER", (
            _CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1}| ?[^\s\p{L}\p{N}\r\n]+"
            r"|\s*[\r\n]+|\s+(?!\S)|\s+",), **no_clean),
        "CHAMELEON": t("CHAMELEON", (
            r"<sentinel:[0-9]+>", r"(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z", r"([\t\n]|    |  )",
            r"\p{N}", r"[\p{P}!-/:-@\[-`{-~]", GPT2), add_bos=True, **no_clean),
    }
    for kind in ("REFACT", "CODESHELL", "EXAONE", "MINERVA", "MELLUM2"):
        types[kind] = t(kind, (r"\p{N}", GPT2))
    for kind in ("COMMAND_R", "SMOLLM"):
        types[kind] = t(kind, (r"\p{N}", GPT2), **no_clean)
    for kind in ("MPT", "OLMO", "JAIS"):
        types[kind] = t(kind, (GPT2,))
    types["GPT3_FINNISH"] = t("GPT3_FINNISH", (_WORDS_NO_PUNCT,))
    for kind in ("TRILLION", "GRANITE_DOCLING"):
        types[kind] = t(kind, (GPT2,), **no_clean)
    for kind in ("HUNYUAN", "GROK_2", "SOLAR_OPEN"):
        types[kind] = t(kind, (QWEN2,), **no_clean)
    for kind in ("HUNYUAN_DENSE", "JOYAI_LLM", "HY_V4"):
        types[kind] = t(kind, (r"\p{N}{1,3}", _CJK_KANA, DEEPSEEK3), **no_clean)
    types["MINIMAX_M2"] = t("MINIMAX_M2", (GPT4O,), **no_clean)
    return types


TYPES = _types()

# Every name llama.cpp accepts in tokenizer.ggml.pre, with the type it maps to.
_NAMES: dict[str, tuple[str, ...]] = {
    "DEFAULT": ("default",),
    "LLAMA3": ("llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral", "midm-2.0",
               "lfm2", "jina-v5-nano"),
    "DEEPSEEK_CODER": ("deepseek-coder",),
    "DEEPSEEK3_LLM": ("deepseek-v3",),
    "FALCON": ("falcon",),
    "MPT": ("mpt",),
    "STARCODER": ("starcoder",),
    "GPT2": ("gpt-2", "phi-2", "jina-es", "jina-de", "gigachat", "jina-v2-es", "jina-v2-de",
             "a.x-4.0", "mellum", "modern-bert", "jina-v1-en", "jina-v2-code", "roberta-bpe",
             "exaone4"),
    "REFACT": ("refact",),
    "COMMAND_R": ("command-r",),
    "QWEN2": ("qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2"),
    "STABLELM2": ("stablelm2", "megrez"),
    "OLMO": ("olmo",),
    "DBRX": ("dbrx",),
    "SMAUG": ("smaug-bpe",),
    "PORO": ("poro-chat",),
    "CHATGLM4": ("glm4", "chatglm-bpe"),
    "VIKING": ("viking",),
    "JAIS": ("jais",),
    "TEKKEN": ("tekken",),
    "SMOLLM": ("smollm",),
    "CODESHELL": ("codeshell",),
    "BLOOM": ("bloom",),
    "GPT3_FINNISH": ("gpt3-finnish",),
    "EXAONE": ("exaone",),
    "CHAMELEON": ("chameleon",),
    "MINERVA": ("minerva-7b",),
    "GPT4O": ("gpt-4o", "llama4", "kanana2", "talkie"),
    "TINY_AYA": ("tiny_aya", "cohere2moe"),
    "SUPERBPE": ("superbpe",),
    "TRILLION": ("trillion",),
    "GRANITE_DOCLING": ("granite-docling",),
    "BAILINGMOE": ("bailingmoe", "bailingmoe2", "llada-moe"),
    "SEED_CODER": ("seed-coder",),
    "HUNYUAN": ("hunyuan",),
    "HUNYUAN_DENSE": ("hunyuan-dense",),
    "HY_V4": ("hy_v4",),
    "JOYAI_LLM": ("joyai-llm",),
    "GROK_2": ("grok-2",),
    "MINIMAX_M2": ("minimax-m2",),
    "SOLAR_OPEN": ("solar-open",),
    "MELLUM2": ("mellum2",),
}
BY_NAME: dict[str, LlamaCppPre] = {
    name: (DEFAULT if kind == "DEFAULT" else TYPES[kind])
    for kind, names in _NAMES.items() for name in names
}
# Names llama.cpp knows whose splitting BPE Lens does not reproduce (custom splitters with no
# regex spelling, or a text encoding other than bytes): they are refused by name.
NOT_REPRODUCED = {
    "kimi-k2": "a hand-written splitter for Han runs",
    "afmoe": "a hand-written digit splitter",
    "gemma4": "whitespace escaped as ▁ without byte encoding",
    "granite-embed-multi-311m": "whitespace escaped as ▁ without byte encoding",
    "sarvam-moe": "whitespace escaped as ▁ without byte encoding",
    "whitespace": "splitting at whitespace without byte encoding",
    "qwen35": "letter runs that take combining marks",
    "jais-2": "whitespace runs cut in powers of two",
    "youtu": "its CJK and Hangul classes",
    "spark2_5": "its digit and CJK classes",
    "exaone-moe": "letter runs joined across spaces",
    "minicpm5": "its digit runs",
    "granite-embed-multi-97m": "letter runs that take combining marks",
    "laguna": "a line splitter before the Qwen 2 pattern",
    "ufakzeka": "its letter runs",
    "deepseek-llm": "its Latin and CJK classes",
}
