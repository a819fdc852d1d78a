"""Hugging Face ``tokenizer.json``: every component built from its ``"type"``.

A component type BPE Lens does not implement is an error that names it, says where it is,
and lists the types that are supported — never a silently different tokenizer.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from pathlib import Path
from typing import Any

from .. import disk_cache
from ..decoders import (
    BPESuffixDecoder,
    ByteFallbackDecoder,
    ByteLevelDecoder,
    Decoder,
    DecoderSequence,
    FuseDecoder,
    MetaspaceDecoder,
    ReplaceDecoder,
    StripDecoder,
)
from ..errors import BpeLensError, ConfigError, TokenizerFileError
from ..hf_normalizers import PrependNormalizer, ReplaceNormalizer, StripNormalizer
from ..hf_pretokenizers import (
    ByteLevelPreTokenizer,
    CharClassPreTokenizer,
    HFWhitespacePreTokenizer,
    MetaspacePreTokenizer,
    SplitPreTokenizer,
    _behavior,
    punctuation,
)
from ..normalizers import Lowercase, Normalizer, NormalizerSequence, UnicodeForm
from ..postprocessors import (
    ByteLevelPostProcessor,
    PairPostProcessor,
    PostProcessor,
    PostProcessorSequence,
    TemplatePostProcessor,
)
from ..pretokenizers import (
    DigitsPreTokenizer,
    PreTokenizer,
    PreTokenizerSequence,
    WhitespacePreTokenizer,
)
from ..special_tokens import AddedToken
from ..token_model import TokenModel
from ..tokenizer import Tokenizer
from ..vocab_bpe import VocabBPEModel
from .file_io import parse_json_file


class _Unsupported(ConfigError):
    pass


def _type(config: Any, what: str, supported: dict[str, Any]) -> str:
    if not isinstance(config, dict) or not isinstance(config.get("type"), str):
        raise ConfigError(f"{what} must be an object with a \"type\"")
    kind = config["type"]
    if kind not in supported:
        raise _Unsupported(
            f"{what} type {kind!r} is not supported; supported: {', '.join(sorted(supported))}"
        )
    return kind


def _pattern(config: dict[str, Any], what: str) -> tuple[str, bool]:
    pattern = config.get("pattern")
    if isinstance(pattern, dict) and len(pattern) == 1:
        ((key, value),) = pattern.items()
        if key in ("String", "Regex") and isinstance(value, str):
            return value, key == "Regex"
    raise ConfigError(f"{what} needs a pattern {{\"String\": …}} or {{\"Regex\": …}}")


# -- normalizers ---------------------------------------------------------------------------
def _bert_normalizer(c: dict[str, Any]) -> Normalizer:
    from ..bert_components import BertNormalizer

    return BertNormalizer.from_hf(c)


def _strip_accents(c: dict[str, Any]) -> Normalizer:
    from ..bert_components import StripAccents

    return StripAccents.from_hf(c)


def _precompiled(c: dict[str, Any]) -> Normalizer:
    from ..precompiled_normalizer import PrecompiledNormalizer

    charsmap = c.get("precompiled_charsmap")
    if not isinstance(charsmap, str):
        raise ConfigError("Precompiled needs precompiled_charsmap (base64 text)")
    return PrecompiledNormalizer(charsmap)


def _replace_normalizer(c: dict[str, Any]) -> Normalizer:
    pattern, is_regex = _pattern(c, "Replace")
    return ReplaceNormalizer(pattern, str(c.get("content", "")), is_regex=is_regex)


NORMALIZERS: dict[str, Callable[[dict[str, Any]], Normalizer]] = {
    "NFC": lambda c: UnicodeForm("nfc"),
    "NFD": lambda c: UnicodeForm("nfd"),
    "NFKC": lambda c: UnicodeForm("nfkc"),
    "NFKD": lambda c: UnicodeForm("nfkd"),
    "Lowercase": lambda c: Lowercase(),
    "Strip": lambda c: StripNormalizer(left=bool(c.get("strip_left", True)),
                                       right=bool(c.get("strip_right", True))),
    "StripAccents": _strip_accents,
    "Replace": lambda c: _replace_normalizer(c),
    "Prepend": lambda c: PrependNormalizer(str(c.get("prepend", ""))),
    "BertNormalizer": _bert_normalizer,
    "Precompiled": _precompiled,
    "Sequence": lambda c: NormalizerSequence(
        [build_normalizer(n, f"normalizer.normalizers[{i}]")
         for i, n in enumerate(_list(c, "normalizers"))]),
}


def build_normalizer(config: Any, where: str = "normalizer") -> Normalizer:
    if config is None:
        return Normalizer()
    kind = _type(config, where, NORMALIZERS)
    return NORMALIZERS[kind](config)


# -- pre-tokenizers ------------------------------------------------------------------------
def _metaspace(c: dict[str, Any]) -> PreTokenizer:
    scheme = c.get("prepend_scheme")
    if scheme is None:  # files written before prepend_scheme existed
        scheme = "always" if c.get("add_prefix_space", True) else "never"
    return MetaspacePreTokenizer(replacement=str(c.get("replacement", "▁")),
                                 prepend_scheme=str(scheme), split=bool(c.get("split", True)))


def _split(c: dict[str, Any]) -> PreTokenizer:
    pattern, is_regex = _pattern(c, "Split")
    return SplitPreTokenizer(pattern, is_regex=is_regex, behavior=_behavior(c, "Isolated"),
                             invert=bool(c.get("invert", False)))


def _bert_pretokenizer(c: dict[str, Any]) -> PreTokenizer:
    from ..bert_components import BertPreTokenizer

    return BertPreTokenizer.from_hf(c)


def _char_delimiter(c: dict[str, Any]) -> PreTokenizer:
    import regex

    delimiter = c.get("delimiter")
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise ConfigError("CharDelimiterSplit needs a one-character delimiter")
    return CharClassPreTokenizer("CharDelimiterSplit", regex.escape(delimiter), "Removed",
                                 {"type": "CharDelimiterSplit", "delimiter": delimiter})


PRE_TOKENIZERS: dict[str, Callable[[dict[str, Any]], PreTokenizer]] = {
    "ByteLevel": lambda c: ByteLevelPreTokenizer(
        add_prefix_space=bool(c.get("add_prefix_space", True)),
        use_regex=bool(c.get("use_regex", True)), trim_offsets=bool(c.get("trim_offsets", True))),
    "Split": _split,
    "Digits": lambda c: DigitsPreTokenizer(individual=bool(c.get("individual_digits", False))),
    "Metaspace": _metaspace,
    "Whitespace": lambda c: HFWhitespacePreTokenizer(),
    "WhitespaceSplit": lambda c: WhitespacePreTokenizer(),
    "Punctuation": lambda c: punctuation(_behavior(c, "Isolated")),
    "BertPreTokenizer": _bert_pretokenizer,
    "CharDelimiterSplit": _char_delimiter,
    "Sequence": lambda c: PreTokenizerSequence(
        [build_pretokenizer(p, f"pre_tokenizer.pretokenizers[{i}]")
         for i, p in enumerate(_list(c, "pretokenizers"))]),
}


def build_pretokenizer(config: Any, where: str = "pre_tokenizer") -> PreTokenizer:
    if config is None:
        return PreTokenizer()
    kind = _type(config, where, PRE_TOKENIZERS)
    return PRE_TOKENIZERS[kind](config)


def _has_type(config: Any, kind: str) -> bool:
    if isinstance(config, dict):
        return config.get("type") == kind or any(_has_type(v, kind) for v in config.values())
    if isinstance(config, list):
        return any(_has_type(v, kind) for v in config)
    return False


# -- models --------------------------------------------------------------------------------
def _bpe(model: dict[str, Any], byte_level: bool) -> TokenModel:
    vocab = model.get("vocab")
    if not isinstance(vocab, dict):
        raise ConfigError("model.vocab must be an object mapping tokens to ids")
    raw = model.get("merges") or []
    if not isinstance(raw, list):
        raise ConfigError("model.merges must be a list")
    kinds = set(map(type, raw))
    if kinds == {str}:
        merges = [m.split(" ") for m in raw]
    elif kinds <= {list}:
        merges = raw
    else:
        merges = [m.split(" ") if isinstance(m, str) else m for m in raw]
    # Checked column-wise (C speed); the loop that names the bad entry runs only on failure.
    if merges and (set(map(len, merges)) != {2} or set(map(type, chain.from_iterable(merges)))
                   != {str}):
        for rank, parts in enumerate(merges):
            if (not isinstance(parts, list) or len(parts) != 2
                    or not all(isinstance(p, str) for p in parts)):
                raise ConfigError(f"model.merges[{rank}] must be \"a b\" or [\"a\", \"b\"]")
    dropout = model.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise ConfigError(f"model.dropout {dropout!r}: BPE-dropout is random; set it to null")
    return VocabBPEModel(
        vocab=vocab, merges=merges, byte_level=byte_level,
        unk_token=model.get("unk_token"),
        continuing_subword_prefix=model.get("continuing_subword_prefix"),
        end_of_word_suffix=model.get("end_of_word_suffix"),
        fuse_unk=bool(model.get("fuse_unk", False)),
        byte_fallback=bool(model.get("byte_fallback", False)),
        ignore_merges=bool(model.get("ignore_merges", False)),
    )


def _wordpiece(model: dict[str, Any], byte_level: bool) -> TokenModel:
    from ..wordpiece_model import WordPieceModel

    return WordPieceModel.from_hf(model)


def _unigram(model: dict[str, Any], byte_level: bool) -> TokenModel:
    from ..unigram_model import UnigramModel

    return UnigramModel.from_hf(model)


MODELS: dict[str, Callable[[dict[str, Any], bool], TokenModel]] = {
    "BPE": _bpe, "WordPiece": _wordpiece, "Unigram": _unigram,
}


# -- post-processors and decoders ----------------------------------------------------------
POST_PROCESSORS: dict[str, Callable[[dict[str, Any]], PostProcessor]] = {
    "TemplateProcessing": TemplatePostProcessor,
    "ByteLevel": ByteLevelPostProcessor,
    "BertProcessing": lambda c: PairPostProcessor("BertProcessing", c),
    "RobertaProcessing": lambda c: PairPostProcessor("RobertaProcessing", c),
    "Sequence": lambda c: PostProcessorSequence(
        [build_post_processor(p, f"post_processor.processors[{i}]")
         for i, p in enumerate(_list(c, "processors"))]),
}


def build_post_processor(config: Any, where: str = "post_processor") -> PostProcessor | None:
    if config is None:
        return None
    kind = _type(config, where, POST_PROCESSORS)
    return POST_PROCESSORS[kind](config)


class _WordPieceChain(Decoder):
    kind = "WordPiece"

    def __init__(self, config: dict[str, Any]) -> None:
        from ..bert_components import WordPieceDecoder

        self._decoder = WordPieceDecoder.from_hf(config)
        self._config = config

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return [self._decoder.decode(tokens)]

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


class JoinWithSpaces(Decoder):
    """What HF returns for a tokenizer without a decoder: the tokens joined by spaces."""

    kind = "none"

    def decode(self, tokens: list[str]) -> str:
        return " ".join(tokens)


def _metaspace_decoder(c: dict[str, Any]) -> Decoder:
    scheme = c.get("prepend_scheme")
    if scheme is None:
        scheme = "always" if c.get("add_prefix_space", True) else "never"
    return MetaspaceDecoder(str(c.get("replacement", "▁")), str(scheme),
                            bool(c.get("split", True)))


def _replace_decoder(c: dict[str, Any]) -> Decoder:
    pattern, is_regex = _pattern(c, "Replace decoder")
    return ReplaceDecoder(pattern, str(c.get("content", "")), is_regex=is_regex)


def _strip_decoder(c: dict[str, Any]) -> Decoder:
    content = c.get("content", " ")
    if not isinstance(content, str) or len(content) != 1:
        raise ConfigError("Strip decoder needs a one-character content")
    return StripDecoder(content, int(c.get("start", 0)), int(c.get("stop", 0)))


DECODERS: dict[str, Callable[[dict[str, Any]], Decoder]] = {
    "ByteLevel": ByteLevelDecoder,
    "Metaspace": _metaspace_decoder,
    "ByteFallback": lambda c: ByteFallbackDecoder(),
    "Fuse": lambda c: FuseDecoder(),
    "Strip": _strip_decoder,
    "Replace": _replace_decoder,
    "WordPiece": _WordPieceChain,
    "BPEDecoder": lambda c: BPESuffixDecoder(str(c.get("suffix", "</w>"))),
    "Sequence": lambda c: DecoderSequence(
        [build_decoder(d, f"decoder.decoders[{i}]") for i, d in enumerate(_list(c, "decoders"))]),
}


def build_decoder(config: Any, where: str = "decoder") -> Decoder:
    if config is None:
        return JoinWithSpaces()
    kind = _type(config, where, DECODERS)
    return DECODERS[kind](config)


def _list(config: dict[str, Any], key: str) -> list[Any]:
    value = config.get(key)
    if not isinstance(value, list):
        raise ConfigError(f"{config.get('type')} needs a list under {key!r}")
    return value


# -- the whole file ------------------------------------------------------------------------
def tokenizer_from_hf(
    data: Any, *, path: str = "<tokenizer.json>", model: TokenModel | None = None
) -> Tokenizer:
    """Build from a parsed tokenizer.json (``model`` given: already built, e.g. from cache)."""
    if not isinstance(data, dict) or not isinstance(data.get("model"), dict):
        raise TokenizerFileError(path, "not a Hugging Face tokenizer.json (no \"model\" object)")
    sections = (
        ("normalizer", lambda: build_normalizer(data.get("normalizer"))),
        ("pre_tokenizer", lambda: build_pretokenizer(data.get("pre_tokenizer"))),
        ("post_processor", lambda: build_post_processor(data.get("post_processor"))),
        ("decoder", lambda: build_decoder(data.get("decoder"))),
    )
    built: dict[str, Any] = {}
    for field, build in sections:
        try:
            built[field] = build()
        except BpeLensError as exc:
            raise TokenizerFileError(path, str(exc), field=field) from None
    model_data = data["model"]
    # HF models have no "level": a byte-level BPE is one whose text is spelled in GPT-2's
    # alphabet by a ByteLevel pre-tokenizer (or decoded by a ByteLevel decoder).
    byte_level = _has_type(data.get("pre_tokenizer"), "ByteLevel") or _has_type(
        data.get("decoder"), "ByteLevel")
    if model is None:
        try:
            kind = _type(model_data, "model", MODELS)
            model = MODELS[kind](model_data, byte_level)
        except BpeLensError as exc:
            raise TokenizerFileError(path, str(exc), field="model") from None
    added = []
    for index, entry in enumerate(data.get("added_tokens") or []):
        try:
            added.append(AddedToken(
                content=entry["content"], id=int(entry["id"]),
                special=bool(entry.get("special", False)),
                single_word=bool(entry.get("single_word", False)),
                lstrip=bool(entry.get("lstrip", False)), rstrip=bool(entry.get("rstrip", False)),
                normalized=bool(entry.get("normalized", not entry.get("special", False))),
            ))
        except (KeyError, TypeError, ValueError):
            raise TokenizerFileError(path, "expected {\"id\": …, \"content\": …}",
                                     field=f"added_tokens[{index}]") from None
    try:
        tokenizer = Tokenizer(
            model, normalizer=built["normalizer"], pretokenizer=built["pre_tokenizer"],
            added_tokens=added, post_processor=built["post_processor"],
            decoder=built["decoder"],
        )
    except BpeLensError as exc:
        raise TokenizerFileError(path, str(exc), field="added_tokens") from None
    if getattr(built["pre_tokenizer"], "mapped_output", False) and hasattr(model, "mapped_input"):
        model.mapped_input = True
    # The document without its vocabulary: what the disk cache keeps beside the model tables.
    doc = {k: v for k, v in data.items() if k != "model"}
    doc["model"] = {k: v for k, v in data["model"].items() if k not in ("vocab", "merges")}
    tokenizer.source = {"format": "tokenizer.json", "path": path, "doc": doc}
    return tokenizer


def load_hf_tokenizer(path: str | Path) -> Tokenizer:
    path = Path(path)
    cached = disk_cache.load("tokenizer.json", path)
    if cached is not None:
        tokenizer = tokenizer_from_hf(cached["doc"], path=str(path),
                                      model=VocabBPEModel.from_tables(cached["tables"]))
    else:
        tokenizer = tokenizer_from_hf(parse_json_file(path), path=str(path))
        if isinstance(tokenizer.model, VocabBPEModel):
            doc = dict(tokenizer.source.get("doc") or {})
            disk_cache.store("tokenizer.json", path,
                             {"doc": doc, "tables": tokenizer.model.to_tables()})
    tokenizer.source = {"format": "tokenizer.json", "path": str(path)}
    tokenizer.name = path.name.removesuffix(".json").removesuffix(".tokenizer") or path.stem
    return tokenizer
