"""The installed Qt binding keeps Python's reference counts right. PySide6 6.12.0 released a
reference to None on every call of a method that returns nothing; on Python 3.11, where None
is not immortal, a long session then aborts ("deallocating None"). This guards the pin."""

import sys

from PySide6.QtGui import QBrush, QColor, QTextCharFormat


def test_void_methods_do_not_release_none():
    brush, color, fmt = QBrush(QColor("#ff0000")), QColor("#00ff00"), QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(2000):
        fmt.setBackground(brush)
        fmt.setForeground(color)
    # Other threads may hold a few references meanwhile; a leak would show ~4000.
    assert abs(sys.getrefcount(None) - before) < 200
