"""Every game package; importing this registers them all."""

from linecraft.games import metro, next_station_london, railroad_ink

__all__ = ["metro", "next_station_london", "railroad_ink"]
