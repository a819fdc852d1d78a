"""Hugging Face decoders: token strings → text, each step turning a list of strings into
another (``decode_chain``), the results joined at the end.

These reproduce what ``tokenizers`` returns from ``decode``; BPE Lens's own decoding (join
the tokens' bytes, decode UTF-8 once) is what a tokenizer without a decoder uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import regex

from ..text.byte_level import unicode_to_bytes
from ..text.regex_dialects import literal_or_onig
from .capabilities import Can, Declares


class Decoder(Declares):
    kind = "none"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return tokens

    def decode(self, tokens: list[str]) -> str:
        return "".join(self.decode_chain(list(tokens)))

    def to_config(self) -> dict[str, Any]:
        return {"type": self.kind}


class ByteLevelDecoder(Decoder):
    """GPT-2 characters back to bytes, then UTF-8 with replacement of what is not UTF-8."""

    kind = "ByteLevel"
    capabilities = Can.READ_BYTE_LEVEL

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        # Decoding reads none of these; tokenizer.json needs all three (HF's defaults).
        self._config = {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                        "use_regex": True, **(config or {})}

    def decode_chain(self, tokens: list[str]) -> list[str]:
        table = unicode_to_bytes()
        data = bytearray()
        for token in tokens:
            try:
                data.extend(table[c] for c in token)
            except KeyError:  # not byte-level spelling: taken as its own UTF-8
                data.extend(token.encode("utf-8"))
        return [bytes(data).decode("utf-8", "replace")]

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


class MetaspaceDecoder(Decoder):
    """``▁`` back to spaces; in the first token they are dropped (unless never prepended)."""

    kind = "Metaspace"

    def __init__(self, replacement: str = "▁", prepend_scheme: str = "always",
                 split: bool = True) -> None:
        self.replacement = replacement
        self.prepend_scheme = prepend_scheme
        self.split = split

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out = []
        for i, token in enumerate(tokens):
            if i == 0 and self.prepend_scheme != "never":
                out.append(token.replace(self.replacement, ""))
            else:
                out.append(token.replace(self.replacement, " "))
        return out

    def to_config(self) -> dict[str, Any]:
        return {"type": "Metaspace", "replacement": self.replacement,
                "prepend_scheme": self.prepend_scheme, "split": self.split}


class ByteFallbackDecoder(Decoder):
    """Runs of ``<0xNN>`` tokens become their bytes decoded; invalid runs one U+FFFD per byte."""

    kind = "ByteFallback"
    _byte = regex.compile(r"<0x[0-9A-Fa-f]{2}>")

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out: list[str] = []
        pending = bytearray()

        def flush() -> None:
            if pending:
                try:
                    out.append(pending.decode("utf-8"))
                except UnicodeDecodeError:
                    out.extend(["\ufffd"] * len(pending))
                pending.clear()

        for token in tokens:
            if len(token) == 6 and self._byte.fullmatch(token):
                pending.append(int(token[3:5], 16))
            else:
                flush()
                out.append(token)
        flush()
        return out


class FuseDecoder(Decoder):
    kind = "Fuse"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return ["".join(tokens)]


class StripDecoder(Decoder):
    """Remove up to ``start`` leading and ``stop`` trailing ``content`` characters per token."""

    kind = "Strip"

    def __init__(self, content: str, start: int, stop: int) -> None:
        self.content = content
        self.start = start
        self.stop = stop

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out = []
        for token in tokens:
            begin = 0
            while begin < min(self.start, len(token)) and token[begin] == self.content:
                begin += 1
            end = len(token)
            removed = 0
            while removed < self.stop and end > begin and token[end - 1] == self.content:
                end -= 1
                removed += 1
            out.append(token[begin:end])
        return out

    def to_config(self) -> dict[str, Any]:
        return {"type": "Strip", "content": self.content, "start": self.start, "stop": self.stop}


class ReplaceDecoder(Decoder):
    kind = "Replace"

    def __init__(self, pattern: str, content: str, *, is_regex: bool) -> None:
        self.pattern = pattern
        self.content = content
        self.is_regex = is_regex
        self._regex = literal_or_onig(pattern, is_regex=is_regex, what="decoder Replace")

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return [self._regex.sub(lambda _: self.content, t) for t in tokens]

    def to_config(self) -> dict[str, Any]:
        key = "Regex" if self.is_regex else "String"
        return {"type": "Replace", "pattern": {key: self.pattern}, "content": self.content}


class BPESuffixDecoder(Decoder):
    """HF ``BPEDecoder``: the end-of-word suffix becomes a space (nothing after the last)."""

    kind = "BPEDecoder"

    def __init__(self, suffix: str = "</w>") -> None:
        self.suffix = suffix

    def decode_chain(self, tokens: list[str]) -> list[str]:
        last = len(tokens) - 1
        return [t.replace(self.suffix, "" if i == last else " ") for i, t in enumerate(tokens)]

    def to_config(self) -> dict[str, Any]:
        return {"type": "BPEDecoder", "suffix": self.suffix}


class DecoderSequence(Decoder):
    kind = "Sequence"

    def __init__(self, steps: Sequence[Any]) -> None:
        self.steps = list(steps)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        for step in self.steps:
            tokens = step.decode_chain(tokens)
        return tokens

    def to_config(self) -> dict[str, Any]:
        return {"type": "Sequence", "decoders": [s.to_config() for s in self.steps]}


# -- decoder ----------------------------------------------------------------------------------

# HF's cleanup, in its order; it runs on each token separately (after the joining space is
# added), so " ." inside one token is fixed but a "." token after a word is not touched twice.
_CLEANUP = (
    (" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
    (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re"),
)


# Every cleanup pattern starts with one of these.
_NEEDS_CLEANUP = re.compile(r" (?:[.?!,']|n't|do not)")


def cleanup_tokenization_spaces(text: str) -> str:
    """Undo the spaces tokenization puts before punctuation and English contractions."""
    for old, new in _CLEANUP:
        text = text.replace(old, new)
    return text


class WordPieceDecoder:
    """HF's WordPiece decoder: a token starting with ``prefix`` joins the previous one (prefix
    removed), any other token after the first gets a space in front; ``cleanup`` then tidies
    each token. The first token is kept as it is, even with a prefix."""

    kind = "wordpiece"

    def __init__(self, prefix: str = "##", cleanup: bool = True) -> None:
        self.prefix = prefix
        self.cleanup = cleanup

    def to_config(self) -> dict[str, Any]:
        return {"type": "WordPiece", "prefix": self.prefix, "cleanup": self.cleanup}

    def _joined(self, tokens: Iterable[str]) -> list[str]:
        prefix, n = self.prefix, len(self.prefix)
        return [
            token if not i else token[n:] if token.startswith(prefix) else " " + token
            for i, token in enumerate(tokens)
        ]

    def decode_chain(self, tokens: Iterable[str]) -> list[str]:
        """Each token as it appears in the decoded text (HF's ``decode_chain``)."""
        parts = self._joined(tokens)
        return [cleanup_tokenization_spaces(p) for p in parts] if self.cleanup else parts

    def decode(self, tokens: Iterable[str]) -> str:
        parts = self._joined(tokens)
        text = "".join(parts)
        # A pattern inside one token is also in the joined text: without any, nothing changes.
        if not self.cleanup or not _NEEDS_CLEANUP.search(text):
            return text
        return "".join([cleanup_tokenization_spaces(p) for p in parts])
