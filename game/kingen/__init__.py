"""Kingen and Dubbelkingen: the Flemish four-player trick-taking match."""
