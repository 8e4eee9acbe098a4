"""Teaching: typed answers read by a grammar (``reading``) and checked (``answers``, pure: it
writes nothing), the exercise kit and the list of lessons (``exercises``), what lesson notebooks
call (``cells``: ask, worked), the skills each exercise uses (``skills``), and the teacher's
printouts (``answer_keys``, ``plans``). Each game's lessons live in ``acelab/<game>/lessons/``."""
