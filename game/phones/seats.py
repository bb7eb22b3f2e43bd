"""The phone seats of a playing scene, a part of `GameScene` (as the computer seats are).

A human seat "on a phone" is played from a phone on the home network: this part runs the
game's `PhoneServer` (game/phones/server.py) while the scene lives, and on the loop's thread,
in `update`:
- publishes each phone seat's message (game/phones/views.py, from `view(seat)` only, in the
  phone's language) whenever the position, the language or who is away changed: in the
  update after the change, one seat an update, the seat to move first (the frame that plays
  a move is the table's busiest);
- takes the phones' messages from the server's inbox and plays a move through the scene's
  own `apply` (so the record, undo, saving, the log, the sounds and the animation follow as
  for any move), after the same checks the rules make: garbage, another seat's move, a move
  for an earlier position (a replay) and an illegal move are refused with the reason, in the
  phone's language, and change nothing;
- while a seat's phone is away the table waits and says so, or, when the TV's player chose
  it, a computer plays that seat until the phone is back (`stand_in`).
On the TV it draws each phone seat's QR code and the address the game listens on until
every phone has joined (any key hides them; the pause menu shows them again and offers the
computer for a phone that is away).
"""
from __future__ import annotations

import json
import queue
import time
from collections import Counter

import pygame

from game.base import HandDealt
from game.phones import views
from game.phones.server import MAX_NAME, PhoneServer
from game.ui import theme
from game.ui.computer_seats import trial
from game.ui.i18n import LANGUAGES, has, language, speaking, t
from game.ui.table.draw import panel
from game.ui.text import blit_in

P = "phones."
INBOX_PER_UPDATE = 64        # messages handled a frame at most (the rest wait a frame)
STAND_IN_LEVEL = "normal"


def person_name(text) -> str:
    """A name as a phone's player typed it, made safe to show: printable characters only,
    spaces run together, at most `MAX_NAME` characters ('' for anything else)."""
    if type(text) is not str:
        return ""
    return " ".join("".join(char for char in text if char.isprintable()).split())[:MAX_NAME].strip()


class PhoneSeats:
    def __init__(self, scene, seats, host: str | None = None):
        self.scene = scene
        self.seats = tuple(sorted(seats))
        self.server = PhoneServer(self.seats, host)
        self.server.start()
        self.language = {seat: language() for seat in self.seats}
        self.joined = {seat: False for seat in self.seats}    # a phone has opened the seat once
        self.names: dict[int, str] = {}    # seat -> the name its phone's player gave (kept on the phone)
        self.stand_in = False          # the TV's choice: a computer plays a seat whose phone is away
        self.show_codes = True         # the QR codes on the TV (until every seat has joined)
        self.refused = Counter()       # refused by the game, by reason (the server counts its own)
        self.played = 0                # moves played from phones
        self.applied: list = []        # (monotonic time, version) of each phone move applied
        self._sent: dict = {}          # seat -> what its last message was made from
        self._hint = None              # (seat, connection, version) while the worker thinks of a hint
        self._qr: dict = {}

    # -- seats ------------------------------------------------------------------------------
    def holds(self, seat) -> bool:
        return seat in self.seats

    def away(self, seat) -> bool:
        return seat in self.seats and self.server.connected(seat) == 0

    def urls(self) -> dict:
        return {seat: self.server.url(seat) for seat in self.seats}

    def stop(self) -> None:
        self.server.stop()

    # -- each update, on the loop's thread ---------------------------------------------------
    def update(self) -> None:
        self.publish()      # what changed in an earlier update: not in the frame that played the move
        for _ in range(INBOX_PER_UPDATE):
            try:
                seat, connection, message = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            try:
                self.take(seat, connection, message)
            except Exception as error:     # a phone's message must never end the game: said, refused
                self.server.say("a phone's message failed", f"{type(error).__name__}: {error}"[:160])
                self.refuse(seat, connection, "garbage")
        self.seat_kinds()
        self.poll_hint()

    def seat_kinds(self) -> None:
        """A phone seat is a human's, or a computer's while its phone is away and the TV's
        player chose that (and under autoplay, which plays only the TV's humans)."""
        scene = self.scene
        for seat in self.seats:
            wanted = STAND_IN_LEVEL if self.stand_in and self.away(seat) else "human"
            if scene.seats[seat] != wanted:
                scene.seats[seat] = wanted
                if scene.state.to_move() == seat:
                    scene.computers.stop()
            if wanted != "human" and scene.state.to_move() == seat and not scene.state.is_over():
                scene.record.notes["helper_played"] = True     # such a game is not counted

    def publish(self, most: int = 1) -> None:
        """Send the seats whose message changed, `most` a call (one an update, which spreads
        four phones' messages over two frames), the seat to move first."""
        scene = self.scene
        away = [scene.seat_name(seat) for seat in self.seats if self.away(seat)]
        to_move = scene.state.to_move()
        for seat in sorted(self.seats, key=lambda seat: seat != to_move):
            key = (scene.version, self.language[seat], tuple(away), self.may_say_next(seat),
                   scene.is_human(scene.state.to_move()), len(scene.log.entries))
            if self._sent.get(seat) == key:
                continue
            self._sent[seat] = key
            self.server.publish(seat, json.dumps(self.message(seat, away), ensure_ascii=False))
            most -= 1
            if most <= 0:
                return

    def message(self, seat: int, away=()) -> dict:
        """The seat's message now, in its phone's language, from its view alone."""
        scene = self.scene
        view = scene.state.view(seat)
        with speaking(self.language[seat]):
            def names(other):
                return t(P + "you") if other == seat else scene.seat_name(other)

            def said(key, other, **params):
                return t(key + "_you" if other == seat and has(key + "_you") else key, **params)

            log = [line for entry in self.this_hand(scene.log.entries[-3:]) for line in
                   (scene.words.describe(entry[2].view(seat), entry[0], entry[1], names, said)
                    if hasattr(scene.words, "describe") else [])]
            return views.message(scene.game, view, seat, names, said, scene.version,
                                 human_to_move=scene.is_human(scene.state.to_move()),
                                 may_say_next=self.may_say_next(seat), away=list(away), log=log,
                                 language=self.language[seat], tv_name=scene.seat_name(seat))

    @staticmethod
    def this_hand(entries) -> list:
        """The log's entries since the last deal: a card played in an earlier hand may be in
        another player's hand now, and a view does not follow it there."""
        for index in range(len(entries) - 1, -1, -1):
            if any(type(event) is HandDealt for event in entries[index][2].events):
                return entries[index:]
        return list(entries)

    def may_say_next(self, seat: int) -> bool:
        """Between hands with a computer dealing, any human may say "next hand"."""
        scene = self.scene
        return scene.at_break() and scene.between.waiting() and not scene.is_human(scene.state.to_move())

    # -- what a phone said -------------------------------------------------------------------
    def take(self, seat: int, connection: int, message: dict) -> None:
        kind = message.get("type")
        if kind in ("hello", "bye"):
            if kind == "hello":
                self.joined[seat] = True
                if all(self.joined.values()):
                    self.show_codes = False
            self._sent.pop(seat, None)      # a phone back: it gets the state again
        elif kind == "lang":
            chosen = message.get("lang")
            if type(chosen) is str and chosen in LANGUAGES:
                self.language[seat] = chosen
            else:
                self.refuse(seat, connection, "garbage")
        elif kind == "name":
            name = person_name(message.get("name"))
            if name:
                self.names[seat] = name
            else:
                self.names.pop(seat, None)      # back to the table's own name for the seat
            self._sent.clear()                  # every phone's message names the seats
        elif kind == "move":
            self.move(seat, connection, message.get("code"), message.get("version"))
        elif kind == "next":
            if self.may_say_next(seat):
                self.scene.between.acknowledge()
            else:
                self.refuse(seat, connection, "not_now")
        elif kind == "hint":
            self.ask_hint(seat, connection)

    def refuse(self, seat: int, connection: int, why: str, text: str | None = None) -> None:
        self.refused[why] += 1
        with speaking(self.language[seat]):
            said = text or t(P + "refused." + why)
        self.server.reply(seat, connection, json.dumps({"type": "refused", "why": why, "text": said},
                                                       ensure_ascii=False))

    def move(self, seat: int, connection: int, code, version) -> None:
        """A phone's move: the same checks as every caller's, then the scene's own move path."""
        scene = self.scene
        state = scene.state
        if type(code) is not str or type(version) is not int:     # the server checked them: a caller of its own
            return self.refuse(seat, connection, "garbage")
        if state.is_over() or state.to_move() != seat or scene.seats[seat] != "human":
            return self.refuse(seat, connection, "not_your_turn")
        if version != scene.version:           # made for an earlier position: a replay, or too late
            return self.refuse(seat, connection, "stale")
        if scene.coach is not None:
            return self.refuse(seat, connection, "not_now")
        try:
            move = scene.info.rules().parse_move(code)
        except (ValueError, TypeError, KeyError):
            return self.refuse(seat, connection, "bad_move")
        with speaking(self.language[seat]):
            why = trial(state, move)
        if why is not None:
            return self.refuse(seat, connection, "illegal", why)
        if scene.apply(move):
            self.played += 1
            self.applied.append((time.monotonic(), scene.version))

    def ask_hint(self, seat: int, connection: int) -> None:
        scene = self.scene
        if scene.state.to_move() != seat or scene.computers.asked or self._hint is not None:
            return self.refuse(seat, connection, "no_hint")
        scene.app.worker.ask(scene.game, "hard", scene.seed * 10 + seat, scene.state.view(seat), kind="hint")
        self._hint = (seat, connection, scene.version)

    def poll_hint(self) -> None:
        if self._hint is None:
            return
        scene = self.scene
        seat, connection, version = self._hint
        if version != scene.version or scene.computers.asked:   # the position moved on: the hint is void
            self._hint = None
            return
        answer = scene.app.worker.poll()
        if answer is None:
            return
        self._hint = None
        if answer.error or answer.move is None or trial(scene.state, answer.move) is not None:
            return self.refuse(seat, connection, "no_hint")     # (a worker that failed or said nonsense)
        with speaking(self.language[seat]):
            text = scene.hint_words(scene.state.view(seat), answer.move, answer.reason)   # as the TV says it
        self.server.reply(seat, connection, json.dumps({"type": "hint", "code": answer.move.code, "text": text},
                                                       ensure_ascii=False))

    # -- the TV ------------------------------------------------------------------------------
    def pause_extras(self) -> list:
        """The pause menu's phone choices: show the codes again; wait for, or play for, a
        phone that is away."""
        return [(t(P + "tv.show_codes"), self._show_codes),
                (t(P + ("tv.stand_in_off" if self.stand_in else "tv.stand_in_on")), self._toggle_stand_in)]

    def _show_codes(self) -> None:
        self.scene.app.pop()
        self.show_codes = True

    def _toggle_stand_in(self) -> None:
        self.scene.app.pop()
        self.stand_in = not self.stand_in

    def hide_codes(self) -> bool:
        """A key on the TV hides the codes panel (True: it was shown)."""
        if self.show_codes:
            self.show_codes = False
            return True
        return False

    def qr(self, seat: int):
        if seat not in self._qr:
            import segno
            self._qr[seat] = [list(row) for row in segno.make(self.server.url(seat), error="m").matrix]
        return self._qr[seat]

    def draw(self, surface: pygame.Surface) -> None:
        """Drawing changes nothing: the codes panel, or a line for each phone that is away;
        each a layer of its own over the table (it covers what lies beneath it)."""
        scene, u = self.scene, self.scene.app.u
        area = scene.app.content_rect()
        if self.show_codes:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill(theme.OVERLAY_SHADE)
            surface.blit(shade, (0, 0))
            self.draw_codes(surface, area, u)
            return
        away = [seat for seat in self.seats if self.away(seat)]
        if not away:
            return
        key = "tv.away_stand_in" if self.stand_in else "tv.away_waiting"
        names = ", ".join(scene.seat_name(seat) for seat in away)
        text = scene.said(P + key, away[0], names=names) if len(away) == 1 else t(P + key, names=names)   # "your phone"
        size = int(theme.SMALL * u)
        rect = pygame.Rect(0, 0, min(area.w - int(40 * u), int(1000 * u)), int(size * 3.4))
        rect.midbottom = (area.centerx, area.bottom - int(70 * u))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), u, theme.BACKGROUND, theme.BAD)
        blit_in(layer, text, size, theme.TEXT, layer.get_rect().inflate(-int(32 * u), -int(16 * u)))
        surface.blit(layer, rect)

    def draw_codes(self, surface: pygame.Surface, area: pygame.Rect, u: float) -> None:
        """Each phone seat's name, its QR code, whether its phone has joined and the address
        the game listens on."""
        scene = self.scene
        count = len(self.seats)
        heading, small = int(theme.BODY * u), int(theme.TINY * u)
        gap = int(24 * u)
        width = min(area.w - 2 * gap, max(count * int(440 * u) + (count + 1) * gap, int(1000 * u)))
        column = (width - (count + 1) * gap) // count
        title_h, foot_h = int(heading * 2.6), int(small * 2.8)
        code_side = min(column - gap, int(area.h * 0.42))
        height = gap + title_h + int(heading * 1.4) + code_side + int(small * 3.2) + foot_h + gap
        rect = pygame.Rect(0, 0, width, min(height, area.h))
        rect.center = area.center
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), u, theme.PANEL, theme.ACCENT)
        inner = layer.get_rect().inflate(-2 * gap, -2 * gap)
        blit_in(layer, t(P + "tv.title"), heading, theme.TEXT, pygame.Rect(inner.x, inner.y, inner.w, title_h),
                bold=True)
        top = inner.y + title_h
        offset = (inner.w - count * column - (count - 1) * gap) // 2
        for index, seat in enumerate(self.seats):
            cell = pygame.Rect(inner.x + offset + index * (column + gap), top, column, int(heading * 1.3))
            blit_in(layer, scene.seat_name(seat), heading, theme.ACCENT, cell, bold=True)
            box = pygame.Rect(0, 0, code_side, code_side)
            box.midtop = (cell.centerx, cell.bottom + int(heading * 0.1))
            self.draw_qr(layer, self.qr(seat), box)
            joined = not self.away(seat)
            line = pygame.Rect(cell.x, box.bottom + gap // 3, column, int(small * 1.4))
            blit_in(layer, t(P + ("tv.joined" if joined else "tv.scan")), small,
                    theme.GOOD if joined else theme.TEXT_DIM, line)
            # the address's token is in the code; the address itself says where the game listens
            blit_in(layer, f"{self.server.host}:{self.server.port}", small, theme.TEXT, line.move(0, line.h))
        blit_in(layer, t(P + "tv.hide"), small, theme.TEXT_DIM,
                pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h))
        surface.blit(layer, rect)

    @staticmethod
    def draw_qr(surface: pygame.Surface, matrix, box: pygame.Rect) -> None:
        """A QR code as dark squares on white, with the quiet zone of four modules."""
        modules = len(matrix) + 8
        cell = max(1, box.w // modules)
        side = cell * modules
        white = pygame.Rect(0, 0, side, side)
        white.center = box.center
        surface.fill((255, 255, 255), white)
        left, top = white.x + 4 * cell, white.y + 4 * cell
        for row, line in enumerate(matrix):
            for col, dark in enumerate(line):
                if dark:
                    surface.fill((0, 0, 0), (left + col * cell, top + row * cell, cell, cell))
