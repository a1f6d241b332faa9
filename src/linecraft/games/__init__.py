"""Every game package; importing this registers them all."""

from linecraft.games import next_station_london, railroad_ink

__all__ = ["next_station_london", "railroad_ink"]
