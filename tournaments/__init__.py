"""Tournaments: registration, formats, scheduling, standings."""
