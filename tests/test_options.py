"""Options as data: resolve() keeps only allowed values, of the option's own type."""
from game.options import Option, resolve

OPTIONS = [Option("games", 1, (1, 2, 3)), Option("clock", False, (False, True)), Option("call", "auto", ("auto", "call"))]


def test_allowed_values_are_kept_and_missing_ones_default():
    assert resolve(OPTIONS, {"games": 3, "clock": True}) == {"games": 3, "clock": True, "call": "auto"}
    assert resolve(OPTIONS, None) == {"games": 1, "clock": False, "call": "auto"}


def test_a_value_equal_to_a_choice_but_of_another_type_is_refused():
    """A hand-edited settings file: True == 1 and 1.0 == 1, but neither is a number of games."""
    assert resolve(OPTIONS, {"games": True, "clock": 1, "call": ["call"]}) == {"games": 1, "clock": False, "call": "auto"}
    assert resolve(OPTIONS, {"games": 2.0, "clock": 0.0})["games"] == 1
