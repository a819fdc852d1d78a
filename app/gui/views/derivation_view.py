"""A token's derivation drawn as a tree: the token on top, the two tokens each merge joins
below it, down to bytes or characters; every node with its id and its merge's rank. The
dialog adds, for a piece that ends as several tokens, why it is not one."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import DerivationNode, Tokenizer, derivation, visible

from ...pictures.chip_rows import chip_label
from .. import style
from ..i18n import translate
from ..ui_theme import canvas_ink

LEVEL_H = 64
GAP = 10


@dataclass
class _Placed:
    node: DerivationNode
    rect: QRectF
    children: tuple[int, int] | None


class DerivationView(QWidget):
    """Paints one :class:`DerivationNode` tree."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: dict[int, str] = {}  # id → how the chip writes it (set with the tree)
        self.font_ = QFont("Noto Sans", 13)
        self.small = QFont("DejaVu Sans Mono", 8)
        self._metrics = QFontMetrics(self.font_)
        self.tree: DerivationNode | None = None
        self.placed: list[_Placed] = []
        self._size = QSize(200, 100)

    def set_tree(self, tree: DerivationNode | None) -> None:
        self.tree = tree
        self.placed = []
        if tree is not None:
            self._place(tree)
        self.update()

    def _label(self, node: DerivationNode) -> str:
        found = self.labels.get(node.id)
        if found is not None:
            return found
        return visible(node.label) if node.label else "∅"

    def caption(self, node: DerivationNode) -> str:
        # Both words written out: a bare "95839 = rank" or "r12" reads as a formula.
        if node.rule is None:
            return self.tr("id {id}").format(id=node.id)
        return self.tr("id {id} · rank {rank}").format(id=node.id, rank=node.rule.rank)

    def _place(self, tree: DerivationNode) -> None:
        chip_h = self._metrics.height() + 10
        cursor = [GAP]

        def place(node: DerivationNode, depth: int) -> int:
            width = max(34, self._metrics.horizontalAdvance(self._label(node)) + 16,
                        QFontMetrics(self.small).horizontalAdvance(self.caption(node)) + 6)
            y = GAP + depth * LEVEL_H
            if node.left is None or node.right is None:
                rect = QRectF(cursor[0], y, width, chip_h)
                cursor[0] += width + GAP
                self.placed.append(_Placed(node, rect, None))
                return len(self.placed) - 1
            left = place(node.left, depth + 1)
            right = place(node.right, depth + 1)
            middle = (self.placed[left].rect.center().x() + self.placed[right].rect.center().x())
            rect = QRectF(middle / 2 - width / 2, y, width, chip_h)
            self.placed.append(_Placed(node, rect, (left, right)))
            return len(self.placed) - 1

        place(tree, 0)
        # A wide parent over narrow children may stick out on the left: shift everything.
        shift = max(0.0, GAP - min(p.rect.left() for p in self.placed))
        for p in self.placed:
            p.rect.translate(shift, 0)
        right = max(p.rect.right() for p in self.placed) + GAP
        bottom = max(p.rect.bottom() for p in self.placed) + 24
        self._size = QSize(int(right), int(bottom))
        self.setMinimumSize(self._size)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return self._size

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = canvas_ink(self)
        painter.setPen(QPen(ink.muted, 1.5))
        for p in self.placed:
            if p.children is not None:
                top = QPointF(p.rect.center().x(), p.rect.bottom() + 12)
                for child in p.children:
                    c = self.placed[child].rect
                    painter.drawLine(top, QPointF(c.center().x(), c.top()))
        for p in self.placed:
            leaf = p.children is None
            colors = ink.palette
            fill = colors.node_fill if not leaf else (colors.unbuilt_fill if p.node.unbuilt
                                                      else colors.leaf_fill)
            painter.setPen(QPen(QColor(colors.node_edge if not leaf else colors.plain_edge), 1.5))
            painter.setBrush(QColor(fill))
            painter.drawRoundedRect(p.rect, 5, 5)
            painter.setPen(QColor(colors.plain_ink))
            painter.setFont(self.font_)
            painter.drawText(p.rect, Qt.AlignmentFlag.AlignCenter, self._label(p.node))
            painter.setFont(self.small)
            painter.setPen(ink.muted)
            painter.drawText(QRectF(p.rect.left() - 20, p.rect.bottom() + 1,
                                    p.rect.width() + 40, 12), Qt.AlignmentFlag.AlignHCenter,
                             self.caption(p.node))
        painter.end()


def tree_lines(tree: DerivationNode, labels: dict[int, str]) -> list[str]:
    """The tree as indented text (copyable), tokens written as ``labels`` says."""
    out: list[str] = []

    def walk(node: DerivationNode, depth: int) -> None:
        rank = translate("DerivationDialog", ", rank {rank}").format(rank=node.rule.rank) \
            if node.rule else (translate("DerivationDialog", " — no merge builds it")
                               if node.unbuilt else "")
        out.append("  " * depth + translate("DerivationDialog", "“{label}” id {id}{rank}").format(
            label=labels.get(node.id, node.label), id=node.id, rank=rank))
        if node.left is not None and node.right is not None:
            walk(node.left, depth + 1)
            walk(node.right, depth + 1)

    walk(tree, 0)
    return out


class DerivationDialog(QDialog):
    """``show_token(tokenizer, token_id, why)``: the tree of one token, and a sentence on why
    its piece is not one token (empty when it is)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("How this token is built"))
        self.resize(980, 560)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet(style.PANE_TITLE)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree_view = DerivationView()
        scroll = QScrollArea()
        scroll.setWidget(self.tree_view)
        scroll.setWidgetResizable(False)
        self.lines: list[str] = []
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(self.tr("Copy as text"),
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(
            lambda: QApplication.clipboard().setText("\n".join(self.lines)))
        # The whole tree (not just what the scroll area shows), for slides.
        self.picture_button = buttons.addButton(self.tr("Export picture…"),
                                                QDialogButtonBox.ButtonRole.ActionRole)
        self.picture_button.clicked.connect(self.ask_export_picture)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.why)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)

    def ask_export_picture(self) -> None:
        from ..picture_export import ask_target, save_widget

        target = ask_target(self, "derivation.png")
        if target is not None:
            save_widget(self.tree_view, *target)

    def show_token(self, tokenizer: Tokenizer, token_id: int, why: str = "") -> None:
        tree = derivation(tokenizer, token_id)
        self.tree = tree
        self.tree_view.labels = {n.id: chip_label(tokenizer, n.id) for n in tree.nodes()}
        self.tree_view.set_tree(tree)
        shown = self.tree_view.labels[token_id]
        merges = sum(1 for n in tree.nodes() if n.rule is not None)
        leaves = sum(1 for _ in tree.leaves())
        # "Token" first: a label that starts with Arabic would turn the line right to left.
        if merges:
            heading = (self.tr("Token “{label}” (id {id}): {merges} merges from {n} symbols")
                       if leaves != 1 else
                       self.tr("Token “{label}” (id {id}): {merges} merges from {n} symbol"))
        elif tree.unbuilt:
            heading = self.tr("Token “{label}” (id {id}) is not built by any merge — a token "
                              "longer than one symbol that the merges never form")
        else:
            heading = self.tr("Token “{label}” (id {id}) is not built by any merge — a base "
                              "symbol or an added token")
        self.heading.setText(heading.format(label=shown, id=token_id, merges=merges, n=leaves))
        self.why.setText(why)
        self.why.setVisible(bool(why))
        self.lines = tree_lines(tree, self.tree_view.labels)
        self.show()
        self.raise_()
