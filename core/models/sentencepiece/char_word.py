"""SentencePiece's two simplest models (``src/char_model.cc``, ``src/word_model.cc``): each
character (or longest user-defined piece) is one piece, or each word — a run starting at
every ``▁`` — is one piece; whatever is not in the vocabulary is unknown."""

from __future__ import annotations

from .bpe import _UserDefined
from .pieces import SPACE_SYMBOL, SentencePieceModel, SentencePieceVocab


class SentencePieceChar(SentencePieceModel):
    family = "character model"
    merge_method = ("SentencePiece's character model does not merge: every character is one piece "
                    "(a user-defined symbol found in the text stays whole)")

    def __init__(self, vocab: SentencePieceVocab) -> None:
        super().__init__(vocab)
        self._symbols_match = _UserDefined(vocab.user_defined)

    def symbols(self, text: str) -> list[tuple[str, int]]:
        model_id = self.vocab.model_id
        out: list[tuple[str, int]] = []
        at = self._symbols_match.at
        pos = 0
        while pos < len(text):
            end = at(text, pos) or pos + 1
            out.append((text[pos:end], model_id(text[pos:end])))
            pos = end
        return out


class SentencePieceWord(SentencePieceModel):
    family = "word model"
    merge_method = ("SentencePiece's word model does not merge: every word (from one ▁ to "
                    "the next) is one piece, or <unk> when it is not in the vocabulary")

    def symbols(self, text: str) -> list[tuple[str, int]]:
        # SplitIntoWords: a word begins at the start and at every space symbol (the library
        # spells it ▁ here whether or not the normalizer escapes spaces).
        parts = text.split(SPACE_SYMBOL)
        words = [SPACE_SYMBOL + w for w in parts[1:]]
        if parts[0]:
            words.insert(0, parts[0])
        model_id = self.vocab.model_id
        return [(w, model_id(w)) for w in words]
