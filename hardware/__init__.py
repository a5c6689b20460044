"""Cabinet hardware layer: seats (buttons, LEDs, navigation, cup sensors)
with microsecond edges, OLEDs, cameras and audio, all from the config.
See hardware/README.md; never imports engines/ or vision/."""
