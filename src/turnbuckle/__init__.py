"""turnbuckle: play, referee, simulate and run leagues for tabletop combat-sports games."""

__version__ = "0.2.0"
