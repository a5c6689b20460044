#!/bin/sh
# Remove the cabinet service and venv:  sudo systemd/uninstall.sh [--dry-run] [--purge]
# --purge also deletes /etc/cabinet, the save files in /var/lib/cabinet and the user.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
PYTHONPATH="$repo${PYTHONPATH:+:$PYTHONPATH}" exec python3 -m firmware.cli.install uninstall --source "$repo" "$@"
