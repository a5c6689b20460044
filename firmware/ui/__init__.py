"""Rendering: HDMI screen models and layout (pygame-ce), OLED text views
(luma)."""
