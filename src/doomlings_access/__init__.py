"""Doomlings for blind and low-vision players: rules engine, card data and tools."""

__version__ = "0.1.0"
