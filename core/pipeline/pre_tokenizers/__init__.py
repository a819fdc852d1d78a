"""Pre-tokenizers of every origin: regex presets, Hugging Face's splitters, byte-level, Metaspace,
BERT.
"""
