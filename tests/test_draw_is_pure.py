"""Drawing changes nothing (Tuxemon's rule, design notes "A scene is a description on parts").

Every game is played by the test itself (random legal moves through `scene.apply`, time through
`scene.update`, the player's keys through `scene.handle`), and at several moments of a game
(the start, a move in flight, mid-hand, a card chosen, a trick on show, between hands, the
end, the pause menu and the result over the table) the scene is drawn twice in a row at
1920x1080 and at 960x540. The draws must leave the state, the record, the version, the focus,
the animator and the scene's own attributes as they were: what the table shows follows the
state in `update`, at a move and at an input (`GameScene.settle`), never in `draw`.
"""
import random

import pygame
import pytest

from game import registry
from game.base import TrickWon
from game.play import start_game
from game.ui import input as inp

QUICKER = {   # options that bring a break between hands (or games) sooner; other games play their defaults
    "quarto": {"games": 2},
    "kings_corners": {"match_length": "hands", "hands": 2},
}
STEP = 1 / 120
MOVES = 3000      # a random game at the most seats ends within this (docs/adding-a-game.md)

# Caches that drawing may fill: what they hold is made from the state on first use and changes
# no picture. Named here so that nothing else slips through.
CACHES = {
    "_layout",          # GameScene.cached_layout: the layout of this window and table
    "_lines",           # MoveLog.lines: the log's lines in the language of now
    "_said",            # MoveLog.lines: each entry's lines, said once
    "_played",          # Finish.played_moves: the game's moves replayed for the end screen
    "_options",         # Keezen: the ways to play the chosen card, worked out when first asked
    "_check_cache",     # 4 Koningen: what laying the selection on a drawn card would give
    "_moves",           # Quarto: the human's legal moves, asked of the rules once a move
}
# Not plain values, so not compared; caches as well, filled by drawing: `_layer` (PieceLayer:
# the table's pieces that change only with a move), `_felt` and `_table` (CachedLayer: the
# table's unchanging parts), `_sheet` (ScoreSheet's picture), `status_line` (its wrapped
# lines). (The face warmer draws after the frame, in `ahead`, never in `draw`.)
PLAIN = (int, float, str, bool, tuple, frozenset, type(None))


class SilentWorker:
    """The computer seats never answer: the test plays every seat itself."""

    def ask(self, *args, **kwargs):
        return 0

    def poll(self, wait=0.0):
        return None

    def cancel(self):
        pass

    def close(self):
        pass


def plain(value):
    if isinstance(value, PLAIN):
        return value
    if isinstance(value, (list, set)) and all(isinstance(item, PLAIN) for item in value):
        return list(value)
    if isinstance(value, dict) and all(isinstance(item, PLAIN) for item in list(value) + list(value.values())):
        return dict(value)
    return None


PARTS = ("computers", "undo", "between", "keeping", "finish", "log", "motion", "controls")   # GameScene's parts


def snapshot(scene) -> dict:
    attributes = {name: plain(value) for name, value in vars(scene).items() if name not in CACHES}
    attributes.update({f"{part}.{name}": plain(value) for part in PARTS
                       for name, value in vars(getattr(scene, part)).items() if name not in CACHES})
    animator = scene.motion.animator
    return {
        "state": scene.state.to_dict(),
        "record": scene.record.to_dict(),
        "version": scene.version,
        "focus": scene.focus,
        "hover": scene.controls.hover,
        "attributes": attributes,
        "undo": len(scene.undo.stack),
        "flights": sorted(map(repr, animator.flights)),
        "leaving": sorted(map(repr, animator.leaving)),
        "frame": repr(animator.frame_key),
    }


def changes(before: dict, after: dict) -> list[str]:
    found = [name for name in before if name != "attributes" and before[name] != after[name]]
    found += [f"{name}: {before['attributes'].get(name)!r} -> {value!r}"
              for name, value in after["attributes"].items() if before["attributes"].get(name) != value]
    return found


class Table:
    """One game, played by the test, checked at each moment."""

    def __init__(self, make_app, game: str, size):
        self.app = make_app(size=size)
        self.app._worker = SilentWorker()
        self.app.store.settings["computer_pace"] = "normal"      # a finished trick stays on show
        players = max(registry.game(game).seats)
        seats = ["human"] + ["hard"] * (players - 1)      # the viewer at seat 0, so a hand is face up
        start_game(self.app, game, {"players": players, "seats": seats, "options": QUICKER.get(game, {})}, 5)
        self.scene = self.app.top
        self.surface = pygame.Surface(size)
        self.rng = random.Random(game)
        self.checked = []

    def wait(self, seconds: float) -> None:
        for _ in range(round(seconds / STEP)):
            self.scene.update(STEP)

    def play(self) -> None:
        state = self.scene.state
        self.scene.apply(self.rng.choice(sorted(state.legal_moves(), key=str)))

    def check(self, moment: str, whole_screen: bool = False) -> None:
        """Draw twice in a row (the scene, or the app's whole stack with what lies over it)."""
        before = snapshot(self.scene)
        for _ in range(2):
            if whole_screen:
                self.app.draw(0.0)
            else:
                self.scene.draw(self.surface, 0.0)
            after = snapshot(self.scene)
            assert not changes(before, after), f"{moment}: drawing changed {changes(before, after)}"
        self.checked.append(moment)


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)])
@pytest.mark.parametrize("game", sorted(info.name for info in registry.playable_games()))
def test_drawing_changes_nothing(make_app, game, size):
    table = Table(make_app, game, size)
    scene = table.scene
    table.check("start")
    table.wait(0.5)
    table.check("start, settled")
    moves = 0
    seen = set()
    while not scene.state.is_over() and moves < MOVES:
        if scene.at_break() and "break" not in seen:
            seen.add("break")
            table.check("between hands, at once")
            table.wait(1.0)
            table.check("between hands")
        if moves >= 6 and "chosen" not in seen and scene.can_play():
            seen.add("chosen")
            table.check("mid-hand, the player to move")
            for _ in range(8):      # confirm on the cards in turn until one is chosen (or played)
                scene.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
                if not scene.can_play() or any(action == inp.BACK for action, _ in scene.legend()):
                    break           # played, or a choice pending (Back would cancel it)
                scene.handle(inp.Action(inp.RIGHT, inp.KEYBOARD))
            table.check("mid-hand, after confirm")
            scene.set_autoplay(True)           # the seat is the computer's now, a choice still pending
            table.check("autoplay on, a choice pending")
            scene.set_autoplay(False)
            scene.handle(inp.Action(inp.RIGHT, inp.KEYBOARD))
            table.check("mid-hand, the cursor moved")
            scene.handle(inp.Action(inp.MENU, inp.KEYBOARD))        # the pause menu over the table
            table.check("paused", whole_screen=True)
            table.app.pop()
            continue
        table.play()
        moves += 1
        if moves == 3:
            table.check("a move, at once")
            table.wait(0.05)
            table.check("a move in flight")
        if "trick" not in seen and any(isinstance(event, TrickWon) for event in scene.state.events):
            seen.add("trick")
            table.check("a trick won")
            shown = getattr(scene, "showing", None)
            if shown is not None:       # the moment the trick's time on show is up
                table.wait(max(0.0, shown[3] - scene.time) + STEP / 2)
                table.check("a trick on show, its time up")
        if moves % 7 == 0:
            table.wait(0.02)
    assert scene.state.is_over(), f"{game}: a random game did not end within {MOVES} moves"
    table.check("game over, at once")
    table.wait(3.0)     # the result comes over the table
    assert table.app.top is not scene
    table.check("game over, with the result over it", whole_screen=True)
    table.check("game over, the table under the result")
    assert "mid-hand, after confirm" in table.checked


@pytest.mark.parametrize("game", sorted(info.name for info in registry.playable_games()))
def test_moves_in_a_row_end_where_moves_one_by_one_end(make_app, game, tmp_path):
    """The screen catalogue's way to a screen (`GameScene.moves_in_a_row`: the table follows the
    state and the game is saved once, after the last move) ends as moves played one by one end:
    the same state, table, words, save and picture. The cursor aside: it stands where the turn
    puts it (`default_focus`), not where an earlier turn left it."""
    one = Table(make_app, game, (960, 540))
    row = Table(lambda size: make_app(size=size, data_dir=tmp_path / "row"), game, (960, 540))
    for table in (one, row):       # (the catalogue's pace: nothing in the air when a screen is read)
        table.app.store.settings["animation_speed"] = "instant"
    moves = []
    for _ in range(40):
        if one.scene.state.is_over():
            break
        moves.append(one.rng.choice(sorted(one.scene.state.legal_moves(), key=str)))
        one.scene.apply(moves[-1])
    with row.scene.moves_in_a_row():
        for move in moves:
            assert row.scene.apply(move)
    one_shot, row_shot = snapshot(one.scene), snapshot(row.scene)
    assert one.scene.sprites() == row.scene.sprites()
    assert one.scene.motion.animator.goals == row.scene.motion.animator.goals    # where things fly from next
    assert one.scene.shown_status() == row.scene.shown_status()
    assert one.app.store.load_game() == row.app.store.load_game()
    for shot in (one_shot, row_shot):      # (objects; the undo stack counted, the log in the picture)
        shot.pop("focus")
        for name in ("controls.focus", "undo.stack", "log.entries"):
            shot["attributes"].pop(name, None)
    assert changes(one_shot, row_shot) == []
    row.scene.focus = one.scene.focus
    for table in (one, row):
        table.scene.draw(table.surface, 0.0)
    assert pygame.image.tobytes(one.surface, "RGB") == pygame.image.tobytes(row.surface, "RGB")
