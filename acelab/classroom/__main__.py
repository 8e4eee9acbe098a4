"""``python -m acelab.classroom [FOLDER]`` (``make class``): the pupils' folder, see
:mod:`acelab.classroom.pupils`."""

import sys

from acelab.classroom.pupils import main

sys.exit(main(sys.argv[1:]))
