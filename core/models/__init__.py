"""Models: ids for one piece. Pair-rank BPE, tiktoken ranks, WordPiece, Unigram, SentencePiece;
the merge rules and steps they share.
"""
