#!/usr/bin/env bash
# nbgrader on the class hub (issue 23), as root, after deploy/hub/install.sh made the pupils'
# environment ($ACELAB_HUB_PREFIX/venv, default /opt/acelab-hub/venv):
#
#   sudo deploy/hub/nbgrader/setup.sh COURSE_ID [EXCHANGE]     # EXCHANGE: /srv/nbgrader/exchange
#
# 1. installs nbgrader (the version of acelab's `grading` extra) in the pupils' environment;
# 2. makes the exchange with the permissions nbgrader documents (a folder every user may write);
# 3. writes the course id and the exchange into <env>/etc/jupyter/nbgrader_config.py, which
#    every pupil's Jupyter reads;
# 4. switches off for pupils what nbgrader documents as the teacher's: the formgrader and course
#    list (server and lab extensions) and the create-assignment toolbar, leaving the
#    Assignments tab (assignment list) and Validate.
# The teacher marks from a terminal with the checkout's environment (make venv: acelab[grading]).
set -euo pipefail
if [ "$(id -u)" != 0 ] || [ $# -lt 1 ]; then
  echo "Run as root: sudo deploy/hub/nbgrader/setup.sh COURSE_ID [EXCHANGE]" >&2
  exit 1
fi
COURSE=$1
EXCHANGE=${2:-/srv/nbgrader/exchange}
PREFIX=${ACELAB_HUB_PREFIX:-/opt/acelab-hub}
ENV=${ACELAB_HUB_VENV:-$PREFIX/venv}
HERE=$(cd "$(dirname "$0")" && pwd)
CHECKOUT=$(cd "$HERE/../../.." && pwd)
case "$COURSE" in
  *[!A-Za-z0-9_-]* | "") echo "A course id is letters, digits, - and _ only: not '$COURSE'." >&2; exit 1 ;;
esac
umask 022

pin=$(sed -n 's/^ *"\(nbgrader==[0-9.]*\)",*$/\1/p' "$CHECKOUT/pyproject.toml" | head -1)
"$ENV/bin/python" -m pip install --quiet --disable-pip-version-check "${pin:-nbgrader}" \
  2>&1 | grep -v "^WARNING: Location" || true

install -d -o root -g root -m 755 "$(dirname "$EXCHANGE")"
mkdir -p "$EXCHANGE"
chmod ugo+rw "$EXCHANGE"

install -d -m 755 "$ENV/etc/jupyter"
{
  echo "# Written by deploy/hub/nbgrader/setup.sh: the course and the exchange of this hub."
  echo "import os"
  echo "os.environ.setdefault('ACELAB_COURSE', '$COURSE')"
  echo "os.environ.setdefault('ACELAB_EXCHANGE', '$EXCHANGE')"
  cat "$HERE/nbgrader_config.py"
} > "$ENV/etc/jupyter/nbgrader_config.py"
chmod 644 "$ENV/etc/jupyter/nbgrader_config.py"

export PATH="$ENV/bin:$PATH"
for part in formgrader course_list; do
  jupyter server extension disable --sys-prefix "nbgrader.server_extensions.$part" >/dev/null
done
for part in formgrader course-list create-assignment; do
  jupyter labextension disable --level=sys_prefix "@jupyter/nbgrader:$part" >/dev/null
done
chown -R root:root "$ENV" && chmod -R go-w "$ENV"
echo "nbgrader is set up for course $COURSE with the exchange $EXCHANGE: pupils see the" \
  "Assignments tab only."
