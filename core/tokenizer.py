"""The tokenization pipeline: special tokens → normalizer → pre-tokenizer → BPE model.

Special strings are matched on the text as typed, before normalization (as HF does for
special tokens), so a normalizer can never stop ``<|endoftext|>`` from matching. Each text
segment between them is normalized, cut into pieces, and each piece is encoded on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from typing import Any, Literal

from .bpe_model import UnknownCharacterError
from .encoding import Encoding, Piece, Token
from .errors import ConfigError, DecodeError, EncodeError
from .merge_trace import PieceTrace
from .normalizers import Normalizer, make_normalizer
from .pretokenizers import PreTokenizer, make_pretokenizer
from .special_tokens import SpecialMode, SpecialTokens
from .text_units import SurrogatePolicy, align_byte_spans, char_byte_starts, clean_surrogates
from .token_model import TokenModel

DecodeErrors = Literal["strict", "replace"]
PIECE_CACHE_LIMIT = 1 << 18


class _PieceCache(dict[str, list[int]]):
    """piece → ids; a miss runs BPE, a hit never leaves C (``map(cache.__getitem__, …)``)."""

    __slots__ = ("_encode",)

    def __init__(self, encode) -> None:
        super().__init__()
        self._encode = encode

    def __missing__(self, piece: str) -> list[int]:
        ids = self._encode(piece)
        if len(self) >= PIECE_CACHE_LIMIT:
            self.clear()
        self[piece] = ids
        return ids


def _pieces(
    text: str, spans: list[tuple[int, int, int | None]], starts: list[int]
) -> tuple[Piece, ...]:
    """Pieces for character spans ``(start, end, special id or None)`` of ``text``."""
    aligned = align_byte_spans([(starts[s], starts[e]) for s, e, _ in spans], starts)
    return tuple(
        Piece(i, text[s:e], span, sid)
        for i, ((s, e, sid), span) in enumerate(zip(spans, aligned, strict=True))
    )


class Tokenizer:
    """A BPE model with its pipeline and special tokens."""

    def __init__(
        self,
        model: TokenModel,
        *,
        normalizer: Normalizer | str | dict | None = None,
        pretokenizer: PreTokenizer | str | dict | None = None,
        special_tokens: Mapping[str, int] | None = None,
        name: str = "",
    ) -> None:
        self.model = model
        self.normalizer = (
            normalizer if isinstance(normalizer, Normalizer) else make_normalizer(normalizer)
        )
        self.pretokenizer = (
            pretokenizer if isinstance(pretokenizer, PreTokenizer)
            else make_pretokenizer(pretokenizer)
        )
        self.specials = SpecialTokens(special_tokens)
        self.name = name
        for text, tid in self.specials.ids.items():
            if tid < model.vocab_size:
                raise ConfigError(
                    f"special token {text!r} has id {tid}, which the model's vocabulary "
                    f"(0–{model.vocab_size - 1}) already uses"
                )
        # How it was trained (merge counts, settings), when known: for playback and files.
        self.training: dict[str, Any] | None = None
        # Where it was read from (format, path, hash), when it came from a file.
        self.source: dict[str, Any] | None = None
        self._cache = _PieceCache(model.encode_piece)
        self._normalize_identity = type(self.normalizer) is Normalizer

    # -- sizes and lookups ------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        """Model tokens plus special tokens (the largest id + 1)."""
        return max([self.model.vocab_size - 1, *self.specials.by_id]) + 1

    def token_bytes(self, token_id: int) -> bytes:
        special = self.specials.by_id.get(token_id)
        if special is not None:
            return special.encode("utf-8")
        if 0 <= token_id < self.model.vocab_size:
            return self.model.token_bytes[token_id]
        raise DecodeError(f"token id {token_id} is not in this tokenizer (0–{self.vocab_size - 1})")

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        special = self.specials.by_id.get(token_id)
        if special is not None:
            return special
        self.token_bytes(token_id)
        return self.model.token_label(token_id, printable=printable)

    def token_kind(self, token_id: int) -> str:
        if token_id in self.specials.by_id:
            return "special"
        return self.model.kind(token_id)

    # -- encoding ---------------------------------------------------------------------------
    def _segments(self, text: str, special: SpecialMode) -> list[tuple[int, int, int | None]]:
        if not len(self.specials):
            self.specials.selected(special)  # still validate the mode
            return [(0, len(text), None)] if text else []
        return self.specials.split(text, special)

    def encode_ids(
        self, text: str, *, special: SpecialMode = "all", surrogates: SurrogatePolicy = "replace"
    ) -> list[int]:
        """Token ids only: the fast path (no spans, no traces)."""
        text, _ = clean_surrogates(text, surrogates)
        normalize = self.normalizer.normalize_str
        split = self.pretokenizer.split_str
        lookup = self._cache.__getitem__
        out: list[int] = []
        try:
            for start, end, sid in self._segments(text, special):
                if sid is not None:
                    out.append(sid)
                    continue
                segment = text[start:end] if (start, end) != (0, len(text)) else text
                if not self._normalize_identity:
                    segment = normalize(segment)
                out.extend(chain.from_iterable(map(lookup, split(segment))))
        except UnknownCharacterError:
            self.encode(text, special=special)  # raises with the offset in the whole text
            raise
        return out

    def encode_batch_ids(
        self, texts: Iterable[str], *, special: SpecialMode = "all"
    ) -> list[list[int]]:
        return [self.encode_ids(t, special=special) for t in texts]

    def encode(
        self,
        text: str,
        *,
        special: SpecialMode = "all",
        trace: bool = False,
        surrogates: SurrogatePolicy = "replace",
    ) -> Encoding:
        """Ids with every token's bytes and spans, the pieces, and optionally merge traces."""
        clean, replaced = clean_surrogates(text, surrogates)
        found = tuple(self.specials.find_all_strings(clean)) if len(self.specials) else ()
        segments = self._segments(clean, special)

        # Model text = special strings as typed + normalized text segments.
        parts: list[str] = []
        sources: list[tuple[int, int]] = []
        changed = False
        recognised = []
        text_segments: list[tuple[int, int]] = []  # (model char start, model char end)
        special_segments: list[tuple[int, int, int]] = []
        model_len = 0
        for start, end, sid in segments:
            if sid is not None:
                seg_text = clean[start:end]
                parts.append(seg_text)
                sources.extend((i, i + 1) for i in range(start, end))
                special_segments.append((model_len, model_len + len(seg_text), sid))
                recognised.extend(m for m in found if m.start == start and m.end == end)
            else:
                norm = self.normalizer.normalize(clean[start:end])
                seg_text = norm.text
                parts.append(seg_text)
                if norm.sources is None:
                    sources.extend((i, i + 1) for i in range(start, end))
                else:
                    changed = True
                    sources.extend((start + a, start + b) for a, b in norm.sources)
                text_segments.append((model_len, model_len + len(seg_text)))
            model_len += len(seg_text)
        model_text = "".join(parts)
        starts = char_byte_starts(model_text)
        segment_pieces = _pieces(clean, segments, char_byte_starts(clean) if changed else starts)

        # Pieces, in text order, with specials as pieces of their own.
        raw_pieces: list[tuple[int, int, int | None]] = list(special_segments)
        for seg_start, seg_end in text_segments:
            raw_pieces.extend(
                (seg_start + a, seg_start + b, None)
                for a, b in self.pretokenizer.split(model_text[seg_start:seg_end])
            )
        raw_pieces.sort(key=lambda p: p[0])
        pieces = _pieces(model_text, raw_pieces, starts)

        # Tokens.
        ids: list[int] = []
        owner: list[int] = []
        traces: list[PieceTrace] = []
        for piece in pieces:
            if piece.special_id is not None:
                piece_ids = [piece.special_id]
            elif trace:
                try:
                    initial, piece_ids, steps = self.model.trace_piece(piece.text)
                except UnknownCharacterError as exc:
                    raise self._unknown_at(exc, piece, sources) from None
                traces.append(
                    PieceTrace(piece.index, tuple(initial), tuple(steps), tuple(piece_ids))
                )
            else:
                try:
                    piece_ids = self._cache[piece.text]
                except UnknownCharacterError as exc:
                    raise self._unknown_at(exc, piece, sources) from None
            ids.extend(piece_ids)
            owner.extend([piece.index] * len(piece_ids))
        token_bytes = [self.token_bytes(t) for t in ids]
        bounds: list[tuple[int, int]] = []
        last_piece, pos = -1, 0
        for tid_bytes, p in zip(token_bytes, owner, strict=True):
            if p != last_piece:
                pos, last_piece = pieces[p].span.byte_start, p
            bounds.append((pos, pos + len(tid_bytes)))
            pos += len(tid_bytes)
        spans = align_byte_spans(bounds, starts)
        tokens = tuple(
            Token(i, tid, data, self.token_label(tid), span, p, self.token_kind(tid))
            for i, (tid, data, span, p) in enumerate(
                zip(ids, token_bytes, spans, owner, strict=True)
            )
        )
        decoded = self.decode(ids, errors="replace")
        return Encoding(
            text=text,
            model_text=model_text,
            ids=tuple(ids),
            tokens=tokens,
            pieces=pieces,
            specials_found=found,
            specials_recognised=tuple(recognised),
            replaced_surrogates=tuple(replaced),
            normalized=changed,
            segments=segment_pieces,
            decoded=decoded,
            traces=tuple(traces) if trace else None,
            _sources=tuple(sources) if changed else None,
        )

    @staticmethod
    def _unknown_at(
        exc: UnknownCharacterError, piece: Piece, sources: list[tuple[int, int]]
    ) -> EncodeError:
        model_index = piece.span.char_start + exc.index
        where = sources[model_index][0] if model_index < len(sources) else model_index
        return EncodeError(
            f"character {exc.char!r} (U+{ord(exc.char):04X}) at character {where} of the text "
            "is not in this character-level vocabulary, which has no byte fallback"
        )

    # -- decoding ---------------------------------------------------------------------------
    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """Concatenate the tokens' bytes (specials as their UTF-8 text)."""
        ids = list(ids)
        size = self.model.vocab_size
        by_id = self.specials.by_id
        if not by_id and all(0 <= i < size for i in ids):
            return self.model.decode_bytes(ids)
        out: list[bytes] = []
        run: list[int] = []
        for pos, tid in enumerate(ids):
            if tid in by_id:
                if run:
                    out.append(self.model.decode_bytes(run))
                    run = []
                out.append(by_id[tid].encode("utf-8"))
            elif isinstance(tid, int) and 0 <= tid < size:
                run.append(tid)
            else:
                raise DecodeError(
                    f"id {tid!r} at position {pos} is not in this tokenizer "
                    f"(0–{self.vocab_size - 1})"
                )
        if run:
            out.append(self.model.decode_bytes(run))
        return b"".join(out)

    def decode(self, ids: Iterable[int], *, errors: DecodeErrors = "strict") -> str:
        """Concatenate all bytes first, then decode UTF-8 once (a token may be half a character).

        ``errors="strict"`` raises :class:`DecodeError` naming the byte offset and the token;
        ``"replace"`` substitutes U+FFFD for bytes that are not UTF-8.
        """
        ids = list(ids)
        data = self.decode_bytes(ids)
        if errors == "replace":
            return data.decode("utf-8", "replace")
        if errors != "strict":
            raise DecodeError(f"unknown errors mode {errors!r}; choose 'strict' or 'replace'")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            pos = 0
            culprit = None
            for index, tid in enumerate(ids):
                pos += len(self.token_bytes(tid))
                if pos > exc.start:
                    culprit = (index, tid)
                    break
            where = f" (token {culprit[0]}, id {culprit[1]})" if culprit else ""
            raise DecodeError(
                f"the bytes are not valid UTF-8 at byte {exc.start}{where}: {exc.reason}; "
                "decode with errors='replace' to substitute U+FFFD"
            ) from None

    def round_trips(self, text: str, *, special: SpecialMode = "all") -> bool:
        """decode(encode(text)) == text."""
        return self.decode(self.encode_ids(text, special=special), errors="replace") == text
