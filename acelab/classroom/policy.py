"""How an exercise's tries become its mark: the teacher's marking policy (pure, no I/O).

A learner may check an answer as often as they like, and every wrong try gets feedback that
names the likely mistake, so marking the last try would give full marks for no mathematics. The
teacher chooses, per assignment, one of three policies:

- ``first``: the first try only;
- ``penalty`` (the default, as Moodle's STACK does it): each try is worth its score less
  ``penalty`` (0.1 unless the teacher says otherwise) for every wrong try before it, never
  below 0, and the exercise gets its best try so counted — right at the third try is 0.8 of
  the points, half marks ("rounded too much") at the first try and right at the second is 0.9;
- ``best``: the best try, whenever it came.

A try is "wrong" unless its verdict is fully right (a half mark is a wrong try).
:func:`score` gives the share of the points from the tries' verdicts, oldest first; the
autograder (:func:`acelab.classroom.marking.grade`), the class report and the exported gradebooks
all call it, so they agree.

Where the teacher sets it: the student edition's locked cell ``marking_policy("penalty", 0.1)``
near the top of each lesson (see :func:`acelab.classroom.marking.marking_policy`); nbgrader puts a
locked cell back as the teacher wrote it when it autogrades, so a pupil cannot change it. The class
report reads the same cell from the course's ``source/`` folder, or takes ``--policy``.
:func:`from_notebook` reads it without running anything.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = [
    "DEFAULT",
    "KINDS",
    "Policy",
    "from_notebook",
    "parse_policy",
    "score",
]

Kind = Literal["first", "penalty", "best"]
KINDS: Final[tuple[Kind, ...]] = ("first", "penalty", "best")
DEFAULT_PENALTY: Final = 0.1
POLICY_CALL: Final = "marking_policy"
"""The name of the call in the student edition's policy cell."""


@dataclass(frozen=True)
class Policy:
    """A marking policy: ``kind`` (``first``, ``penalty`` or ``best``) and, for ``penalty``,
    the share of the points each wrong try costs (0 to 1)."""

    kind: Kind = "penalty"
    penalty: float = DEFAULT_PENALTY

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"There is no marking policy {self.kind!r}: choose first, penalty or best."
            )
        if (
            isinstance(self.penalty, bool)
            or not isinstance(self.penalty, int | float)
            or not 0 <= self.penalty <= 1
        ):
            raise ValueError(
                f"A penalty per wrong try is a share of the points from 0 to 1, not "
                f"{self.penalty!r}."
            )
        object.__setattr__(self, "penalty", float(self.penalty))
        if self.kind != "penalty":
            object.__setattr__(self, "penalty", 0.0)

    @property
    def sentence(self) -> str:
        """The policy in one sentence, for pupils and for the report."""
        if self.kind == "first":
            return "Marking: only your first try at each exercise counts."
        if self.kind == "best":
            return "Marking: your best try at each exercise counts."
        return (
            f"Marking: your best try at each exercise counts, less {self.penalty:g} of its "
            "points for each wrong try before it (never below 0)."
        )

    @property
    def short(self) -> str:
        """``penalty 0.1``, ``first`` or ``best``: as ``--policy`` takes it."""
        return f"penalty {self.penalty:g}" if self.kind == "penalty" else self.kind

    def call(self) -> str:
        """The policy cell's call: ``marking_policy("penalty", 0.1)``."""
        if self.kind == "penalty":
            return f'{POLICY_CALL}("penalty", {self.penalty:g})'
        return f'{POLICY_CALL}("{self.kind}")'


DEFAULT: Final = Policy()


def parse_policy(text: str) -> Policy:
    """The policy ``text`` names: ``first``, ``best``, ``penalty`` or ``penalty 0.2``
    (``penalty=0.2`` too); ``ValueError`` with a sentence otherwise."""
    words = str(text).replace("=", " ").replace(":", " ").split()
    if not words or words[0].lower() not in KINDS:
        raise ValueError(
            f"There is no marking policy {text!r}: choose first, penalty (or penalty 0.2) or best."
        )
    kind: Kind = next(k for k in KINDS if k == words[0].lower())
    if len(words) == 1:
        return Policy(kind)
    if kind != "penalty" or len(words) != 2:
        raise ValueError(f"Only the penalty policy takes a number: {text!r} is not a policy.")
    try:
        penalty = float(words[1])
    except ValueError:
        raise ValueError(
            f"{words[1]!r} is not a number: a penalty is a share such as 0.1."
        ) from None
    return Policy("penalty", penalty)


def score(tries: Iterable[tuple[float, bool]], policy: Policy = DEFAULT) -> float:
    """The share of the points (0 to 1) that tries earn, given each try's verdict as
    ``(score, correct)``, oldest first; 0 when there is none."""
    listed = [(min(max(float(s), 0.0), 1.0), bool(c)) for s, c in tries]
    if not listed:
        return 0.0
    if policy.kind == "first":
        return listed[0][0]
    if policy.kind == "best":
        return max(s for s, _ in listed)
    best, wrong = 0.0, 0
    for value, correct in listed:
        best = max(best, value - policy.penalty * wrong)
        wrong += not correct
    return round(max(best, 0.0), 9)


def _literal(node: ast.expr) -> Any:
    return ast.literal_eval(node)


def from_source(code: str) -> Policy | None:
    """The policy a cell's code sets with ``marking_policy(…)`` (read, never run), or
    ``None`` when it sets none; ``ValueError`` when its call names no policy."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == POLICY_CALL
        ):
            try:
                args = [_literal(a) for a in node.args]
                kwargs = {k.arg: _literal(k.value) for k in node.keywords if k.arg}
            except ValueError:
                raise ValueError(
                    f"The marking policy cell {code.strip()!r} is not plain: write "
                    'marking_policy("penalty", 0.1), marking_policy("first") or '
                    'marking_policy("best").'
                ) from None
            kind = kwargs.get("kind", args[0] if args else "penalty")
            penalty = kwargs.get("penalty", args[1] if len(args) > 1 else DEFAULT_PENALTY)
            return Policy(kind, penalty)
    return None


def from_notebook(notebook: Mapping[str, Any]) -> Policy | None:
    """The policy a notebook's policy cell sets (its code read, never run), or ``None``."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        code = "".join(source) if isinstance(source, list) else str(source)
        if POLICY_CALL in code:
            found = from_source(code)
            if found is not None:
                return found
    return None
