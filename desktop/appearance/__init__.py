"""How the window looks: light and dark themes, presenter mode, and the preferences kept for them."""
