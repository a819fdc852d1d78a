"""A BPE model: base vocabulary, merges (left id, right id) → (rank, new id), and piece encoding.

Two kinds of base vocabulary:

* byte level: the 256 byte values. ``byte_order="value"`` numbers them by value (tiktoken);
  ``"hf"`` numbers them in Hugging Face's order, by the printable character each byte maps to.
* character level: the characters seen in training, ids in code point order; optionally 256
  ``<0xNN>`` byte tokens first (byte fallback for unseen characters) and an end-of-word marker
  after the characters (seed 001's ``</w>``), appended to every piece.

Merged tokens follow, one per rule, in rank order. A rule may produce a token that already
exists (a different pair spelling the same bytes); it then reuses that id, as HF's trainer does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import ConfigError, EncodeError
from ..text.byte_level import bytes_to_printable, hf_byte_order
from .base import BYTE_FALLBACK, BYTE_LEVEL, CHARACTER_LEVEL, Level, TokenKind, TokenModel, listed
from .merges import MergeRule, MergeStep
from .rank_merge import VECTOR_PIECE, last_merge_rank, merge_by_rank, trace_by_rank

ByteOrder = Literal["value", "hf"]
LEVELS: tuple[Level, ...] = ("byte", "char")
BYTE_ORDERS: tuple[ByteOrder, ...] = ("value", "hf")
DEFAULT_END_OF_WORD = "</w>"


class UnknownCharacterError(EncodeError):
    """A character-level model without byte fallback met a character it never saw."""

    def __init__(self, char: str, index: int) -> None:
        super().__init__(
            Message("character {char!r} (U+{code:04X}) at offset {index} is not in this "
                    "character-level vocabulary, which has no byte fallback", char=char,
                    code=ord(char), index=index)
        )
        self.char = char
        self.index = index


class BPEModel(TokenModel):
    """Vocabulary and merge rules; encodes one pre-token piece at a time."""

    def __init__(
        self,
        *,
        level: Level,
        merges: Iterable[tuple[int, int, int]] = (),
        byte_order: ByteOrder = "value",
        alphabet: Iterable[str] = (),
        end_of_word: str | None = None,
        byte_fallback: bool = False,
    ) -> None:
        if level not in LEVELS:
            raise ConfigError(Message("unknown level {level!r}; choose one of {levels}",
                                      level=level, levels=', '.join(LEVELS)))
        if byte_order not in BYTE_ORDERS:
            raise ConfigError(
                Message("unknown byte_order {byte_order!r}; choose one of {byte_orders}",
                        byte_order=byte_order, byte_orders=', '.join(BYTE_ORDERS))
            )
        self.level: Level = level
        self.byte_order: ByteOrder = byte_order
        self.end_of_word = end_of_word if level == "char" else None
        self.byte_fallback = byte_fallback if level == "char" else False
        self.alphabet: tuple[str, ...] = tuple(alphabet) if level == "char" else ()

        self._bytes: list[bytes] = []  # what each token stands for in the text
        self._ends_word: list[bool] = []
        self._kinds: list[TokenKind] = []
        self._base_of_byte = [0] * 256  # id of each byte value (byte level / byte fallback)
        self._char_ids: dict[str, int] = {}
        self.end_of_word_id: int | None = None
        if level == "byte":
            order = range(256) if byte_order == "value" else hf_byte_order()
            for b in order:
                self._add(bytes([b]), "byte")
                self._base_of_byte[b] = len(self._bytes) - 1
        else:
            self._build_char_base()
        self._translate = bytes(self._base_of_byte) if level == "byte" else b""
        self._identity_bytes = level == "byte" and byte_order == "value"
        self.base_size = len(self._bytes)

        self.rules: list[MergeRule] = []
        self._ranks_cache: tuple[dict[int, int], list[int], int] | None = None
        self._long_cache: tuple[int, Any] | None = None
        self._lengths_cache: list[int] | None = None
        self._by_bytes: dict[tuple[bytes, bool], int] = {
            (b, e): i
            for i, (b, e) in enumerate(zip(self._bytes, self._ends_word, strict=True))
        }
        self._built_by: dict[int, MergeRule] = {}
        for left, right, new in merges:
            self.add_merge(left, right, new)

    # -- building ---------------------------------------------------------------------------
    def _add(self, data: bytes, kind: TokenKind, ends_word: bool = False) -> int:
        self._bytes.append(data)
        self._ends_word.append(ends_word)
        self._kinds.append(kind)
        return len(self._bytes) - 1

    def _build_char_base(self) -> None:
        if list(self.alphabet) != sorted(set(self.alphabet)):
            raise ConfigError("a character alphabet must be unique characters in code point order")
        for ch in self.alphabet:
            if len(ch) != 1:
                raise ConfigError(Message("alphabet entry {ch!r} is not a single character", ch=ch))
        if self.byte_fallback:
            for b in range(256):
                self._base_of_byte[b] = self._add(bytes([b]), "byte_fallback")
        for ch in self.alphabet:
            self._char_ids[ch] = self._add(ch.encode("utf-8", "surrogatepass"), "char")
        if self.end_of_word is not None:
            if not self.end_of_word:
                raise ConfigError("the end-of-word marker must not be empty")
            self.end_of_word_id = self._add(b"", "end_of_word", ends_word=True)

    def add_merge(self, left: int, right: int, new: int) -> MergeRule:
        """Append a rule with the next rank; ``new`` is the next id or an id with equal bytes."""
        size = len(self._bytes)
        for name, value in (("left", left), ("right", right)):
            if not 0 <= value < size:
                raise ConfigError(
                    Message("merge rank {rank}: {name} id {value} is not in the vocabulary "
                            "(0–{size})", rank=len(self.rules), name=name, value=value,
                            size=size - 1)
                )
        if self._ends_word[left]:
            raise ConfigError(
                Message("merge rank {rank}: left id {left} ends a word and cannot be merged",
                        rank=len(self.rules), left=left)
            )
        data = self._bytes[left] + self._bytes[right]
        ends_word = self._ends_word[right]
        existing = self._by_bytes.get((data, ends_word))
        if new == size:
            if existing is not None:
                raise ConfigError(
                    Message("merge rank {rank} makes a new id {new} for a token that "
                            "already exists as id {existing}", rank=len(self.rules), new=new,
                            existing=existing)
                )
            self._add(data, "merged", ends_word)
            self._by_bytes[(data, ends_word)] = new
        elif new != existing:
            if existing is None:
                raise ConfigError(Message("merge rank {rank}: new id {new} must be {size} (the "
                                          "next id)", rank=len(self.rules), new=new, size=size))
            raise ConfigError(Message("merge rank {rank}: new id {new} must be {size} (the next "
                                      "id) or {existing} (the existing token)",
                                      rank=len(self.rules), new=new, size=size,
                                      existing=existing))
        rule = MergeRule(len(self.rules), left, right, new)
        self.rules.append(rule)
        self._built_by.setdefault(new, rule)
        self._ranks_cache = None
        return rule

    def merge_pair(self, left: int, right: int) -> MergeRule:
        """Append the rule left + right → the token with those bytes, made if it is new.

        What a trainer does at each step; ``left``/``right`` must be valid ids."""
        data = self._bytes[left] + self._bytes[right]
        ends_word = self._ends_word[right]
        new = self._by_bytes.get((data, ends_word))
        if new is None:
            new = len(self._bytes)
            self._bytes.append(data)
            self._ends_word.append(ends_word)
            self._kinds.append("merged")
            self._by_bytes[(data, ends_word)] = new
        rule = MergeRule(len(self.rules), left, right, new)
        self.rules.append(rule)
        self._built_by.setdefault(new, rule)
        self._ranks_cache = None
        return rule

    # -- lookups ----------------------------------------------------------------------------
    @property
    def token_bytes(self) -> list[bytes]:  # type: ignore[override]
        return self._bytes

    @property
    def vocab_size(self) -> int:
        return len(self._bytes)

    @property
    def merge_count(self) -> int:
        return len(self.rules)

    def describe(self) -> str:
        kind = BYTE_LEVEL if self.level == "byte" else CHARACTER_LEVEL
        extras = [e for e, on in ((Message("end-of-word {marker}", marker=self.end_of_word),
                                   self.end_of_word), (BYTE_FALLBACK, self.byte_fallback)) if on]
        return Message("{kind} BPE{extras}, {ids} ids, {merges} merges", kind=kind,
                       extras=listed(extras), ids=self.vocab_size, merges=len(self.rules))

    @property
    def merges(self) -> dict[tuple[int, int], tuple[int, int]]:
        """(left id, right id) → (rank, new id)."""
        return {(r.left_id, r.right_id): (r.rank, r.new_id) for r in self.rules}

    def merge_list(self) -> list[MergeRule]:
        return list(self.rules)

    def own_symbols(self, token_id: int) -> list[int] | None:
        """The base symbols a piece that is exactly this token starts as: every token here
        is a base symbol or built by a rule, so its symbols are its rule's parts', joined."""
        if not 0 <= token_id < len(self._bytes) or self._kinds[token_id] == "end_of_word":
            return None
        out: list[int] = []
        todo = [token_id]
        while todo:
            tid = todo.pop()
            rule = self._built_by.get(tid)
            if rule is None:
                out.append(tid)
            else:
                todo.append(rule.right_id)
                todo.append(rule.left_id)
        return out

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        starts = [self.own_symbols(t) for t in token_ids]
        wanted = [ids for ids in starts if ids is not None]
        merged = iter(self._long_table().merge_many(wanted) if wanted else [])
        return [None if ids is None else next(merged) for ids in starts]

    def last_merge_ranks(self, symbol_lists: Sequence[list[int]]) -> list[int | None]:
        ranks, new_ids, shift = self._rank_tables()
        return [last_merge_rank(ids, ranks, new_ids, shift) for ids in symbol_lists]

    def kind(self, token_id: int) -> TokenKind:
        return self._kinds[token_id]

    def ends_word(self, token_id: int) -> bool:
        return self._ends_word[token_id]

    def built_by(self, token_id: int) -> MergeRule | None:
        """The first rule that produces this token, or None for a base token."""
        return self._built_by.get(token_id)

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        ranks, new_ids, shift = self._rank_tables()
        rank = ranks.get(left_id << shift | right_id)
        return None if rank is None else MergeRule(rank, left_id, right_id, new_ids[rank])

    def id_of_bytes(self, data: bytes, *, ends_word: bool = False) -> int | None:
        return self._by_bytes.get((data, ends_word))

    def byte_id(self, value: int) -> int:
        """Id of the base (or fallback) token for one byte value."""
        if self.level == "char" and not self.byte_fallback:
            raise ConfigError("this character-level model has no byte tokens")
        return self._base_of_byte[value]

    def char_id(self, char: str) -> int | None:
        return self._char_ids.get(char)

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        """How a token is written: its text, ``<0xE7>`` for a fallback byte, ``est</w>``.

        Bytes that are not whole UTF-8 characters are written as ``\\xNN`` escapes; with
        ``printable`` a byte-level token is written in the GPT-2 alphabet (``Ġhello``).
        """
        kind = self._kinds[token_id]
        data = self._bytes[token_id]
        if kind == "byte_fallback":
            return f"<0x{data[0]:02X}>"
        if kind == "end_of_word":
            return self.end_of_word or ""
        if printable and self.level == "byte":
            text = bytes_to_printable(data)
        else:
            text = data.decode("utf-8", "backslashreplace")
        if self._ends_word[token_id]:
            text += self.end_of_word or ""
        return text

    # -- encoding ---------------------------------------------------------------------------
    def _rank_tables(self) -> tuple[dict[int, int], list[int], int]:
        if self._ranks_cache is None:
            shift = max(1, (self.vocab_size - 1).bit_length())
            ranks: dict[int, int] = {}
            for r in self.rules:
                ranks.setdefault(r.left_id << shift | r.right_id, r.rank)
            self._ranks_cache = (ranks, [r.new_id for r in self.rules], shift)
        return self._ranks_cache

    def initial_ids(self, piece: str) -> list[int]:
        """Base ids of a piece: its bytes, or its characters (+ end-of-word marker)."""
        if self.level == "byte":
            data = piece.encode("utf-8")
            return list(data) if self._identity_bytes else list(data.translate(self._translate))
        ids: list[int] = []
        char_ids = self._char_ids
        for index, ch in enumerate(piece):
            tid = char_ids.get(ch)
            if tid is not None:
                ids.append(tid)
            elif self.byte_fallback:
                ids.extend(self._base_of_byte[b] for b in ch.encode("utf-8"))
            else:
                raise UnknownCharacterError(ch, index)
        if self.end_of_word_id is not None:
            ids.append(self.end_of_word_id)
        return ids

    def encode_piece(self, piece: str) -> list[int]:
        return self.merge_ids(self.initial_ids(piece))

    def inside_word_only(self, token_id: int) -> bool:
        return self.end_of_word_id is not None and not self._ends_word[token_id]

    def encode_inside_word(self, data: bytes) -> list[int] | None:
        try:
            ids = self.initial_ids(data.decode("utf-8"))
        except (UnicodeDecodeError, UnknownCharacterError):
            return None
        if self.end_of_word_id is not None:
            ids.pop()  # the mark initial_ids ends every piece with
        return self.merge_ids(ids)

    def merge_ids(self, ids: Sequence[int]) -> list[int]:
        """Apply the rules to an arbitrary id sequence (ids of one piece)."""
        ranks, new_ids, shift = self._rank_tables()
        if len(ids) >= VECTOR_PIECE:
            table = self._long_table()
            if table.can_merge_long:
                import numpy as np

                return table.merge_long(np.asarray(ids))
        return merge_by_rank(list(ids), ranks, new_ids, shift)

    def _long_table(self) -> Any:
        """bulk_bpe.PairTable of the rules so far, for pieces of thousands of symbols."""
        from ..fast.bulk_bpe import PairTable

        cached = self._long_cache
        if cached is None or cached[0] != len(self.rules):
            ranks, new_ids, shift = self._rank_tables()
            cached = self._long_cache = (len(self.rules), PairTable(ranks, new_ids, shift))
        return cached[1]

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        """(initial ids, final ids, steps) for one piece."""
        ranks, new_ids, shift = self._rank_tables()
        initial = self.initial_ids(piece)
        final, steps = trace_by_rank(initial, ranks, new_ids, shift, self._byte_lengths())
        return initial, final, steps

    def _byte_lengths(self) -> list[int]:
        # Each token's length in bytes, kept until the vocabulary grows (a list per trace
        # was most of the time of tracing thousands of pieces).
        cached = self._lengths_cache
        if cached is None or len(cached) != len(self._bytes):
            cached = self._lengths_cache = [len(b) for b in self._bytes]
        return cached

    # -- decoding ---------------------------------------------------------------------------
    def decode_table(self) -> list[bytes | None] | None:
        return self._bytes if self.end_of_word_id is None else None

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """Concatenated bytes; with an end-of-word marker, words are joined by one space."""
        table = self._bytes
        if self.end_of_word_id is None:
            return b"".join([table[i] for i in ids])
        parts: list[bytes] = []
        ends = self._ends_word
        for i in ids:
            parts.append(table[i])
            if ends[i]:
                parts.append(b" ")
        if parts and parts[-1] == b" ":
            parts.pop()
        return b"".join(parts)
