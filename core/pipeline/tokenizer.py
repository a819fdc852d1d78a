"""The tokenization pipeline, in Hugging Face's order:

1. added tokens matched in the text as typed (``normalized=False``: all special tokens of
   tiktoken and of BPE Lens's own tokenizers) — a normalizer can never break them;
2. each text segment between them normalized;
3. added tokens with ``normalized=True`` matched in the normalized text;
4. the pre-tokenizer cuts (and may rewrite) pieces; the model encodes each piece;
5. optionally, the post-processor adds its special tokens (``add_special_tokens``).

``encode`` returns every stage as data. Its ``model_text`` is the text as the model sees it:
normalized, with the pre-tokenizer's rewriting (``▁`` for spaces, a prefix space), and the
text no piece covers (whitespace dropped by a pre-tokenizer) left in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Literal

from bpelens.core.messages import Message

from ..errors import DecodeError
from ..fast.encoder import CHUNK_CACHE_LIMIT, FastEncoder, Progress
from ..fast.short_steps import joined, mapped
from ..models.base import TokenKind, TokenModel
from ..models.bpe import UnknownCharacterError
from ..results.encoding import Encoding
from ..text.units import SurrogatePolicy, clean_surrogates
from .added_tokens import AddedToken, AddedVocabulary, SpecialMode
from .decoders import Decoder
from .normalizers.base import Normalizer, make_normalizer
from .origin import Origin
from .post_processors import PostProcessor
from .pre_tokenizers.base import PreTokenizer, make_pretokenizer
from .token_kinds import TokenKinds

if TYPE_CHECKING:

    from ..training.record import TrainingRecord

DecodeErrors = Literal["strict", "replace"]



class Tokenizer:
    """A model with its pipeline: added tokens, normalizer, pre-tokenizer, post-processor,
    decoder."""

    def __init__(
        self,
        model: TokenModel,
        *,
        normalizer: Normalizer | str | dict | None = None,
        pretokenizer: PreTokenizer | str | dict | None = None,
        special_tokens: Mapping[str, int] | None = None,
        added_tokens: Iterable[AddedToken] | None = None,
        post_processor: PostProcessor | None = None,
        decoder: Decoder | None = None,
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
        tokens = list(added_tokens or [])
        tokens += [AddedToken(text, tid) for text, tid in (special_tokens or {}).items()]
        self.specials = AddedVocabulary(tokens, normalize=self.normalizer.normalize_str)
        self.kinds = TokenKinds(model, self.specials)
        self.post_processor = post_processor
        self.decoder = decoder
        self.name = name
        # How it was trained (merge counts, settings), when known: for playback and files.
        self.training: TrainingRecord | None = None
        # Where it was read from (format, path, hash), when it came from a file.
        self.source: Origin | None = None
        # What loading noticed and the user should know (ids a file declares differently
        # from what its library gives them, say): shown by the CLI and the window.
        self.load_notes: list[str] = []
        # Chat templates that came with it (a GGUF's tokenizer.chat_template*), by name.
        self.chat_templates: dict[str, str] = {}
        # The special tokens those templates name (bos_token → "<s>").
        self.chat_tokens: dict[str, str] = {}
        # Every cache and fast path, behind one object (the walk gives the same ids).
        self.fast = FastEncoder(model, self.normalizer, self.pretokenizer, self.specials)

    # -- sizes and lookups ------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        """Model tokens plus added tokens (the largest id + 1)."""
        return max(self.model.vocab_size - 1, self.specials.top_id) + 1

    def token_bytes(self, token_id: int) -> bytes:
        added = self.specials.by_id.get(token_id)
        if added is not None:
            return added.encode("utf-8")
        if self.model.has_id(token_id):
            return self.model.token_bytes[token_id] or b""
        raise DecodeError(Message("token id {token_id!r} is not in this tokenizer: {describe_ids}",
                                  token_id=token_id, describe_ids=self.describe_ids()))

    def id_ranges(self) -> list[tuple[int, int]]:
        """The ids this tokenizer has, as inclusive ranges (o200k: 0–199997, 199999, 200018)."""
        has = self.model.has_id
        present = set(self.specials.by_id)
        ranges: list[tuple[int, int]] = []
        start = None
        for tid in range(self.vocab_size + 1):
            inside = tid < self.vocab_size and (tid in present or has(tid))
            if inside and start is None:
                start = tid
            elif not inside and start is not None:
                ranges.append((start, tid - 1))
                start = None
        return ranges

    def describe_ids(self) -> str:
        """Which ids exist, for messages: "its ids are 0–199997, 199999 and 200018"."""
        ranges = self.id_ranges()
        shown = [f"{a}" if a == b else f"{a}–{b}" for a, b in ranges[:6]]
        if len(ranges) > 6:
            return Message("its ids are {shown} … ({count} ranges, up to {last})",
                           shown=", ".join(shown), count=len(ranges), last=ranges[-1][1])
        if len(shown) > 1:
            return Message("its ids are {shown} and {last}", shown=", ".join(shown[:-1]),
                           last=shown[-1])
        return Message("its ids are {shown}", shown=shown[0]) if shown else Message(
            "it has no ids")

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        added = self.specials.by_id.get(token_id)
        if added is not None:
            return added
        self.token_bytes(token_id)
        return self.model.token_label(token_id, printable=printable)

    def id_to_token(self, token_id: int) -> str | None:
        """The token as the tokenizer spells it when decoding (``Ġhello``, ``##ing``), or None."""
        added = self.specials.spellings.get(token_id)
        return added if added is not None else self.model.id_to_token(token_id)

    def token_kind(self, token_id: int) -> TokenKind:
        return self.kinds.of_added(token_id)

    # -- encoding: fast path ----------------------------------------------------------------
    def encode_ids(
        self,
        text: str,
        *,
        special: SpecialMode = "all",
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
        progress: Progress | None = None,
    ) -> list[int]:
        """Token ids only (no spans, no traces), from the fast encoder.

        ``progress(fraction)`` is called between slices of a long text (each a few tens of
        milliseconds of work, so a thread waiting for the interpreter lock gets it); it may
        raise to stop the encoding."""
        text, _ = clean_surrogates(text, surrogates)
        try:
            out = self.fast.ids(text, special, progress)
        except UnknownCharacterError:
            # The fast path knows the piece, not where it is in the text: the walk does.
            from .walk import walk

            walk(self, text, special=special)
            raise
        if add_special_tokens and self.post_processor is not None:
            out = self.post_processor.process(out)
        return out

    def encode_each_alone(self, texts: list[str]) -> list[list[int]]:
        """``encode_batch_ids(texts, special="none")`` for many short texts, such as every
        token's text in a vocabulary: a text the pipeline makes one piece is asked of the
        model directly, the others are encoded whole."""
        out = self.fast.each_alone(texts)
        rest = [i for i, ids in enumerate(out) if ids is None]
        if rest:
            encoded = self.encode_batch_ids([texts[i] for i in rest], special="none")
            for i, ids in zip(rest, encoded, strict=True):
                out[i] = ids
        return out  # type: ignore[return-value]

    def encode_batch_ids(
        self,
        texts: Iterable[str],
        *,
        special: SpecialMode = "all",
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
    ) -> list[list[int]]:
        """``[encode_ids(t) for t in texts]``; many short texts never seen are merged together
        first (one text at a time, each would be too short for the vectorized merge)."""
        texts = list(texts)
        out: list[list[int]] = []
        # In groups whose lines the line cache holds all at once.
        step = CHUNK_CACHE_LIMIT // 4
        for first in range(0, len(texts), step):
            group = [clean_surrogates(t, surrogates)[0] for t in texts[first : first + step]]
            try:
                found = self.fast.batch_ids(group, special)
            except UnknownCharacterError:
                found = None  # encoding each text on its own says which one, and where
            if found is None:
                out.extend(self.encode_ids(t, special=special,
                                           add_special_tokens=add_special_tokens)
                           for t in group)
            elif add_special_tokens and self.post_processor is not None:
                out.extend(map(self.post_processor.process, found))
            else:
                out.extend(found)
        return out

    def model_inputs(self, text: str, *, special: SpecialMode = "all",
                     surrogates: SurrogatePolicy = "replace") -> list[str]:
        """What the model is given, piece by piece (added tokens left out): the
        ``model_input`` of each piece :meth:`encode` makes, without encoding them."""
        text, _ = clean_surrogates(text, surrogates)
        return self.fast.model_inputs(text, special)

    def expect_text(self, chars: int) -> None:
        """About ``chars`` characters of text are coming in batches (a corpus, sentence by
        sentence): get ready to merge their new pieces together."""
        self.fast.expect_text(chars)

    def cache_texts(self, texts: list[str], *, special: SpecialMode = "all",
                    surrogates: SurrogatePolicy = "replace") -> None:
        """Encode the lines of ``texts`` not seen yet all together, into the cache of lines:
        encoding each text afterwards (``encode_ids``) is then mostly lookups. Never raises:
        a text that cannot be encoded is left for ``encode_ids`` to report."""
        self.fast.cache_texts(texts, special=special, surrogates=surrogates)

    # -- encoding: everything ---------------------------------------------------------------
    def encode(
        self,
        text: str,
        *,
        special: SpecialMode = "all",
        trace: bool = False,
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
        progress: Callable[[float], None] | None = None,
    ) -> Encoding:
        """Ids with every token's bytes and spans, every stage's pieces, optionally traces
        (an object each: for a megabyte of text, ``token_table`` gives the same as columns).
        ``progress(fraction)`` is called between steps and may raise to stop."""
        from .walk import encoding_of, walk

        return encoding_of(self, walk(self, text, special=special, trace=trace,
                                      add_special_tokens=add_special_tokens,
                                      surrogates=surrogates, progress=progress))

    # -- decoding ---------------------------------------------------------------------------
    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """Concatenate the tokens' bytes (added tokens as their UTF-8 text)."""
        ids = ids if isinstance(ids, list) else list(ids)
        table = self.fast.decode_table(self.vocab_size)
        if table is not None:
            try:
                if not ids or min(ids) >= 0:
                    return joined(mapped(table.__getitem__, ids))
            except (TypeError, IndexError):
                pass  # a bad id: the loop below names it
        by_id = self.specials.by_id
        has = self.model.has_id
        if not by_id and all(isinstance(i, int) and has(i) for i in ids):
            return self.model.decode_bytes(ids)
        out: list[bytes] = []
        run: list[int] = []
        for pos, tid in enumerate(ids):
            if tid in by_id:
                if run:
                    out.append(self.model.decode_bytes(run))
                    run = []
                out.append(by_id[tid].encode("utf-8"))
            elif isinstance(tid, int) and has(tid):
                run.append(tid)
            else:
                raise DecodeError(
                    Message("id {tid!r} at position {pos} is not in this tokenizer: {describe_ids}",
                            tid=tid, pos=pos, describe_ids=self.describe_ids())
                )
        if run:
            out.append(self.model.decode_bytes(run))
        return b"".join(out)

    def decode(
        self, ids: Iterable[int], *, errors: DecodeErrors = "strict", skip_special: bool = False
    ) -> str:
        """Text for ids.

        With a decoder (tokenizers read from ``tokenizer.json``) this is exactly what Hugging
        Face's ``decode`` returns. Otherwise all bytes are joined first and decoded as UTF-8
        once (a token may be half a character): ``errors="strict"`` raises
        :class:`DecodeError` naming the byte offset and the token, ``"replace"`` substitutes
        U+FFFD.
        """
        ids = list(ids)
        if errors not in ("strict", "replace"):
            raise DecodeError(Message("unknown errors mode {errors!r}; choose 'strict' or "
                                      "'replace'",
                                      errors=errors))
        if skip_special:
            ids = [i for i in ids if not self.specials.is_special(i)]
        data = self.decode_bytes(ids)  # also validates the ids
        if errors == "strict":
            self._check_utf8(ids, data)
        if self.decoder is not None:
            tokens = [self.id_to_token(i) or "" for i in ids]
            return self.decoder.decode(tokens)
        return data.decode("utf-8", "replace")

    def _check_utf8(self, ids: list[int], data: bytes) -> None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            pos = 0
            culprit = None
            for index, tid in enumerate(ids):
                pos += len(self.token_bytes(tid))
                if pos > exc.start:
                    culprit = (index, tid)
                    break
            where = Message(" (token {index}, id {tid})", index=culprit[0],
                            tid=culprit[1]) if culprit else ""
            raise DecodeError(
                Message("the bytes are not valid UTF-8 at byte {start}{where}: {reason}; decode "
                        "with errors='replace' to substitute U+FFFD", start=exc.start, where=where,
                        reason=exc.reason),
                fixes={"cli": {"errors='replace'": "--errors replace"}},
            ) from None

    def round_trips(self, text: str, *, special: SpecialMode = "all") -> bool:
        """decode(encode(text)) == text."""
        return self.decode(self.encode_ids(text, special=special), errors="replace") == text
