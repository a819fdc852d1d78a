"""Comparing languages and tokenizers on parallel corpora (metrics, ratios, plots data).

Empty until the language-comparison issue; it reads encodings from ``results/``.
"""
