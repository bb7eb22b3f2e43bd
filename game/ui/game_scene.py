"""What every game's scene shares: seats, computer turns, hints, undo, saving, the end.

A game's scene subclasses `GameScene`, describes its table (its layout, the `sprites()` the
animator moves, its targets) and turns the player's input into moves with `self.apply(move)`.
The base owns what every game would otherwise repeat:

- the seats: whose eyes the table is seen through (`bottom_seat`), which hand may be shown
  face up (`face_up_seat`: the one human's; with two or more humans only after the
  hand-over screen; none when computers play alone; the hands a game draws face up are
  `open_hands`, which a review of a finished game may open all), and autoplay, which lets the computer
  play a human's seat until any input (`set_autoplay`);
- after every move: its sounds from `state.events`, and the status line's words held
  until what the move set flying has landed (`shown_status`).

Its parts, one job each, each in a module of its own:
- `computers` (game/ui/computer_seats.py): the computer seats and the human's hint, through
  the worker process at the pace the player chose;
- `undo` (game/ui/undo.py): back to the human's last decision point, by the game's policy;
- `between` (game/ui/between_hands.py): the break between hands, the rules' phase "between";
- `keeping` (game/ui/keeping.py): the save after every move, the statistics and the record;
- `log` (game/ui/move_log.py): the move log, said in the language of the moment;
- `finish` (game/ui/finish.py): the end of the game, the end screen and what it says;
- `motion` (game/ui/table/motion.py) and `controls` (game/ui/table/targets.py): what flies
  on the table, and the cursor, the mouse and drag-and-drop over the scene's `targets`;
- the screens over the table (game/ui/game_overlays.py): the hand-over and the result;
- `coach` (game/ui/coach.py), in a guided first game: the lesson's words, pointer and steps;
- `phones` (game/phones/seats.py), where human seats are played from phones: their server,
  their views and moves, the QR codes on the TV (None without a phone seat).

A game's scene declares its table: `layout()`, `targets(layout)`, `sprites(layout)`, what a
choice on a target means (`activate`), and draws its own board. Drawing changes nothing:
after a move, an undo, an input and at every update the table follows the state (`settle`:
the game's `tidy`, then the motion), and `draw` only reads.

Each `game/<name>/scene.py` exposes its class as `SCENE`.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import sys

import pygame

from game import characters, registry
from game.base import CardMoved, HandDealt, IllegalMove, PawnMoved, PawnSentHome, PieceMoved, TrickWon
from game.phones import views as phone_views
from game.phones.seats import PhoneSeats
from game.ui import input as inp
from game.ui import theme
from game.ui.between_hands import BetweenHands
from game.ui.computer_seats import ComputerSeats
from game.ui.finish import Finish
from game.ui.game_overlays import HandOverOverlay
from game.ui.i18n import explain, has, language, t
from game.ui.keeping import Keeping
from game.ui.move_log import MoveLog
from game.ui.scene import Scene
from game.ui.table.better import mark_better
from game.ui.table.draw import draw_card_sprite
from game.ui.table.motion import Motion
from game.ui.table.panels import StatusLine
from game.ui.table.seats import PhoneLevel
from game.ui.table.targets import MENU_KEY, Controls
from game.ui.undo import Undo

PASSIVE = (inp.POINT, inp.RELEASE, inp.SCROLL, inp.TEXT)   # input that does not stop autoplay


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


@functools.lru_cache(maxsize=64)
def table_names(seed: int, seats: tuple, lesson: bool, own: tuple | None, _language: str) -> tuple:
    """`characters.seat_names` kept per table and language: a table names its seats many
    times a frame."""
    return tuple(characters.seat_names(seed, list(seats), lesson, None if own is None else list(own)))


@functools.lru_cache(maxsize=16)
def human_seats_of(seats: tuple) -> tuple:
    """The seats of `seats` (one kind a seat) humans sit at: asked for many times a frame."""
    return tuple(seat for seat, kind in enumerate(seats) if kind == "human")


class GameScene(Scene):
    game = ""               # registry name, set by each subclass
    hides_hands = False     # hidden hands: show a hand-over screen between human players
    undo_while_computer_moves = True   # False: undo only on the human's own turn
    undo_own_last_only = False   # True: undo takes back only your last move, while nobody has played or taken a trick since
    break_pause = 4.0       # computers alone: how long the table rests between hands
    autoplay_level = "hard"
    never_automatic: tuple = ()   # move types only a human chooses (giving up): no computer, fallback or clock plays them
    name = "game"

    def __init__(self, app, record, state):
        super().__init__(app)
        self.record, self.state = record, state   # the game's record (game.record) and where its moves lead
        self.setup, self.seed = record.setup, record.seed
        self.info = registry.game(self.game)
        self.words = importlib.import_module(f"game.{self.game}.words")   # what the game says in text
        self.seats = list(record.seats)     # autoplay makes a human seat a computer
        self.autoplay = False
        self.time = 0.0
        self.version = 0              # bumped with every change of the state (a move, an undo)
        self.computers = ComputerSeats(self)
        self.undo = Undo(self)
        self.between = BetweenHands(self)
        self.keeping = Keeping(self)
        self.finish = Finish(self)
        self.motion = Motion(self)
        self.controls = Controls(self)
        self.status_line = StatusLine()
        self.log = MoveLog(self, state)
        if record.moves:
            self.log.follow(record)   # a game resumed: the log it had
        self.coach = None             # a guided first game's lesson (game/ui/coach.py), else None
        self._held_words = None       # (version, the status line's words before its move): see `words_held`
        self._in_a_row = False        # moves played with no frame between: see `moves_in_a_row`
        self._layout = None           # (what it depends on, the layout): see `cached_layout`
        self.phones = None            # the phone seats' part, where human seats are played from phones
        phones = [seat for seat in phone_views.parse_phones(record.notes.get("phones"))
                  if seat < state.players and record.seats[seat] == "human"]
        if phones and self.game in phone_views.GAMES:
            self.phones = self.start_phones(phones)
        if self.phones is not None:
            self.setup["phones"] = list(self.phones.seats)     # "Play again" keeps them on their phones
        # whose hand the last hand-over showed; with two or more humans no hand shows until the
        # hand-over screen was confirmed (also when a saved game is resumed: whoever opens it
        # may not be the one to move)
        humans = self.tv_humans
        self.shown_seat = humans[0] if humans else None     # (what `viewer` says while this is worked out)
        self.shown_seat = None if self.hides_hands and len(humans) > 1 else self.viewer()
        self.show_all_hands = False   # a review of a finished game shows every hand face up
        self.watched = None           # in a review, where nobody plays: the status line's words

    def enter(self) -> None:
        """The table opens with no choice made, the cursor where the game puts it first."""
        self.forget_choice()

    # -- seats ----------------------------------------------------------------------------
    def is_human(self, seat) -> bool:
        """Whether a human decides for `seat` now (not while autoplay plays it)."""
        return seat is not None and self.seats[seat] == "human"

    @property
    def human_seats(self) -> tuple:
        """The seats humans sit at (autoplay or not)."""
        return human_seats_of(tuple(self.setup["seats"][: self.state.players]))

    @property
    def tv_humans(self) -> tuple:
        """The human seats played on this screen (not from a phone)."""
        if self.phones is None:
            return self.human_seats
        return tuple(seat for seat in self.human_seats if not self.phones.holds(seat))

    def on_phone(self, seat) -> bool:
        return self.phones is not None and self.phones.holds(seat)

    def start_phones(self, seats):
        """The phone seats' part with its server; None, said on the TV, when the server cannot
        listen (no network address, a port refused): those seats are played here then."""
        try:
            return PhoneSeats(self, seats)
        except OSError as error:
            print(f"spelavond: the phones' server could not start: {error}"[:300], file=sys.stderr)
            self.app.notify(t("phones.tv.no_server"), 8)
            return None

    def viewer(self) -> int | None:
        """Whose eyes the table is drawn through: the human to move, or the one human (of the
        TV's humans where some play from phones; the first phone's seat, unmoving, where
        every human plays from a phone)."""
        humans = self.tv_humans
        if not humans and self.human_seats:
            return self.human_seats[0]
        to_move = self.state.to_move()
        if to_move in humans:
            return to_move
        if len(humans) > 1:
            return self.shown_seat
        return humans[0] if humans else 0

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of the table."""
        seat = self.viewer()
        return self.human_seats[0] if seat is None else seat

    def face_up_seat(self) -> int | None:
        """The one seat whose hidden hand may be drawn face up now, or None."""
        humans = self.tv_humans       # a phone's hand shows on the phone only
        seat = self.viewer()
        if not humans or seat not in humans:
            return None
        if self.hides_hands and len(humans) > 1 and seat != self.shown_seat:
            return None  # the hand-over screen has not been confirmed yet
        return seat

    def open_hands(self) -> tuple:
        """The seats whose hidden hands the table draws face up now: `face_up_seat`'s, or every
        seat's when a review of a finished game asks for it (`show_all_hands`)."""
        if self.show_all_hands:
            return tuple(range(self.state.players))
        seat = self.face_up_seat()
        return () if seat is None else (seat,)

    def seat_name(self, seat: int) -> str:
        """'You', 'Player 2', or a computer by its character's name, 'Anna' (in a guided first
        game with one computer 'Computer', as its words say); a seat without a person's name by
        the game's own name for it where it has one (`<game>.seat.N`: Keezen's colours)."""
        if self.phones is not None and seat in self.phones.names:     # the name typed on its phone
            return self.phones.names[seat]
        own = self.own_names()
        return table_names(self.seed, tuple(self.setup["seats"][:self.state.players]), self.in_lesson(),
                           None if own is None else tuple(own), language())[seat]

    def own_names(self) -> list[str] | None:
        """The game's own names for its seats (Keezen's colours), if it has them."""
        players = self.state.players
        return [t(f"{self.game}.seat.{n}") for n in range(players)] if has(f"{self.game}.seat.0") else None

    def seat_character(self, seat: int):
        """The character at a computer seat (its portrait on the plate); None for a human and
        where the table does not name its computers by the cast (`characters.cast_named`)."""
        seats = self.setup["seats"][:self.state.players]
        if seat in self.human_seats or not characters.cast_named(seats, self.in_lesson(), self.own_names()):
            return None
        return characters.table_cast(self.seed, self.state.players)[seat]

    def in_lesson(self) -> bool:
        return "lesson" in self.record.notes

    def seat_level(self, seat: int) -> str:
        """A computer seat's level in a person's words ('club player'); '' for a human, or for
        one on a phone 'on a phone' ('phone away' while it is away), which its plate shows with
        a phone. The level the game was set up with: a review plays every seat itself ("hard")
        but names the real one."""
        phones = self.phones
        if phones is not None and phones.holds(seat):
            away = phones.away(seat)
            return PhoneLevel(t("phones.plate.away" if away else "phones.plate.on_phone"), away)
        return "" if seat in self.human_seats else characters.level_words(self.setup["seats"][seat])

    def phone_plates(self) -> tuple:
        """Which phone seats are away and the names their phones gave, as their plates say (a
        key of a cached table layer and of the move log's lines)."""
        phones = self.phones
        return () if phones is None else tuple((phones.away(seat), phones.names.get(seat)) for seat in phones.seats)

    def thinks(self) -> bool:
        """Whether a computer is deciding for the seat to move, now: the status line says so
        only then (not in a review, a break, a pause, nor while a lesson's words wait)."""
        seat = self.state.to_move()
        return seat is not None and not self.is_human(seat) and not self.at_break() and self.watched is None \
            and self.app.top is self and self.computers.may_move()

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

    def corner_button(self):
        """Menu, in the legend bar's corner, unless the table shows a Menu button of its own."""
        if self.targets(self.layout()).get(MENU_KEY) is not None:
            return None
        return t("button.menu"), inp.MENU, self.focus == MENU_KEY

    def default_focus(self, layout):
        """A game's hook: where the cursor goes when its target is gone (None: nowhere)."""
        return None

    def is_legal_target(self, key) -> bool:
        """A game's hook: whether a choice on the target `key` is taken now (a lesson's pointer
        shows that part of a move made in parts); by default every target is."""
        return True

    def is_chosen(self, key) -> bool:
        """A game's hook: whether the target `key` is already chosen as a part of the move being
        made (a lesson's pointer goes on to the next part); by default none is."""
        return False

    def can_drag(self, key) -> bool:
        """A game's hook: whether a press on `key` may start a drag."""
        return False

    def drag_start(self, key, pos):
        """A game's hook, where things are dragged: the `Drag` a press on `key` at `pos`
        starts (None: none); see game/ui/table/targets.py."""
        return None

    def drop(self, drag, key) -> None:
        """A game's hook, where things are dragged: `drag` let go over the target `key`
        (None: over nothing)."""

    def activate(self, key, by_mouse: bool = False) -> None:
        """A game's hook: confirm or a click on the target `key` (None: a click on nothing)."""

    def press(self, name: str) -> bool:
        """A button every game may show: hint, undo, the result, the next hand, a new game
        (the same setup), the pause menu, autoplay on and off. False for a game's own button."""
        actions = {"hint": self.computers.ask_hint, "undo": self.undo.take_back, "result": self.finish.show,
                   "next": self.between.acknowledge,
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
        # (not in a lesson: the helper's moves would leave its steps behind)
        if on == self.autoplay or (on and (self.state.is_over() or not self.human_seats or self.coach is not None)):
            return
        self.autoplay = on
        kinds = list(self.setup["seats"])[: self.state.players]
        self.seats = [self.autoplay_level if on and kind == "human" else kind for kind in kinds]
        self.computers.stop()
        self.app.sound.play("click")
        self.forget_choice()

    # -- moves ----------------------------------------------------------------------------
    def apply(self, move) -> bool:
        """Play a move for whoever is to move; an illegal one is refused and explained."""
        mover = self.state.to_move()
        why = self.coach.refusal(move) if self.coach is not None and self.is_human(mover) else None
        if why:
            self.refuse(why)       # a lesson's step teaches another move
            return False
        words = None if self._in_a_row else self.status_text()   # held while what the move sets flying is in the air
        was_break = self.at_break()
        try:
            revealing = move is not None and self.state.reveals(move)   # (Keezen's tries the move: may refuse it)
            before = self.undo.before(revealing)
            self.state.play(move)
        except IllegalMove as error:
            self.app.sound.play("error")
            self.app.notify(explain(error, getattr(self.words, "reason_params", None)))   # its places in words
            return False
        self.record.add(move)
        self.version += 1
        self.controls.cancel()        # a move ends any press or drag
        if self.autoplay and mover in self.human_seats:
            self.record.notes["helper_played"] = True      # saved with the move: such a game is not counted
        self.undo.played(mover, revealing, before)
        self.between.played(was_break)
        self.computers.moved()
        if self.coach is not None:
            self.coach.played(mover, move)
        self.log.add(mover, move, self.state)
        for event in self.state.events:       # a card played from a hand shows its face as it leaves
            if type(event) is CardMoved and event.face_up and event.source.startswith("hand:"):
                self.motion.animator.reveal(event.card)
        self.after_move(mover, move)
        if was_break:
            self.motion.new_hand()
        if not self._in_a_row:
            self.settle()
            self._held_words = (self.version, words) if self.motion.animator.busy(self.time) else None
            self.keeping.save()
        if self.state.is_over():
            self.keeping.game_ended()
            self.finish.game_over()
        return True

    @contextlib.contextmanager
    def moves_in_a_row(self):
        """Moves applied one after another with no frame between them (the screen catalogue
        playing a game on to a screen): the table follows the state and the game is saved once,
        after the last move, not after each (a move's settling was most of its cost)."""
        self._in_a_row = True
        try:
            yield
        finally:
            self._in_a_row = False
            self._held_words = None
            self.settle()
            self.keeping.save()

    def plays_forced(self) -> bool:
        """Whether a choice with one way to go on plays that move at once (the player's
        setting "Play forced moves at once"; not in a lesson, whose steps teach each stage)."""
        return bool(self.app.store.settings["play_forced"]) and self.coach is None

    def words_held(self) -> bool:
        """Whether the status line still says what it said before the last move, because what
        that move set flying has not landed yet (the next turn, a deal's end wait for it)."""
        held = self._held_words
        return held is not None and held[0] == self.version and self.motion.animator.busy(self.time)

    def shown_status(self) -> str:
        """The status line's words: the game's `status_text`, once the last move has landed
        (in a review, the words it gives)."""
        if self.watched is not None:
            return self.watched
        return self._held_words[1] if self.words_held() else self.status_text()

    def after_move(self, seat, move) -> None:
        """A game's hook: what a move shows besides the table (the log, a notice, marks).
        By default the sound of its events."""
        self.app.sound.play(event_sound(self.state.events))

    def can_play(self) -> bool:
        """The human to move may act now: their turn, not a break between hands, the table not
        held as it is (a finished trick on show), and in a game of hidden hands their hand in view."""
        return (self.humans_turn and not self.at_break() and not self.motion.held()
                and (not self.hides_hands or self.face_up_seat() == self.state.to_move()))

    def go_back(self, state, moves: int) -> None:
        """Undo: the game is at `state` again, its record `moves` long."""
        self.computers.stop()
        self.show_position(state, moves)
        self.keeping.save()

    def show_position(self, state, moves: int) -> None:
        """The table shows `state`, reached by the record's first `moves` moves (undo, and a
        review stepping through a game)."""
        self.state = state
        del self.record.moves[moves:]
        self.version += 1
        self.controls.cancel()        # nothing stays in the hand of the mouse
        self.forget_choice()
        self.settle()

    def forget_choice(self) -> None:
        """A game's hook: the position changed under the player (an undo, autoplay switched
        on or off): drop the choice they were making (a selected card, a chosen square)."""

    # -- the table ----------------------------------------------------------------------------
    def status_text(self) -> str:
        """A game's hook: the status line's words for the state now (whose turn, what to do)."""
        raise NotImplementedError

    def layout(self):
        """A game's hook: the table's geometry for this window, from its metrics alone (made
        once per window, viewer and state version through `cached_layout`)."""
        raise NotImplementedError

    def targets(self, layout):
        """A game's hook: the places of this frame the cursor and the mouse can choose
        (a `Targets` of game/ui/table/targets.py)."""
        raise NotImplementedError

    def sprites(self, layout=None) -> list:
        """A game's hook: everything on the table that may move, where the state puts it."""
        return []

    def cached_layout(self, make, *depends):
        """The layout `make(self)` for this window, UI scale and viewer and for `depends`; made
        again only when one of them changes."""
        key = (self.app.size, self.app.u, self.bottom_seat(), self.open_hands()) + depends
        cached = self._layout
        if cached is None or cached[0] != key:
            self._layout = cached = (key, make(self))
        return cached[1]

    def frame_key(self):
        """What, when it changes, makes everything snap to its place instead of flying: the
        window, and whose eyes see the table (with hidden hands, also whose hand shows)."""
        return (self.app.size, self.app.u, self.bottom_seat()) + ((self.open_hands(),) if self.hides_hands else ())

    def face_widths(self, layout) -> tuple:
        """A game's hook: the widths at which its table shows card faces (warmed ahead of need)."""
        return ()

    def warm_pictures(self, layout) -> None:
        """A game's hook: as the table opens, the pictures besides faces its table draws only
        later (an empty place's label in a later round), so no frame then makes them."""

    def ahead(self) -> None:
        self.computers.play_due()
        self.motion.warm()

    def settle(self) -> None:
        """The table follows the state: the game puts its own choices right (`tidy`), then
        things fly to where the state now puts them. After a move, an undo, an input and at
        every update, so that `draw` only reads."""
        self.tidy(self.layout())
        self.motion.sync()

    def tidy(self, layout) -> None:
        """A game's hook: what a change of the state asks of the scene's own choices (a
        selection whose turn has gone, the cursor on a target that is gone). By default the
        cursor goes back onto the table while the player may act (`Controls.keep_focus`)."""
        if self.can_play():
            self.controls.keep_focus(layout)

    def draw_thing(self, surface: pygame.Surface, key, rect: pygame.Rect, look, size=None) -> None:
        """A game's hook where the table has more than cards: one thing of the table, a card
        by default (see `draw_card_sprite`; `size` while it flies between two sizes); a game
        with pawns or pieces draws those itself."""
        draw_card_sprite(surface, key, rect, look, self.four(), size)

    # -- between hands ----------------------------------------------------------------------
    def at_break(self) -> bool:
        """Whether a hand (or a game of a match) is over and the next one waits: the rules'
        phase "between", whose one legal move deals the next."""
        return self.state.phase == "between"

    def update(self, dt: float) -> None:
        self.time += dt
        self.finish.step()
        if self.phones is not None:
            self.phones.update()       # the phones' moves, and what each phone is told
        self.settle()          # (also after the result came: its button may take the cursor)
        if self.state.is_over():
            return
        self.hand_over()
        self.computers.step(dt)

    hint_key = "hint.prefix"      # a game whose reasons name the move itself says them alone ("Hint: {reason}")

    def hint_words(self, state, move, reason) -> str:
        """The hint as one sentence, the same on the TV and a phone (`state`: where the move is
        played): the game's `hint_key` with the move's name and its reason, or the move alone."""
        said = explain(reason, getattr(self.words, "reason_params", None)) if reason else ""
        name = self.advice(state, move)
        return t(self.hint_key, move=name, reason=said) if said else t("hint.move", move=name)

    def advice(self, state, move) -> str:
        """A move as a hint names it, to the player: the game's words' `advice` where its
        move names are told about whoever played ("c2, gives …" in Quarto's log), else its name."""
        return self.words.advice(state, move) if hasattr(self.words, "advice") else self.move_name(state, move)

    def on_hint(self, move, reason) -> None:
        """A game's hook: say the hint (a game may also highlight the hinted move)."""
        self.app.notify(self.hint_words(self.state, move, reason), 6)

    # -- hand-over between human players --------------------------------------------------
    def hand_over(self) -> None:
        """The hand-over screen for the next human, once the table has shown what happened
        (a finished trick stays in view until then)."""
        seat = self.state.to_move()
        if not self.hides_hands or len(self.tv_humans) < 2 or not self.is_human(seat) or self.on_phone(seat) \
                or self.motion.held():
            return
        if seat != self.shown_seat and not any(isinstance(s, HandOverOverlay) for s in self.app.scenes):
            self.app.push(HandOverOverlay(self.app, self, seat))

    # -- the end (see `finish`) -------------------------------------------------------------
    def stat_score(self):
        """A game's hook: (score, higher_is_better) for the best-score column, or None."""
        return None

    def result_lines(self) -> list[str]:
        """A game's hook: the end screen's lines under the places (how the game was decided)."""
        return []

    def result_area(self) -> pygame.Rect:
        """A game's hook: where the end screen goes (the whole table by default); a game may
        keep what explains the result in sight (Quarto's winning line) by naming the part of
        the screen beside it."""
        return self.app.content_rect()

    # -- input ----------------------------------------------------------------------------
    def pause_extras(self) -> list:
        """The pause menu offers the moves only a human chooses (giving up), each labelled
        `<game>_scene.button.<code>`."""
        phones = self.phones.pause_extras() if self.phones is not None and not self.state.is_over() else []
        if self.state.is_over() or not self.human_seats:
            return phones
        return [(t(f"{self.game}_scene.button.{move.code}"), lambda move=move: self._play_from_pause(move))
                for move in self.state.legal_moves() if type(move) in self.never_automatic] + phones

    def _play_from_pause(self, move) -> None:
        self.app.pop()                          # the pause menu
        self.set_autoplay(False)
        self.apply(move)

    def handle(self, action: inp.Action) -> None:
        if self.phones is not None and action.name not in PASSIVE and action.name != inp.MENU \
                and self.phones.hide_codes():
            return                            # any key or click hides the phones' codes
        if self.coach is not None and self.coach.handle(action):
            self.settle()
            return
        if self.autoplay and action.name not in PASSIVE:
            self.set_autoplay(False)          # any input stops the helper
            if action.name != inp.MENU:
                self.settle()
                return
        if action.name == inp.MENU or (action.name == inp.CONFIRM and self.focus == MENU_KEY
                                       and self.controls.targets(self.layout()).get(MENU_KEY) is not None):
            self.app.pause(self.game, self.pause_extras())
        elif action.name == inp.ACTION1:
            self.computers.ask_hint()
        elif action.name == inp.ACTION2:
            if self.humans_turn or self.undo.possible():    # (your own card while the next seat thinks)
                self.undo.take_back()
        elif action.name == inp.WHY:
            self.computers.why()
        else:
            self.handle_game(action)
        self.settle()

    def handle_game(self, action: inp.Action) -> None:
        """A game's hook: an action the base leaves to the game (most often `self.controls.handle`
        first, then the game's own keys)."""

    def game_legend(self):
        """A game's hook: the legend of its table (pause, by default)."""
        return [(inp.MENU, "legend.pause")]

    def legend(self):
        """The game's legend, and "Why?" after a computer's move."""
        why = [(inp.WHY, "legend.why")] if self.computers.last is not None and not self.state.is_over() else []
        return self.game_legend()[:-1] + why + self.game_legend()[-1:]

    def move_name(self, state, move) -> str:
        """A move in the game's words (`state`: where it is played), for "Why?" and a review."""
        return self.words.move_words(state, move) if hasattr(self.words, "move_words") else str(move)

    def turn_legend(self, choose: str = "legend.choose", cancel: bool = False, step: str = "", extra=()) -> list:
        """The legend while a human plays: move, choose, cancel (when something is chosen), the
        turn's next step, hint, undo (when possible), the game's `extra`, pause."""
        items = [(inp.UP, "legend.move"), (inp.CONFIRM, choose)] + ([(inp.BACK, "legend.cancel")] if cancel else [])
        items += ([(inp.NEXT, step)] if step else []) + [(inp.ACTION1, "legend.hint")]
        items += [(inp.ACTION2, "legend.undo")] if self.undo.possible() else []
        return items + list(extra) + [(inp.MENU, "legend.pause")]

    def exit(self) -> None:
        self.computers.stop()
        if self.phones is not None:
            self.phones.stop()        # closing the game ends the phones' server

    # -- drawing helpers ------------------------------------------------------------------
    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the game's own drawing: the expert's move after "Why?" beside the one played,
        a lesson's words and pointer."""
        if self.computers.better is not None:
            played, best, view = self.computers.better
            mark_better(surface, self, played, best, theme.BAD, view)
        if self.coach is not None:
            self.coach.draw(surface)
        if self.phones is not None:
            self.phones.draw(surface)

    def four(self) -> bool:
        """Whether cards are drawn in four colours (the player's setting)."""
        return bool(self.app.store.settings["four_colour"])

    def kept_clear(self) -> list:
        return list(self.layout().protected().values())

    def draw_status(self, surface: pygame.Surface, text: str, rect: pygame.Rect | None = None,
                    lit: bool = False) -> pygame.Rect:
        """Whose turn it is and what to do, on a panel at the top."""
        u = self.app.u
        area = rect or self.app.content_rect().inflate(0, -int(28 * u))
        return self.status_line.draw(surface, area, text, u, lit)
