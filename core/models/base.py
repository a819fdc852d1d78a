"""What every model offers the pipeline: encode one piece, say what each token covers, and
explain itself (merge steps, how a token was built)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any, Literal

from bpelens.core.messages import Message, joined

from ..errors import ConfigError
from ..pipeline.capabilities import Declares
from ..text.byte_level import bytes_to_printable
from .merges import MergeRule, MergeStep

Level = Literal["byte", "char"]

# What a token is, for colouring and for the CLI: every model's kinds and the pipeline's own.
TokenKind = Literal[
    "special", "added",  # added tokens (special or not), from the pipeline
    "byte", "char", "merged", "end_of_word",  # BPE: base symbols and merge results
    "byte_fallback", "unknown", "unused",  # <0xNN>, the unknown token, SentencePiece's unused
    "piece",  # a Unigram / SentencePiece piece
    "word", "continuation",  # WordPiece: a word start, a ## continuation
]


# The largest id BPE Lens lays out: tables indexed by id are dense lists, so an id of 10¹² in
# a file would be a terabyte. Real vocabularies have at most a few hundred thousand ids.
MAX_TOKEN_ID = (1 << 21) - 1

# The words the models describe themselves with (``describe()``).
BYTE_LEVEL = Message("byte-level")
CHARACTER_LEVEL = Message("character-level")
BYTE_FALLBACK = Message("byte fallback")


def listed(extras: Sequence[str]) -> str:
    """`` (a, b)`` after a model's name, or nothing."""
    return Message(" ({extras})", extras=joined(extras)) if extras else ""


def check_vocabulary_ids(vocab: Any, where: str) -> None:
    """``vocab`` maps strings to distinct whole-number ids from 0 to MAX_TOKEN_ID; the error
    names the first entry that does not (checked at C speed when all is well)."""
    if not isinstance(vocab, dict):
        raise ConfigError(Message("{where} must be an object mapping tokens to ids", where=where))
    ids = list(vocab.values())
    if ids and set(map(type, ids)) == {int} and min(ids) >= 0 and max(ids) <= MAX_TOKEN_ID \
            and len(set(ids)) == len(ids) and not _any_surrogate(vocab):
        return
    seen: dict[int, str] = {}
    for token, tid in vocab.items():
        shown = token if len(token) <= 30 else token[:27] + "…"
        if type(tid) is not int or tid < 0:
            raise ConfigError(Message("{where}[{shown!r}] must be a whole number id ≥ 0, not "
                                      "{tid!r}", where=where, shown=shown, tid=tid))
        if tid > MAX_TOKEN_ID:
            raise ConfigError(Message("{where}[{shown!r}]: id {tid:,} is above {max_token_id:,}, "
                                      "the largest id BPE Lens supports (real vocabularies have a "
                                      "few hundred thousand)", where=where, shown=shown, tid=tid,
                                      max_token_id=MAX_TOKEN_ID))
        if tid in seen:
            raise ConfigError(Message("{where}: tokens {seen!r} and {shown!r} both have id {tid}; "
                                      "each id must belong to one token", where=where,
                                      seen=seen[tid], shown=shown, tid=tid))
        if _any_surrogate([token]):
            raise ConfigError(Message("{where}: the token {token!r} holds a lone surrogate, which "
                                      "no UTF-8 text can hold", where=where, token=token))
        seen[tid] = shown


def _any_surrogate(tokens: Iterable[str]) -> bool:
    joined = "".join(tokens)
    if joined.isascii():
        return False
    try:
        joined.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


class TokenModel(Declares, ABC):
    """A model: a vocabulary and a way to turn one pre-token piece into ids.

    ``token_bytes[id]`` is what the token stands for in the text (its bytes, without markers
    such as ``##`` or ``</w>``); ids the model does not have hold ``None``.
    """

    level: Level = "byte"

    @property
    @abstractmethod
    def token_bytes(self) -> list[bytes | None]: ...

    @property
    def vocab_size(self) -> int:
        """One past the largest id."""
        return len(self.token_bytes)

    @property
    def entry_count(self) -> int:
        """How many entries the vocabulary has (Hugging Face's vocabulary size, which is where
        it numbers added tokens from)."""
        return sum(1 for data in self.token_bytes if data is not None)

    def token_to_id(self, token: str) -> int | None:
        """The id of a token as the vocabulary spells it, or None."""
        return None

    def has_id(self, token_id: int) -> bool:
        return 0 <= token_id < len(self.token_bytes) and self.token_bytes[token_id] is not None

    @abstractmethod
    def encode_piece(self, piece: str) -> list[int]:
        """Ids for one piece (the fast path; the result may be shared: do not modify it)."""

    def inside_word_only(self, token_id: int) -> bool:
        """Whether the model marks word ends (``</w>``) and this token has no mark: it only
        ever stands inside a longer word, never as a piece of its own."""
        return False

    def encode_inside_word(self, data: bytes) -> list[int] | None:
        """Ids of the bytes ``data`` as the inside of a longer word: the model's merges over
        its symbols with no end-of-word mark (None when the model cannot spell them)."""
        try:
            return self.encode_piece(data.decode("utf-8"))
        except UnicodeDecodeError:
            return None

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        """Ids and how many bytes of the piece each one covers."""
        ids = self.encode_piece(piece)
        table = self.token_bytes
        return ids, [len(table[i] or b"") for i in ids]

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]] | None:
        """(initial ids, final ids, merge steps), or None for a model that does not merge."""
        return None

    def trace_merges(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]] | None:
        """As :meth:`trace_piece`, by the merges alone: a model that first looks the whole
        piece up in its vocabulary (tiktoken, HF's ignore_merges) does not here."""
        return self.trace_piece(piece)

    def built_by(self, token_id: int) -> MergeRule | None:
        """The pair a merge builds this token from, or None (a base token, or no merges)."""
        return None

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        """The rule that merges these two tokens when they are side by side, or None (the
        pair is not a merge, or the model does not merge)."""
        return None

    def merge_list(self) -> Sequence[MergeRule] | None:
        """Every merge as the model lists them, in rank order (a pair listed twice, twice);
        None when the merges are implied by the vocabulary (tiktoken ranks, SentencePiece
        scores) or the model does not merge."""
        return None

    def joins(self, token_id: int) -> list[tuple[int, int]]:
        """For merges implied by the vocabulary: every (left, right) pair of tokens whose
        join is this token (a token with none is built by no merge)."""
        return []

    def own_symbols(self, token_id: int) -> list[int] | None:
        """For listed merges: the symbols a piece that is exactly this token starts as."""
        return None

    def last_merge_ranks(self, symbol_lists: Sequence[list[int]]) -> list[int | None]:
        """For listed merges: the rank of the merge that leaves each list of symbols one
        token (None: they never become one)."""
        return [None for _ in symbol_lists]

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        """What the merges alone — no whole-piece lookup, no normalizer, no pre-tokenizer —
        make of each token's own starting symbols (its bytes or characters), or None where
        the model does not merge or the token has no such symbols. A merge can only ever
        form its token where these symbols are: so a token they do not rebuild is never
        made by a merge, inside any text."""
        return [None] * len(token_ids)

    # What the model does to a piece, for a playback of a model with no merges to show.
    merge_method = ""
    # Why final ids can differ from the last merge state (a trace's ``finish``).
    after_merges = ""
    # Whether a piece that is itself a token is returned whole before any merge (tiktoken).
    looks_up_whole_piece = False
    # Whether encoding replays a history (merges and removals, Picky BPE) rather than
    # applying merges by rank: what cuts a merge list by rank or drops merges (the size
    # sweep, BPE-dropout) cannot follow it.
    replays_history = False

    def merge_rank(self, token_id: int) -> int | None:
        """The rank that decides when this token forms (its rule's), or None."""
        built = self.built_by(token_id)
        return None if built is None else built.rank

    def kind(self, token_id: int) -> TokenKind:
        return "merged"

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        """How the token is written for people (its vocabulary string when it has one)."""
        data = self.token_bytes[token_id] or b""
        if printable:
            return bytes_to_printable(data)
        return data.decode("utf-8", "backslashreplace")

    def id_to_token(self, token_id: int) -> str | None:
        """The token as its file spells it, or None."""
        return self.token_label(token_id) if self.has_id(token_id) else None

    def merges_rebuild_every_token(self) -> bool:
        """Whether merging each token's own symbols is known to give that token back (then
        no audit needs to merge them again). False unless the model has checked."""
        return False

    def prepare_bulk(self) -> None:
        """Build now what merging many pieces together needs (a model that has such a path
        otherwise builds it only when one call brings enough new pieces to pay for it)."""
        return None

    def encode_pieces(self, pieces: list[str]) -> list[list[int]]:
        """Many pieces at once (a long text never seen); models may do it faster together."""
        return list(map(self.encode_piece, pieces))

    def encode_pieces_arrays(self, pieces: list[str]) -> tuple[Any, Any, Any]:
        """:meth:`encode_pieces` as numpy arrays ``(pool, starts, lens)``: the ids of piece
        ``i`` are ``pool[starts[i] : starts[i] + lens[i]]`` (a model may build them without
        a list per piece)."""
        import numpy as np

        encoded = self.encode_pieces(pieces) if pieces else []
        lens = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded))
        pool = np.fromiter(chain.from_iterable(encoded), dtype=np.int64, count=int(lens.sum()))
        return pool, np.cumsum(lens) - lens, lens

    def with_spelled_input(self) -> TokenModel:
        """This model, for pieces that arrive spelled one character per byte (GPT-2's
        alphabet: HF ByteLevel followed by other steps). Most models read such pieces as
        they come, as HF's do; a byte-level BPE that reads real text says otherwise."""
        return self

    def decode_table(self) -> list[bytes | None] | None:
        """Bytes per id such that decoding is joining them (None at ids not in the model), or
        None when decoding is more than a join (an end-of-word marker, say)."""
        return self.token_bytes

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The tokens' bytes joined (ids must be valid)."""
        table = self.token_bytes
        return b"".join([table[i] or b"" for i in ids])

    @property
    def merge_count(self) -> int:
        return 0

    def describe(self) -> str:
        return Message("{model}, {ids} ids", model=type(self).__name__, ids=self.vocab_size)
