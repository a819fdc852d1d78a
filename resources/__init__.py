"""Data shipped with BPE Lens (demo tokenizers, samples)."""
