"""Merge conflicts when extending a BPE tokenizer (seed 000 §7.1): merges appended for new
tokens can be shadowed by earlier ones, so the new tokens never come out.

The seed's example: the base has a+b→ab; adding b+c→bc and a+bc→abc does not make ``abc``
reachable — its text starts a b c, the rank-0 merge a+b applies first, and ab | c has no rule.
Each added token is checked by encoding its own text; an unreachable one is reported with
where encoding stops, the earlier merge that got there first, and a fix: merges appended that
join what encoding stops at, left to right, into the token (ab+c→abc here), checked by
encoding again with the fix applied.

Two kinds of tokenizer take merges: BPE trained or saved by BPE Lens (:class:`BPEModel`), and
Hugging Face's vocabulary + merges BPE (:class:`VocabBPEModel`, from a tokenizer.json or
GPT-2's vocab.json + merges.txt). The second is extended as its tokenizer.json document, so
what is checked here is the very file :func:`save_extended` writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..formats.export import keep_added_ids, save_hf_json, to_hf_json
from ..formats.hf_json import tokenizer_from_hf
from ..formats.own_format import save_tokenizer, tokenizer_from_dict, tokenizer_to_dict
from ..models.bpe import BPEModel
from ..models.merges import MergeRule
from ..models.vocab_bpe import VocabBPEModel
from ..pipeline.tokenizer import Tokenizer
from ..text.byte_level import bytes_to_printable
from .audit import _blocking_merge

_TAKES_MERGES = ("merges can be added to a BPE tokenizer trained or saved by BPE Lens, or to a "
                 "Hugging Face vocabulary + merges BPE (tokenizer.json, vocab.json + merges.txt) "
                 "without continuing_subword_prefix/end_of_word_suffix")


@dataclass(frozen=True)
class Conflict:
    """An added token that encoding its own text does not give."""

    token_id: int
    text: str
    stops_at: tuple[int, ...]  # what the text encodes to instead
    blocked_by: MergeRule | None  # the earlier merge that gets there first
    fix: tuple[tuple[bytes, bytes], ...]  # merges to append (by the tokens' bytes)
    fixed: bool  # whether the fix, applied, makes the token reachable


def _check_takes_merges(tokenizer: Tokenizer) -> None:
    model = tokenizer.model
    if isinstance(model, BPEModel):
        return
    if isinstance(model, VocabBPEModel):
        if model.prefix or model.suffix:
            # Bytes do not say which affixed spelling is meant (a+##b, ##a+##b both make
            # "ab" bytes), so such a merge cannot be written unambiguously.
            affix = "continuing_subword_prefix" if model.prefix else "end_of_word_suffix"
            raise ConfigError(Message("{takes_merges} (this one has {affix} {value!r})",
                                      takes_merges=_TAKES_MERGES, affix=affix,
                                      value=model.prefix or model.suffix))
        return
    raise ConfigError(Message("{takes_merges} (this one is {describe})", takes_merges=_TAKES_MERGES,
                              describe=model.describe()))


def _id_of(model: BPEModel, data: bytes) -> int:
    tid = model.id_of_bytes(data)
    if tid is None:
        raise ConfigError(Message("{data!r} is not a token of this tokenizer", data=data))
    return tid


def add_merges(tokenizer: Tokenizer, merges: Sequence[tuple[bytes, bytes]]
               ) -> tuple[Tokenizer, tuple[int, ...]]:
    """A copy with ``merges`` (pairs of token bytes) appended after the existing ones; and
    the ids the merges make (new or existing tokens), in order."""
    _check_takes_merges(tokenizer)
    if isinstance(tokenizer.model, VocabBPEModel):
        return _add_vocab_merges(tokenizer, tokenizer.model, merges)
    extended = tokenizer_from_dict(tokenizer_to_dict(tokenizer))
    model = extended.model
    assert isinstance(model, BPEModel)
    made = []
    for left, right in merges:
        made.append(model.merge_pair(_id_of(model, left), _id_of(model, right)).new_id)
    # The training record describes the merges learned, not these: it is left behind.
    extended.training = None
    # Read back whole, so every cache starts from the extended merges.
    return tokenizer_from_dict(tokenizer_to_dict(extended)), tuple(made)


def _spelling(model: VocabBPEModel, data: bytes) -> str:
    """The vocabulary's key for a token of these bytes: GPT-2's printable alphabet at byte
    level, the text itself otherwise. Only this spelling is ever a BPE symbol (merges join
    spellings), so it is also how bytes are looked up: a vocabulary entry spelled otherwise
    (an added token kept in the vocabulary, a <0xNN> byte token) is not taken for them."""
    if model.level == "byte":
        return bytes_to_printable(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(Message("{data!r} is not a token of this tokenizer (a character-level "
                                  "vocabulary merges whole UTF-8 characters)",
                                  data=data)) from None


def _add_vocab_merges(tokenizer: Tokenizer, model: VocabBPEModel,
                      merges: Sequence[tuple[bytes, bytes]]) -> tuple[Tokenizer, tuple[int, ...]]:
    doc = to_hf_json(tokenizer)
    vocab: dict[str, int] = doc["model"]["vocab"]
    # to_hf_json writes the merges as [left, right] lists: they hold a token with a space,
    # which the older "left right" strings cannot.
    listed: list[list[str]] = doc["model"]["merges"]
    symbols = set(model.vocab)  # what a merge may join: the vocabulary and tokens made here
    added_ids = dict(tokenizer.specials.ids)
    pairs: dict[tuple[str, str], str] = {}  # in order, each once
    for left, right in merges:
        spelled = []
        for data in (left, right):
            spelling = _spelling(model, data)
            if not data or spelling not in symbols:
                raise ConfigError(Message("{data!r} is not a token of this tokenizer", data=data))
            spelled.append(spelling)
        a, b = spelled
        symbols.add(a + b)  # a later merge of this call may join it
        pairs[(a, b)] = a + b
    fresh = [s for s in dict.fromkeys(pairs.values()) if s not in vocab]
    if fresh:
        keep_added_ids(vocab, tokenizer)
        fresh = [s for s in fresh if s not in vocab]
        next_id = max([*vocab.values(), *added_ids.values()], default=-1) + 1
        for spelling in fresh:
            vocab[spelling] = next_id
            next_id += 1
    for a, b in pairs:
        left_id, right_id = model.vocab.get(a), model.vocab.get(b)
        if left_id is None or right_id is None or model.pair_merge(left_id, right_id) is None:
            # A pair listed twice takes its later rank in HF: appending an existing merge
            # again would move it, so it stays where it is.
            listed.append([a, b])
    source = tokenizer.source.path if tokenizer.source and tokenizer.source.path else ""
    extended = tokenizer_from_hf(doc, path=f"{source or 'tokenizer.json'} (merges added)")
    extended.name = tokenizer.name
    made = [vocab[_spelling(model, left + right)] for left, right in merges]
    return extended, tuple(made)


def _fix_for(tokenizer: Tokenizer, stops_at: Sequence[int]) -> tuple[tuple[bytes, bytes], ...]:
    """Merges joining ``stops_at`` left to right: t1+t2, (t1t2)+t3, …"""
    table = [tokenizer.token_bytes(tid) for tid in stops_at]
    fix = []
    acc = table[0]
    for data in table[1:]:
        fix.append((acc, data))
        acc += data
    return tuple(fix)


def find_conflicts(tokenizer: Tokenizer, token_ids: Sequence[int]) -> list[Conflict]:
    """The tokens among ``token_ids`` that their own text does not encode to, each with a
    fix checked on a copy."""
    conflicts = []
    for tid in token_ids:
        text = tokenizer.decode([tid], errors="replace")
        got = tokenizer.encode_ids(text, special="none")
        if got == [tid]:
            continue
        blocked = _blocking_merge(tokenizer, tid, text)
        fix: tuple[tuple[bytes, bytes], ...] = ()
        fixed = False
        # Merges joining what encoding stops at make the token only when those are its bytes:
        # not when its text is not its bytes (half a character decodes to U+FFFD) or the
        # normalizer changed the text; a "fix" there would add a merge for another token.
        if (isinstance(tokenizer.model, BPEModel | VocabBPEModel) and len(got) > 1
                and b"".join(map(tokenizer.token_bytes, got)) == tokenizer.token_bytes(tid)):
            fix = _fix_for(tokenizer, got)
            try:
                repaired, _ = add_merges(tokenizer, fix)
            except ConfigError:
                # Encoding stopped at something no merge can name (the unknown token, a
                # <0xNN> fallback byte): there is no fix made of merges.
                fix = ()
            else:
                fixed = repaired.encode_ids(text, special="none") == [tid]
        conflicts.append(Conflict(tid, text, tuple(got), blocked, fix, fixed))
    return conflicts


def apply_fixes(tokenizer: Tokenizer, conflicts: Sequence[Conflict]) -> Tokenizer:
    """A copy with every conflict's fix appended (a merge already added once is not
    repeated)."""
    merges = list(dict.fromkeys(m for conflict in conflicts for m in conflict.fix))
    return add_merges(tokenizer, merges)[0]


def extended_format(tokenizer: Tokenizer) -> str:
    """The format :func:`save_extended` writes this tokenizer in."""
    if isinstance(tokenizer.model, VocabBPEModel):
        return "tokenizer.json"
    if isinstance(tokenizer.model, BPEModel):
        return "bpelens"
    raise ConfigError(Message("{takes_merges} (this one is {describe})", takes_merges=_TAKES_MERGES,
                              describe=tokenizer.model.describe()))


def save_extended(tokenizer: Tokenizer, path: str | Path) -> None:
    """Write a tokenizer with merges added in the format it can be read back from with those
    merges: a Hugging Face tokenizer.json for vocabulary + merges BPE, BPE Lens's own JSON
    for BPE trained or saved here."""
    if extended_format(tokenizer) == "tokenizer.json":
        save_hf_json(tokenizer, path)
    else:
        save_tokenizer(tokenizer, path)
