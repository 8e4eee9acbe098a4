"""The pieces above and below a game's card table: a header with the seed, a rating and the
four-colour switch, and a "go back to" chooser. Shared by every game panel."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

import ipywidgets as widgets

__all__ = ["BackTo", "GameHeader", "parse_seed"]

_WHOLE: Final = re.compile(r"[+-]?\d+")


def parse_seed(text: str) -> int | str | None:
    """A seed typed in a box: whole numbers (``-5`` too) as numbers, other words as text, and
    ``None`` for an empty box, so a typed seed deals what the same seed in Python deals."""
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else text or None


class GameHeader(widgets.HBox):  # type: ignore[misc]
    """The game's title, its seed box (Enter deals that seed), an optional rating chooser with
    an accessible name, and the four-colour deck switch."""

    def __init__(
        self,
        title: str,
        seed: int | str,
        on_seed: Callable[[int | str | None], object],
        on_four_colour: Callable[[bool], object],
        *,
        rating: tuple[str, Sequence[int], int] | None = None,
        four_colour: bool = False,
    ) -> None:
        self.seed_field = widgets.Text(value=str(seed), description="Seed", continuous_update=False)
        self.seed_field.layout.width = "170px"
        self.seed_field.add_class("acelab-seed")
        self.quiet = False
        self.seed_field.observe(self._typed, names="value")
        self._on_seed = on_seed
        parts: list[Any] = [
            widgets.HTML(f"<b style='font-size:1.15em;margin-right:10px'>{title}</b>")
        ]
        parts.append(self.seed_field)
        self.rating_field: widgets.Dropdown | None = None
        if rating is not None:
            name, values, value = rating
            self.rating_field = widgets.Dropdown(
                options=[(str(n), n) for n in values], value=value, description=name
            )
            self.rating_field.style.description_width = "initial"
            self.rating_field.layout.width = "190px"
            self.rating_field.add_class("acelab-challenge")
            parts.append(self.rating_field)
        colours = widgets.Checkbox(value=four_colour, description="four-colour deck", indent=False)
        colours.observe(lambda change: on_four_colour(bool(change["new"])), names="value")
        parts.append(colours)
        super().__init__(parts)
        self.layout.flex_flow, self.layout.align_items = "row wrap", "center"

    def _typed(self, change: dict[str, Any]) -> None:
        if not self.quiet:
            self._on_seed(parse_seed(str(change["new"])))

    def show(self, seed: int | str, rating: int | None = None) -> None:
        """Show ``seed`` (and ``rating``) without dealing again."""
        self.quiet = True
        try:
            self.seed_field.value = str(seed)
            if rating is not None and self.rating_field is not None:
                self.rating_field.value = rating
        finally:
            self.quiet = False


class BackTo(widgets.HBox):  # type: ignore[misc]
    """A "go back to" chooser of earlier points, with its button."""

    def __init__(self, on_go_back: Callable[[int | None], object]) -> None:
        self.choice = widgets.Dropdown(description="Go back to", options=[])
        self.choice.style.description_width = "initial"
        self.choice.layout.width = "auto"
        self.choice.add_class("acelab-back-choice")
        button = widgets.Button(description="Go back", tooltip="Return to the chosen point.")
        button.add_class("acelab-go-back")
        button.on_click(lambda _: on_go_back(self.choice.value))
        super().__init__([self.choice, button])

    def show(self, labels: Sequence[tuple[str, int]]) -> None:
        """List ``(label, index)`` points, the last one chosen."""
        options = [(label.rstrip("."), index) for label, index in labels]
        with self.choice.hold_sync():  # one message, not one per trait the change touches
            if list(self.choice.options) != options:
                self.choice.options = options
            self.choice.value = options[-1][1] if options else None
