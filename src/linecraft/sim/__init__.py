"""Batches of games: throughput measurement and (later) tournaments."""
