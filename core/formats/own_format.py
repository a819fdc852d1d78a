"""BPE Lens's own tokenizer file: versioned JSON that round-trips a trained tokenizer exactly.

::

    {"format": "bpelens-tokenizer", "version": 1, "name": "...",
     "model": {"type": "bpe", "level": "byte", "byte_order": "value",
               "merges": [[left id, right id, new id], ...]},          # in rank order
     "normalizer": {"type": "nfc"} | null,
     "pretokenizer": {"type": "regex", "preset": "gpt2"} | null,
     "special_tokens": {"<|endoftext|>": 1000},
     "training": {"merge_counts": [9, 9, "7/3", ...], "stop_reason": "vocab_size", ...}}

Training traced for playback adds to ``"training"``: ``"top_pairs": [[[left id, right id,
count], ...], ...]`` (one list per rank, the chosen pair first), ``"corpus_tokens": [count,
...]`` (before the first merge and after each) and ``"words": [[piece, count], ...]``.

Picky BPE (``"type": "picky_bpe"``) adds ``"removals": [[merges before it, token id, [part
ids]], ...]`` (in order) and ``"ios_threshold"``; its merges may make an id again.

Character-level models add ``"alphabet": [characters in code point order]``,
``"end_of_word": "</w>" | null`` and ``"byte_fallback": bool``. The vocabulary is not stored:
it is rebuilt from the base and the merges (so the two can never disagree). Files are written
to a temporary file and renamed, so a failed save never leaves half a file.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError, TokenizerFileError
from ..models.base import MAX_TOKEN_ID
from ..models.bpe import BPEModel
from ..models.picky_bpe import PickyBPEModel
from ..pipeline.normalizers.base import NORMALIZERS
from ..pipeline.origin import Origin
from ..pipeline.pre_tokenizers.base import PRE_TOKENIZERS
from ..pipeline.tokenizer import Tokenizer
from ..training.record import TrainingRecord

FORMAT = "bpelens-tokenizer"
VERSION = 1


def tokenizer_to_dict(tokenizer: Tokenizer) -> dict[str, Any]:
    model = tokenizer.model
    if isinstance(model, PickyBPEModel):
        model_dict = _bpe_dict(model.base) | {
            "type": "picky_bpe", "ios_threshold": model.threshold,
            "removals": [[after, token, list(parts)] for after, token, parts in model.removals]}
    else:
        model_dict = _bpe_dict(model)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": tokenizer.name,
        "model": model_dict,
        "normalizer": _none_if_identity(NORMALIZERS.write(tokenizer.normalizer)),
        "pretokenizer": _none_if_identity(PRE_TOKENIZERS.write(tokenizer.pretokenizer)),
        "special_tokens": dict(tokenizer.specials.ids),
    }
    if tokenizer.training is not None:
        data["training"] = tokenizer.training.to_json()
    return data


def _bpe_dict(model: BPEModel) -> dict[str, Any]:
    model_dict: dict[str, Any] = {"type": "bpe", "level": model.level}
    if model.level == "byte":
        model_dict["byte_order"] = model.byte_order
    else:
        model_dict["alphabet"] = list(model.alphabet)
        model_dict["end_of_word"] = model.end_of_word
        model_dict["byte_fallback"] = model.byte_fallback
    model_dict["merges"] = [[r.left_id, r.right_id, r.new_id] for r in model.rules]
    return model_dict


def _none_if_identity(config: dict[str, Any]) -> dict[str, Any] | None:
    return None if config == {"type": "none"} else config


def save_tokenizer(tokenizer: Tokenizer, path: str | Path) -> None:
    """Write atomically: a temporary file beside ``path``, then a rename over it."""
    from .file_io import write_atomic

    text = json.dumps(tokenizer_to_dict(tokenizer), ensure_ascii=False, separators=(",", ":"))
    write_atomic(Path(path), (text + "\n").encode("utf-8"))


def _expect(cond: bool, path: str, field: str, problem: str, **values: Any) -> None:
    """Refuse the file unless ``cond``; ``problem`` is a message template formatted with
    ``values`` only when it is said (these checks run for every merge and trace entry)."""
    if not cond:
        raise TokenizerFileError(path, Message(problem, **values) if values else problem,
                                 field=field)


def tokenizer_from_dict(data: Any, *, path: str = "<data>") -> Tokenizer:
    """Build a tokenizer from parsed JSON; every problem names the field."""
    _expect(isinstance(data, dict), path, "(top level)", "expected a JSON object")
    _expect(
        data.get("format") == FORMAT, path, "format",
        "not a BPE Lens tokenizer (expected \"format\": \"{format}\")", format=FORMAT,
    )
    version = data.get("version")
    _expect(
        type(version) is int and 1 <= version <= VERSION, path, "version",
        "version {version!r} is not supported (this BPE Lens reads 1–{newest})",
        version=version, newest=VERSION,
    )
    model_data = data.get("model")
    _expect(isinstance(model_data, dict), path, "model", "expected an object")
    _expect(model_data.get("type") in ("bpe", "picky_bpe"), path, "model.type",
            "expected \"bpe\" or \"picky_bpe\"")
    level = model_data.get("level")
    _expect(level in ("byte", "char"), path, "model.level", "expected \"byte\" or \"char\"")
    merges = model_data.get("merges")
    _expect(isinstance(merges, list), path, "model.merges", "expected a list")
    for rank, rule in enumerate(merges):
        _expect(
            isinstance(rule, list) and len(rule) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in rule),
            path, f"model.merges[{rank}]", "expected [left id, right id, new id] integers",
        )
    try:
        if level == "byte":
            order = model_data.get("byte_order", "value")
            model = BPEModel(level="byte", byte_order=order, merges=merges)
        else:
            alphabet = model_data.get("alphabet")
            _expect(
                isinstance(alphabet, list) and all(isinstance(c, str) for c in alphabet),
                path, "model.alphabet", "expected a list of characters",
            )
            end_of_word = model_data.get("end_of_word")
            _expect(
                end_of_word is None or isinstance(end_of_word, str), path, "model.end_of_word",
                "expected a string or null",
            )
            fallback = model_data.get("byte_fallback", False)
            _expect(isinstance(fallback, bool), path, "model.byte_fallback",
                    "expected true/false")
            model = BPEModel(
                level="char", alphabet=alphabet, end_of_word=end_of_word,
                byte_fallback=fallback, merges=merges,
            )
    except TokenizerFileError:
        raise
    except BpeLensError as exc:
        raise TokenizerFileError(path, exc.message, field="model") from None
    if model_data.get("type") == "picky_bpe":
        model = _picky_model(model, model_data, path)

    specials = data.get("special_tokens") or {}
    _expect(
        isinstance(specials, dict)
        and all(type(v) is int for v in specials.values()),
        path, "special_tokens", "expected an object mapping strings to integer ids",
    )
    owners: dict[int, str] = {}
    for text, tid in specials.items():
        _expect(
            tid >= model.vocab_size, path, f"special_tokens[{text!r}]",
            "special token {text!r} has id {tid}, which the model's vocabulary "
            "(0–{vocab_size}) already uses", text=text, tid=tid,
            vocab_size=model.vocab_size - 1,
        )
        _expect(tid <= MAX_TOKEN_ID, path, f"special_tokens[{text!r}]",
                "id {tid:,} is above {max_token_id:,}, the largest id BPE Lens supports",
                tid=tid, max_token_id=MAX_TOKEN_ID)
        _expect(tid not in owners, path, f"special_tokens[{text!r}]",
                "id {tid} is also the id of {owner!r}; each id belongs to one token",
                tid=tid, owner=owners.get(tid))
        owners[tid] = text
    name = data.get("name")
    _expect(name is None or isinstance(name, str), path, "name", "expected a string")
    try:
        tokenizer = Tokenizer(
            model,
            normalizer=data.get("normalizer"),
            pretokenizer=data.get("pretokenizer"),
            special_tokens=specials,
            name=name or "",
        )
    except BpeLensError as exc:
        raise TokenizerFileError(
            path, exc.message, field="normalizer/pretokenizer/special_tokens"
        ) from None

    training = data.get("training")
    if training is not None:
        _expect(isinstance(training, dict), path, "training", "expected an object")
        counts = training.get("merge_counts", [])
        _expect(
            isinstance(counts, list) and len(counts) == len(model.rules), path,
            "training.merge_counts", "expected a list of {count} counts",
            count=len(model.rules),
        )
        parsed = [_count(c, path, f"training.merge_counts[{i}]") for i, c in enumerate(counts)]
        stop, pieces, config = (training.get(k) for k in (
            "stop_reason", "distinct_pieces", "config"))
        _expect(stop is None or isinstance(stop, str), path, "training.stop_reason",
                "expected a string")
        _expect(pieces is None or (isinstance(pieces, int) and not isinstance(pieces, bool)),
                path, "training.distinct_pieces", "expected an integer")
        _expect(config is None or isinstance(config, dict), path, "training.config",
                "expected an object")
        tokenizer.training = TrainingRecord(
            tuple(parsed), stop or "", pieces, config or {},
            **_training_trace(training, model, tuple(parsed), path),
            **_training_languages(training, len(model.rules), path),
        )
    return tokenizer


def _picky_model(base: BPEModel, model_data: dict[str, Any], path: str) -> PickyBPEModel:
    """The removals between the merges of a Picky BPE model, each checked."""
    removals = model_data.get("removals")
    _expect(isinstance(removals, list), path, "model.removals", "expected a list")
    for i, entry in enumerate(removals):
        _expect(isinstance(entry, list) and len(entry) == 3 and all(
            type(v) is int for v in entry[:2]) and isinstance(entry[2], list) and all(
            type(v) is int for v in entry[2]), path, f"model.removals[{i}]",
            "expected [merges before it, token id, [part ids]]")
    tau = model_data.get("ios_threshold")
    _expect(tau is None or (type(tau) in (int, float) and 0 < tau <= 1), path,
            "model.ios_threshold", "expected a number above 0 and at most 1, or null")
    try:
        return PickyBPEModel(base, [(a, t, tuple(p)) for a, t, p in removals], tau)
    except BpeLensError as exc:
        raise TokenizerFileError(path, exc.message, field="model.removals") from None


def _training_languages(training: dict[str, Any], merges: int, path: str) -> dict[str, Any]:
    """``languages``, ``chosen``, ``dev_tokens`` and ``parity`` of a training by language."""
    languages = training.get("languages")
    if languages is None:
        return {}
    _expect(isinstance(languages, list) and all(isinstance(x, str) for x in languages), path,
            "training.languages", "expected a list of language names")
    chosen = training.get("chosen", [])
    _expect(isinstance(chosen, list) and len(chosen) == merges and all(
        type(x) is int and -1 <= x < len(languages) for x in chosen), path, "training.chosen",
        "expected {merges} language indexes (-1 for the summed counts)", merges=merges)
    rows = training.get("dev_tokens", [])
    _expect(isinstance(rows, list) and len(rows) in (0, merges + 1) and all(
        isinstance(row, list) and len(row) == len(languages)
        and all(type(x) is int and x >= 0 for x in row) for row in rows),
        path, "training.dev_tokens",
        "expected {merges} rows of {languages_count} token totals, or none",
        merges=merges + 1, languages_count=len(languages))
    parity = training.get("parity", {})
    _expect(isinstance(parity, dict), path, "training.parity", "expected an object")
    return {"languages": tuple(languages), "chosen": tuple(chosen),
            "dev_tokens": tuple(tuple(row) for row in rows), "parity": parity}


def _count(value: Any, path: str, field: str) -> int | Fraction:
    """A count as ``_count_to_json`` writes it: an integer or a ``"p/q"`` string."""
    try:
        count = Fraction(value) if isinstance(value, str) else value
    except (ValueError, ZeroDivisionError):
        count = None
    _expect(isinstance(count, int | Fraction) and not isinstance(count, bool), path, field,
            "expected an integer or a \"p/q\" string")
    return count  # type: ignore[return-value]


def _training_trace(
    training: dict[str, Any], model: BPEModel | PickyBPEModel,
    merge_counts: tuple[int | Fraction, ...], path: str,
) -> dict[str, Any]:
    """``top_pairs``, ``corpus_tokens`` and ``words`` of a traced training, those present."""
    found: dict[str, Any] = {}
    rules, size = model.rules, model.vocab_size
    top = training.get("top_pairs")
    if top is not None:
        _expect(isinstance(top, list) and len(top) == len(rules), path, "training.top_pairs",
                "expected a list of {count} lists (one per merge)",
                count=len(rules))
        steps = []
        for rank, step in enumerate(top):
            where = f"training.top_pairs[{rank}]"
            _expect(isinstance(step, list) and step, path, where,
                    "expected a non-empty list of [left_id, right_id, count]")
            entries = []
            for i, entry in enumerate(step):
                _expect(isinstance(entry, list) and len(entry) == 3
                        and all(type(v) is int for v in entry[:2]), path, f"{where}[{i}]",
                        "expected [left_id, right_id, count]")
                left, right = entry[0], entry[1]
                bad = next((v for v in (left, right) if not 0 <= v < size), None)
                _expect(bad is None, path, f"{where}[{i}]",
                        "id {bad} is not in the model: its ids are 0–{size}", bad=bad,
                        size=size - 1)
                entries.append((left, right, _count(entry[2], path, f"{where}[{i}][2]")))
            rule = rules[rank]
            _expect(entries[0] == (rule.left_id, rule.right_id, merge_counts[rank]), path,
                    f"{where}[0]", "expected the merge of rank {rank} with its count: "
                                   "[{left_id}, {right_id}, {merge_counts}]", rank=rank,
                                   left_id=rule.left_id, right_id=rule.right_id,
                                   merge_counts=merge_counts[rank])
            steps.append(tuple(entries))
        found["top_pairs"] = tuple(steps)
    tokens = training.get("corpus_tokens")
    if tokens is not None:
        _expect(isinstance(tokens, list) and len(tokens) == len(rules) + 1, path,
                "training.corpus_tokens",
                "expected a list of {count} counts (before the merges and after each)",
                count=len(rules) + 1)
        found["corpus_tokens"] = tuple(
            _count(c, path, f"training.corpus_tokens[{i}]") for i, c in enumerate(tokens))
    words = training.get("words")
    if words is not None:
        _expect(isinstance(words, list), path, "training.words",
                "expected a list of [piece, count]")
        pairs = []
        for i, item in enumerate(words):
            _expect(isinstance(item, list) and len(item) == 2 and isinstance(item[0], str),
                    path, f"training.words[{i}]", "expected [piece, count]")
            pairs.append((item[0], _count(item[1], path, f"training.words[{i}][1]")))
        found["words"] = tuple(pairs)
    return found


def load_tokenizer(path: str | Path) -> Tokenizer:
    """Read a BPE Lens tokenizer file; errors name the file, and the line or field."""
    from .file_io import parse_json_file

    path = Path(path)
    try:
        tokenizer = tokenizer_from_dict(parse_json_file(path), path=str(path))
    except RecursionError:
        raise TokenizerFileError(str(path), "nested too deeply") from None
    if not tokenizer.name:
        tokenizer.name = path.stem
    tokenizer.source = Origin("bpelens", str(path))
    return tokenizer
