"""The running cabinet below the window: the engine runtime (inputs to
stamped actions to the engine), the seats' controls, the dice station, the
journal, the wiring, the config, the clocks, sounds and field watch."""
