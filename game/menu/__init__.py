"""Title, game setup, settings, statistics, pause and rules-help screens."""
