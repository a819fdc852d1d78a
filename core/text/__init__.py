"""Text as units: code points, UTF-8 bytes, spans, the aligned text every stage transforms,
Unicode tables, the byte-level map, regex dialects, display.
"""
