"""Normalizers of every origin (BPE Lens, Hugging Face, BERT, SentencePiece), each keeping every
character's source span.
"""
