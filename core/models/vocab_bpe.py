"""BPE from a vocabulary and a merge list, as Hugging Face's ``BPE`` model runs it.

Merges rank *pairs* of ids. Byte-level vocabularies (GPT-2 and descendants) spell bytes with
printable characters (``Ġ`` for space); this model works on the bytes themselves. Other
vocabularies (SentencePiece-style, ``▁`` for space) start from characters, with HF's rules
for characters missing from the vocabulary: ``<0xNN>`` byte tokens (``byte_fallback``), else
the unknown token (consecutive ones fused with ``fuse_unk``), else nothing at all.
``continuing_subword_prefix``/``end_of_word_suffix`` mark non-initial/final symbols;
``ignore_merges`` looks a whole piece up in the vocabulary first.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Mapping, Sequence
from functools import cached_property
from itertools import repeat
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..fast.short_steps import mapped_array
from ..pipeline.capabilities import Can
from ..text.byte_level import bytes_to_unicode, printable_to_bytes, unicode_to_bytes
from .base import (
    BYTE_FALLBACK,
    BYTE_LEVEL,
    CHARACTER_LEVEL,
    TokenKind,
    TokenModel,
    check_vocabulary_ids,
    listed,
)
from .merges import MergePairs, MergeRule, MergeStep
from .rank_merge import (
    LONG_PIECE,
    VECTOR_PIECE,
    last_merge_rank,
    merge_by_rank,
    trace_by_rank,
)

# Pieces to merge at once before the vectorized merge pays for building its table, and once
# it is built.
BULK_FIRST = 15_000
BULK_AGAIN = 1_000


class VocabBPEModel(TokenModel):
    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        # A token's spelling is its bytes' only when no marker is added to it (CLIP's
        # "</w>": the decoder reads it as text, its bytes leave it out).
        plain = self.level == "byte" and not self.prefix and not self.suffix
        return Can.SPELL_BYTE_LEVEL if plain else Can.NOTHING

    def __init__(
        self,
        *,
        vocab: Mapping[str, int],
        merges: Sequence[tuple[str, str]],
        byte_level: bool,
        unk_token: str | None = None,
        continuing_subword_prefix: str | None = None,
        end_of_word_suffix: str | None = None,
        fuse_unk: bool = False,
        byte_fallback: bool = False,
        ignore_merges: bool = False,
        vocab_field: str = "model.vocab",
        spelled_input: bool = False,
    ) -> None:
        self.level = "byte" if byte_level else "char"
        self.vocab = dict(vocab)
        self.unk_token = unk_token
        self.prefix = continuing_subword_prefix or ""
        self.suffix = end_of_word_suffix or ""
        self.fuse_unk = fuse_unk
        self.byte_fallback = byte_fallback
        self.ignore_merges = ignore_merges
        # Byte level only: pieces arrive spelled in GPT-2's alphabet (one character per
        # byte) instead of as text, when pre-tokenizers work on that spelling.
        self.mapped_input = spelled_input
        check_vocabulary_ids(self.vocab, vocab_field)
        ids = list(self.vocab.values())
        size = max(ids, default=-1) + 1
        by_id = dict(zip(ids, self.vocab, strict=True))
        self.labels: list[str | None] = list(map(by_id.get, range(size)))
        self.unk_id = self.vocab.get(unk_token) if unk_token is not None else None

        # Merges: pair → rank; a pair listed twice keeps its last rank, as in HF. Built with
        # map() over whole columns: a 150k-merge file loads in a fraction of a second.
        shift = max(1, (size - 1).bit_length())
        self._shift = shift
        if isinstance(merges, MergePairs):
            lefts, rights = merges.lefts, merges.rights
        else:
            lefts = list(map(operator.itemgetter(0), merges))
            rights = list(map(operator.itemgetter(1), merges))
        if self.prefix:
            cut = len(self.prefix.encode("utf-8"))
            tails = [r.encode("utf-8")[cut:].decode("utf-8", "replace") for r in rights]
        else:
            tails = rights
        get = self.vocab.get
        left_ids = list(map(get, lefts))
        right_ids = list(map(get, rights))
        merged = list(map(operator.add, lefts, tails))
        new_ids = list(map(get, merged))
        if None in left_ids or None in right_ids or None in new_ids:
            for rank in range(len(merges)):
                for token, tid in ((lefts[rank], left_ids[rank]), (rights[rank], right_ids[rank]),
                                   (merged[rank], new_ids[rank])):
                    if tid is None:
                        raise ConfigError(Message("merge rank {rank} ({lefts!r} {rights!r}): token "
                                                  "{token!r} is not in the vocabulary", rank=rank,
                                                  lefts=lefts[rank], rights=rights[rank],
                                                  token=token))
        keys = map(operator.or_, map(operator.lshift, left_ids, repeat(shift)), right_ids)
        self._ranks: dict[int, int] = dict(zip(keys, range(len(merges)), strict=True))
        self._new_ids: list[int] = new_ids  # type: ignore[assignment]
        self._merge_lefts: list[int] = left_ids  # type: ignore[assignment]
        self._merge_rights: list[int] = right_ids  # type: ignore[assignment]

        if byte_level:
            printable = bytes_to_unicode()
            self._byte_ids = [self.vocab.get(printable[b]) for b in range(256)]
            # A word's last byte carries the end-of-word suffix (CLIP: "o</w>").
            self._last_byte_ids = ([self.vocab.get(printable[b] + self.suffix)
                                    for b in range(256)] if self.suffix else self._byte_ids)
        else:
            self._fallback_ids = [self.vocab.get(f"<0x{b:02X}>") for b in range(256)]

    # -- a form the disk cache can hold -----------------------------------------------------
    def to_tables(self) -> dict[str, Any]:
        return {
            "vocab": self.vocab, "ranks": self._ranks, "new": self._new_ids,
            "lefts": self._merge_lefts, "rights": self._merge_rights, "shift": self._shift,
            "options": [self.level, self.unk_token, self.prefix, self.suffix, self.fuse_unk,
                        self.byte_fallback, self.ignore_merges],
        }

    @classmethod
    def from_tables(cls, tables: dict[str, Any]) -> VocabBPEModel:
        """Rebuild from :meth:`to_tables` without re-deriving the merges."""
        level, unk, prefix, suffix, fuse_unk, byte_fallback, ignore_merges = tables["options"]
        model = cls(vocab=tables["vocab"], merges=(), byte_level=level == "byte",
                    unk_token=unk, continuing_subword_prefix=prefix, end_of_word_suffix=suffix,
                    fuse_unk=fuse_unk, byte_fallback=byte_fallback, ignore_merges=ignore_merges)
        model._ranks = tables["ranks"]
        model._new_ids = tables["new"]
        model._merge_lefts = tables["lefts"]
        model._merge_rights = tables["rights"]
        model._shift = tables["shift"]
        return model

    # -- vocabulary -------------------------------------------------------------------------
    @cached_property
    def token_bytes(self) -> list[bytes | None]:  # type: ignore[override]
        table: list[bytes | None] = [None] * len(self.labels)
        inverse = unicode_to_bytes()
        if self.level == "byte" and not self.suffix:
            return self._spelled_bytes()
        for tid, label in enumerate(self.labels):
            if label is None:
                continue
            if self.level == "byte":
                if self.suffix and label.endswith(self.suffix):
                    label = label[: -len(self.suffix)]  # a word's end: the suffix is no byte
                try:
                    table[tid] = bytes(inverse[c] for c in label)
                except KeyError:  # not byte-level spelling (an added token kept in the vocab)
                    table[tid] = label.encode("utf-8")
            elif tid == self.unk_id:
                table[tid] = b""
            elif self.byte_fallback and _is_byte_token(label):
                table[tid] = bytes([int(label[3:5], 16)])
            else:
                table[tid] = self._strip_affixes(label).encode("utf-8")
        return table

    def _spelled_bytes(self) -> list[bytes | None]:
        """Each byte-level label's bytes, read with ``str.translate`` (in C): a character out
        of GPT-2's alphabet becomes U+FFFF, which Latin-1 cannot encode, and such a label (an
        added token kept in the vocabulary) is its own UTF-8 instead."""
        spelled = bytes_to_unicode()
        reading = dict.fromkeys(range(256), 0xFFFF)  # the raw characters are no spelling
        reading.update({ord(c): b for b, c in enumerate(spelled)})
        out: list[bytes | None] = []
        for label in self.labels:
            if label is None:
                out.append(None)
                continue
            try:
                out.append(label.translate(reading).encode("latin-1"))
            except UnicodeEncodeError:
                out.append(label.encode("utf-8"))
        return out

    def _strip_affixes(self, label: str) -> str:
        if self.prefix and label.startswith(self.prefix):
            label = label[len(self.prefix):]
        if self.suffix and label.endswith(self.suffix):
            label = label[: -len(self.suffix)]
        return label

    @property
    def vocab_size(self) -> int:
        return len(self.labels)

    @property
    def entry_count(self) -> int:
        return len(self.vocab)

    @property
    def merge_count(self) -> int:
        return len(self._new_ids)

    def describe(self) -> str:
        kind = BYTE_LEVEL if self.level == "byte" else CHARACTER_LEVEL
        extras = [name for name, on in ((BYTE_FALLBACK, self.byte_fallback),
                                        ("ignore_merges", self.ignore_merges)) if on]
        return Message("{kind} BPE{extras}, {tokens} tokens, {merges} merges", kind=kind,
                       extras=listed(extras), tokens=len(self.vocab),
                       merges=len(self._new_ids))

    def kind(self, token_id: int) -> TokenKind:
        label = self.labels[token_id] if 0 <= token_id < len(self.labels) else None
        if token_id == self.unk_id:
            return "unknown"
        if self.level == "char" and self.byte_fallback and label and _is_byte_token(label):
            return "byte_fallback"
        if token_id in self._made:
            return "merged"
        return "byte" if self.level == "byte" else "char"

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        label = self.labels[token_id] or ""
        if self.level == "byte" and not printable:
            return (self.token_bytes[token_id] or b"").decode("utf-8", "backslashreplace")
        return label

    def id_to_token(self, token_id: int) -> str | None:
        return self.labels[token_id] if 0 <= token_id < len(self.labels) else None

    def token_to_id(self, token: str) -> int | None:
        return self.vocab.get(token)

    def built_by(self, token_id: int) -> MergeRule | None:
        return self._built.get(token_id)

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        rank = self._ranks.get(left_id << self._shift | right_id)
        return None if rank is None else MergeRule(rank, left_id, right_id, self._new_ids[rank])

    after_merges = Message("ignore_merges: the piece is in the vocabulary whole, so it is one "
                           "token and no merge runs")

    @cached_property
    def _built(self) -> dict[int, MergeRule]:
        built: dict[int, MergeRule] = {}
        for rank, (a, b, new) in enumerate(zip(self._merge_lefts, self._merge_rights,
                                               self._new_ids, strict=True)):
            built.setdefault(new, MergeRule(rank, a, b, new))
        return built

    @cached_property
    def _made(self) -> frozenset[int]:
        """The ids some merge makes (a set of ints: asking ``kind`` of every token then costs
        no MergeRule per merge)."""
        return frozenset(self._new_ids)

    def merge_spellings(self) -> list[tuple[str, str]]:
        """The merges as the file listed them (a pair listed twice, twice), as spellings."""
        labels = self.labels
        return [(labels[a] or "", labels[b] or "")
                for a, b in zip(self._merge_lefts, self._merge_rights, strict=True)]

    def merge_list(self) -> list[MergeRule]:
        return [MergeRule(rank, a, b, new) for rank, (a, b, new) in enumerate(
            zip(self._merge_lefts, self._merge_rights, self._new_ids, strict=True))]

    def own_symbols(self, token_id: int) -> list[int] | None:
        """The symbols a piece that is exactly this token starts as: its bytes, or its
        characters with the continuing-subword prefix on all but a word's first and the
        end-of-word suffix on the last (None: a symbol is not in the vocabulary)."""
        label = self.labels[token_id] if 0 <= token_id < len(self.labels) else None
        if label is None or token_id == self.unk_id:
            return None
        if self.level == "byte":
            data = self.token_bytes[token_id] or b""
            if self._translate is not None:
                return list(data.translate(self._translate)) or None
            ids = [self._byte_ids[b] for b in data]
            if ids and self.suffix and label.endswith(self.suffix):
                ids[-1] = self._last_byte_ids[data[-1]]  # a word's end: "o</w>"
        else:
            inside = bool(self.prefix) and label.startswith(self.prefix)
            ends = bool(self.suffix) and label.endswith(self.suffix)
            text = self._strip_affixes(label)
            last = len(text) - 1
            ids = [self.vocab.get((self.prefix if i or inside else "") + ch
                                  + (self.suffix if i == last and ends else ""))
                   for i, ch in enumerate(text)]
        return None if not ids or None in ids else ids  # type: ignore[return-value]

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        if self._bulk_bytes is not None:
            return self._bytes_merged_alone(token_ids)
        starts = [self.own_symbols(t) for t in token_ids]
        wanted = [ids for ids in starts if ids is not None]
        merged = iter(self._long_table.merge_many(wanted) if wanted else [])
        return [None if ids is None else next(merged) for ids in starts]

    def _bytes_merged_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        """:meth:`merges_alone` where every token starts as its bytes: all merged at once."""
        import numpy as np

        from ..fast.bulk_bpe import split_lists

        table, size, unk = self.token_bytes, len(self.token_bytes), self.unk_id
        datas = [table[t] if 0 <= t < size and t != unk else None for t in token_ids]
        sizes = np.fromiter((len(d) if d else 0 for d in datas), dtype=np.int64,
                            count=len(datas))
        data = b"".join([d for d in datas if d])
        symbols = self._bulk_bytes.take(np.frombuffer(data, dtype=np.uint8))
        merged = iter(split_lists(*self._long_table.merge_flat_arrays(symbols,
                                                                       sizes[sizes > 0])))
        return [next(merged) if d else None for d in datas]

    def last_merge_ranks(self, symbol_lists: Sequence[list[int]]) -> list[int | None]:
        return [last_merge_rank(ids, self._ranks, self._new_ids, self._shift)
                for ids in symbol_lists]

    def with_spelled_input(self) -> VocabBPEModel:
        if self.level != "byte" or self.mapped_input:
            return self  # a character-level vocabulary reads pieces as they come anyway
        spelled = copy.copy(self)  # shares the tables; only how a piece is read differs
        spelled.mapped_input = True
        spelled.__dict__.pop("_bulk_bytes", None)  # (worked out for pieces read as text)
        return spelled

    # -- encoding ---------------------------------------------------------------------------
    def _whole(self, piece: str) -> int | None:
        if self.level == "byte" and not self.mapped_input:
            spelled = piece.encode("utf-8").decode("latin-1").translate(self._spelling_table)
            return self.vocab.get(spelled + self.suffix)
        return self.vocab.get(piece + self.suffix if self.level == "byte" else piece)

    def _initial(self, piece: str, *, word_end: bool = True) -> tuple[list[int], list[int]]:
        """Base ids and the bytes of the piece each covers (``word_end``: its last symbol
        carries the end-of-word suffix, if the model has one)."""
        suffix = self.suffix if word_end else ""
        if self.level == "byte":
            ids: list[int] = []
            lengths: list[int] = []
            byte_ids = self._byte_ids
            data = printable_to_bytes(piece) if self.mapped_input else piece.encode("utf-8")
            last = len(data) - 1
            last_ids = self._last_byte_ids if word_end else byte_ids
            for index, b in enumerate(data):
                tid = byte_ids[b] if index < last else last_ids[b]
                if tid is None:
                    if self.unk_id is not None:
                        self._add_unk(ids, lengths, 1)
                    continue
                ids.append(tid)
                lengths.append(1)
            return ids, lengths
        ids, lengths = [], []
        last = len(piece) - 1
        unk_pending = False
        for index, ch in enumerate(piece):
            size = len(ch.encode("utf-8"))
            symbol = ch
            if index and self.prefix:
                symbol = self.prefix + symbol
            if index == last and suffix:
                symbol += suffix
            tid = self.vocab.get(symbol)
            if tid is not None:
                ids.append(tid)
                lengths.append(size)
                unk_pending = False
                continue
            if self.byte_fallback:
                fallback = [self._fallback_ids[b] for b in symbol.encode("utf-8")]
                if all(t is not None for t in fallback):
                    ids.extend(fallback)  # type: ignore[arg-type]
                    # Each covers one byte of the character (affix bytes cover nothing).
                    lengths.extend(1 if i < size else 0 for i in range(len(fallback)))
                    unk_pending = False
                    continue
            if self.unk_id is not None:
                if unk_pending and self.fuse_unk:
                    lengths[-1] += size
                else:
                    ids.append(self.unk_id)
                    lengths.append(size)
                unk_pending = True
        return ids, lengths

    def inside_word_only(self, token_id: int) -> bool:
        label = self.labels[token_id] if 0 <= token_id < len(self.labels) else None
        return bool(self.suffix) and label is not None and not label.endswith(self.suffix)

    def encode_inside_word(self, data: bytes) -> list[int] | None:
        if self.level == "byte":
            ids = [self._byte_ids[b] for b in data]
            if None in ids:
                return None
            return self._merge(ids)  # type: ignore[arg-type]
        return self._merge(self._initial(data.decode("utf-8"), word_end=False)[0])

    def _add_unk(self, ids: list[int], lengths: list[int], size: int) -> None:
        if self.fuse_unk and ids and ids[-1] == self.unk_id:
            lengths[-1] += size
        else:
            ids.append(self.unk_id)  # type: ignore[arg-type]
            lengths.append(size)

    def encode_piece(self, piece: str) -> list[int]:
        if self.ignore_merges:
            whole = self._whole(piece)
            if whole is not None:
                return [whole]
        if self._translate is not None and not self.mapped_input:
            ids = list(piece.encode("utf-8").translate(self._translate))
        else:
            ids = self._initial(piece)[0]
        return self._merge(ids)

    # -- many pieces at once (a long text never seen) ---------------------------------------
    def prepare_bulk(self) -> None:
        if self._bulk_bytes is not None:
            self._long_table  # noqa: B018 (built now, not inside the first long encode)

    def encode_pieces(self, pieces: list[str]) -> list[list[int]]:
        """``[encode_piece(p) for p in pieces]``; many byte-level pieces are merged together
        by the vectorized merge (bulk_bpe) on the table of the merges."""
        if not self._bulk_worth(len(pieces)):
            return list(map(self.encode_piece, pieces))
        from ..fast.bulk_bpe import split_lists

        return split_lists(*self.encode_pieces_arrays(pieces))

    def encode_pieces_arrays(self, pieces: list[str]) -> tuple[Any, Any, Any]:
        if not self._bulk_worth(len(pieces)):
            return super().encode_pieces_arrays(pieces)
        import numpy as np

        from ..fast.bulk_bpe import pieces_bytes

        data, sizes = pieces_bytes(pieces)
        symbols = self._bulk_bytes.take(np.frombuffer(data, dtype=np.uint8))
        table = self._long_table
        if not self.ignore_merges:
            return table.merge_flat_arrays(symbols, sizes)
        # ignore_merges: a piece that is a token is that token; the others are merged (read
        # in place, shortest first, as the merge works).
        spelled = data.decode("latin-1").translate(self._spelling_table)
        ends = np.cumsum(sizes)
        starts = ends - sizes
        whole = mapped_array(self.vocab.get, list(map(spelled.__getitem__, map(
            slice, starts.tolist(), ends.tolist()))), np.int64, -1)
        todo = np.flatnonzero(whole < 0)
        todo = todo[np.argsort(sizes[todo], kind="stable")]
        # Where each byte of the pieces to merge is in ``data``.
        todo_sizes = sizes[todo]
        before = np.cumsum(todo_sizes) - todo_sizes
        at = np.repeat(starts[todo] - before, todo_sizes) + np.arange(int(todo_sizes.sum()))
        merged, merged_starts, counts = table.merge_flat_arrays(symbols.take(at), todo_sizes)
        tokens = np.flatnonzero(whole >= 0)
        out_starts = np.empty(len(pieces), dtype=np.int64)
        out_starts[todo] = merged_starts
        out_starts[tokens] = merged.size + np.arange(tokens.size)
        lens = np.ones(len(pieces), dtype=np.int64)
        lens[todo] = counts
        return np.concatenate((merged, whole[tokens])), out_starts, lens

    def _bulk_worth(self, pieces: int) -> bool:
        if self._bulk_bytes is None:
            return False
        built = "_long_table" in self.__dict__
        return pieces >= (BULK_AGAIN if built else BULK_FIRST)

    @cached_property
    def _bulk_bytes(self) -> Any:
        """The id of each byte's token as an array, when pieces can be merged together: byte
        level, read as text, no end-of-word suffix (it marks a piece's last byte), every byte
        a token (no unknown token to put in)."""
        if (self.level != "byte" or self.mapped_input or self.suffix
                or any(t is None for t in self._byte_ids)):
            return None
        import numpy as np

        return np.array(self._byte_ids, dtype=np.int64)

    @cached_property
    def _spelling_table(self) -> dict[int, str]:
        """``str.translate`` table: a byte read as Latin-1 → its printable character."""
        return dict(enumerate(bytes_to_unicode()))

    def _merge(self, ids: list[int]) -> list[int]:
        if len(ids) >= VECTOR_PIECE and self._long_table.can_merge_long:
            import numpy as np

            return self._long_table.merge_long(np.asarray(ids))
        return merge_by_rank(ids, self._ranks, self._new_ids, self._shift)

    @cached_property
    def _long_table(self) -> Any:
        """bulk_bpe.PairTable of the merges, for pieces of thousands of symbols."""
        from ..fast.bulk_bpe import PairTable

        return PairTable(self._ranks, self._new_ids, self._shift)

    @cached_property
    def _translate(self) -> bytes | None:
        """bytes.translate table byte → id, when every byte has an id below 256."""
        if self.level != "byte" or self.suffix or any(t is None or t > 255
                                                       for t in self._byte_ids):
            return None
        return bytes(self._byte_ids)  # type: ignore[arg-type]

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        if self.ignore_merges:
            whole = self._whole(piece)
            if whole is not None:
                return [whole], [len(self.token_bytes[whole] or b"")]
        ids, lengths = self._initial(piece)
        if len(ids) > LONG_PIECE:
            # Tracing every step is quadratic: merge fast, then give each merged token the
            # lengths of the initial symbols it is made of (its bytes are theirs, joined).
            return self._covered(ids, lengths, self._merge(list(ids)))
        final, steps = trace_by_rank(ids, self._ranks, self._new_ids, self._shift,
                                     self._length_table)
        for step in steps:
            lengths[step.position : step.position + 2] = [
                lengths[step.position] + lengths[step.position + 1]]
        return final, lengths

    def _covered(self, initial: list[int], lengths: list[int], final: list[int]
                 ) -> tuple[list[int], list[int]]:
        """How many input bytes each of ``final`` covers, walking ``initial`` (whose symbols
        cover ``lengths`` bytes each): a final id that is the next initial one is that
        symbol; a merged one is as many symbols as its bytes take."""
        table = self._length_table
        out: list[int] = []
        pos = 0
        for tid in final:
            if initial[pos] == tid:
                out.append(lengths[pos])
                pos += 1
                continue
            need = table[tid]
            got = covered = 0
            while got < need:
                got += table[initial[pos]]
                covered += lengths[pos]
                pos += 1
            out.append(covered)
        return final, out

    @cached_property
    def _length_table(self) -> list[int]:
        return [len(b or b"") for b in self.token_bytes]

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        if self.ignore_merges:
            whole = self._whole(piece)
            if whole is not None:
                return self._initial(piece)[0], [whole], []  # HF looks the piece up first
        return self.trace_merges(piece)

    def trace_merges(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        ids, _ = self._initial(piece)
        final, steps = trace_by_rank(ids, self._ranks, self._new_ids, self._shift,
                                     self._length_table)
        return ids, final, steps


def _is_byte_token(label: str) -> bool:
    return (len(label) == 6 and label.startswith("<0x") and label.endswith(">")
            and all(c in "0123456789ABCDEFabcdef" for c in label[3:5]))
