"""Dedicated screen and OLED layouts per game (module name = game id with _)."""
