"""One Kingen deal as a Python OpenSpiel game, and OpenSpiel's ISMCTS on it: the anchor that
`python -m ai.kingen_bench anchor` measures the expert against.

Needs the benchmark's extra (`python -m pip install -e .[bench]`, OpenSpiel 2.x), imported
when a bot is made (`openspiel()`), so that this module itself imports without it.

- The game (`python_kingen_deal`): the card play of one deal from the position it is given,
  actions the card ids 0-51, terminal returns each seat's points of the deal divided by the
  game's span (13, 8 or 5 points), so every game's returns lie in an interval of width 1, as the
  project's own search scales them.
- The information state of a seat: its seat, its hand now and every card played in this deal
  in order (the hand at the start follows from the two: perfect recall).
- The resampler (`ai.kingen_anchor.resample`): the hidden cards dealt anew, consistent with
  what was played (voids, and the obligations a seat did not meet), handed to `ISMCTSBot` by
  `set_resampler`, one new deal per simulation.
- The leaf evaluation: a heuristic rollout, the project's playout policy (`ai.kingen.play_out`,
  a sensible human's card with one card in ten at random) to the end of the deal, and a uniform
  prior (UCT does not use it).

`AnchorBot(seed, simulations=1000)` plays a card from a seat's view with a fresh search of
`simulations` simulations (UCT constant `UCT_C`, the most visited card); it names trump as the
rule-based players do (`ai.kingen_anchor.trump_choice`). Its numpy and Python generators are
seeded, so a seed replays exactly.
"""
from __future__ import annotations

import functools
import random

from ai import kingen as K
from ai.kingen_anchor import resample, trump_choice
from game.kingen import rules as R

UCT_C = 0.7        # with returns of width 1, as the project's normal level explores
NAME = "python_kingen_deal"
INSTALL = "the Kingen anchor needs OpenSpiel, the bench extra: python -m pip install -e .[bench]"


@functools.cache
def openspiel():
    """Import OpenSpiel and register the game, once: (pyspiel, ismcts, numpy, the state class).
    Here and not at the top, so that the module imports where OpenSpiel is not installed."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts
    except ImportError as error:
        raise ImportError(INSTALL) from error

    game_type = pyspiel.GameType(
        short_name=NAME,
        long_name="Python Kingen, one deal's card play",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"seed": 1, "game": "fewest_tricks"})
    game_info = pyspiel.GameInfo(
        num_distinct_actions=52,
        max_chance_outcomes=0,
        num_players=4,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=52)

    class KingenDealGame(pyspiel.Game):
        """A deal of one game type (`seed` and `game` as `R.arena_deal` takes them); its initial
        state is the deal's first card (a trump deal's trump named as the rule-based players do)."""

        def __init__(self, params=None):
            params = params or {}
            super().__init__(game_type, game_info, params)
            self.seed = params.get("seed", 1)
            self.game = params.get("game", "fewest_tricks")

        def new_initial_state(self):
            deal = R.arena_deal(self.seed, self.game)
            if deal.phase == R.CHOOSE_TRUMP:
                deal.play(R.TRUMP_MOVES[trump_choice(deal.hands[deal.dealer])])
            return KingenDealState(self, deal.single_deal())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return KingenObserver(np)

    class KingenDealState(pyspiel.State):
        """A pyspiel state around a rules state of one deal (full, or a view at the search's
        root: the root is only resampled and its information state read, never played)."""

        def __init__(self, game, deal):
            super().__init__(game)
            self.deal = deal

        def current_player(self):
            if self.deal.phase != R.PLAY:
                return pyspiel.PlayerId.TERMINAL
            return self.deal.turn

        def _legal_actions(self, player):
            deal = self.deal
            return R.ids_of(R.legal_mask(deal.hands[player], deal.trick, deal.g, deal.trump, deal.lose_rule))

        def _apply_action(self, action):
            self.deal.play_fast(action)

        def _action_to_string(self, player, action):
            return R.CODE[action]

        def is_terminal(self):
            return self.deal.phase != R.PLAY

        def returns(self):
            if self.deal.phase == R.PLAY:
                return [0.0] * 4
            span = K.SPAN[self.deal.g]
            return [points / span for points in self.deal.points]

        def __str__(self):
            return R.to_notation(self.deal) if self.deal.viewer is None else f"view of seat {self.deal.viewer}"

    pyspiel.register_game(game_type, KingenDealGame)
    return pyspiel, ismcts, np, KingenDealState


class KingenObserver:
    """The information state as a string (no tensors: ISMCTS keys its nodes by the string)."""

    def __init__(self, np):
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        deal = state.deal
        played = [card for _, cards, _ in deal.tricks for card in cards] + deal.trick
        return f"{player}|{deal.hands[player]:x}|{' '.join(R.CODE[card] for card in played)}"


class RolloutEvaluator:
    """ISMCTS's leaf value: the deal played out by the project's playout policy."""

    def __init__(self, rng: random.Random):
        self.random = rng.random

    def evaluate(self, state):
        deal = state.deal.copy()
        K.play_out(deal, self.random)
        span = K.SPAN[deal.g]
        return [points / span for points in deal.points]

    def prior(self, state):
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


class AnchorBot:
    """OpenSpiel's ISMCTS for a seat (see the module's docstring)."""

    level = "anchor"

    def __init__(self, seed: int = 0, simulations: int = 1000):
        pyspiel, ismcts, np, self.state_class = openspiel()
        self.rng = random.Random(seed)
        self.game = pyspiel.load_game(NAME)
        self.bot = ismcts.ISMCTSBot(self.game, RolloutEvaluator(self.rng), UCT_C, simulations,
                                    random_state=np.random.RandomState(seed % 2 ** 32))
        self.bot.set_resampler(self.resample)

    def resample(self, state, player):
        return self.state_class(self.game, resample(state.deal, player, self.rng))

    def choose(self, view):
        if view.phase == R.CHOOSE_TRUMP:
            return R.TRUMP_MOVES[trump_choice(view.hands[view.dealer])]
        if view.phase != R.PLAY:
            raise ValueError(f"the anchor plays single deals only, not the phase {view.phase!r}")
        return R.PLAY_MOVE[int(self.bot.step(self.state_class(self.game, view.single_deal())))]
