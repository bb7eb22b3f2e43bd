"""A table's first frames make the pictures its later frames ask for (issue 34): a
picture first made in the frame that shows it costs that frame 1 to 5 ms (a computer's card
shown face up as it leaves a hand, the turn's ring around a hand of a new length, the ring of
a trick's winner, an empty place's label, a dimmed card). Each check asks for a picture again
and sees that nothing new is made; the speed itself is measured by `python -m game.bench`."""
import pygame

from game import registry
from game.cards import Card
from game.kings_corners import draw as kings_corners_draw
from game.play import start_game
from game.ui import cards as cardui
from game.ui.table.draw import DECK, FaceWarmer, mark
from game.ui.table.seats import warm_turn_rings
from test_draw_is_pure import SilentWorker


def opened(make_app, monkeypatch, game: str):
    """A new game of `game` at 960x540, you against computers, the pictures' cache empty
    before it opens (so nothing another test made counts), and the faces its opening queued
    made, as the frames after make them when they have the time to spare."""
    monkeypatch.setattr(cardui, "_cache", cardui._SurfaceCache())
    app = make_app(size=(960, 540))
    app._worker = SilentWorker()
    players = max(registry.game(game).seats)
    start_game(app, game, {"players": players, "seats": ["human"] + ["hard"] * (players - 1), "options": {}}, 1)
    scene = app.top
    warmer = scene.motion.warmer
    assert len(warmer.opening) > 52, "the opening leaves the faces to the frames after it"
    warmer.step(scene.face_widths(scene.layout()), scene.four(), lambda: 0.0)
    assert len(warmer.opening) > 52, "a frame with no time to spare makes none"
    warmer.step(scene.face_widths(scene.layout()), scene.four(), lambda: 1.0)
    assert not warmer.opening, "a frame with the time makes all it can"
    return scene


def made_already(ask) -> bool:
    """Whether the pictures `ask()` asks for were made before."""
    count = len(cardui._cache)
    ask()
    return len(cardui._cache) == count


def faces_missing(scene) -> list:
    """The widths a card of the table lies at whose faces are not all made."""
    four = scene.four()
    widths = {sprite.rect.w for sprite in scene.sprites(scene.layout()) if isinstance(sprite.key, Card)}
    return [width for width in sorted(widths)
            if not made_already(lambda width=width: [cardui.face(card, width, four) for card in DECK])]


def rings_made(layout, players: int, most: int) -> bool:
    """Whether the turn's ring around every seat's hand of 1 to `most` cards was made."""
    return made_already(lambda: warm_turn_rings(layout.seats_for, players, layout.u, most))


def test_kingen_has_every_face_and_every_turn_ring_made(make_app, monkeypatch):
    scene = opened(make_app, monkeypatch, "kingen")
    assert faces_missing(scene) == []
    assert rings_made(scene.layout(), 4, 13), "a turn's ring is made in the frame the turn comes"
    spot, u = scene.layout().spots[0], scene.layout().u
    assert made_already(lambda: mark(pygame.Surface((1, 1)), spot, "hint", u)), "the trick's winner's ring is not made"


def test_kings_corners_has_every_face_turn_ring_and_empty_place_made(make_app, monkeypatch):
    scene = opened(make_app, monkeypatch, "kings_corners")
    assert faces_missing(scene) == []
    assert rings_made(scene.layout(), 4, 20), "a turn's ring is made in the frame the turn comes"
    for place, rect in enumerate(scene.layout().bases):
        label = kings_corners_draw.place_label(place)
        assert made_already(lambda rect=rect, label=label: cardui.slot(rect.w, label)), \
            f"the empty place {label} is made when first shown"


def test_vier_koningen_has_every_card_dimmed_made(make_app, monkeypatch):
    happened = []        # the opening hands the dimmed cards on; the frames after make them
    later, tinted = FaceWarmer.later, cardui.tinted_face
    monkeypatch.setattr(FaceWarmer, "later", lambda self, makes: (happened.append("later"), later(self, makes))[1])
    monkeypatch.setattr(cardui, "tinted_face", lambda *args: (happened.append("made"), tinted(*args))[1])
    scene = opened(make_app, monkeypatch, "vier_koningen")
    layout, four = scene.layout(), scene.four()
    assert happened[0] == "later" and "made" in happened and not scene.motion.warmer.pictures
    for width in (layout.gw, layout.tw):
        assert made_already(lambda width=width: [cardui.tinted_face(card, width, four)
                                                      for card in layout.cells]), \
            f"the dimmed cards {width} wide are made in the frame that first dims one"


def test_the_opening_makes_what_every_face_of_a_width_shares(make_app, monkeypatch):
    """The first face made at a width made the blank card and the corners' letters too (2 ms
    instead of 0.2 to 1): the opening makes them, so the frames after are charged a face each."""
    monkeypatch.setattr(cardui, "_cache", cardui._SurfaceCache())
    app = make_app(size=(960, 540))
    app._worker = SilentWorker()
    start_game(app, "keezen", {"players": 4, "seats": ["human"] + ["hard"] * 3, "options": {}}, 1)
    scene = app.top
    for width in scene.face_widths(scene.layout()):
        card = next(card for card in DECK if card.rank <= 10 and not cardui.made(("face", card, width, scene.four())))
        before = set(cardui._cache._items)
        cardui.face(card, width, scene.four())
        assert {key[0] for key in set(cardui._cache._items) - before} <= {"face", "pip"}, width
