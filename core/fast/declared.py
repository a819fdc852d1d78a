"""What a whole pipeline lets the fast paths do, from what its stages declare
(``pipeline/capabilities.py``) and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pipeline.capabilities import Can

if TYPE_CHECKING:
    from ..models.base import TokenModel
    from ..pipeline.decoders import Decoder


def decoding_joins_bytes(decoder: Decoder | None, model: TokenModel) -> bool:
    """Whether decoding a model token's id gives its bytes read as UTF-8: with no decoder
    decoding joins the tokens' bytes; HF's ByteLevel decoder reads each token's spelling back
    into the bytes a byte-level model spelled (added tokens may read otherwise)."""
    if decoder is None:
        return True
    return (Can.READ_BYTE_LEVEL in decoder.capabilities
            and Can.SPELL_BYTE_LEVEL in model.capabilities)
