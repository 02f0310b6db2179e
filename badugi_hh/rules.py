"""Rulesets (the numbers a game is played with) and the catalogue of rule ids.

The house game of RULES.md is :data:`HOUSE`; every number in it is a setting,
so a home game with other stakes, or a later multiway or split-pot game, is a
new :class:`Ruleset`, not new engine code:

>>> HOUSE.bet_size(1), HOUSE.bet_size(3), HOUSE.max_bets_per_round
(2, 4, 4)
>>> ninehanded = HOUSE.replace(max_players=8, session_hands=None)
>>> ninehanded.max_players, ninehanded.big_blind
(8, 2)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from badugi_hh.games import GAMES, HOUSE_GAME, GameId
from badugi_hh.sites import SITES, DeckRecycling, SitePractice

#: A game's id (``badugi``, ``27td``, ``27sd``...): see :data:`badugi_hh.games.GAMES`.
Game = GameId

Structure = Literal["fixed", "pot", "half-pot", "no"]

#: How reports name each betting structure but fixed limit.
STRUCTURE_NAMES: dict[str, str] = {"pot": "Pot Limit", "half-pot": "Half Pot Limit",
                                   "no": "No Limit"}
#: The games the engine audits, in every betting structure: every game of the registry
#: (a hand of another game is read and counted as skipped).
AUDITED_GAMES = frozenset(GAMES)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    """The numbers of a fixed-limit triple-draw game (defaults: RULES.md G-N)."""

    name: str = "house"
    game: Game = HOUSE_GAME
    structure: Structure = "fixed"       # B2: fixed, pot, half-pot or no limit
    min_players: int = 2
    max_players: int = 2                 # G1
    starting_stack: int | None = 100     # G3; None where each hand states stacks
    small_blind: int = 1                 # G4
    big_blind: int = 2
    small_bet: int = 2                   # B2, rounds 1 and 2
    big_bet: int = 4                     # B2, rounds 3 and 4
    min_bet: int | None = None           # B2: pot and no limit's least bet; None: the big blind
    max_raises: int = 3                  # B3: one bet and this many raises
    cap_heads_up: bool = True            # B3 with two players left; sites lift it (T7)
    draws: int = 3                       # D1
    hand_size: int = 4                   # G5
    session_hands: int | None = 12       # N1; None: no fixed length
    burns_logged: bool = True            # D3: the log states each burn
    deck_recycling: DeckRecycling = "discards"   # D3, D4
    """What comes back when the stub runs out (docs/rules.md, "Deck recycling").
    ``discards``: once 52 cards are used (those the log states), a discarded or burned
    card may be drawn again, the drawing player's own discards and the burns excepted.
    ``folded_hands_and_discards``: Full Tilt's rule (a site practice): every player
    discards before the draw's replacements are dealt, and when the stub runs out the
    folded hands and every discard since the last reshuffle (this draw's too, the drawing
    player's own included) make the new one; the site burns none. ``dead_cards``:
    PokerKit's deck, which a PHH hand is played with (``State._consume_cards``): the same,
    with a card burned in each draw, stated or not (after its last discard), that is dead
    like the others."""
    awards_logged: bool = True           # S1: the log says who wins (PHH may leave it out)
    deal_order_logged: bool = True       # G5: deals are logged in dealing order
    shows_logged: bool = True            # S1: every hand at the showdown is shown or mucked
    """Whether the log states every hand at the showdown, shown or mucked (a house log:
    RULES.md S1, "both hands are shown"), so that a player at the showdown who does
    neither is a line the log left out: S1, his hand taken as mucked. A site may leave a
    losing hand unsaid, and PHH reads no ``sm`` as a show of no cards."""
    button_alternates: bool = True       # G4: heads-up, the button moves every hand
    """Whether, heads-up, the button moves to the other player every hand (the house
    game, G4), so that a hand whose button stays with the player who had it the hand
    before is a G4. A site's button may stay put (a dead button), and PHH's hands, each
    a game of its own, name no button to follow."""
    bust_ends_session: bool = True       # N1: a player with no chips left ends it
    """Whether the session ends when a player has no chips left (RULES.md N1), so that a
    hand played after a bust is N1. A home game of more players may play on without him
    (``play on after a bust``): the session then ends when one player is left with chips."""
    names_by_hand: bool = True           # G1: a misspelt name is read as its player's
    """Whether the log's names are typed by hand (a house log), so that a name nobody is
    dealt in under, which one player's name matches closely, is read as his (a slip of
    the typist's: docs/rules.md, G1). A site writes its own names: an unknown one there
    is nobody's."""
    rake: bool = False                   # sites take a rake from the pot
    dead_money_in_main_pot: bool = False
    """Whether dead money (antes, dead blinds) is the main pot's, which every player still
    in may win whatever he put in (PHH's ``ante_trimming_status = false``, as PokerKit
    reads it), rather than counted with each player's bets in the side pots' levels."""
    antes_trimmed: bool = False          # S3, M3
    """Whether antes are collected like a round's bets, as PokerKit does with PHH's
    ``ante_trimming_status = true``: the part of an ante above the next largest goes back
    once the antes are in, though a blind is sized by the stack the whole ante left
    (PokerKit's effective blind), and the pots are cut at every player's total in, antes
    counted, so a player wins from each other only what he matched, all in or not."""
    reopen_by_least_bet: bool = True     # T8
    """Whether an all-in reopens the betting for the players who acted before it only by a
    full raise: at least the least bet too in pot and no limit (the big blind, or
    ``min_bet``: Robert's Rules), half a bet in fixed limit (T1). False: by the round's
    largest bet or raise so far alone, the blinds not counted,
    so a round's first bet or raise reopens it however short (PokerKit, which judges PHH);
    in pot and no limit a raise then goes at least that largest over the bet, and at
    least the least bet, whatever the big blind, as PokerKit sizes it."""
    odd_chip: Literal["big_blind", "first_left_of_button"] = "big_blind"  # S2
    lone_player_acts: bool = False     # S3
    """Whether the one player left with chips, still to act when the others fold or go
    all-in and owing nothing, checks or folds before the round ends (PokerKit asks him to
    act: a PHH hand), rather than the round being over without him (RULES.md S3)."""
    raise_over_short_all_in: bool = False   # B2, fixed limit
    """Whether a fixed-limit raise after an all-in for less goes one bet over the all-in
    (PokerKit's rule: a PHH hand), rather than one bet over the last full bet or raise,
    which the next player completes (T1)."""
    partial_show_judged: bool = False    # S1
    """Whether a hand shown in part (``p1 sm 2c??????``) is judged on the cards shown, and
    one that shows no hand of the game (no card, or fewer than a lowball hand's five)
    cannot win, as a muck (PokerKit's cash game: a PHH hand), rather than left unknown, so
    that only the log's award can settle the pot."""
    badugi_qualifier: Literal["four-card", "none"] = "four-card"   # X3, split games only
    """What a hand needs to win a split game's Badugi half: a four-card badugi (the
    seed's reading: a half no hand qualifies for goes to the other half), or nothing."""
    # What a site does where the rules leave it a choice (:data:`SITE_PRACTICES`):
    dead_small_blind: bool = False       # M1, G4 (T3)
    """Whether a small blind whose seat is empty or sits out is dead: nobody posts it and
    the big blind is the first player dealt in after it (Full Tilt's dead button). Else
    the blinds move on to the next two players dealt in (PokerStars' moving button)."""
    uncovered_antes_returned: bool = False   # S3
    """Whether the antes a short all-in does not cover go back with the uncalled bet
    (PokerStars), rather than staying in the pot as dead money (T3)."""
    sitting_out_folded: bool = False     # S3
    """Whether a player sitting out is dealt in and his hand folded at his turn even
    when his blind put him all-in (PokerStars tournaments)."""

    @property
    def betting_rounds(self) -> int:
        """One round before the first draw and one after each draw (B1)."""
        return self.draws + 1

    @property
    def max_bets_per_round(self) -> int:
        return 1 + self.max_raises

    def bet_size(self, round_number: int) -> int:
        """The fixed bet and raise size of betting round 1..4 (B2)."""
        return self.small_bet if round_number <= self.betting_rounds // 2 else self.big_bet

    @property
    def audited(self) -> bool:
        """Whether the engine audits hands of this game."""
        return self.game in AUDITED_GAMES

    @property
    def game_name(self) -> str:
        """``Badugi``, ``Pot Limit 2-7 Triple Draw``: how reports name the game."""
        structure = STRUCTURE_NAMES.get(self.structure)
        game = GAMES[self.game].name
        return f"{structure} {game}" if structure else game

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)

    def for_game(self, game: Game) -> Ruleset:
        """These rules for ``game``, with the game's hand size and draws (the registry's).

        >>> single = HOUSE.for_game("27sd")
        >>> single.hand_size, single.draws, single.betting_rounds, single.game_name
        (5, 1, 2, '2-7 Single Draw')
        """
        entry = GAMES[game]
        return dataclasses.replace(self, game=game, hand_size=entry.hand_size, draws=entry.draws)

    def describe(self) -> str:
        limit = (f"fixed limit {self.small_bet}/{self.big_bet}" if self.structure == "fixed"
                 else STRUCTURE_NAMES[self.structure].lower())
        return (f"{self.game_name}, {limit}, blinds {self.small_blind}/{self.big_blind}, "
                f"{self.min_players}-{self.max_players} players")


#: Who gets a tie's odd chip under each :attr:`Ruleset.odd_chip`, as a message says it
#: (S2): the order in which ``engine.settle`` divides a tied pot.
ODD_CHIP_RULES: dict[str, str] = {
    "big_blind": "the odd chip to the big blind, or the first winner left of the button "
                 "when the big blind is not one",
    "first_left_of_button": "the odd chip to the first winner left of the button",
}


#: The house game: heads-up fixed-limit triple-draw Badugi (RULES.md G, B, D, E, S, N).
HOUSE = Ruleset()


#: Each site's practice (:attr:`badugi_hh.sites.Site.practice`), by its id; a site not
#: named follows the defaults (moving button, antes dead, no sit-out folds, the discards
#: reshuffled).
SITE_PRACTICES: dict[str, SitePractice] = {site.id: site.practice for site in SITES}


def site_practice(site: str) -> dict[str, object]:
    """The :class:`Ruleset` fields that ``site``'s practice sets.

    >>> site_practice("fulltilt")["dead_small_blind"], site_practice("merge")["dead_small_blind"]
    (True, False)
    """
    practice = SITE_PRACTICES.get(site, SitePractice())
    return {field.name: getattr(practice, field.name) for field in dataclasses.fields(practice)}


#: Every rule id the engine can report, with the short title it is cited by.
RULES: dict[str, str] = {
    "G1": "two players, fixed limit, triple draw",
    "G2": "one 52-card deck, no jokers, ace low",
    "G3": "stacks: 100 each at the start, carried from hand to hand",
    "G4": "the button alternates; dealer posts the small blind, opponent the big blind",
    "G5": "four cards each, dealt one at a time starting with the big blind",
    "G6": "all cards shuffled together before every hand",
    "B1": "four betting rounds: before the first draw and after each draw",
    "B2": "bets and raises are the small bet in rounds 1-2, the big bet in rounds 3-4",
    "B3": "cap: one bet and three raises per round, the big blind counting as the bet",
    "B4": "no bet to face: check or bet; facing a bet: call, raise or fold",
    "B5": "a round ends with two checks or a call of the last bet; a fold ends the hand",
    "B6": "the dealer acts first before the first draw, the big blind after each draw",
    "B7": "a call puts in the difference between the amount to match and what is in",
    "D1": "three draws, the big blind first, then the dealer",
    "D2": "discard 0 to 4 cards and receive as many replacements",
    "D3": "one burn before each draw; discards and burns are out of play",
    "D4": "the deck never needs recycling: no card twice, at most 35 cards",
    "E1": "the largest subset with no repeated rank or suit; more cards beat fewer",
    "E2": "same size: compare ranks from the highest down, lower wins, else a tie",
    "E3": "A-2-3-4 rainbow is best; straights and flushes do not count",
    "E4": "examine every subset; suits and excluded cards never break a tie",
    "E5": "the worked examples of the rules",
    "S1": "at showdown both hands are shown and the best hand takes the pot",
    "S2": "a tie splits the pot, the odd chip to the big blind",
    "S3": "all-in: the uncovered part of a bet goes back; no betting after all-in",
    "S4": "a fold ends the hand: the other player wins, nothing more is played",
    "N1": "a session is 12 hands or ends when a player is broke; larger stack wins",
    "M1": "multiway: the two players left of the button post the blinds",
    "M2": "multiway: left of the big blind acts first, then left of the button after draws",
    "M3": "multiway: chips a player cannot cover form side pots",
    "X1": "split games: three draws with four betting rounds",
    "X2": "split games: each hand evaluated as Badugi and as lowball",
    "X3": "split games: each half wins half the pot",
}

#: The rules sites play by that RULES.md does not state (docs/rules.md, "Site rules").
SITE_RULES: dict[str, str] = {
    "T1": "limit: after an all-in for less than a full bet, the next bet completes it",
    "T2": "a player seated but not dealt in takes no part in the hand",
    "T3": "dead and missed blinds: a dead blind goes to the pot, not to the poster's bet",
    "T4": "a player moved in from another table brings his stack",
    "T5": "a site's hand ids are unique",
    "T6": "at a cash table a player may add chips between hands, never take them away",
    "T7": "a site lifts the cap on raises when two players are left in the hand",
    "T8": "only a full bet or raise reopens the betting: after a short all-in, a player who "
          "has acted may only call or fold",
}
RULES.update(SITE_RULES)

#: Numbers as the titles write them.
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_DRAW_NAMES = {1: "single draw", 3: "triple draw"}


def stated_title(rule: str, rules: Ruleset) -> str:
    """The title of ``rule`` as ``rules`` states it: the catalogue's (:data:`RULES`,
    the house game's) where the ruleset says the same, else in the ruleset's numbers
    (a site's stacks, table size, draws, hand size, cap, session length).

    >>> stated_title("G3", HOUSE) == RULES["G3"]
    True
    >>> site = HOUSE.replace(starting_stack=None, max_players=8, session_hands=None,
    ...                      burns_logged=False, cap_heads_up=False)
    >>> stated_title("G3", site)
    'stacks: as each hand states them, carried from hand to hand'
    >>> stated_title("G1", site.for_game("27td"))
    '2 to 8 players, fixed limit, triple draw'
    """
    heads_up = rules.max_players == 2
    # every card dealt, drawn and burned at a full table (the engine's bound, D4)
    most_cards = rules.max_players * rules.hand_size * (1 + rules.draws) + rules.draws
    titles = {
        "G1": ", ".join((
            "two players" if heads_up else f"{rules.min_players} to {rules.max_players} players",
            "fixed limit" if rules.structure == "fixed" else STRUCTURE_NAMES[
                rules.structure].lower(),
            _DRAW_NAMES.get(rules.draws, f"{rules.draws} draws"))),
        "G3": (f"stacks: {rules.starting_stack:,} each at the start, carried from hand to hand"
               if rules.starting_stack else
               "stacks: as each hand states them, carried from hand to hand"),
        "G5": (f"{_WORDS.get(rules.hand_size, rules.hand_size)} cards each, dealt one at a "
               "time starting with the " + ("big blind" if heads_up else "small blind")),
        "B3": ("no cap on raises" if rules.structure != "fixed" else
               f"cap: one bet and {_WORDS.get(rules.max_raises, rules.max_raises)} raises per "
               "round, the big blind counting as the bet"
               + ("" if rules.cap_heads_up else "; none with two players left (T7)")),
        "D1": (f"{_WORDS.get(rules.draws, rules.draws)} draw{'s' if rules.draws > 1 else ''}, "
               + ("the big blind first, then the dealer" if heads_up
                  else "the first player left of the button first")),
        "D2": (f"discard 0 to {rules.hand_size} cards and receive as many replacements"),
        "D4": (f"the deck never needs recycling: no card twice, at most {most_cards} cards"
               if most_cards <= 52 else
               "no card twice; the discards are shuffled into a new stub when it runs out"),
        "N1": (f"a session is {rules.session_hands} hands or ends when a player is broke; "
               "larger stack wins" if rules.session_hands else
               "a session is the hands in a row at one table; each player's net is its result"),
    }
    if not heads_up:
        titles.update({key: RULES[multiway] for key, multiway in
                       (("G4", "M1"), ("B6", "M2"))})
    if not rules.burns_logged:
        titles["D3"] = "discards are out of play (the log states no burn)"
    return titles.get(rule, RULES.get(rule, rule))
