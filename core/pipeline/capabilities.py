"""What the fast paths may assume of a stage: each stage declares it, here in one vocabulary,
and the fast object (``core/fast``) reads nothing else of a stage to choose a path — never its
type, never a flag of its own.

The walk (``walk.py``) assumes nothing and is the reference; ``tests/test_fast_contract.py``
runs every path against it for every kind of stage. A stage that declares nothing is given
nothing: the fast paths take the walk's way for it (exact, slower). A subclass inherits no
declaration from its class either (:class:`Declares`): what holds for a class need not hold
for a class that changes it, so each class says what holds for itself.

Declaring too little costs speed; declaring too much gives wrong ids. Each capability says
exactly what a declaring stage promises.
"""

from __future__ import annotations

from enum import Flag, auto


class Can(Flag):
    NOTHING = 0
    # -- normalizers
    # Changes no text at all.
    KEEP_TEXT = auto()
    # N(x + "\n" + y) == N(x) + "\n" + N(y) for any x, y, and N makes a newline of nothing
    # else: a text can be normalized line by line (the token table's splice relies on it).
    NORMALIZE_LINES_APART = auto()
    # -- pre-tokenizers
    # The pieces of a text are the same whether or not it begins the input (HF Metaspace's
    # "first" scheme does not: it prepends a ▁ at the input's start only).
    SPLIT_ANYWHERE_ALIKE = auto()
    # No piece runs across a newline that follows a non-space and precedes a letter
    # (``newline_chunks``): a text can be split and encoded a group of lines at a time.
    CUT_AT_NEWLINES = auto()
    # ``split_str`` gives the input's own substrings, in order, so their lengths place them
    # (not so when pieces are respelled, one character per byte, or spaces become ▁). Text a
    # split drops (HF's "Removed") is caught by the fast record's own check that the tokens'
    # bytes join to the text.
    PIECES_ARE_TEXT = auto()
    # -- decoders
    # Reads each token's spelling in GPT-2's byte alphabet back into its bytes (HF ByteLevel).
    READ_BYTE_LEVEL = auto()
    # -- models
    # Spells each token's bytes in GPT-2's byte alphabet, the spelling READ_BYTE_LEVEL reads.
    SPELL_BYTE_LEVEL = auto()


class Declares:
    """A stage's declarations: ``capabilities``, set by a class for itself, as a class
    attribute or as a property when they depend on the instance's settings. A subclass that
    does not set it has none, whatever its base declared."""

    capabilities: Can = Can.NOTHING

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "capabilities" not in cls.__dict__:
            cls.capabilities = Can.NOTHING
