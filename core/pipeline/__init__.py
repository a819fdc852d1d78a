"""The pipeline stages and the tokenizer that holds them: normalizers, pre-tokenizers, added
tokens, post-processors, decoders, and the one walk through them.
"""
