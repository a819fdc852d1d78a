"""Hugging Face ``tokenizer.json``: every component built from its ``"type"``, read as strictly
as Hugging Face reads it.

HF (serde) refuses a file whose fields have the wrong type or lack a required field; so does
this reader, naming the field by its path. How HF picks a component is reproduced too: a
``"type"`` it knows selects that component; any other ``"type"`` (or none, as in files from
old versions) makes it try every component in a fixed order and take the first whose fields
fit. A component HF has and BPE Lens does not implement is an error that names it — never a
silently different tokenizer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError, TokenizerFileError
from ..fast import disk_cache
from ..models.base import TokenModel
from ..models.unigram import UnigramModel
from ..models.vocab_bpe import VocabBPEModel
from ..pipeline.added_tokens import AddedToken
from ..pipeline.decoders import (
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
from ..pipeline.normalizers.base import Lowercase, Normalizer, NormalizerSequence, UnicodeForm
from ..pipeline.normalizers.hf import PrependNormalizer, ReplaceNormalizer, StripNormalizer
from ..pipeline.origin import Origin
from ..pipeline.post_processors import (
    ByteLevelPostProcessor,
    PairPostProcessor,
    PostProcessor,
    PostProcessorSequence,
    TemplatePostProcessor,
)
from ..pipeline.pre_tokenizers.base import (
    DigitsPreTokenizer,
    PreTokenizer,
    PreTokenizerSequence,
    WhitespacePreTokenizer,
)
from ..pipeline.pre_tokenizers.hf import (
    BEHAVIORS,
    ByteLevelPreTokenizer,
    CharClassPreTokenizer,
    HFWhitespacePreTokenizer,
    MetaspacePreTokenizer,
    SplitPreTokenizer,
    punctuation,
)
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_bytes, read_file
from .hf_floats import json_float
from .hf_models import CachedVocabBPE, build_model, pack_bpe
from .json_fields import USIZE, Fields, Unsupported, check_integer, check_string, describe

T = TypeVar("T")
# serde_json refuses documents nested deeper than this.
MAX_DEPTH = 128
TOP_LEVEL = frozenset({"version", "truncation", "padding", "added_tokens", "normalizer",
                       "pre_tokenizer", "post_processor", "decoder", "model"})


class Variant(NamedTuple):
    """One component a slot may hold: its name in files, how it reads ``"type"``, a builder."""

    name: str
    # "required": "type" must be there and be the name; "ignored": any "type" or none
    # (serde's tagged structs ignore it when HF tries every component).
    type_rule: str
    build: Callable[[Fields], Any]
    supported: bool = True  # False: HF has it, BPE Lens does not (build names it)


class Slot(NamedTuple):
    """A place in the file (normalizer, pre_tokenizer …): the names HF's tag selects, and the
    order in which it tries every component when the tag selects none."""

    what: str
    tagged: dict[str, str]  # tag → variant name
    order: tuple[Variant, ...]

    def variant(self, name: str) -> Variant:
        return next(v for v in self.order if v.name == name)


def build(slot: Slot, value: Any, where: str) -> Any:
    fields = Fields(value, where)
    kind = fields.data.get("type")
    if isinstance(kind, str) and kind in slot.tagged:
        variant = slot.variant(slot.tagged[kind])
        if variant.name != kind and variant.type_rule != "ignored":
            raise ConfigError(Message("{where}.type \"{kind}\" must be written \"{name}\"",
                                      where=where, kind=kind, name=variant.name))
        return variant.build(fields)
    # HF tries every component in turn: the first whose fields fit wins.
    own_error: ConfigError | None = None
    for variant in slot.order:
        if variant.type_rule == "required" and kind != variant.name:
            continue
        try:
            return variant.build(fields)
        except Unsupported:
            raise
        except ConfigError as exc:
            if kind == variant.name and own_error is None:
                own_error = exc
    if own_error is not None:
        raise own_error
    names = sorted({v.name for v in slot.order if v.supported})
    if isinstance(kind, str):
        raise ConfigError(Message("{where}.type \"{kind}\" is not a {what} BPE Lens knows; known: "
                                  "{names}", where=where, kind=kind, what=slot.what,
                                  names=', '.join(names)))
    if kind is None:
        raise ConfigError(Message("{where} has no \"type\" and its fields fit no {what} ({names})",
                                  where=where, what=slot.what, names=', '.join(names)))
    raise ConfigError(Message("{where}.type must be a string, not {kind}", where=where,
                              kind=describe(kind)))


def unsupported(name: str, what: str, fields_check: Callable[[Fields], Any] | None = None
                ) -> Callable[[Fields], Any]:
    """A builder for a component HF has and BPE Lens does not: once its fields fit (so HF
    would take it), the error names it."""

    def refuse(fields: Fields) -> Any:
        if fields_check is not None:
            fields_check(fields)
        raise Unsupported(Message("{where}: the {what} {name} is not supported by BPE Lens",
                                  where=fields.where, what=what, name=name))

    return refuse


def items(fields: Fields, key: str, slot: Slot) -> list[Any]:
    return [build(slot, value, f"{fields.path(key)}[{i}]")
            for i, value in enumerate(fields.array(key))]


def pattern_of(fields: Fields) -> tuple[str, bool]:
    """HF's pattern ``{"String": …}`` or ``{"Regex": …}`` (exactly one key)."""
    value = fields.mapping("pattern")
    where = fields.path("pattern")
    if len(value) != 1 or next(iter(value)) not in ("String", "Regex"):
        raise ConfigError(Message("{where} must be {{\"String\": …}} or {{\"Regex\": …}}, not "
                                  "{value} with keys {keys}", where=where, value=describe(value),
                                  keys=sorted(value)))
    ((key, text),) = value.items()
    return check_string(text, f"{where}.{key}"), key == "Regex"


def behavior_of(fields: Fields, default: Any = ...) -> str:
    if default is ...:
        return fields.choice("behavior", BEHAVIORS)
    return fields.choice("behavior", BEHAVIORS, default)


# -- normalizers ---------------------------------------------------------------------------
def _bert_normalizer(f: Fields) -> Normalizer:
    """As HF reads it: ``strip_accents`` may be null or absent, the others are required."""
    from ..pipeline.normalizers.bert import BertNormalizer

    return BertNormalizer(clean_text=f.boolean("clean_text"),
                          handle_chinese_chars=f.boolean("handle_chinese_chars"),
                          strip_accents=f.optional_boolean("strip_accents"),
                          lowercase=f.boolean("lowercase"))


def _strip_accents(f: Fields) -> Normalizer:
    from ..pipeline.normalizers.bert import StripAccents

    return StripAccents()


def _precompiled(f: Fields) -> Normalizer:
    from ..pipeline.normalizers.precompiled import PrecompiledNormalizer

    return PrecompiledNormalizer(f.string("precompiled_charsmap"))


def _with_pattern_path(f: Fields, build: Callable[[], Any]) -> Any:
    """``build()``, a pattern that does not compile named by its place in the file."""
    try:
        return build()
    except ConfigError as exc:
        if "does not compile" not in exc.message:
            raise
        kind = f.data.get("type") if isinstance(f.data, dict) else None
        where = f"{f.where}.{kind}.pattern" if isinstance(kind, str) else f.path("pattern")
        raise ConfigError(Message("{where}: {problem}", where=where,
                                  problem=exc.message)) from None


def _replace_normalizer(f: Fields) -> Normalizer:
    pattern, is_regex = pattern_of(f)
    content = f.string("content")
    return _with_pattern_path(f, lambda: ReplaceNormalizer(pattern, content, is_regex=is_regex))


def _unicode(form: str) -> Callable[[Fields], Normalizer]:
    return lambda f: UnicodeForm(form)


NORMALIZER = Slot(
    "normalizer",
    {"Bert": "BertNormalizer", "Strip": "Strip", "StripAccents": "StripAccents", "NFC": "NFC",
     "NFD": "NFD", "NFKC": "NFKC", "NFKD": "NFKD", "Sequence": "Sequence",
     "Lowercase": "Lowercase", "Nmt": "Nmt", "Precompiled": "Precompiled",
     "Replace": "Replace", "Prepend": "Prepend", "ByteLevel": "ByteLevel"},
    (
        Variant("BertNormalizer", "ignored", _bert_normalizer),
        Variant("Strip", "ignored", lambda f: StripNormalizer(
            left=f.boolean("strip_left"), right=f.boolean("strip_right"))),
        Variant("StripAccents", "required", _strip_accents),
        Variant("NFC", "required", _unicode("nfc")),
        Variant("NFD", "required", _unicode("nfd")),
        Variant("NFKC", "required", _unicode("nfkc")),
        Variant("NFKD", "required", _unicode("nfkd")),
        Variant("Sequence", "ignored", lambda f: NormalizerSequence(
            items(f, "normalizers", NORMALIZER))),
        Variant("Lowercase", "required", lambda f: Lowercase()),
        Variant("Nmt", "required", unsupported("Nmt", "normalizer"), supported=False),
        Variant("Precompiled", "required", _precompiled),
        Variant("Replace", "ignored", _replace_normalizer),
        Variant("Prepend", "ignored", lambda f: PrependNormalizer(f.string("prepend"))),
        Variant("ByteLevel", "required", unsupported("ByteLevel", "normalizer"),
                supported=False),
    ),
)


def build_normalizer(config: Any, where: str = "normalizer") -> Normalizer:
    return Normalizer() if config is None else build(NORMALIZER, config, where)


# -- pre-tokenizers ------------------------------------------------------------------------
def _metaspace_options(f: Fields) -> tuple[str, str, bool]:
    """(replacement, prepend_scheme, split) as HF reads them, old ``add_prefix_space`` too."""
    replacement = f.char("replacement")
    legacy = f.optional_boolean("add_prefix_space")
    scheme = f.choice("prepend_scheme", ("first", "never", "always"), "always")
    split = f.optional_boolean("split")
    f.optional_string("str_rep")
    if legacy is False:
        if scheme != "never":
            raise ConfigError(Message("{where}: add_prefix_space false does not match "
                                      "prepend_scheme \"{scheme}\"", where=f.where, scheme=scheme))
        scheme = "never"
    return replacement, scheme, True if split is None else split


def _metaspace(f: Fields) -> PreTokenizer:
    replacement, scheme, split = _metaspace_options(f)
    return MetaspacePreTokenizer(replacement=replacement, prepend_scheme=scheme, split=split)


def _split(f: Fields) -> PreTokenizer:
    pattern, is_regex = pattern_of(f)
    behavior, invert = behavior_of(f), f.boolean("invert")
    return _with_pattern_path(f, lambda: SplitPreTokenizer(pattern, is_regex=is_regex,
                                                           behavior=behavior, invert=invert))


def _bert_pretokenizer(f: Fields) -> PreTokenizer:
    from ..pipeline.pre_tokenizers.bert import BertPreTokenizer

    return BertPreTokenizer()


def _char_delimiter(f: Fields) -> PreTokenizer:
    import regex

    delimiter = f.char("delimiter")
    return CharClassPreTokenizer("CharDelimiterSplit", regex.escape(delimiter), "Removed",
                                 {"type": "CharDelimiterSplit", "delimiter": delimiter})


def _byte_level_options(f: Fields) -> dict[str, bool]:
    return {"add_prefix_space": f.boolean("add_prefix_space"),
            "trim_offsets": f.boolean("trim_offsets"),
            "use_regex": f.boolean("use_regex", True)}


PRE_TOKENIZER = Slot(
    "pre-tokenizer",
    {name: name for name in ("BertPreTokenizer", "ByteLevel", "Metaspace", "Whitespace",
                             "Sequence", "Split", "Punctuation", "WhitespaceSplit", "Digits",
                             "UnicodeScripts", "FixedLength")}
    | {"Delimiter": "CharDelimiterSplit"},
    (
        Variant("BertPreTokenizer", "required", _bert_pretokenizer),
        Variant("ByteLevel", "required",
                lambda f: ByteLevelPreTokenizer(**_byte_level_options(f))),
        Variant("CharDelimiterSplit", "required", _char_delimiter),
        Variant("Metaspace", "required", _metaspace),
        Variant("Whitespace", "required", lambda f: HFWhitespacePreTokenizer()),
        Variant("Sequence", "required", lambda f: PreTokenizerSequence(
            items(f, "pretokenizers", PRE_TOKENIZER))),
        Variant("Split", "required", _split),
        Variant("Punctuation", "required", lambda f: punctuation(behavior_of(f, "Isolated"))),
        Variant("WhitespaceSplit", "required", lambda f: WhitespacePreTokenizer()),
        Variant("Digits", "required", lambda f: DigitsPreTokenizer(
            individual=f.boolean("individual_digits"))),
        Variant("UnicodeScripts", "required", unsupported("UnicodeScripts", "pre-tokenizer"),
                supported=False),
        Variant("FixedLength", "required", unsupported(
            "FixedLength", "pre-tokenizer", lambda f: f.integer("length", 5, limit=USIZE)),
            supported=False),
    ),
)


def build_pretokenizer(config: Any, where: str = "pre_tokenizer") -> PreTokenizer:
    return PreTokenizer() if config is None else build(PRE_TOKENIZER, config, where)


# -- decoders ------------------------------------------------------------------------------
class _WordPieceChain(Decoder):
    kind = "WordPiece"

    def __init__(self, prefix: str, cleanup: bool) -> None:
        from ..pipeline.decoders import WordPieceDecoder

        self._decoder = WordPieceDecoder(prefix, cleanup)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return [self._decoder.decode(tokens)]

    def to_config(self) -> dict[str, Any]:
        return self._decoder.to_config() | {"type": "WordPiece"}


class JoinWithSpaces(Decoder):
    """What HF returns for a tokenizer without a decoder: the tokens joined by spaces."""

    kind = "none"

    def decode(self, tokens: list[str]) -> str:
        return " ".join(tokens)


def _metaspace_decoder(f: Fields) -> Decoder:
    replacement, scheme, split = _metaspace_options(f)
    return MetaspaceDecoder(replacement, scheme, split)


def _replace_decoder(f: Fields) -> Decoder:
    pattern, is_regex = pattern_of(f)
    return ReplaceDecoder(pattern, f.string("content"), is_regex=is_regex)


def _ctc_fields(f: Fields) -> None:
    f.string("pad_token")
    f.string("word_delimiter_token")
    f.boolean("cleanup")


DECODER = Slot(
    "decoder",
    {name: name for name in ("BPEDecoder", "ByteLevel", "WordPiece", "Metaspace", "CTC",
                             "Sequence", "Replace", "Fuse", "Strip", "ByteFallback")},
    (
        Variant("BPEDecoder", "ignored", lambda f: BPESuffixDecoder(f.string("suffix"))),
        Variant("ByteLevel", "required", lambda f: ByteLevelDecoder(
            {"type": "ByteLevel", **_byte_level_options(f)})),
        Variant("WordPiece", "ignored", lambda f: _WordPieceChain(
            f.string("prefix"), f.boolean("cleanup"))),
        Variant("Metaspace", "required", _metaspace_decoder),
        Variant("CTC", "ignored", unsupported("CTC", "decoder", _ctc_fields), supported=False),
        Variant("Sequence", "required", lambda f: DecoderSequence(items(f, "decoders", DECODER))),
        Variant("Replace", "ignored", _replace_decoder),
        Variant("Fuse", "required", lambda f: FuseDecoder()),
        Variant("Strip", "ignored", lambda f: StripDecoder(
            f.char("content"), f.integer("start", limit=USIZE), f.integer("stop", limit=USIZE))),
        Variant("ByteFallback", "required", lambda f: ByteFallbackDecoder()),
    ),
)


def build_decoder(config: Any, where: str = "decoder") -> Decoder:
    return JoinWithSpaces() if config is None else build(DECODER, config, where)


# -- post-processors -----------------------------------------------------------------------
def _token_and_id(f: Fields, key: str) -> tuple[str, int]:
    value = f.array(key)
    where = f.path(key)
    if len(value) != 2:
        raise ConfigError(Message("{where} must be [token, id], not {value}", where=where,
                                  value=describe(value)))
    return check_string(value[0], f"{where}[0]"), check_integer(value[1], f"{where}[1]")


def _pair(kind: str, *, roberta: bool) -> Callable[[Fields], PostProcessor]:
    def make(f: Fields) -> PostProcessor:
        sep, cls = _token_and_id(f, "sep"), _token_and_id(f, "cls")
        if roberta:
            f.boolean("trim_offsets")
            f.boolean("add_prefix_space")
        return PairPostProcessor(kind, cls, sep, f.data)

    return make


def _template_pieces(f: Fields, key: str) -> list[tuple[str, str]]:
    """A template as (kind, id) pairs: ("Sequence", "A") or ("SpecialToken", "[CLS]")."""
    out = []
    for i, item in enumerate(f.array(key)):
        where = f"{f.path(key)}[{i}]"
        piece = Fields(item, where)
        if len(piece.data) != 1 or next(iter(piece.data)) not in ("Sequence", "SpecialToken"):
            raise ConfigError(Message("{where} must be {{\"Sequence\": …}} or "
                                      "{{\"SpecialToken\": …}}", where=where))
        ((kind, body),) = piece.data.items()
        inner = Fields(body, f"{where}.{kind}")
        ident = inner.choice("id", ("A", "B")) if kind == "Sequence" else inner.string("id")
        inner.integer("type_id")
        out.append((kind, ident))
    return out


def _template(f: Fields) -> PostProcessor:
    single = _template_pieces(f, "single")
    _template_pieces(f, "pair")
    if [ident for kind, ident in single if kind == "Sequence"] != ["A"]:
        # HF then returns the text's ids zero or several times, even without special tokens.
        raise Unsupported(Message("{path} must hold the sequence (A) exactly once; BPE Lens does "
                                  "not support templates that drop or repeat the text",
                                  path=f.path('single')))
    specials: dict[str, list[int]] = {}
    table = f.obj("special_tokens")
    for name, entry in table.data.items():
        token = Fields(entry, table.path(name))
        token.string("id")
        ids = [check_integer(v, f"{token.path('ids')}[{i}]")
               for i, v in enumerate(token.array("ids"))]
        for i, v in enumerate(token.array("tokens")):
            check_string(v, f"{token.path('tokens')}[{i}]")
        specials[name] = ids
    return TemplatePostProcessor(single, specials, f.data)


POST_PROCESSOR = Slot(
    "post-processor",
    {},  # HF picks a post-processor by its fields alone (Roberta's before Bert's)
    (
        Variant("RobertaProcessing", "ignored", _pair("RobertaProcessing", roberta=True)),
        Variant("BertProcessing", "ignored", _pair("BertProcessing", roberta=False)),
        Variant("ByteLevel", "required", lambda f: ByteLevelPostProcessor(
            {"type": "ByteLevel", **_byte_level_options(f)})),
        Variant("TemplateProcessing", "ignored", _template),
        Variant("Sequence", "required", lambda f: PostProcessorSequence(
            items(f, "processors", POST_PROCESSOR))),
    ),
)


def build_post_processor(config: Any, where: str = "post_processor") -> PostProcessor | None:
    return None if config is None else build(POST_PROCESSOR, config, where)


# -- the whole file ------------------------------------------------------------------------
def _check_truncation(f: Fields) -> None:
    f.choice("direction", ("Left", "Right"), "Right")
    f.integer("max_length", limit=USIZE)
    f.choice("strategy", ("LongestFirst", "OnlyFirst", "OnlySecond"))
    f.integer("stride", limit=USIZE)


def _check_padding(f: Fields) -> None:
    strategy = f.data.get("strategy")
    if not (strategy == "BatchLongest" or (
            isinstance(strategy, dict) and list(strategy) == ["Fixed"])):
        raise ConfigError(Message("{path} must be \"BatchLongest\" or {{\"Fixed\": n}}, not "
                                  "{strategy}", path=f.path('strategy'),
                                  strategy=describe(strategy)))
    if isinstance(strategy, dict):
        check_integer(strategy["Fixed"], f"{f.path('strategy')}.Fixed", limit=USIZE)
    f.choice("direction", ("Left", "Right"))
    f.optional_integer("pad_to_multiple_of", limit=USIZE)
    f.integer("pad_id")
    f.integer("pad_type_id")
    f.string("pad_token")


def _added_tokens(doc: Fields) -> list[AddedToken]:
    """The added tokens as the file declares them (every field is required, as in HF)."""
    out = []
    for index, entry in enumerate(doc.array("added_tokens", [])):
        f = Fields(entry, f"added_tokens[{index}]")
        out.append(AddedToken(
            id=f.integer("id"), content=f.string("content"), special=f.boolean("special"),
            single_word=f.boolean("single_word"), lstrip=f.boolean("lstrip"),
            rstrip=f.boolean("rstrip"), normalized=f.boolean("normalized")))
    return out


def assign_added_ids(tokens: list[AddedToken], model: TokenModel,
                     known: Mapping[str, int | None] | None = None) -> list[AddedToken]:
    """The ids HF gives added tokens: the declared id is ignored; a token whose content the
    vocabulary has takes the vocabulary's id, any other the next id after the vocabulary's
    entries (HF's vocabulary size). An empty content is skipped; a content given twice is
    one token, with the later options. ``known``: content → the vocabulary's id (None: not
    in it), as :func:`vocabulary_ids` gave them for the same file; the model's vocabulary
    is then not read (a cached model builds it on first use)."""
    by_content: dict[str, AddedToken] = {}
    next_id = model.entry_count

    def lookup(content: str) -> int | None:
        if known is not None and content in known:
            return known[content]
        return model.token_to_id(content)

    for token in tokens:
        if not token.content:
            continue
        earlier = by_content.get(token.content)
        if earlier is not None:
            by_content[token.content] = replace(token, id=earlier.id)
            continue
        tid = lookup(token.content)
        if tid is None:
            tid, next_id = next_id, next_id + 1
        by_content[token.content] = replace(token, id=tid)
    return list(by_content.values())


def vocabulary_ids(tokenizer: Tokenizer) -> dict[str, int | None]:
    """Each added token's content → its id in the model's vocabulary (None: not there), what
    the disk cache keeps for :func:`assign_added_ids`."""
    lookup = tokenizer.model.token_to_id
    return {t.content: lookup(t.content) for t in tokenizer.specials.tokens}


def tokenizer_from_hf(
    data: Any, *, path: str = "<tokenizer.json>", model: TokenModel | None = None,
    known: Mapping[str, int | None] | None = None,
) -> Tokenizer:
    """Build from a parsed tokenizer.json (``model`` given: already built, e.g. from cache;
    ``known``: see :func:`assign_added_ids`). Every problem is a :class:`TokenizerFileError`
    naming the file and the field's path."""
    try:
        return _tokenizer_from_hf(data, path, model, known)
    except TokenizerFileError:
        raise
    except BpeLensError as exc:
        raise TokenizerFileError(path, exc.message, fixes=exc.fixes) from None
    except RecursionError:
        raise TokenizerFileError(path, "components are nested too deeply") from None


def _tokenizer_from_hf(data: Any, path: str, model: TokenModel | None,
                       known: Mapping[str, int | None] | None) -> Tokenizer:
    if not isinstance(data, dict) or "model" not in data:
        raise TokenizerFileError(path, "not a Hugging Face tokenizer.json (no \"model\" object)")
    doc = Fields(data, "(top level)")
    unknown = sorted(set(data) - TOP_LEVEL)
    if unknown:
        # HF's reader does not skip a key it does not know: the file fails to parse.
        raise ConfigError(Message("unknown top-level field {unknown!r} (a tokenizer.json has "
                                  "{top_level}; Hugging Face refuses others too)",
                                  unknown=unknown[0], top_level=', '.join(sorted(TOP_LEVEL))))
    if doc.has("version"):
        version = doc.string("version")
        if version != "1.0":
            raise ConfigError(Message("version \"{version}\" is not one Hugging Face reads "
                                      "(\"1.0\")", version=version))
    if data.get("truncation") is not None:
        _check_truncation(Fields(data["truncation"], "truncation"))
    if data.get("padding") is not None:
        _check_padding(Fields(data["padding"], "padding"))
    declared = _added_tokens(doc)
    normalizer = build_normalizer(data.get("normalizer"))
    pretokenizer = build_pretokenizer(data.get("pre_tokenizer"))
    post_processor = build_post_processor(data.get("post_processor"))
    decoder = build_decoder(data.get("decoder"))
    # HF's models have no "level": a BPE vocabulary is spelled in GPT-2's byte alphabet
    # exactly when a ByteLevel pre-tokenizer hands it that spelling.
    byte_level = _has_byte_level(pretokenizer)
    if model is None:
        model = build_model(data["model"], byte_level)
    added = assign_added_ids(declared, model, known)
    if pretokenizer.spells_bytes:
        model = model.with_spelled_input()
    tokenizer = Tokenizer(model, normalizer=normalizer, pretokenizer=pretokenizer,
                          added_tokens=added, post_processor=post_processor, decoder=decoder)
    given = {t.content: t.id for t in added}
    moved = [f"{t.content!r} {t.id} → {given[t.content]}"
             for t in declared if t.content and given[t.content] != t.id]
    if moved:
        tokenizer.load_notes.append(Message(
            "{count} added token(s) take other ids than the file declares, as Hugging Face "
            "gives them: {moved}", count=len(moved),
            moved=", ".join(moved[:5]) + (" …" if len(moved) > 5 else "")))
    empty = [index for index, t in enumerate(declared) if not t.content]
    if empty:
        # Hugging Face drops such an entry without a word; its id then means nothing.
        tokenizer.load_notes.append(Message(
            "added_tokens[{index}] (id {id}) has empty content: left out, as Hugging Face "
            "leaves it out (its id is not a token)", index=empty[0], id=declared[empty[0]].id))
    # The document without its vocabulary: what the disk cache keeps beside the model tables.
    doc_only = {k: v for k, v in data.items() if k != "model"}
    doc_only["model"] = {k: v for k, v in data["model"].items() if k not in ("vocab", "merges")}
    tokenizer.source = Origin("tokenizer.json", path or "", document=doc_only)
    return tokenizer


def _has_byte_level(pretokenizer: PreTokenizer) -> bool:
    return any(step.byte_level for step in pretokenizer.flat_steps())


# Models whose tables the disk cache keeps: what an entry says it holds → how it is rebuilt
# (BPE tables in the packed form of hf_models.pack_bpe).
_CACHED_MODELS: dict[str, Callable[[Any], TokenModel]] = {
    "bpe": CachedVocabBPE.from_packed, "unigram": UnigramModel.from_tables}


def _cached_tokenizer(cached: Any, path: Path) -> Tokenizer | None:
    """The tokenizer a disk cache entry describes, or None when the entry is not one."""
    if not isinstance(cached, dict):
        return None
    try:
        # Entries written before Unigram models were kept hold a BPE model.
        rebuild = _CACHED_MODELS[cached.get("model", "bpe")]
        known = cached.get("added")
        if known is not None and not (
                isinstance(known, dict) and all(map(str.__instancecheck__, known))
                and all(v is None or type(v) is int for v in known.values())):
            return None
        return tokenizer_from_hf(cached["doc"], path=str(path), model=rebuild(cached["tables"]),
                                 known=known)
    except (KeyError, TypeError, ValueError, IndexError, BpeLensError):
        return None  # a damaged entry: parse the file again


def load_hf_tokenizer(path: str | Path) -> Tokenizer:
    path = Path(path)
    data = read_file(path)
    digest = disk_cache.content_digest(data)
    tokenizer = _cached_tokenizer(disk_cache.load("tokenizer.json", digest), path)
    if tokenizer is None:
        tokenizer = tokenizer_from_hf(parse_json_bytes(path, data, max_depth=MAX_DEPTH,
                                                       parse_float=json_float),
                                      path=str(path))
        model = tokenizer.model
        tables = (pack_bpe(model) if type(model) is VocabBPEModel
                  else model.to_tables() if type(model) is UnigramModel else None)
        if tables is not None:
            doc = dict(tokenizer.source.document or {}) if tokenizer.source else {}
            disk_cache.store("tokenizer.json", digest, {
                "doc": doc, "model": "bpe" if type(model) is VocabBPEModel else "unigram",
                "tables": tables, "added": vocabulary_ids(tokenizer)})
    doc = tokenizer.source.document if tokenizer.source else None
    # The document without its vocabulary stays: exporting writes it back with the tables.
    tokenizer.source = Origin("tokenizer.json", str(path), sha256=digest, document=doc)
    tokenizer.name = path.name.removesuffix(".json").removesuffix(".tokenizer") or path.stem
    return tokenizer
