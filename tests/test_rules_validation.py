"""Issue 13, the rules side: from_dict reads only possible saves, and a move of the wrong
shape from any caller is refused with IllegalMove (never TypeError, KeyError or a plain
ValueError while the message is built)."""
import json

import pytest

from game import registry
from game.base import IllegalMove
from game.cards import Card
from game.kings_corners import rules as kc
from game.quarto import rules as quarto
from game.vier_koningen import rules as vk


def saved(game, seed=5, moves=6, players=None):
    """A real state's save data, `moves` moves in (always the first legal move)."""
    info = registry.game(game)
    state = info.rules().new_game(seed, players or max(info.seats), {})
    for _ in range(moves):
        if state.is_over() or type(state.legal_moves()[0]).__name__ in ("NextGame", "Deal"):
            break
        state.play(state.legal_moves()[0])
    return json.loads(json.dumps(state.to_dict()))


def refused(game, data):
    with pytest.raises(ValueError) as caught:
        registry.game(game).rules().from_dict(data)
    message = str(caught.value)
    assert message.startswith("damaged ") and "\n" not in message and len(message) < 300
    return message


# ------------------------------------------------------------------------------ saves

@pytest.mark.parametrize("game", list(registry.GAMES))
def test_a_real_save_reads_back_exactly(game):
    data = saved(game)
    assert registry.game(game).rules().from_dict(data).to_dict() == data


# Kingen's and Keezen's from_dict reads their first format's picture, which no seed replays
@pytest.mark.parametrize("game", [game for game in registry.GAMES if game not in ("kingen", "keezen")])
@pytest.mark.parametrize("seed", ["abc", -1, 2 ** 64, 1.0, True, None])
def test_the_seed_must_be_a_game_number(game, seed):
    data = saved(game)
    data["seed"] = seed
    message = refused(game, data)
    assert "seed" in message or seed is None              # without a seed it is read as a view, and fails as one


def test_quarto_impossible_saves():
    assert "turn" in refused("quarto", {**saved("quarto"), "turn": 5})
    assert "win_groups" in refused("quarto", {**saved("quarto"), "win_groups": [999], "game_done": True})
    sixteen = saved("quarto", moves=3)
    sixteen["board"] = [sixteen["hand"]] * 16
    assert "board" in refused("quarto", sixteen)
    assert "option 'games'" in refused("quarto", {**saved("quarto"), "options": {"games": "many"}})
    assert "log" in refused("quarto", {**saved("quarto"), "log": ["b2 give 7", "fly away"]})
    assert "random generator" in refused("quarto", {**saved("quarto"), "rng": [3, [1, 2], None]})


def test_kings_corners_impossible_saves():
    assert "turn" in refused("kings_corners", {**saved("kings_corners"), "turn": 9})
    assert "players" in refused("kings_corners", {**saved("kings_corners"), "players": 6})
    assert "phase" in refused("kings_corners", {**saved("kings_corners"), "phase": "between"})
    twice = saved("kings_corners")
    twice["hands"][1].append(twice["hands"][0][0])           # a card in two hands
    assert "hands" in refused("kings_corners", twice)
    kings = saved("kings_corners")
    kings["stock"] += ["KS"] * 20                             # 20 extra kings
    assert "stock" in refused("kings_corners", kings)
    assert refused("kings_corners", [1, 2, 3])
    assert "another game" in refused("kings_corners", saved("quarto"))


def test_vier_koningen_impossible_saves():
    assert "round" in refused("vier_koningen", {**saved("vier_koningen"), "round": 0})
    assert "round" in refused("vier_koningen", {**saved("vier_koningen"), "round": 4})
    twice = saved("vier_koningen")
    twice["controlled"].append(twice["piles"][0][0])
    assert "controlled" in refused("vier_koningen", twice)
    assert "log" in refused("vier_koningen", {**saved("vier_koningen"), "log": [{"move": "cover", "cards": 5}]})


@pytest.mark.parametrize("game, seat", [("kings_corners", 1), ("vier_koningen", 0)])
def test_a_view_reads_back_but_not_with_a_card_twice(game, seat):
    rules = registry.game(game).rules()
    state = rules.new_game(3, max(registry.game(game).seats), {})
    for _ in range(5):
        state.play(state.legal_moves()[0])
    data = json.loads(json.dumps(state.view(seat).to_dict()))
    assert rules.from_dict(data).to_dict() == data
    data["piles"][0].append(data["piles"][0][0])            # a card there twice
    assert "twice" in refused(game, data)
    data["piles"][0][0] = None                              # a card no view hides
    assert "no card" in refused(game, data)


def test_a_kings_corners_view_is_read_by_its_table_of_fields():
    """The base's view reader (game/save_check.py read_view) with Kings Corners' fields."""
    from game.kings_corners.rules import VIEW_FIELDS
    state = kc.new_game(3, 3, {})
    for _ in range(5):
        state.play(state.legal_moves()[0])
    view = json.loads(json.dumps(state.view(1).to_dict()))
    assert set(VIEW_FIELDS) | {"game", "version", "players", "options", "seed", "history"} == set(view)
    lost = {**view, "stock": view["stock"][1:]}
    assert "missing" in refused("kings_corners", lost)
    assert "own hand" in refused("kings_corners", {**view, "hands": [view["hands"][0], [None] * 7, view["hands"][2]]})
    assert "'turn'" in refused("kings_corners", {**view, "turn": 3})
    assert "'piles'" in refused("kings_corners", {**view, "piles": view["piles"][:7]})
    assert "'totals'" in refused("kings_corners", {**view, "totals": [0, 0]})
    assert "no card" in refused("kings_corners", {**view, "stock": ["ZZ"] + view["stock"][1:]})


# ------------------------------------------------------------------------------ moves

def quarto_in(phase):
    state = quarto.new_game(4, 2, {})
    if phase == "place":
        state.play(quarto.Give(3))
    return state


@pytest.mark.parametrize("move", [quarto.Give(1.0), quarto.Give(True), quarto.Give("a"), quarto.Give(None),
                                  quarto.Give((1,)), quarto.Give(16)])
def test_quarto_give_is_checked_by_type(move):
    """Issue 13: Quarto accepted give=1.0 and True, after which to_dict raised; _hex of a
    non-int raised ValueError or TypeError while the message was built."""
    state = quarto_in("give")
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.play(move)
    assert state.to_dict() == before


@pytest.mark.parametrize("move", [quarto.Place(0, 1.0), quarto.Place(0, True), quarto.Place(0, (1,)),
                                  quarto.Place(0, "5"), quarto.Place(True, 5), quarto.Place(0.0, 5),
                                  quarto.Place(0, 5, call="yes"), quarto.Place(0, 5, call=1)])
def test_quarto_place_is_checked_by_type(move):
    state = quarto_in("place")
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.play(move)
    assert state.to_dict() == before


@pytest.mark.parametrize("card", [Card(5, "X"), Card(0, "S"), Card("Q", "S"), Card([1], "S"), (5, "S"), "QS", None])
def test_kings_corners_a_card_that_is_no_card_is_refused(card):
    state = kc.new_game(2, 2, {})
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.play(kc.PlayCard(card, kc.N))
    assert state.to_dict() == before
    str(kc.PlayCard(card, kc.N))                            # and a log line can still show it


@pytest.mark.parametrize("make", [lambda: vk.ChooseHand(5), lambda: vk.ChooseHand((Card(5, "X"),) * 5),
                                  lambda: vk.ChooseHand(("QS", None, 3, [1], "AS")),
                                  lambda: vk.Cover(0, 7), lambda: vk.Cover(True, ("AS",)),
                                  lambda: vk.Cover(0.0, ("AS",)), lambda: vk.Uncover("1")])
def test_vier_koningen_moves_of_the_wrong_shape_are_refused(make):
    """Issue 13: a non-iterable `cards` raised TypeError instead of IllegalMove."""
    state = vk.new_game(2, 1, {})
    hand = state.legal_moves()[0]
    state.play(hand)
    state.play(vk.Draw())
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.play(make())
    assert state.to_dict() == before


def test_a_4_koningen_save_in_the_first_format_still_reads():
    """The first saves wrote each move as an object; from_dict's check reads them as codes."""
    state = vk.new_game(6, 1, {})
    for _ in range(9):
        state.play(next(m for m in state.legal_moves() if not isinstance(m, vk.GiveUp)))
    data = json.loads(json.dumps(state.to_dict()))
    old = []
    for code in data["log"]:
        word, *rest = code.split()
        entry = {"move": word}
        if word in ("cover", "uncover"):
            entry["target"] = int(rest.pop(0)) - 1
        if rest:
            entry["cards"] = rest
        old.append(entry)
    assert vk.from_dict({**data, "log": old}).to_dict() == data
    old[0]["cards"] = old[0]["cards"][:-1] + ["KS"]           # still checked: another hand than was played
    with pytest.raises(ValueError):
        vk.from_dict({**data, "log": old})
