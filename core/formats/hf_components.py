"""Normalizers and pre-tokenizers as tokenizer.json spells them: the writing half of
``hf_json``'s ``NORMALIZER`` and ``PRE_TOKENIZER`` slots, by class.

Classes read from tokenizer.json say their own config (``to_config``); BPE Lens's own classes,
which hf_json also builds (NFC is a :class:`UnicodeForm`), are spelled here. A class missing
from these tables has no tokenizer.json equivalent and is refused by name. Reading back what
is written gives the same config again (tests check it on every real file).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.normalizers.base import Lowercase, Normalizer, NormalizerSequence, UnicodeForm
from ..pipeline.normalizers.bert import BertNormalizer, StripAccents
from ..pipeline.normalizers.hf import PrependNormalizer, ReplaceNormalizer, StripNormalizer
from ..pipeline.normalizers.precompiled import PrecompiledNormalizer
from ..pipeline.pre_tokenizers.base import (
    DigitsPreTokenizer,
    PreTokenizer,
    PreTokenizerSequence,
    RegexPreTokenizer,
    WhitespacePreTokenizer,
)
from ..pipeline.pre_tokenizers.bert import BertPreTokenizer
from ..pipeline.pre_tokenizers.hf import (
    ByteLevelPreTokenizer,
    CharClassPreTokenizer,
    HFWhitespacePreTokenizer,
    MetaspacePreTokenizer,
    SplitPreTokenizer,
)
from ..text.regex_dialects import onig_pattern

Writer = Callable[[Any], dict[str, Any]]


def _own_config(component: Any) -> dict[str, Any]:
    return component.to_config()


NORMALIZER_WRITERS: dict[type, Writer] = {
    UnicodeForm: lambda n: {"type": n.form},
    Lowercase: lambda _n: {"type": "Lowercase"},
    NormalizerSequence: lambda n: {"type": "Sequence", "normalizers": [
        hf_normalizer(s) for s in n.steps if not s.is_identity]},
    **dict.fromkeys((BertNormalizer, StripAccents, StripNormalizer, ReplaceNormalizer,
                     PrependNormalizer, PrecompiledNormalizer), _own_config),
}
PRE_TOKENIZER_WRITERS: dict[type, Writer] = {
    RegexPreTokenizer: lambda p: {"type": "Split", "pattern": {"Regex": onig_pattern(p.pattern)},
                                  "behavior": "Isolated", "invert": False},
    WhitespacePreTokenizer: lambda _p: {"type": "WhitespaceSplit"},
    DigitsPreTokenizer: lambda p: {"type": "Digits", "individual_digits": p.individual},
    PreTokenizerSequence: lambda p: {"type": "Sequence", "pretokenizers": [
        hf_pretokenizer(s) for s in p.steps if type(s) is not PreTokenizer]},
    **dict.fromkeys((SplitPreTokenizer, CharClassPreTokenizer, ByteLevelPreTokenizer,
                     MetaspacePreTokenizer, HFWhitespacePreTokenizer, BertPreTokenizer),
                    _own_config),
}


def hf_normalizer(normalizer: Normalizer) -> dict[str, Any] | None:
    """``normalizer`` as tokenizer.json's ``"normalizer"`` (None: it changes nothing)."""
    if normalizer.is_identity:
        return None
    write = NORMALIZER_WRITERS.get(type(normalizer))
    if write is None:
        raise ConfigError(Message("normalizer {kind!r} has no tokenizer.json equivalent",
                                  kind=normalizer.kind))
    return write(normalizer)


def hf_pretokenizer(pre: PreTokenizer) -> dict[str, Any] | None:
    """``pre`` as tokenizer.json's ``"pre_tokenizer"`` (None: it does not split)."""
    if type(pre) is PreTokenizer:
        return None
    write = PRE_TOKENIZER_WRITERS.get(type(pre))
    if write is None:
        raise ConfigError(Message("pre-tokenizer {kind!r} has no tokenizer.json equivalent",
                                  kind=pre.kind))
    return write(pre)
