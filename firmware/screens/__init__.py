"""What the players see of each game: per-game HDMI scenes and OLED frames,
pure functions of a game's view (and the seats' cursors, read without moving
them) to a scene.  They never change input state and never import pygame."""
