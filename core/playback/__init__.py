"""Merge playback: an encoding replayed step by step, token derivations, training replayed."""
