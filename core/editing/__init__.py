"""Changing tokenizers: merge conflicts, extension with new rules, vocabulary diffs.

Empty until the debugging-kit issue; it works on ``models/`` and ``models/merges``.
"""
