"""What decides a training run (kept apart from the algorithm, which needs numpy)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.bpe import ByteOrder, Level
from ..pipeline.normalizers.base import make_normalizer
from ..pipeline.pre_tokenizers.base import make_pretokenizer
from .corpus import Weight

TieBreak = Literal["smallest_ids", "first_occurrence"]
TIE_BREAKS: tuple[TieBreak, ...] = ("smallest_ids", "first_occurrence")
StopReason = Literal["vocab_size", "min_frequency", "no_pairs"]
DEFAULT_MIN_FREQUENCY = 2


@dataclass(frozen=True)
class TrainingConfig:
    """Everything that decides the result of a training run."""

    vocab_size: int
    level: Level = "byte"
    byte_order: ByteOrder = "value"
    normalizer: str | dict[str, Any] | None = None
    pretokenizer: str | dict[str, Any] | None = "gpt2"
    min_frequency: Weight = DEFAULT_MIN_FREQUENCY
    tie_break: TieBreak = "smallest_ids"
    end_of_word: str | None = None
    byte_fallback: bool = False
    special_tokens: Sequence[str] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the min frequency as an int or a "p/q" string)."""
        minimum = Fraction(self.min_frequency)
        return {
            "vocab_size": self.vocab_size,
            "level": self.level,
            "byte_order": self.byte_order,
            "normalizer": self.normalizer,
            "pretokenizer": self.pretokenizer,
            "min_frequency": minimum.numerator if minimum.denominator == 1 else str(minimum),
            "tie_break": self.tie_break,
            "end_of_word": self.end_of_word,
            "byte_fallback": self.byte_fallback,
            "special_tokens": list(self.special_tokens),
        }

    def validate(self) -> None:
        if not isinstance(self.vocab_size, int) or self.vocab_size < 1:
            raise ConfigError(Message("vocab_size must be a positive integer, not {vocab_size!r}",
                                      vocab_size=self.vocab_size))
        if self.tie_break not in TIE_BREAKS:
            raise ConfigError(
                Message("unknown tie_break {tie_break!r}; choose one of {tie_breaks}",
                        tie_break=self.tie_break, tie_breaks=', '.join(TIE_BREAKS))
            )
        if self.level == "byte" and (self.end_of_word is not None or self.byte_fallback):
            raise ConfigError(
                "end_of_word and byte_fallback apply to character-level training only"
            )
        if len(set(self.special_tokens)) != len(self.special_tokens):
            raise ConfigError("special tokens must be distinct")
        make_normalizer(self.normalizer)
        make_pretokenizer(self.pretokenizer)
        if Fraction(self.min_frequency) < 0:
            raise ConfigError("min_frequency must not be negative")


