"""The move log, a part of `GameScene` (`scene.log`).

What happened, newest last: (seat, move, the state after it), the first entry (None, None,
the start) opening the log. Its `lines` are said in the language of the moment they are read,
by the game's words (`describe` of game/<name>/words.py, where the game keeps a log), and made
again only when the log, the language or a name typed on a phone changes.
"""
from __future__ import annotations

from game.ui.i18n import language

LOG_SIZE = 40            # entries, and lines, of the log kept


class MoveLog:
    def __init__(self, scene, start):
        self.scene = scene
        self.entries: list = [(None, None, start.copy())]
        self._lines = (None, [])
        self._said = (None, {})     # ((language, names), {id(entry): (entry, its lines)}): each entry said once

    def add(self, seat, move, state) -> None:
        self.entries = (self.entries + [(seat, move, state.copy())])[-LOG_SIZE:]

    def follow(self, record) -> None:
        """The log of `record`'s moves so far (its last LOG_SIZE), replayed through the rules:
        a game resumed shows the log it showed when it was left."""
        rules = self.scene.info.rules()
        state = rules.new_game(record.seed, record.players, dict(record.options))
        first = max(0, len(record.moves) - LOG_SIZE)
        self.entries = [(None, None, state.copy())] if first == 0 else []
        for number, code in enumerate(record.moves):
            seat, move = state.to_move(), rules.parse_move(code)
            state.play(move)
            if number >= first:
                self.entries.append((seat, move, state.copy()))
        self.entries = self.entries[-LOG_SIZE:]

    def describe(self, state, seat, move) -> list[str]:
        """The log's lines for `move` of `seat`, which led to `state` (its `events`); for the
        log's opening (`move` None), the lines that open it."""
        scene = self.scene
        if not hasattr(scene.words, "describe"):
            return []
        return scene.words.describe(state, seat, move, scene.seat_name, scene.said)

    @property
    def lines(self) -> list[str]:
        key = ((language(), self.scene.phone_plates()), len(self.entries), id(self.entries[-1]))
        if self._lines[0] != key:
            known = self._said[1] if self._said[0] == key[0] else {}
            # (the dict holds each entry it names, so no other entry can take over its id)
            said = {id(entry): known.get(id(entry)) or (entry, self.describe(entry[2], entry[0], entry[1]))
                    for entry in self.entries}
            self._said = (key[0], said)
            lines = [line for entry in self.entries for line in said[id(entry)][1]]
            self._lines = (key, lines[-LOG_SIZE:])
        return self._lines[1]
