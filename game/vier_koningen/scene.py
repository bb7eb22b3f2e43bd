"""4 Koningen on screen: the solo patience of conquering the four kings.

Left: the controlled cards in four rows (spades, hearts, clubs, diamonds), one column per
value, so a missing card shows as an empty place; below them the hand and the two drawn
cards with the cards laid on each and, once judged, the verdict with its arithmetic
("♥ 3+2 ≥ 5", "♠ 9 < 3×4"). Right: the game number, the round and its progress, the three
draw piles (the active one marked), the lost pile (its content only with the peek option)
and the buttons.

A turn: toggle controlled cards into the hand and take it, draw, select hand cards and lay
them on a drawn card (the legal targets light up; an illegal cover says why next to the
drawn card), judge. Mouse (click, or drag hand cards onto a drawn card), keyboard and
gamepad (the kit's cursor; confirm selects, back cancels, Tab/RB the next step). Undo offers
exactly the rules' two take-backs that reveal nothing: putting the hand back before the
draw and taking cards off a drawn card before judging. Autoplay (the kit's) lets the helper
play on until any input. Every card is a sprite: the animator flies it between the grid,
the hand and the drawn cards, from the draw pile, and to the lost pile (`state.events`).
"""
from __future__ import annotations

from game.base import Announced, CardMoved
from game.ui import input as inp
from game.ui import theme
from game.ui.computer_seats import trial
from game.ui.game_scene import GameScene
from game.ui.i18n import language
from game.ui.table.animator import Sprite
from game.ui.table.draw import PieceLayer
from game.ui.table.draw import felt as table_felt
from game.ui.table.targets import Drag, Target, Targets
from game.vier_koningen import draw, rules, words
from game.vier_koningen.layout import Layout
from game.vier_koningen.words import say


class VierKoningenScene(GameScene):
    game = "vier_koningen"
    never_automatic = (rules.GiveUp,)    # the helper never gives up: the player does, from the pause menu
    hint_key = "vier_koningen_scene.say.hint"     # its reasons follow the move's name

    def __init__(self, app, record, state):
        super().__init__(app, record, state)
        self.selection: list = []      # hand phase: the chosen hand; cover phase: cards to lay
        self.banner = None
        self.round_shown = state.round
        self._layer = PieceLayer()
        self._check_cache = {}
        self._auto_select()

    def forget_choice(self) -> None:
        self.controls.cancel()
        self.selection = []
        self._auto_select()
        self._focus_default()

    def turns(self) -> int:
        return sum(self.state.round_turns.values())

    def stat_score(self):
        """Fewest turns to a win (lower is better); a loss sets no best score."""
        return (self.turns(), False) if self.state.result == "won" else None

    # -- rules helpers ----------------------------------------------------------------------
    def hand_cards(self) -> list:
        if self.state.phase == "hand":
            return rules.sort_cards(self.selection)
        return list(self.state.hand)

    def mine(self) -> list:
        """The round's cards under control: in the grid, in the hand and laid on drawn cards."""
        state = self.state
        return list(state.controlled) + list(state.hand) + [card for cover in state.covers for card in cover]

    def fixed_hand(self) -> bool:
        """The hand must hold every controlled card: there is nothing to choose."""
        state = self.state
        return state.phase == "hand" and state.hand_size() >= len(state.controlled)

    def _auto_select(self) -> None:
        """When the hand must hold every controlled card, it is chosen already."""
        if self.fixed_hand() and not self.autoplay and self.state.controlled:
            self.selection = list(self.state.controlled)

    def cover_check(self, target: int):
        """Laying the current selection on drawn card `target`: (True, the judgement it would
        get) or (False, why it may not)."""
        key = (self.version, tuple(self.selection), target)
        if key not in self._check_cache:
            if len(self._check_cache) > 64:
                self._check_cache.clear()
            cards = tuple(self.selection)
            why = trial(self.state, rules.Cover(target, cards))
            legal = why is None
            self._check_cache[key] = (legal, rules.judge(self.state.drawn[target], cards) if legal else why)
        return self._check_cache[key]

    def next_step(self):
        """The turn's next step: (its button, whether it may be taken now, its move, why not)."""
        state, phase = self.state, self.state.phase
        if phase == "hand":
            missing = state.hand_size() - len(self.selection)
            return "take", missing == 0, rules.ChooseHand(tuple(self.selection)), say("say.choose_more", k=missing)
        if phase == "draw":
            return "draw", True, rules.Draw(), ""
        if phase == "cover":
            return "judge", all(state.covers), rules.Judge(), say("say.cover_all")
        return None, False, None, ""

    def buttons(self) -> list[tuple[str, bool]]:
        """(key, enabled) of the buttons that make sense now."""
        if self.state.is_over():
            return [("new", True), ("menu", True)]
        if self.autoplay:
            return [("stop", True)]
        if not self.humans_turn:
            return [("menu", True)]
        key, enabled, _, _ = self.next_step()
        items = [(key, enabled)]
        if self.state.phase == "draw":
            items.append(("change", True))
        elif self.state.phase == "cover":
            items.append(("takeback", self.state.undo_move() is not None))
        return items + [("hint", True), ("autoplay", True), ("menu", True)]

    def button_label(self, key: str) -> str:
        return words.button_label(key, len(self.selection), self.state, self.app.input.legend_name(inp.PREV))

    # -- layout ----------------------------------------------------------------------------
    def layout(self) -> Layout:
        """The frame's places, made again only when the window, the round, the buttons or the
        language (the width of the headings) change."""
        round_no, buttons = self.state.round, tuple(key for key, _ in self.buttons())
        return self.cached_layout(lambda _: Layout(self.app, round_no, buttons), self.app.space_u, round_no, buttons,
                                  language())

    def sprites(self, layout=None) -> list:
        """Every face-up card where the state (and the selection) puts it."""
        layout = layout or self.layout()
        state = self.state
        chosen = set(self.selection) if state.phase == "hand" else set()
        found = [Sprite(card, layout.cells[card]) for card in state.controlled if card not in chosen]
        lifted = set(self.selection) if state.phase == "cover" else set()
        found += [Sprite(card, rect.move(0, -int(22 * self.app.u)) if card in lifted else rect, live=True)
                  for card, rect in zip(self.hand_cards(), layout.hand_slots)]
        for index, card in enumerate(state.drawn[:2]):
            found.append(Sprite(card, layout.drawn[index], live=True))
            found += [Sprite(on, rect, live=True) for on, rect in zip(state.covers[index], layout.covers[index])]
        return found

    def targets(self, layout) -> Targets:
        found = []
        if self.humans_turn:
            phase = self.state.phase
            if phase == "hand":
                owned = set(self.state.controlled)
                found += [Target(("grid", card), rect) for card, rect in layout.cells.items() if card in owned]
            found += [Target(("hand", card), rect) for card, rect in zip(self.hand_cards(), layout.hand_slots)]
            if phase == "cover":
                found += [Target(("drawn", index), layout.drawn[index].union(layout.covers[index][-1]), drop=True)
                          for index in range(len(self.state.drawn[:2]))]
            if phase == "draw":
                found.append(Target(("pile", self.state.round - 1), layout.piles[self.state.round - 1]))
        found += [Target(("button", key), rect) for key, rect in layout.buttons]
        return Targets(found)

    def is_chosen(self, key) -> bool:
        kind, value = key
        return kind in ("hand", "grid") and value in self.selection

    def is_legal_target(self, target) -> bool:
        """Whether the selection may go on this target (a Target or its key): lit up."""
        kind, value = getattr(target, "key", target)
        if not self.humans_turn:
            return False
        if kind == "drawn":
            return bool(self.selection) and self.cover_check(value)[0]
        return kind == "pile" and self.state.phase == "draw" and value == self.state.round - 1

    # -- input -------------------------------------------------------------------------------
    def handle_game(self, action):
        if self.autoplay:
            return
        name = action.name
        if self.controls.handle(action):
            return
        if name == inp.BACK:
            self.controls.cancel()
            if self.selection and not self.fixed_hand():
                self.selection = []
                self.app.sound.play("click")
                if self.focus == ("button", "take"):
                    self._focus_default()
        elif name == inp.NEXT:
            self._step()
        elif name == inp.PREV:
            self.set_autoplay(True)

    def can_drag(self, key) -> bool:
        return key[0] == "hand" and self.state.phase == "cover" and self.humans_turn

    def drag_start(self, key, pos) -> Drag | None:
        card = key[1]
        if card not in self.selection:
            self.selection.append(card)
        layout = self.layout()
        places = {sprite.key: sprite.rect for sprite in self.sprites(layout)}
        cards = [card for card in self.selection if card in self.state.hand]
        return Drag(("cover", tuple(cards)), cards, [places[card] for card in cards], pos, card_width=layout.tw)

    def drop(self, drag: Drag, key) -> None:
        for card, rect in zip(drag.things, drag.rects_now()):
            self.motion.animator.jump(card, rect)
        if key is not None and key[0] == "drawn":
            self.activate(key)

    def activate(self, key, by_mouse: bool = False) -> None:
        if key is None:
            return
        kind, value = key
        if kind == "button":
            if value in ("change", "takeback"):
                self.undo.take_back()
            elif not self.press(value):     # the kit's buttons (the menu: give up, rules, quit); else the next step
                self._step()
            return
        if not self.humans_turn:
            return
        state, phase = self.state, self.state.phase
        if kind == "drawn":
            if self.selection:
                if self.apply(rules.Cover(value, tuple(self.selection))):
                    self._focus_default()
            elif state.covers[value]:
                self.apply(rules.Uncover(value))
            else:
                self.refuse(say("say.select_first"))
        elif kind == "pile":
            if phase == "draw":
                self.apply(rules.Draw())
        elif kind == "grid" and value not in self.selection and len(self.selection) >= state.hand_size():
            self.refuse(say("say.hand_full", n=state.hand_size()))
        elif kind == "hand" and (phase == "draw" or self.fixed_hand()):
            self.refuse(say("say.draw_first" if phase == "draw" else "say.all_cards"))
        else:                               # a card chosen for the hand or to lay, or put back
            if value in self.selection:
                self.selection.remove(value)
                if phase == "hand":
                    self.focus = ("grid", value)
            else:
                self.selection.append(value)
                if phase == "hand" and len(self.selection) == state.hand_size():
                    self.focus = ("button", "take")
            self.app.sound.play("click")

    def _step(self) -> None:
        """The next step of the turn: take the hand, draw, or judge (or say why not yet)."""
        key, ready, move, why = self.next_step()
        if key is None or not self.humans_turn:
            return
        if ready:
            self.apply(move)
        else:
            self.refuse(why)

    # -- moves, undo, hints -----------------------------------------------------------------------
    def after_move(self, seat, move) -> None:
        """What the move did (its events): the selection it hands back, where cards fly from and
        to, a reshuffle or a new round said on the message line, and its sound."""
        state = self.state
        layout = self.layout()
        duration = self.app.pace("animation")
        moved = [event for event in state.events if type(event) is CardMoved]
        reshuffled = any(type(event) is Announced and event.what == "reshuffle" for event in state.events)
        back = {"ReturnHand": "controlled", "Uncover": "hand"}.get(type(move).__name__)
        self.selection = [event.card for event in moved if event.target == back] if back else []
        sound = "click" if back else "card"
        for event in moved:
            if event.source.startswith("pile:"):
                self.motion.animator.come_from(event.card, layout.piles[int(event.source[5:]) - 1], "back")
            if event.target == "lost":      # lost, or at once shuffled back into the draw pile
                goal = layout.piles[state.round - 1] if reshuffled and isinstance(move, rules.Judge) else layout.lost
                self.motion.animator.leave(event.card, goal, ("back", "red" if goal is layout.lost else "blue"))
        if isinstance(move, rules.Draw):
            self.motion.animator.hold(0.0, stagger=0.12 * duration)
        if isinstance(move, rules.Judge):
            self.motion.animator.hold(duration * 2.5)   # the verdict is read before the cards go
        if reshuffled:
            self.show_banner(say("say.reshuffled"))
            sound = "shuffle"
        if state.round > self.round_shown and not state.is_over():
            self.show_banner(words.new_round(state.round), 6)
            sound = "win"
        self.round_shown = state.round
        self._auto_select()
        if not state.is_over():
            self.app.sound.play(sound)
        self._focus_default()

    def show_banner(self, text: str, seconds: float = 4.0) -> None:
        """News of the game (a reshuffle, a new round) on the message line under the status."""
        self.banner = (text, self.time + seconds)

    @property
    def hint_text(self) -> str:
        """The hint on the message line: while the helper thinks, and then until the next move."""
        if self.computers.asked == "hint":
            return say("say.thinking")
        return self.hint_words(self.state, *self.computers.hint) if self.computers.hint else ""

    def on_hint(self, move, reason) -> None:
        self.focus = self._hint_focus(move) or self.focus

    def _hint_focus(self, move):
        if isinstance(move, rules.Cover):
            return ("drawn", move.target) if set(move.cards) <= set(self.selection) else ("hand", move.cards[0])
        if isinstance(move, rules.Uncover):
            return ("drawn", move.target)
        if isinstance(move, (rules.Draw, rules.Judge)):
            return ("button", type(move).__name__.lower())
        if isinstance(move, rules.ChooseHand):
            if set(move.cards) == set(self.selection):
                return ("button", "take")
            missing = [card for card in move.cards if card not in self.selection]
            return ("grid", missing[0]) if missing else None
        return None

    def hinted(self):
        """(cards, targets) the hint points at, to highlight: its cards, and the drawn card or
        the button it leads to."""
        move = self.computers.hinted
        target = ("drawn", move.target) if isinstance(move, (rules.Cover, rules.Uncover)) else self._hint_focus(move)
        return set(getattr(move, "cards", ()) or ()), {target} if target and target[0] != "grid" else set()

    # -- the end -----------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        return words.result_lines(self.state, self.turns(), self.seed, bool(self.record.notes.get("helper_played")))

    # -- focus -------------------------------------------------------------------------------
    def default_focus(self, layout):
        """The turn's next step (its button) once it may be taken, else the first card to choose."""
        state = self.state
        step, ready, _, _ = self.next_step()
        if state.is_over():
            wanted = [("button", "new")]
        elif self.autoplay:
            wanted = [("button", "stop")]
        elif ready:
            wanted = [("button", step)]
        elif state.phase == "hand":
            wanted = [("grid", card) for card in state.controlled if card not in self.selection]
        else:
            wanted = [("hand", card) for card in state.hand]
        targets = self.targets(layout)
        found = next((key for key in wanted if targets.get(key)), None)
        if found is None and targets.get(self.focus) is None and targets.all:
            found = targets.all[0].key
        return found or self.focus

    def tidy(self, layout) -> None:
        if self.state.is_over():
            self.selection = []       # nothing stays chosen after the game
        targets = self.targets(layout)
        if targets.all:       # also while the helper plays and after the end
            self.controls.keep_focus(layout, targets)

    def _focus_default(self) -> None:
        self.focus = self.default_focus(self.layout())

    # -- text and drawing ----------------------------------------------------------------------------
    def status_text(self) -> str:
        return words.status_text(self.state, len(self.selection), self.turns(), self.autoplay, self.humans_turn)

    def message_text(self):
        """The hint, else news of the game for a while, else the round's rule; and its colour."""
        if self.hint_text:
            return self.hint_text, theme.GOOD
        if self.banner and self.time < self.banner[1]:
            return self.banner[0], theme.ACCENT
        return words.round_rule(self.state.round), theme.TEXT_DIM

    def face_widths(self, layout) -> tuple:
        return (layout.gw, layout.tw)

    def warm_pictures(self, layout) -> None:
        self.motion.warmer.later(draw.warm_pictures(layout, self.four()))

    def draw(self, surface, alpha):
        layout = self.layout()
        away = self.motion.moving() | (set(self.drag.things) if self.drag else set())
        frame = self.frame(layout, away)
        grid = draw.grid_facts(self.state, self.selection, frame.mine, away)
        key = (self.app.size, layout.gw, layout.tw, self.state.round, frame.four, tuple(layout.side), grid)
        surface.blit(self._layer.get(self.app.size, key, lambda: (table_felt(self.app.size), (frame.u, frame.four),
                                                                  draw.table_pieces(layout, frame.u, frame.four,
                                                                                    self.state.round, *grid))), (0, 0))
        draw.lines(surface, frame, self.shown_status(), *self.message_text())   # the next turn waits for the flight
        draw.grid_marks(surface, frame)
        self.motion.draw_resting(surface, frame.sprites, away, live=True)   # the hand, the drawn cards and their covers
        draw.table(surface, frame)
        draw.side(surface, frame)
        self.motion.draw_flying(surface)
        if self.drag and self.state.phase == "cover":
            for card, rect in zip(self.drag.things, self.drag.rects_now()):
                draw.card_face(surface, card, rect, frame.four)

    def frame(self, layout, away) -> draw.Frame:
        """What this frame shows: the state, the choices and the marks, for drawing to read."""
        state = self.state
        playing = self.humans_turn or state.is_over() or self.autoplay
        hint_cards, hint_targets = self.hinted()
        drawn = range(len(state.drawn[:2]))
        places = [("drawn", index) for index in drawn] + [("pile", index) for index in range(3)]
        return draw.Frame(
            layout, state, self.app.u, self.four(), self.time, self.hand_cards(), list(self.selection), self.mine(),
            self.turns(), self.seed, self.focus if playing else None, away, hint_cards, hint_targets,
            {index: self.cover_check(index) for index in drawn} if self.selection and self.humans_turn else {},
            {place for place in places if self.is_legal_target(place)},
            [(key, self.button_label(key), enabled) for key, enabled in self.buttons()], self.sprites(layout))

    def game_legend(self):
        if self.autoplay:
            return [(inp.CONFIRM, words.key("legend.stop")), (inp.MENU, "legend.pause")]
        if self.state.is_over() or not self.humans_turn:
            return [(inp.UP, "legend.move"), (inp.CONFIRM, "legend.choose"), (inp.MENU, "legend.pause")]
        key = self.next_step()[0]
        cancel = bool(self.selection) and not self.fixed_hand()
        return self.turn_legend("legend.select", cancel, words.key(f"legend.{key}") if key else "",
                                [(inp.PREV, words.key("legend.autoplay"))])


SCENE = VierKoningenScene
