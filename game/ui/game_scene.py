"""What every game's scene shares: seats, computer turns, hints, undo, saving, the end.

A game's scene subclasses `GameScene`, describes its table (its layout, the `sprites()` the
animator moves, its targets) and turns the player's input into moves with `self.apply(move)`.
The base owns what every game would otherwise repeat:

- the seats: whose eyes the table is seen through (`bottom_seat`), which hand may be shown
  face up (`face_up_seat`: the one human's; with two or more humans only after the
  hand-over screen; none when computers play alone), and autoplay, which lets the computer
  play a human's seat until any input (`set_autoplay`);
- the computer seats, through the worker process at the pace the player chose, held back
  while the animator is busy; `computer_move_failed` is the hook for a computer answer that
  has become impossible;
- undo: snapshots at the human's decision points, dropped at a move for which
  `state.reveals(move)` was true and between hands (everything is shown then);
- the break between hands (`at_break`): the computers wait until a human said "next hand"
  (`acknowledge`), a human dealer deals (the break's one legal move: the rules' phase
  "between" has nothing else), computers alone go on after `break_pause`;
- after every move: its sounds from `state.events`, the save (quitting or a crash loses
  nothing), the statistics and the finished game's record once at the end (the part
  `keeping`, game/ui/keeping.py), and the result after `result_pause` once the last things
  have landed;
- the table's input and drawing: the cursor and the mouse over the scene's `targets`
  (`handle_table`, with its `default_focus`), the buttons every game shows (`press`), its
  sprites at their places and in flight (`draw_sprites`, `draw_flights`, `draw_thing`);
- drawing changes nothing: after a move, an undo, an input and at every update the table
  follows the state (`settle`: the game's `tidy`, then the animator), and `draw` only reads.

Each `game/<name>/scene.py` exposes its class as `SCENE`.
"""
from __future__ import annotations

import random
import sys
from typing import NamedTuple

import pygame

from game import registry
from game.base import CardMoved, HandDealt, IllegalMove, PawnMoved, PawnSentHome, PieceMoved, TrickWon
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import explain, has, t
from game.ui.keeping import Keeping
from game.ui.menu import Overlay
from game.ui.scene import Scene
from game.ui.table.animator import Animator
from game.ui.table.draw import FaceWarmer, draw_card_sprite
from game.ui.table.panels import StatusLine
from game.ui.table.targets import Controls
from game.ui.text import blit_text
from game.ui.widgets import Button

LOG_SIZE = 40            # lines of the move log kept
PASSIVE = (inp.POINT, inp.RELEASE, inp.SCROLL, inp.TEXT)   # input that does not stop autoplay


class Snapshot(NamedTuple):
    """Where undo goes back to: the state, and how many moves the record held then."""
    state: object
    moves: int


def event_sound(events) -> str:
    """The sound of a move, from what it did."""
    kinds = {type(event) for event in events}
    if HandDealt in kinds:
        return "shuffle"
    if PawnSentHome in kinds or TrickWon in kinds:
        return "card"
    if PieceMoved in kinds or PawnMoved in kinds:
        return "piece"
    if CardMoved in kinds:
        return "card"
    return "click"


class GameScene(Scene):
    game = ""               # registry name, set by each subclass
    hides_hands = False     # hidden hands: show a hand-over screen between human players
    undo_while_computer_moves = True   # False: undo only on the human's own turn
    undo_own_last_only = False   # True: undo takes back only your last move, while nobody has played or taken a trick since
    result_pause = 1.6      # seconds the finished table shows before the result
    break_pause = 4.0       # computers alone: how long the table rests between hands
    autoplay_level = "hard"
    never_automatic: tuple = ()   # move types only a human chooses (giving up): no computer, fallback or clock plays them
    look_key = "result.look"   # the result's button that goes back to the finished table
    name = "game"

    def __init__(self, app, record, state):
        super().__init__(app)
        self.record, self.state = record, state   # the game's record (game.record) and where its moves lead
        self.setup, self.seed = record.setup, record.seed
        self.info = registry.game(self.game)
        self.seats = list(record.seats)     # autoplay makes a human seat a computer
        self.asked = None             # "move", "hint" (or "stale": a hint no longer wanted) while the worker thinks
        self.pending = None           # a computer move held back until the pace allows it
        self.turn_time = 0.0          # seconds since the current computer decision began
        self.hint = None              # (move, reason) for the human to move
        self.undo_stack: list = []    # Snapshots at the human's decision points
        self.keeping = Keeping(self)   # the save, the statistics and the finished game's record
        self.autoplay = False
        self.time = 0.0
        self.version = 0              # bumped with every change of the state (a move, an undo)
        self.animator = Animator()
        self.warmer = FaceWarmer()
        self.controls = Controls(self)   # the cursor, the mouse and drag-and-drop over the table
        self.hold_until = 0.0         # the table stays as it is until then (a trick being shown)
        self.status_line = StatusLine()
        self.move_log: list[str] = []   # lines saying what happened, newest last (`describe`)
        self.over_at = None           # when the game ended: the result follows
        self.result_shown = False
        self.break_at = 0.0 if self.at_break() else None   # when the break between hands began
        self.break_seen = False       # a human has said "next hand"
        # with two or more humans no hand shows until the hand-over screen was confirmed
        # (also when a saved game is resumed: whoever opens it may not be the one to move)
        self.shown_seat = None if self.hides_hands and len(self.human_seats) > 1 else self.viewer()

    # -- seats ----------------------------------------------------------------------------
    def is_human(self, seat) -> bool:
        """Whether a human decides for `seat` now (not while autoplay plays it)."""
        return seat is not None and self.seats[seat] == "human"

    @property
    def human_seats(self) -> list[int]:
        """The seats humans sit at (autoplay or not)."""
        return [seat for seat, kind in enumerate(self.setup["seats"][: self.state.players]) if kind == "human"]

    def viewer(self) -> int | None:
        """Whose eyes the table is drawn through: the human to move, or the one human."""
        humans = self.human_seats
        to_move = self.state.to_move()
        if to_move in humans:
            return to_move
        if len(humans) > 1:
            return getattr(self, "shown_seat", humans[0])
        return humans[0] if humans else 0

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of the table."""
        seat = self.viewer()
        return self.human_seats[0] if seat is None else seat

    def face_up_seat(self) -> int | None:
        """The one seat whose hidden hand may be drawn face up now, or None."""
        humans = self.human_seats
        seat = self.viewer()
        if not humans or seat not in humans:
            return None
        if self.hides_hands and len(humans) > 1 and seat != self.shown_seat:
            return None  # the hand-over screen has not been confirmed yet
        return seat

    def seat_name(self, seat: int) -> str:
        """'You', 'Player 2', 'Computer' or 'Computer 3' (a game may name its seats)."""
        key = f"{self.game}.seat.{seat}"
        if has(key):
            return t(key)
        humans = self.human_seats
        if seat in humans:
            return t("seat.you") if len(humans) == 1 else t("seat.number", n=seat + 1)
        computers = self.state.players - len(humans)
        return t("seat.computer_plain") if computers == 1 else t("seat.computer_number", n=seat + 1)

    def seat_level(self, seat: int) -> str:
        """'hard' for a computer seat, '' for a human."""
        return "" if seat in self.human_seats else t(f"level.{self.seats[seat]}")

    @property
    def humans_turn(self) -> bool:
        return not self.state.is_over() and self.is_human(self.state.to_move())

    def said(self, key: str, seat, **params) -> str:
        """`t(key)`, in the second person ("you draw") when `seat` is the only human and the
        game has such a text (`key` + "_you")."""
        if seat in self.human_seats and len(self.human_seats) == 1 and has(key + "_you"):
            key += "_you"
        return t(key, **params)

    # -- the table's cursor and drag (see table.targets.Controls) ----------------------------
    @property
    def focus(self):
        return self.controls.focus

    @focus.setter
    def focus(self, key):
        self.controls.focus = key

    @property
    def drag(self):
        return self.controls.drag

    def neighbour(self, key, direction: str, layout=None):
        """The target the focus cursor moves to from `key` in `direction` (None at an edge)."""
        return self.targets(layout or self.layout()).neighbour(key, direction)

    def default_focus(self, layout):
        """A game's hook: where the cursor goes when its target is gone (None: nowhere)."""
        return None

    def handle_table(self, action: inp.Action) -> bool:
        """Directions, confirm and the mouse over this frame's targets (`Controls.handle`);
        False for an action the game handles itself."""
        layout = self.layout()
        return self.controls.handle(action, self.targets(layout), lambda: self.default_focus(layout))

    def keep_focus(self, targets, layout) -> None:
        """The cursor goes to `default_focus` when its target is gone."""
        self.controls.ensure_focus(targets, lambda: self.default_focus(layout))

    def can_drag(self, key) -> bool:
        """A game's hook: whether a press on `key` may start a drag."""
        return False

    def activate(self, key, by_mouse: bool = False) -> None:
        """A game's hook: confirm or a click on the target `key` (None: a click on nothing)."""

    def press(self, name: str) -> bool:
        """A button every game may show: hint, undo, the result, the next hand, a new game
        (the same setup), the pause menu, autoplay on and off. False for a game's own button."""
        actions = {"hint": self.ask_hint, "undo": self.undo, "result": self.show_result, "next": self.acknowledge,
                   "new": lambda: self.app.new_game(self.game, self.setup),
                   "menu": lambda: self.handle(inp.Action(inp.MENU, inp.MOUSE)),
                   "autoplay": lambda: self.set_autoplay(True), "stop": lambda: self.set_autoplay(False)}
        if name not in actions:
            return False
        actions[name]()
        return True

    def refuse(self, text: str) -> None:
        """Say why not, with the error sound."""
        self.app.sound.play("error")
        self.app.notify(text)

    # -- autoplay: the computer plays the humans' seats until any input --------------------
    def set_autoplay(self, on: bool) -> None:
        if on == self.autoplay or (on and (self.state.is_over() or not self.human_seats)):
            return
        self.autoplay = on
        kinds = list(self.setup["seats"])[: self.state.players]
        self.seats = [self.autoplay_level if on and kind == "human" else kind for kind in kinds]
        if self.asked:
            self.app.worker.cancel()
        self.asked, self.pending, self.turn_time, self.hint = None, None, 0.0, None
        self.app.sound.play("click")
        self.forget_choice()

    # -- moves ----------------------------------------------------------------------------
    def apply(self, move) -> bool:
        """Play a move for whoever is to move; an illegal one is refused and explained."""
        mover = self.state.to_move()
        revealing = move is not None and self.state.reveals(move)
        snapshots = self.is_human(mover) and not revealing and not self.takes_back()
        before = Snapshot(self.state.copy(), len(self.record.moves)) if snapshots else None
        was_break = self.at_break()
        try:
            self.state.play(move)
        except IllegalMove as error:
            self.app.sound.play("error")
            self.app.notify(explain(error))
            return False
        self.record.add(move)
        self.version += 1
        self.controls.cancel()        # a move ends any press or drag
        if self.autoplay and mover in self.human_seats:
            self.record.notes["helper_played"] = True      # saved with the move: such a game is not counted
        others_showed = not self.is_human(mover) or any(type(event) is TrickWon for event in self.state.events)
        if revealing or self.at_break() or self.undo_own_last_only and others_showed:
            self.undo_stack.clear()    # undo never shows what was hidden, and a hand's end shows all
        elif before is not None:
            if self.undo_own_last_only:
                self.undo_stack.clear()
            self.undo_stack.append(before)
        if self.at_break() and not was_break:
            self.break_at, self.break_seen = self.time, False
        self.hint = None
        if self.asked == "hint":      # a hint still on its way is for the position before the move
            self.asked = "stale"
        self.move_log = (self.move_log + self.describe(mover, move))[-LOG_SIZE:]
        self.after_move(mover, move)
        self.settle()
        self.keeping.save()
        if self.state.is_over():
            self.keeping.game_ended()
            self.game_over()
        return True

    def after_move(self, seat, move) -> None:
        """A game's hook: what a move shows besides the table (the log, a notice, marks).
        By default the sound of its events."""
        self.app.sound.play(event_sound(self.state.events))

    def describe(self, seat, move) -> list[str]:
        """A game's hook: the move log's lines for a move just played (read `state.events`)."""
        return []

    def can_play(self) -> bool:
        """The human to move may act now: their turn, and (in a game of hidden hands) their
        hand in view."""
        return self.humans_turn and (not self.hides_hands or self.face_up_seat() == self.state.to_move())

    def takes_back(self) -> bool:
        """Whether the rules take a step back themselves (4 Koningen: `state.undo_move()`, a
        move that reveals nothing) instead of the scene keeping snapshots."""
        return hasattr(self.state, "undo_move")

    def can_undo(self) -> bool:
        if self.takes_back():
            return self.humans_turn and self.state.undo_move() is not None
        return (bool(self.undo_stack) and bool(self.human_seats) and not self.state.is_over()
                and (self.undo_while_computer_moves or self.can_play())
                # with hidden hands only the seat in view takes back, and only its own move
                and (not self.hides_hands or self.undo_stack[-1].state.to_move() == self.face_up_seat()))

    def undo(self) -> None:
        """Back to the human's last decision point (taking back the computer's replies), or
        the rules' own step back."""
        if not self.can_undo():
            key = f"{self.game}_scene.say.no_undo"
            if self.humans_turn and has(key):
                self.refuse(t(key))        # why not, where the game says it
            else:
                self.app.sound.play("error")
            return
        if self.takes_back():
            self.apply(self.state.undo_move())
            return
        self.app.worker.cancel()
        self.asked, self.pending, self.hint = None, None, None
        snapshot = self.undo_stack.pop()
        self.state = snapshot.state
        del self.record.moves[snapshot.moves:]
        self.version += 1
        self.controls.cancel()        # nothing stays in the hand of the mouse
        self.forget_choice()
        self.settle()
        self.keeping.save()

    def forget_choice(self) -> None:
        """A game's hook: the position changed under the player (an undo, autoplay switched
        on or off): drop the choice they were making (a selected card, a chosen square)."""

    # -- the animator -----------------------------------------------------------------------
    def sprites(self, layout=None) -> list:
        """A game's hook: everything on the table that may move, where the state puts it."""
        return []

    def cached_layout(self, make, *depends):
        """The layout `make(self)` for this window, UI scale and viewer and for `depends`; made
        again only when one of them changes."""
        key = (self.app.size, self.app.u, self.bottom_seat(), self.face_up_seat()) + depends
        cached = getattr(self, "_layout", None)
        if cached is None or cached[0] != key:
            self._layout = cached = (key, make(self))
        return cached[1]

    def frame_key(self):
        """What, when it changes, makes everything snap to its place instead of flying."""
        return (self.app.size, self.app.u, self.bottom_seat())

    def sync_animation(self, layout=None) -> None:
        self.animator.sync(self.sprites(layout), self.time, self.app.pace("animation"), self.frame_key())

    def face_widths(self, layout) -> tuple:
        """A game's hook: the widths at which its table shows card faces (warmed ahead of need)."""
        return ()

    def settle(self) -> None:
        """The table follows the state: the game puts its own choices right (`tidy`), then
        things fly to where the state now puts them. After a move, an undo, an input and at
        every update, so that `draw` only reads."""
        self.tidy(self.layout())
        self.sync_animation()

    def tidy(self, layout) -> None:
        """A game's hook: what a change of the state asks of the scene's own choices (a
        selection whose turn has gone, the cursor on a target that is gone). By default the
        cursor goes back onto the table while the player may act (`keep_focus`)."""
        if self.can_play():
            self.keep_focus(self.targets(layout), layout)

    def warm_faces(self, layout) -> None:
        """In `draw`: a card face of `face_widths` drawn ahead of need into the faces' cache
        (`FaceWarmer`, one a frame), so a card first shown at a size does not stall a frame."""
        self.warmer.step(self.face_widths(layout), self.four(), self.animating())

    def moving(self) -> set:
        """The keys in flight (drawn by `draw_flights`, not at their places); none while the
        animator has not seen this window and viewer yet (a frame drawn before the next
        update: everything stands where the state puts it)."""
        return self.animator.moving(self.time) if self.animator.frame_key == self.frame_key() else set()

    def hold(self, seconds: float) -> None:
        """Keep the table as it is for `seconds` (a finished trick shown before it is taken)."""
        self.hold_until = max(self.hold_until, self.time + seconds)

    def animating(self) -> bool:
        return self.time < self.hold_until or self.animator.busy(self.time)

    @property
    def flights(self) -> list:
        """The things in flight now."""
        return self.animator.active(self.time)

    def draw_sprites(self, surface: pygame.Surface, sprites, away=(), live: bool = False) -> None:
        """The sprites at their places: those of the cached table, or with `live` those drawn
        every frame; not those `away` (in flight, dragged)."""
        for sprite in sprites:
            if sprite.live == live and sprite.key not in away:
                self.draw_thing(surface, sprite.key, sprite.rect, sprite.look)

    def draw_flights(self, surface: pygame.Surface) -> None:
        """Everything in flight, on top of the table (see `moving`)."""
        if self.animator.frame_key != self.frame_key():
            return
        for key, rect, look, size in self.animator.in_flight(self.time):
            self.draw_thing(surface, key, rect, look, size)

    def draw_thing(self, surface: pygame.Surface, key, rect: pygame.Rect, look, size=None) -> None:
        """One thing of the table: a card (see `draw_card_sprite`; `size` while it flies
        between two sizes); a game with pawns or pieces draws those itself."""
        draw_card_sprite(surface, key, rect, look, self.four(), size)

    # -- between hands ----------------------------------------------------------------------
    def at_break(self) -> bool:
        """Whether a hand (or a game of a match) is over and the next one waits: the rules'
        phase "between", whose one legal move deals the next."""
        return self.state.phase == "between"

    def acknowledge(self) -> None:
        """A human says "next hand": a human dealer deals, else the computer may go on."""
        if not self.at_break() or self.state.is_over():
            return
        self.animator.flights.clear()
        dealer = self.state.to_move()
        if self.is_human(dealer):
            if self.hides_hands and len(self.human_seats) > 1 and dealer != self.shown_seat:
                return  # the hand-over screen comes first
            self.apply(self.state.legal_moves()[0])   # the deal: the one move of a break
        else:
            self.break_seen = True
            self.app.sound.play("click")

    def waiting_for_next(self) -> bool:
        """A human still has to say "next hand"."""
        return self.at_break() and bool(self.human_seats) and not self.break_seen

    # -- computer seats and hints ---------------------------------------------------------
    def computer_may_move(self) -> bool:
        """Not while things fly, nor between hands until a human said "next hand" (computers
        alone rest `break_pause` seconds)."""
        if self.animating():
            return False
        if self.at_break():
            if not self.human_seats:
                return self.time - (self.break_at or 0.0) >= self.break_pause
            return self.break_seen
        return True

    def ask_hint(self) -> None:
        seat = self.state.to_move()
        if not self.can_play():
            return
        self.app.worker.ask(self.game, "hard", self.seed * 10 + seat, self.state.view(seat), kind="hint")
        self.asked = "hint"

    def update(self, dt: float) -> None:
        self.time += dt
        if self.over_at is not None and not self.result_shown and not self.animating() \
                and self.time - self.over_at >= self.result_pause:
            self.result_shown = True
            self.show_result()
        self.settle()          # (also after the result came: its button may take the cursor)
        if self.state.is_over():
            return
        seat = self.state.to_move()
        self._check_hand_over(seat)
        if self.asked:
            answer = self.app.worker.poll()
            if answer is not None:
                kind, self.asked = self.asked, None
                self._receive(kind, answer, seat)
        if self.is_human(seat) or not self.computer_may_move():
            return
        self.turn_time += dt
        if self.pending is not None:
            if self.turn_time >= self.app.pace():
                move, self.pending = self.pending, None
                self.turn_time = 0.0
                self.apply(move)
            return
        if self.asked is None:
            self.app.worker.ask(self.game, self.seats[seat], self.seed * 10 + seat, self.state.view(seat))
            self.asked = "move"

    def _receive(self, kind, answer, seat) -> None:
        if answer.error:
            print(f"spelavond: computer player failed:\n{answer.error}", file=sys.stderr)
            if kind == "move" and not self.autoplay:  # the player reads why this move is a plain one
                self.app.notify(t("notice.computer_failed", name=self.seat_name(seat)), 6)
        if kind == "stale":
            return
        if kind == "hint":
            if answer.error or answer.move is None:
                self.on_hint_failed()
            else:
                self.hint = (answer.move, answer.reason)
                self.on_hint(answer.move, answer.reason)
            return
        move = answer.move
        if answer.error or move is None or not self.accepts_computer_move(move):
            move = self.computer_move_failed(seat)
        self.pending = move

    def trial(self, move) -> str | None:
        """None when the rules accept `move` now, else why not; tried on a copy (some games
        have huge move lists)."""
        try:
            self.state.copy().play(move)
        except (IllegalMove, TypeError, ValueError) as error:
            return explain(error)
        return None

    def accepts_computer_move(self, move) -> bool:
        return type(move) not in self.never_automatic and self.trial(move) is None

    def computer_move_failed(self, seat):
        """The computer player failed, or its move has become impossible: the move to play
        instead (None: none now). Autoplay stops and says so; a computer seat plays a
        random legal move, so the game never stalls."""
        if self.autoplay:
            self.set_autoplay(False)
            self.app.sound.play("error")
            self.app.notify(t("autoplay.failed"))
            return None
        return self.simple_move()

    def simple_move(self):
        """A legal move drawn from the game number and the move count: the same on a replay."""
        moves = [move for move in self.state.legal_moves() if type(move) not in self.never_automatic]
        return random.Random(self.seed * 1_000_003 + len(self.record.moves)).choice(moves) if moves else None

    def on_hint(self, move, reason) -> None:
        """A game's hook: highlight the hinted move."""
        self.app.notify(t("hint.prefix", move=str(move), reason=reason), 5)

    def on_hint_failed(self) -> None:
        self.app.notify(t("hint.none"))

    # -- hand-over between human players --------------------------------------------------
    def _check_hand_over(self, seat) -> None:
        """The hand-over screen for the next human, once the table has shown what happened
        (a finished trick stays in view until then)."""
        if not self.hides_hands or len(self.human_seats) < 2 or not self.is_human(seat) or self.time < self.hold_until:
            return
        if seat != self.shown_seat and not any(isinstance(s, HandOverOverlay) for s in self.app.scenes):
            self.app.push(HandOverOverlay(self.app, self, seat))

    # -- saving and the end ---------------------------------------------------------------
    def stat_score(self):
        """A game's hook: (score, higher_is_better) for the best-score column, or None."""
        return None

    def game_over(self) -> None:
        """The game has ended (statistics are already counted): the result follows once the
        last move has been seen."""
        self.set_autoplay(False)
        self.over_at = self.time

    def show_result(self) -> None:
        self.app.push(ResultOverlay(self.app, self))

    def reopen_result(self, action: inp.Action, button: pygame.Rect | None) -> None:
        """After the game: Confirm, Next or a click on the result button shows the result again."""
        pressed = action.name == inp.PRESS and button is not None and button.collidepoint(action.pos)
        if self.result_shown and (action.name in (inp.CONFIRM, inp.NEXT) or pressed):
            self.show_result()

    def result_title(self) -> str:
        outcome = self.keeping.outcome()
        if outcome is None:
            winners = self.state.winners()
            return t("result.winner", name=self.seat_name(winners[0])) if winners else t("result.draw")
        return t(f"result.{outcome}")

    def result_lines(self) -> list[str]:
        return []

    def result_area(self) -> pygame.Rect:
        """Where the result panel goes: a game may keep what explains the result in sight
        (Quarto's winning line) by naming a part of the screen beside it."""
        return self.app.content_rect()

    # -- input ----------------------------------------------------------------------------
    def pause_extras(self) -> list:
        """The pause menu offers the moves only a human chooses (giving up), each labelled
        `<game>_scene.button.<code>`."""
        if self.state.is_over() or not self.human_seats:
            return []
        return [(t(f"{self.game}_scene.button.{move.code}"), lambda move=move: self._play_from_pause(move))
                for move in self.state.legal_moves() if type(move) in self.never_automatic]

    def _play_from_pause(self, move) -> None:
        self.app.pop()                          # the pause menu
        self.set_autoplay(False)
        self.apply(move)

    def handle(self, action: inp.Action) -> None:
        if self.autoplay and action.name not in PASSIVE:
            self.set_autoplay(False)          # any input stops the helper
            if action.name != inp.MENU:
                self.settle()
                return
        if action.name == inp.MENU:
            self.app.pause(self.game, self.pause_extras())
        elif action.name == inp.ACTION1:
            self.ask_hint()
        elif action.name == inp.ACTION2:
            if self.humans_turn:
                self.undo()
        else:
            self.handle_game(action)
        self.settle()

    def handle_game(self, action: inp.Action) -> None: ...

    def legend(self):
        return [(inp.MENU, "legend.pause")]

    def turn_legend(self, choose: str = "legend.choose", cancel: bool = False, step: str = "", extra=()) -> list:
        """The legend while a human plays: move, choose, cancel (when something is chosen), the
        turn's next step, hint, undo (when possible), the game's `extra`, pause."""
        items = [(inp.UP, "legend.move"), (inp.CONFIRM, choose)] + ([(inp.BACK, "legend.cancel")] if cancel else [])
        items += ([(inp.NEXT, step)] if step else []) + [(inp.ACTION1, "legend.hint")]
        return items + ([(inp.ACTION2, "legend.undo")] if self.can_undo() else []) + list(extra) + [(inp.MENU, "legend.pause")]

    def exit(self) -> None:
        if self.asked:
            self.app.worker.cancel()
            self.asked = None

    # -- drawing helpers ------------------------------------------------------------------
    def four(self) -> bool:
        """Whether cards are drawn in four colours (the player's setting)."""
        return bool(self.app.store.settings["four_colour"])

    def draw_status(self, surface: pygame.Surface, text: str, rect: pygame.Rect | None = None,
                    lit: bool = False) -> pygame.Rect:
        """Whose turn it is and what to do, on a panel at the top."""
        u = self.app.u
        area = rect or self.app.content_rect().inflate(0, -int(28 * u))
        return self.status_line.draw(surface, area, text, u, lit)


class HandOverOverlay(Scene):
    """Covers the table so the next human player's hand is not seen by the previous one."""

    overlay = True
    shade = False    # it covers the whole table itself
    name = "hand_over"

    def __init__(self, app, game_scene: GameScene, seat: int):
        super().__init__(app)
        self.game_scene, self.seat = game_scene, seat

    def handle(self, action):
        if action.name in (inp.CONFIRM, inp.PRESS):
            self.game_scene.shown_seat = self.seat
            self.app.pop()
        elif action.name == inp.MENU:
            self.game_scene.handle(action)

    def draw(self, surface, alpha):
        u = self.app.u
        surface.fill(theme.BACKGROUND)
        area = self.app.content_rect()
        blit_text(surface, t("handover.pass", name=self.game_scene.seat_name(self.seat)), theme.HEADING * u,
                  theme.TEXT, (area.centerx, area.centery - 30 * u), "midbottom", bold=True)
        blit_text(surface, t("handover.ready", name=self.game_scene.seat_name(self.seat)), theme.BODY * u,
                  theme.TEXT_DIM, (area.centerx, area.centery + 30 * u), "midtop")

    def legend(self):
        return [(inp.CONFIRM, "legend.ready"), (inp.MENU, "legend.pause")]


class ResultOverlay(Overlay):
    name = "result"

    def __init__(self, app, game_scene: GameScene):
        super().__init__(app)
        self.game_scene = game_scene
        self.shade = game_scene.result_area() == app.content_rect()   # beside the table, the table stays lit

    def title(self):
        return self.game_scene.result_title()

    def panel_area(self):
        return self.game_scene.result_area()

    def draw(self, surface, alpha):
        if not self.shade:      # beside the table: the side is cleared, the table stays as it is
            surface.fill(theme.FELT_DARK, self.panel_area())
        super().draw(surface, alpha)

    def build(self):
        scene = self.game_scene
        widgets = self.text_rows(scene.result_lines(), theme.BODY)
        widgets.append(Button(t("result.again"), lambda: self.app.new_game(scene.game, scene.setup)))
        widgets.append(Button(t(scene.look_key), self.app.pop))
        widgets.append(Button(t("pause.quit"), self.app.to_title))
        return widgets

    def enter(self):
        super().enter()
        self.list.focus = next(i for i, w in enumerate(self.list.widgets) if w.focusable)

    def back(self):
        self.app.pop()
