"""The message bar and the move log: pure HTML renderers and the widgets that show them."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final, Literal

import ipywidgets as widgets

__all__ = ["MessageBar", "MoveLog", "message_html", "move_log_html"]

MessageKind = Literal["info", "success", "warning", "error"]

_STYLES: Final[dict[str, tuple[str, str, str]]] = {
    # kind: (background, border, icon)
    "info": ("#e8f1fb", "#1565c0", "ℹ"),
    "success": ("#e7f5ea", "#2e7d32", "✔"),
    "warning": ("#fff6e0", "#ef8f00", "⚠"),
    "error": ("#fdecec", "#c62828", "✖"),
}


def message_html(text: str, kind: MessageKind = "info") -> str:
    """A message as HTML; an empty text gives an empty string. ``kind`` sets colour and icon."""
    if not text:
        return ""
    background, border, icon = _STYLES[kind]
    role = "alert" if kind in ("error", "warning") else "status"
    return (
        f'<div class="acelab-message acelab-message-{kind}" role="{role}" '
        f'style="background:{background};border-left:4px solid {border};'
        f'padding:6px 10px;margin:4px 0;border-radius:3px">'
        f'<span aria-hidden="true">{icon}</span> {escape(text)}</div>'
    )


def move_log_html(entries: Sequence[str], limit: int = 12) -> str:
    """The last ``limit`` log entries as a numbered list, newest last."""
    if not entries:
        return '<div class="acelab-log" style="color:#777">No moves yet.</div>'
    first = max(0, len(entries) - limit)
    items = "".join(f"<li>{escape(e)}</li>" for e in entries[first:])
    return (
        f'<ol class="acelab-log" start="{first + 1}" '
        f'style="margin:2px 0;padding-left:2.2em;font-size:0.92em">{items}</ol>'
    )


class MessageBar(widgets.HTML):  # type: ignore[misc]
    """A line under a panel that shows what just happened or why a click was refused."""

    def __init__(self) -> None:
        super().__init__(value="")
        self.add_class("acelab-message-bar")
        self.text = ""
        self.kind: MessageKind = "info"

    def show(self, text: str, kind: MessageKind = "info") -> None:
        """Show ``text`` as a message of ``kind``."""
        self.text, self.kind = text, kind
        self.value = message_html(text, kind)

    def error(self, text: str) -> None:
        """Show why something was refused."""
        self.show(text, "error")

    def clear(self) -> None:
        """Remove the message."""
        self.show("")


class MoveLog(widgets.HTML):  # type: ignore[misc]
    """The list of moves played so far."""

    def __init__(self, limit: int = 12) -> None:
        super().__init__(value=move_log_html([]))
        self.add_class("acelab-move-log")
        self.entries: list[str] = []
        self.limit = limit

    def set_entries(self, entries: Sequence[str]) -> None:
        """Replace the log's entries."""
        self.entries = list(entries)
        self.value = move_log_html(self.entries, self.limit)

    def append(self, entry: str) -> None:
        """Add one entry at the end."""
        self.set_entries([*self.entries, entry])
