"""Kingen's table paints the other seats' hands as cached patches (`Motion.paste_hands`,
`Patches`): the table's layer must hold exactly the pixels of drawing every card on its own,
and a hand's patch is built once while the hand stays as it is."""
import pygame
import pytest

from game.app import open_scene
from game.play import start_game


def new_app(make_app, game, size=(1920, 1080), couch=False, seed=1):
    app = make_app(size=size, couch=couch)
    app.store.settings["computer_pace"] = "fast"
    app.store.settings["animation_speed"] = "fast"
    open_scene(app, "title", None)
    start_game(app, game, {"players": 4, "seats": ["random"] * 4, "options": {}}, seed)
    return app, app.top


def paint(scene, patches: bool) -> bytes:
    """The table's layer of the scene's position, with the hands' patches or card by card."""
    layout, moving = scene.layout(), scene.motion.moving()
    surface = pygame.Surface(scene.app.size).convert()
    if patches:
        scene.paint_table(surface, layout, moving)
    else:
        scene.motion.paste_hands = lambda *args: set()      # every card drawn on its own, as before patches
        try:
            scene.paint_table(surface, layout, moving)
        finally:
            del scene.motion.paste_hands
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game", ["kingen"])
@pytest.mark.parametrize("size, couch", [((1920, 1080), False), ((960, 540), False), ((1920, 1080), True)])
def test_the_hands_patches_paint_the_same_pixels_as_each_card(make_app, game, size, couch):
    app, scene = new_app(make_app, game, size, couch)
    compared = used = 0
    blits, real = [], scene.motion.hands.blit
    scene.motion.hands.blit = lambda *args: (blits.append(args[1]), real(*args))
    for frame in range(3000):
        app.tick(1 / 60)
        if frame % 23 == 0 or scene.motion.moving():
            blits.clear()
            with_patches = paint(scene, True)
            used += bool(blits)         # a position with a hand pasted
            assert with_patches == paint(scene, False), f"frame {frame}: a patch differs from the cards"
            compared += 1
        if compared >= 40 and used >= 3:
            break
    assert compared >= 40 and used >= 3, (compared, used)


@pytest.mark.parametrize("game", ["kingen"])
def test_a_hand_is_patched_once_while_it_stays(make_app, game):
    app, scene = new_app(make_app, game)
    app.tick(1 / 60)
    layout = scene.layout()
    surface = pygame.Surface(app.size).convert()
    scene.paint_table(surface, layout, set())
    built = scene.motion.hands.builds
    assert built == 3 and set(scene.motion.hands.patches) == set(layout.seat_cards)   # the three others, one each
    for _ in range(5):
        scene.paint_table(surface, layout, set())
    assert scene.motion.hands.builds == built
    seat = next(iter(layout.seat_cards))
    card = next(sprite.key for sprite in scene.sprites(layout) if sprite.rect in layout.seat_cards[seat])
    scene.paint_table(surface, layout, {card})     # a card of that hand in flight: the hand card by card
    scene.paint_table(surface, layout, set())
    assert scene.motion.hands.builds == built
