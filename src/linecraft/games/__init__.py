"""Every game package; importing this registers them all."""

from linecraft.games import railroad_ink

__all__ = ["railroad_ink"]
