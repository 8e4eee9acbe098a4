#!/usr/bin/env bash
# The pupils' environment for the class hub (issue 23), as root: acelab built as a wheel from
# this checkout and installed, with its dependencies and the `hub` extra (JupyterHub's
# single-user server, NativeAuthenticator, nbgitpuller) and the `grading` extra (nbgrader), into $ACELAB_HUB_PREFIX/venv
# (default /opt/acelab-hub/venv): owned by root, read-only to pupils, with no checkout, no
# teachers/, no answer keys and no lessons/ in it. Also makes the hub's state folder (root only)
# and this checkout private (it holds teachers/ and docs/teachers/keys/: no pupil may read it).
#
#   sudo deploy/hub/install.sh          # `make hub` runs it when run as root
#
# Run it again after updating acelab: the wheel is rebuilt and reinstalled.
set -euo pipefail
if [ "$(id -u)" != 0 ]; then
  echo "The pupils' environment belongs to root: run sudo deploy/hub/install.sh" >&2
  exit 1
fi
# A Python every pupil may run: the system's (a Python under /root, such as pyenv's, is not).
PATH="$PATH:/usr/sbin:/sbin"
PYTHON=${ACELAB_HUB_PYTHON:-$(command -v /usr/bin/python3 || command -v python3)}
PREFIX=${ACELAB_HUB_PREFIX:-/opt/acelab-hub}
CHECKOUT=$(cd "$(dirname "$0")/../.." && pwd)
umask 022

wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$wheels" "$CHECKOUT" 2>&1 \
  | grep -v -E "^WARNING: Location|BuildBackendWarning|^ *!!|\*\*\*|^ *$" || true
wheel=$(ls "$wheels"/acelab-*.whl)

install -d -o root -g root -m 755 "$PREFIX"
if [ ! -x "$PREFIX/venv/bin/python" ] \
    || [ "$(readlink -f "$PREFIX/venv/bin/python")" != "$(readlink -f "$PYTHON")" ]; then
  rm -rf "$PREFIX/venv"
  "$PYTHON" -m venv "$PREFIX/venv"
fi
"$PREFIX/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel[hub,grading]" \
  2>&1 | grep -v "^WARNING: Location" || true
# the wheel of this checkout, even when its version number is the one installed
"$PREFIX/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  --force-reinstall --no-deps "$wheel" 2>&1 | grep -v "^WARNING: Location" || true
# No "Jupyter news?" question for pupils: JupyterLab's defaults for everyone on this hub
install -d "$PREFIX/venv/share/jupyter/lab/settings"
cat > "$PREFIX/venv/share/jupyter/lab/settings/overrides.json" <<'JSON'
{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}
JSON
# nbgrader for pupils: the Assignments tab (fetch, validate, submit) and nothing of the teacher's.
# nbgrader documents switching its parts off one by one; the hub turns them back on for the
# teacher only (config.d/60-nbgrader.py). The course id and the exchange come from the hub.
install -d "$PREFIX/venv/etc/jupyter"
install -m 644 "$CHECKOUT/deploy/hub/nbgrader/nbgrader_config.py" "$PREFIX/venv/etc/jupyter/"
# the teacher's collect: each pupil's own submissions only (deploy/hub/nbgrader/acelab_hub_exchange.py)
install -m 644 "$CHECKOUT/deploy/hub/nbgrader/acelab_hub_exchange.py" \
  "$("$PREFIX/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/"
for part in formgrader course_list; do
  "$PREFIX/venv/bin/jupyter" server extension disable --sys-prefix \
    "nbgrader.server_extensions.$part" >/dev/null 2>&1
done
for part in formgrader course-list create-assignment; do
  "$PREFIX/venv/bin/jupyter" labextension disable --level=sys_prefix \
    "@jupyter/nbgrader:$part" >/dev/null 2>&1
done
# ... and back on for the teacher: a configuration folder on the teacher's JUPYTER_CONFIG_PATH
install -d -m 755 "$PREFIX/etc/teacher-jupyter/jupyter_server_config.d" \
  "$PREFIX/etc/teacher-jupyter/labconfig"
cat > "$PREFIX/etc/teacher-jupyter/jupyter_server_config.d/acelab-teacher.json" <<'JSON'
{"ServerApp": {"jpserver_extensions": {"nbgrader.server_extensions.formgrader": true,
                                       "nbgrader.server_extensions.course_list": true}}}
JSON
cat > "$PREFIX/etc/teacher-jupyter/labconfig/page_config.json" <<'JSON'
{"disabledExtensions": {"@jupyter/nbgrader:formgrader": false,
                        "@jupyter/nbgrader:course-list": false,
                        "@jupyter/nbgrader:create-assignment": false}}
JSON
chown -R root:root "$PREFIX/venv" "$PREFIX/etc/teacher-jupyter"
chmod -R go-w "$PREFIX/venv"
if ! runuser -u nobody -- "$PREFIX/venv/bin/python" -c \
    "import acelab, jupyterhub.singleuser, nbgitpuller, nbgrader" 2>/dev/null; then
  echo "A pupil could not run $PREFIX/venv/bin/python (built from $PYTHON): choose a Python" \
    "every user may run with ACELAB_HUB_PYTHON=/usr/bin/python3.11, and remove $PREFIX/venv." >&2
  exit 1
fi

install -d -o root -g root -m 700 "${ACELAB_HUB_STATE:-$PREFIX/state}"
chmod o-rwx "$CHECKOUT"
echo "The pupils' environment is $PREFIX/venv (acelab $("$PREFIX/venv/bin/python" -c \
  'import importlib.metadata as m; print(m.version("acelab"))') from its wheel)."
