"""Every game package; importing this registers them all."""

from linecraft.games import metro, metromania, next_station_london, railroad_ink

__all__ = ["metro", "metromania", "next_station_london", "railroad_ink"]
