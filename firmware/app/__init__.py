"""The application: the one window loop (:mod:`firmware.app.window_loop`),
a game's session on the cabinet, the start menu and the screen gallery.  The
only code that reads pygame events."""
