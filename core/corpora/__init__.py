"""Parallel corpora: the same sentences in several languages (TSV, JSONL, folders and archives
of line-aligned files), read whole or not at all."""
