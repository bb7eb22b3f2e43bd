"""Fewer clicks, no traps (issue 24): a forced move in one action, the Menu and Back buttons,
a computer's card face up as it flies and what follows it waiting until it lands.

Everything goes through posted pygame events, as a player's devices send them; the press
counts of a forced Keezen entry are counted from the events posted and printed (pytest -s).
"""
import pygame
import pytest

import posting
from game.app import open_scene
from game.keezen import rules as keezen_rules
from game.play import start_game
from game.ui import input as inp

CONFIRM = {"keys": pygame.K_RETURN, "pad": pygame.CONTROLLER_BUTTON_A}


class Presses:
    """Posts a player's presses and counts them: a click, a key or a pad button is one (a
    mouse motion that only points is not)."""

    def __init__(self, app, scene, device):
        self.app, self.scene, self.device, self.count = app, scene, device, 0

    def tick(self):
        self.app.tick(1 / 60)

    def choose(self, goal):
        """Bring the cursor to `goal` and confirm it, or click it."""
        if self.device == "mouse":
            posting.click(self.scene.targets(self.scene.layout()).get(goal).rect.center)
            self.count += 1
        else:
            for _ in range(40):
                if self.scene.focus == goal:
                    break
                direction = posting.keys_to(self.scene, goal)[0]
                if self.device == "pad":
                    posting.pad(posting.DPAD[direction])
                else:
                    posting.key(posting.ARROWS[direction])
                self.count += 1
                self.tick()
            assert self.scene.focus == goal
            if self.device == "pad":
                posting.pad(CONFIRM["pad"])
            else:
                posting.key(CONFIRM["keys"])
            self.count += 1
        self.tick()


def keezen_app(make_app, notation, forced=True, size=(1920, 1080), seed=1):
    app = make_app(size=size)
    app.store.settings.update(computer_pace="instant", animation_speed="instant", play_forced=forced)
    open_scene(app, "title", None)
    start_game(app, "keezen", {"players": 4, "seats": ["human", "random", "random", "random"], "options": {}}, seed)
    scene = app.top
    scene.state = keezen_rules.from_notation(notation, seed=seed)
    scene.version += 1
    app.tick(1 / 60)
    assert scene.can_play()
    return app, scene


# blue's four pawns in the nest, a king and four cards that cannot move: the entry is forced
FORCED_ENTRY = "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n K,2,3,5,6/8,8,9,9,10/2,3,4,5,10/6,6,8,9,10 b r -"


def hand_key(scene, rank):
    return ("hand", next(i for i, card in enumerate(scene.layout().hand_cards) if card.rank == rank))


def entry_presses(make_app, device, forced):
    """The presses from the start of the turn until the forced entry is played."""
    app, scene = keezen_app(make_app, FORCED_ENTRY, forced)
    presses = Presses(app, scene, device)
    presses.choose(hand_key(scene, keezen_rules.KING))
    while not scene.record.moves:
        lit = sorted(scene.lit(), key=str)
        assert lit, "the chain of choices stopped before the move"
        presses.choose(lit[0])
    assert keezen_rules.parse_move(scene.record.moves[0]) == keezen_rules.Enter(keezen_rules.KING, 0)
    return presses.count


@pytest.mark.parametrize("device", ["mouse", "keys", "pad"])
def test_a_forced_keezen_entry_takes_one_choice(make_app, device):
    before = entry_presses(make_app, device, forced=False)
    after = entry_presses(make_app, device, forced=True)
    print(f"\nforced Keezen entry by {device}: {before} presses with the setting off, {after} with it on")
    assert after == before - 2          # the pawn in the nest and its start square are no longer asked
    assert after == (1 if device == "mouse" else 3)     # the king is two steps right of the middle card
