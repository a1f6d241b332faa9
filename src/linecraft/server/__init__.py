"""The web platform (`linecraft serve`)."""
