"""What a vocabulary costs in parameters and memory (seed 000 §5.2): the embedding matrix is
V × d, and an untied output layer another V × d; V is often padded up to a multiple (Qwen3's
151,669 tokens sit in 151,936 rows, a multiple of 128). Exact integers; bytes per parameter
by storage type (int4 is half a byte, so sizes are Fractions there)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bpelens.core.messages import Message

from ..errors import ConfigError

BYTES_PER_PARAMETER: dict[str, Fraction] = {
    "fp32": Fraction(4), "bf16": Fraction(2), "fp16": Fraction(2), "int8": Fraction(1),
    "int4": Fraction(1, 2),
}


@dataclass(frozen=True)
class EmbeddingCost:
    vocab_size: int
    rows: int  # the vocabulary padded up to a multiple of ``pad_to``
    d_model: int
    tied: bool
    pad_to: int

    @property
    def matrices(self) -> int:
        return 1 if self.tied else 2

    @property
    def parameters_per_matrix(self) -> int:
        return self.rows * self.d_model

    @property
    def parameters(self) -> int:
        return self.parameters_per_matrix * self.matrices

    def bytes(self, dtype: str) -> Fraction:
        """All the matrices' bytes stored as ``dtype`` (fp32, bf16, fp16, int8, int4)."""
        if dtype not in BYTES_PER_PARAMETER:
            raise ConfigError(Message("unknown storage type {dtype!r}; choose one of "
                                      "{bytes_per_parameter}", dtype=dtype,
                                      bytes_per_parameter=', '.join(BYTES_PER_PARAMETER)))
        return self.parameters * BYTES_PER_PARAMETER[dtype]

    def to_json(self) -> dict[str, object]:
        return {"vocab_size": self.vocab_size, "rows": self.rows, "d_model": self.d_model,
                "tied": self.tied, "pad_to": self.pad_to,
                "parameters_per_matrix": self.parameters_per_matrix,
                "parameters": self.parameters,
                "bytes": {dtype: _number(self.bytes(dtype)) for dtype in BYTES_PER_PARAMETER}}


def embedding_cost(vocab_size: int, d_model: int, *, tied: bool = True, pad_to: int = 1,
                   rows: int | None = None) -> EmbeddingCost:
    """The cost of ``vocab_size`` tokens in ``d_model`` dimensions: rows padded up to a
    multiple of ``pad_to``, or exactly ``rows`` (a model's own count: Qwen3 has 151,936 for
    151,669 tokens), never fewer than the tokens."""
    for name, value in (("vocab size", vocab_size), ("d_model", d_model), ("pad to", pad_to),
                        ("rows", 1 if rows is None else rows)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(Message("{name} must be a positive whole number, not {value!r}",
                                      name=name, value=value))
    if rows is None:
        rows = -(-vocab_size // pad_to) * pad_to
    elif rows < vocab_size:
        raise ConfigError(Message("rows {rows:,} is fewer than the {vocab_size:,} tokens",
                                  rows=rows, vocab_size=vocab_size))
    return EmbeddingCost(vocab_size, rows, d_model, tied, pad_to)


def megabytes(size: Fraction | int) -> Fraction:
    """Decimal megabytes (10⁶ bytes), as the seed counts them: 409,600,000 B = 409.6 MB."""
    return Fraction(size) / 10**6


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)
