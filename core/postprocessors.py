"""Post-processors: the special tokens a tokenizer adds around a sequence when asked to
(``add_special_tokens``) — BOS, [CLS] … [SEP]. Only single sequences are encoded here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ConfigError


class PostProcessor:
    kind = "none"

    def added(self) -> tuple[list[int], list[int]]:
        """Ids put before and after a single sequence."""
        return [], []

    def process(self, ids: list[int]) -> list[int]:
        before, after = self.added()
        return [*before, *ids, *after]

    def to_config(self) -> dict[str, Any]:
        return {"type": self.kind}


class TemplatePostProcessor(PostProcessor):
    """HF ``TemplateProcessing``: the ``single`` template, e.g. ``[CLS] $A [SEP]``."""

    kind = "TemplateProcessing"

    def __init__(self, config: dict[str, Any]) -> None:
        self._config = config
        specials = config.get("special_tokens") or {}
        self._before: list[int] = []
        self._after: list[int] = []
        seen_sequence = False
        for item in config.get("single") or []:
            if "Sequence" in item:
                seen_sequence = True
                continue
            if "SpecialToken" not in item:
                raise ConfigError(
                    f"template item {item!r} is neither a Sequence nor a SpecialToken"
                )
            name = item["SpecialToken"].get("id")
            entry = specials.get(name)
            if entry is None or not isinstance(entry.get("ids"), list):
                raise ConfigError(f"template special token {name!r} has no ids in special_tokens")
            (self._after if seen_sequence else self._before).extend(entry["ids"])

    def added(self) -> tuple[list[int], list[int]]:
        return list(self._before), list(self._after)

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


class PairPostProcessor(PostProcessor):
    """HF ``BertProcessing``/``RobertaProcessing``: ``cls`` before, ``sep`` after."""

    def __init__(self, kind: str, config: dict[str, Any]) -> None:
        self.kind = kind
        self._config = config
        try:
            self._cls = int(config["cls"][1])
            self._sep = int(config["sep"][1])
        except (KeyError, IndexError, TypeError, ValueError):
            raise ConfigError(f"{kind} needs cls and sep as [token, id]") from None

    def added(self) -> tuple[list[int], list[int]]:
        return [self._cls], [self._sep]

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


class PostProcessorSequence(PostProcessor):
    kind = "Sequence"

    def __init__(self, steps: Sequence[PostProcessor]) -> None:
        self.steps = list(steps)

    def added(self) -> tuple[list[int], list[int]]:
        before: list[int] = []
        after: list[int] = []
        for step in self.steps:
            b, a = step.added()
            before = [*b, *before]
            after = [*after, *a]
        return before, after

    def to_config(self) -> dict[str, Any]:
        return {"type": "Sequence", "processors": [s.to_config() for s in self.steps]}


class ByteLevelPostProcessor(PostProcessor):
    """Only trims offsets in HF; the ids are unchanged."""

    kind = "ByteLevel"

    def __init__(self, config: dict[str, Any]) -> None:
        self._config = config

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)
