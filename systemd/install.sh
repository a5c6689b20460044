#!/bin/sh
# Install the cabinet on Raspberry Pi OS (Bookworm; Pi 4 or Pi 5) from this
# checkout:  sudo systemd/install.sh [--dry-run] [--start] [--config PATH]
# Same as `sudo cabinet install ...` once installed; see docs/build-guide.md.
# Runs with the system python3 (3.11): only the standard library and the
# checkout's stdlib-only config modules are needed.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
PYTHONPATH="$repo${PYTHONPATH:+:$PYTHONPATH}" exec python3 -m firmware.cli.install install --source "$repo" "$@"
