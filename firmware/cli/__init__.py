"""The ``cabinet`` command line: the entry point (:mod:`firmware.cli.main`),
its shared option parsing and errors (:mod:`firmware.cli.options`) and one
module per command.  The top layer: nothing else in the project imports it."""
