"""Small copies of the real tokenizer.json files, and field-by-field mutations of them, to hold
BPE Lens's loader to what Hugging Face's loader accepts and refuses.

A copy keeps every component of the file (normalizer, pre-tokenizer, added tokens, post-
processor, decoder, model options) and a few hundred vocabulary entries, so that both
libraries load it in milliseconds.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

KEEP_MERGES = 400
KEEP_PIECES = 1500
TEXTS = (
    "Hello, world! It's 2024: 12345 apples.",
    "  spaces\tand\nnew lines  ",
    "日本語のテキスト、中文，한국어 ي العربية हिन्दी",
    "<|endoftext|> [CLS] <s> </s> <unk> >>TITLE<<",
    "emoji 🙂👍🏽 and café naïve",
)


def small_copy(path: Path) -> dict[str, Any]:
    """The file with its vocabulary cut down (ids keep their values)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    model = data["model"]
    added = {t["id"] for t in data.get("added_tokens") or []}
    if model["type"] == "BPE":
        merges = model["merges"][:KEEP_MERGES]
        pairs = [m.split(" ") if isinstance(m, str) else m for m in merges]
        prefix = model.get("continuing_subword_prefix") or ""
        needed = {p for pair in pairs for p in pair}
        needed |= {a + (b[len(prefix):] if prefix and b.startswith(prefix) else b)
                   for a, b in pairs}
        vocab = model["vocab"]
        keep = {t: i for t, i in vocab.items()
                if t in needed or len(t) == 1 or (t.startswith("<0x") and len(t) == 6)
                or i in added or t == model.get("unk_token")}
        model["vocab"], model["merges"] = keep, merges
    elif model["type"] == "WordPiece":
        model["vocab"] = {t: i for t, i in model["vocab"].items()
                          if i < KEEP_PIECES or i in added}
    elif model["type"] == "Unigram":
        model["vocab"] = model["vocab"][:KEEP_PIECES]
        data["added_tokens"] = [t for t in data.get("added_tokens") or []
                                if t["id"] < KEEP_PIECES]
    data["truncation"] = None
    data["padding"] = None
    return data


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in the document a mutation may touch: all of it, except that only the
    first entries of a vocabulary or merge list are visited (the rest are alike)."""
    yield prefix
    if isinstance(data, dict):
        items = list(data.items())
        if prefix[-1:] == ("vocab",):
            items = items[:3]
        for key, value in items:
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3] if len(data) > 3 else data):
            yield from paths(value, (*prefix, index))


REPLACEMENTS = (
    None, True, False, 0, 1, -1, 7, 1.5, 1.7, 2**32, 2**63, 10**12, "", "x", "false", "5",
    "\ud800", "é", [], [1], ["a", "b"], {}, {"type": "Nonsense"}, {"String": "a"},
)


@st.composite
def mutated(draw: st.DrawFn, document: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A copy of ``document`` with one place changed, and what was changed."""
    places = [p for p in paths(document) if p]
    place = draw(st.sampled_from(places))
    doc = copy.deepcopy(document)
    parent = doc
    for key in place[:-1]:
        parent = parent[key]
    last = place[-1]
    action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "nest"]))
    if action == "delete" and isinstance(parent, dict):
        del parent[last]
        return doc, f"delete {place}"
    if action == "nest":
        parent[last] = {"type": "Sequence", "pretokenizers": [parent[last]],
                        "normalizers": [parent[last]], "decoders": [parent[last]]}
        return doc, f"nest {place}"
    value = draw(st.sampled_from(REPLACEMENTS))
    if isinstance(parent, dict) and draw(st.booleans()) and isinstance(last, str) and (
            parent[last] is not None and not isinstance(parent[last], dict | list)):
        # a key renamed (what a file from another version may hold)
        parent[last + "_x"] = parent.pop(last)
        return doc, f"rename {place}"
    parent[last] = value
    return doc, f"set {place} = {value!r}"
