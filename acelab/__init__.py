"""acelab: four card games to play in Jupyter and learn mathematics from.

The rules engines (``acelab.cards``, ``acelab.engine`` and each game's rules modules) are pure
Python with no widgets; ``acelab.widgets`` and each game's ``panel`` module draw them in Jupyter.
"""

__version__ = "0.1.0"
