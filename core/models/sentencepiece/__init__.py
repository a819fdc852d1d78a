"""SentencePiece's own models (BPE, Unigram, char, word) and its piece table."""
