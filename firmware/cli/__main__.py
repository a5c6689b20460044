"""``python -m firmware.cli``: the ``cabinet`` command."""
import sys

from firmware.cli.main import main

sys.exit(main())
