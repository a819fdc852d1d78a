"""SentencePiece's precompiled normalizer, as Hugging Face tokenizers runs it (``Precompiled``).

The rules come in a blob (base64 in ``tokenizer.json``): a little-endian uint32 with the byte
size of a double-array trie, that many bytes of trie units (uint32 each), then a pool of
NUL-terminated UTF-8 replacement strings. Each key of the trie is a UTF-8 string of the input
and its leaf value is the offset of its replacement in the pool.

How HF applies them (``normalizers/precompiled.rs``; reproduced exactly here):

* The text is cut into extended grapheme clusters. A cluster shorter than 6 UTF-8 bytes is
  looked up whole: the *shortest* key that is a prefix of the cluster's bytes wins, and its
  replacement stands for the whole cluster. So "Ａ" + U+0301 becomes "A" (the accent is
  dropped, because "Ａ" alone is a key) and "\\r\\n" becomes " " (the "\\n" is dropped).
* Otherwise (no key starts the cluster, or it is 6 bytes or longer) each character is looked
  up on its own and replaced when it is a key.

Clusters come from the ``regex`` module's ``\\X``, corrected where it disagrees with the Rust
``unicode-segmentation`` crate HF uses: ``regex`` joins a virama-like linker to a following
consonant (rule GB9c) even when no consonant precedes the linker; such joins are split here.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from collections.abc import Iterator
from typing import Any

import regex

from .errors import ConfigError
from .normalizers import NormalizedText, Normalizer

_GRAPHEME = regex.compile(r"\X")
# A linker followed by a consonant: the only place the regex module's clusters need checking.
_LINKER_CONSONANT = regex.compile(
    r"\p{InCB=Linker}[\p{InCB=Extend}\p{InCB=Linker}]*\p{InCB=Consonant}"
)
_CONSONANT = regex.compile(r"\p{InCB=Consonant}")
_EXTEND_OR_LINKER = regex.compile(r"[\p{InCB=Extend}\p{InCB=Linker}]")
_LINKER = regex.compile(r"\p{InCB=Linker}")

# HF looks a cluster up whole only below this many UTF-8 bytes.
_WHOLE_CLUSTER_LIMIT = 6
_IS_VALUE = 1 << 31  # a unit holding a leaf value, never a label
_MAX_KEY_BYTES = 4096  # far beyond any real rule; past it the trie must loop


def graphemes(text: str) -> list[str]:
    """Extended grapheme clusters as the Rust ``unicode-segmentation`` crate finds them."""
    clusters: list[str] = _GRAPHEME.findall(text)
    if _LINKER_CONSONANT.search(text) is None:
        return clusters
    fixed: list[str] = []
    for cluster in clusters:
        if len(cluster) > 2 and _LINKER_CONSONANT.search(cluster) is not None:
            fixed.extend(_split_gb9c(cluster))
        else:
            fixed.append(cluster)
    return fixed


def _split_gb9c(cluster: str) -> list[str]:
    """Split a cluster before each consonant that GB9c does not join.

    GB9c joins ``Consonant [Extend Linker]* Linker [Extend Linker]* × Consonant``. A consonant
    after an Extend or Linker character can be joined by no other rule, so when the chain
    before it does not start with a consonant (or has no linker), a cluster starts there.
    """
    parts: list[str] = []
    start = 0
    for j in range(1, len(cluster)):
        if not _CONSONANT.match(cluster[j]) or not _EXTEND_OR_LINKER.match(cluster[j - 1]):
            continue
        k = j - 1
        linked = False
        while k >= start and _EXTEND_OR_LINKER.match(cluster[k]):
            linked = linked or _LINKER.match(cluster[k]) is not None
            k -= 1
        if not (linked and k >= start and _CONSONANT.match(cluster[k])):
            parts.append(cluster[start:j])
            start = j
    parts.append(cluster[start:])
    return parts


def _unit_offset(unit: int) -> int:
    # darts-clone packs the offset in bits 10..30, shifted by 8 more when bit 9 is set.
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


def parse_charsmap(blob: bytes) -> dict[bytes, str]:
    """Every key of the trie (UTF-8 bytes) → its replacement; ConfigError if malformed."""
    if len(blob) < 4:
        raise ConfigError(
            f"precompiled_charsmap has {len(blob)} bytes; it must start with a 4-byte trie size"
        )
    (trie_size,) = struct.unpack_from("<I", blob, 0)
    count = trie_size // 4  # like HF: a size that is not a multiple of 4 leaves bytes to the pool
    if 4 + 4 * count > len(blob):
        raise ConfigError(
            f"precompiled_charsmap says its trie has {trie_size} bytes, "
            f"but only {len(blob) - 4} bytes follow the size"
        )
    if count == 0:
        raise ConfigError("precompiled_charsmap has an empty trie (no root unit)")
    units = struct.unpack_from(f"<{count}I", blob, 4)
    pool = blob[4 + 4 * count:]
    try:
        pool.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"precompiled_charsmap: the replacement strings are not UTF-8 ({exc.reason} at "
            f"byte {exc.start} of the pool)"
        ) from None

    # A child of the node whose children start at `base` sits at base ^ label and carries
    # that label; grouping units by base ^ label lists each node's children in one pass
    # instead of probing 255 labels per node.
    children: dict[int, list[int]] = {}
    for pos, unit in enumerate(units):
        label = unit & 0xFF
        if unit & _IS_VALUE or label == 0:  # HF's search stops at a NUL byte
            continue
        children.setdefault(pos ^ label, []).append(pos)

    keys: dict[bytes, str] = {}
    # darts-clone shares common suffixes (the trie is a DAG), so a node can be reached by
    # several keys; only a cycle, which no builder makes, would give endless keys.
    stack: list[tuple[int, bytes]] = [(_unit_offset(units[0]), b"")]
    while stack:
        base, key = stack.pop()
        if len(key) > _MAX_KEY_BYTES:
            raise ConfigError(
                f"precompiled_charsmap: a key grows past {_MAX_KEY_BYTES} bytes "
                f"({key[:16]!r}...); the trie has a cycle"
            )
        for pos in children.get(base, ()):
            unit = units[pos]
            child_base = pos ^ _unit_offset(unit)
            child_key = key + bytes([pos ^ base])
            if (unit >> 8) & 1:  # the key ends here; its value sits at the child's base
                keys[child_key] = _replacement(units, pool, child_base, child_key)
            stack.append((child_base, child_key))
    return keys


def _replacement(units: tuple[int, ...], pool: bytes, at: int, key: bytes) -> str:
    if at >= len(units):
        raise ConfigError(
            f"precompiled_charsmap: the value of key {key!r} is at unit {at}, past the trie's "
            f"{len(units)} units"
        )
    offset = units[at] & (_IS_VALUE - 1)
    if offset > len(pool):
        raise ConfigError(
            f"precompiled_charsmap: key {key!r} points at byte {offset} of a "
            f"{len(pool)}-byte replacement pool"
        )
    end = pool.find(b"\0", offset)
    try:
        return pool[offset:end if end >= 0 else len(pool)].decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(
            f"precompiled_charsmap: key {key!r} points inside a character (byte {offset}) "
            "of the replacement pool"
        ) from None


def _char_class(table: dict[int, str]) -> re.Pattern[str]:
    """A stdlib pattern matching any one of these code points (far faster than a loop)."""
    parts: list[str] = []
    codes = sorted(table)
    i = 0
    while i < len(codes):
        j = i
        while j + 1 < len(codes) and codes[j + 1] == codes[j] + 1:
            j += 1
        first, last = re.escape(chr(codes[i])), re.escape(chr(codes[j]))
        parts.append(first if i == j else f"{first}-{last}")
        i = j + 1
    return re.compile(f"[{''.join(parts)}]" if parts else "(?!)")


class PrecompiledNormalizer(Normalizer):
    """SentencePiece's precompiled character map (HF's ``Precompiled`` normalizer)."""

    kind = "precompiled"

    def __init__(self, charsmap_b64: str) -> None:
        if not isinstance(charsmap_b64, str):
            raise ConfigError(
                f"precompiled_charsmap must be a base64 string, not {type(charsmap_b64).__name__}"
            )
        try:
            blob = base64.b64decode(charsmap_b64, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ConfigError(f"precompiled_charsmap is not valid base64: {exc}") from None
        self.charsmap_b64 = charsmap_b64
        self._byte_rules = parse_charsmap(blob)
        self._max_key_bytes = max(map(len, self._byte_rules), default=0)

        # With every key whole UTF-8 (always, for maps SentencePiece builds), the shortest
        # key that prefixes a string's bytes is the shortest that prefixes its characters,
        # so lookups can stay in str; otherwise every lookup goes through bytes.
        rules: dict[str, str] | None = {}
        for key, value in self._byte_rules.items():
            try:
                rules[key.decode("utf-8")] = value  # type: ignore[index]
            except UnicodeDecodeError:
                rules = None
                break
        self._rules = rules
        self._max_key_chars = max(map(len, rules), default=0) if rules is not None else 0
        self._table = {ord(k): v for k, v in (rules or {}).items() if len(k) == 1}
        self._starts = frozenset(k[0] for k in rules) if rules is not None else frozenset()
        self._changed = _char_class(self._table)
        self._crlf = self._whole("\r\n")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> PrecompiledNormalizer:
        """From ``{"type": "Precompiled", "precompiled_charsmap": "..."}``."""
        if "precompiled_charsmap" not in config:
            raise ConfigError("a Precompiled normalizer needs 'precompiled_charsmap'")
        return cls(config["precompiled_charsmap"])

    def to_config(self) -> dict[str, Any]:
        return {"type": "Precompiled", "precompiled_charsmap": self.charsmap_b64}

    @property
    def rule_count(self) -> int:
        return len(self._byte_rules)

    def rule(self, key: str) -> str | None:
        """The replacement the map holds for exactly this key, or None."""
        return self._byte_rules.get(key.encode("utf-8"))

    # -- lookups ----------------------------------------------------------------------------
    def _transform(self, chunk: str) -> str | None:
        """HF's ``transform``: the replacement of the shortest key that starts ``chunk``."""
        rules = self._rules
        if rules is not None:
            for end in range(1, min(len(chunk), self._max_key_chars) + 1):
                found = rules.get(chunk[:end])
                if found is not None:
                    return found
            return None
        data = chunk.encode("utf-8")
        for end in range(1, min(len(data), self._max_key_bytes) + 1):
            if data[end - 1] == 0:  # HF's trie search stops at a NUL byte
                return None
            found = self._byte_rules.get(data[:end])
            if found is not None:
                return found
        return None

    def _whole(self, cluster: str) -> str | None:
        """What a whole cluster becomes, or None when HF goes character by character."""
        if len(cluster.encode("utf-8")) >= _WHOLE_CLUSTER_LIMIT:
            return None
        return self._transform(cluster)

    def _cluster_edits(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, replacement) for each cluster of 2+ characters replaced whole."""
        edits: list[tuple[int, int, str]] = []
        if text.isascii():
            # In ASCII only "\r\n" is a cluster of more than one character.
            if self._crlf is not None:
                at = text.find("\r\n")
                while at >= 0:
                    edits.append((at, at + 2, self._crlf))
                    at = text.find("\r\n", at + 2)
            return edits
        clusters = graphemes(text)
        if len(clusters) == len(text):
            return edits
        starts = self._starts
        pos = 0
        for cluster in clusters:
            size = len(cluster)
            if size > 1 and cluster[0] in starts:
                whole = self._whole(cluster)
                if whole is not None:
                    edits.append((pos, pos + size, whole))
            pos += size
        return edits

    def _edits(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, replacement) character spans, in order, for everything replaced."""
        if self._rules is None:
            yield from self._edits_by_bytes(text)
            return
        table = self._table
        changed = self._changed
        pos = 0
        for start, end, whole in [*self._cluster_edits(text), (len(text), len(text), "")]:
            for match in changed.finditer(text, pos, start):
                at = match.start()
                yield at, at + 1, table[ord(match.group())]
            if end > start:
                yield start, end, whole
            pos = end

    def _edits_by_bytes(self, text: str) -> Iterator[tuple[int, int, str]]:
        # The plain rule, cluster by cluster, for maps with keys that are not whole UTF-8.
        pos = 0
        for cluster in graphemes(text):
            size = len(cluster)
            whole = self._whole(cluster)
            if whole is not None:
                yield pos, pos + size, whole
            else:
                for i, char in enumerate(cluster, pos):
                    found = self._transform(char)
                    if found is not None:
                        yield i, i + 1, found
            pos += size

    # -- Normalizer -------------------------------------------------------------------------
    def normalize_str(self, text: str) -> str:
        if self._rules is None:
            return self.normalize(text).text
        table = self._table
        out: list[str] = []
        pos = 0
        # Between clusters replaced whole, characters are looked up one by one: one
        # str.translate call per stretch.
        for start, end, whole in self._cluster_edits(text):
            out.append(text[pos:start].translate(table))
            out.append(whole)
            pos = end
        if not out:
            return text.translate(table)
        out.append(text[pos:].translate(table))
        return "".join(out)

    def normalize(self, text: str) -> NormalizedText:
        out: list[str] = []
        sources: list[tuple[int, int]] = []
        pos = 0
        for start, end, replacement in self._edits(text):
            out.append(text[pos:start])
            sources.extend((i, i + 1) for i in range(pos, start))
            out.append(replacement)
            sources.extend([(start, end)] * len(replacement))
            pos = end
        if not out:
            return NormalizedText(text)
        out.append(text[pos:])
        sources.extend((i, i + 1) for i in range(pos, len(text)))
        result = "".join(out)
        if result == text:  # every change rewrote something to itself
            return NormalizedText(text)
        return NormalizedText(result, tuple(sources))

    def describe(self) -> str:
        return f"SentencePiece precompiled map, {self.rule_count} rules"
