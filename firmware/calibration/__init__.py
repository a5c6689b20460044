"""The guided dice calibration: the flow (a state machine over the seats'
rolls), its screens, and the simulated table it is tried on."""
