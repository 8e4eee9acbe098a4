"""acelab: four card games to play in Jupyter and learn mathematics from.

The layers, each a package (README, Layout): ``acelab.engine`` (the protocol and the pieces every
game shares: cards, seeds, dispatch, stats), the four games (``acelab.ace_pilot``…, pure Python but
for their panels), ``acelab.teaching`` (exercises, answers checked, keys, plans),
``acelab.classroom.pupils`` (learners, attempts, marking, the class report), ``acelab.store``,
``acelab.practice`` and ``acelab.widgets`` (the card table in Jupyter). The modules that stood
side by side at the top before (marking, lessons, cards…) still import by their old names: see
``acelab._moved``.
"""

from acelab._moved import install as _install

__version__ = "0.1.0"

_install()
