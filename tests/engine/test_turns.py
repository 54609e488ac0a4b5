"""Turn structure: the opening, draw, eat, discard and their rejections (TURN.*)."""

from __future__ import annotations

from reference_impl import Game, Phase, parse_action
from reference_impl.actions import DRAW, Eat
from reference_impl.cards import format_cards

from .helpers import accept, cycles, new_game, of_type, play, rejected

# Four hands without any phỏm (each with a cạ, so hoi-quan-bai has no ù khan).
QUIET = [
    "AS 2C 4D 6H 8S 10C QD KH 3S 5C",
    "2S 4C 6D 8H 10S QC KD 3C 7D",
    "3D 5H 7S 9C JD KS 4H 9D 2H",
    "4S 6C 8D 10H QS 5D JC JH AD",
]


def eats(game: Game) -> set[tuple[str, ...]]:
    """The ``with`` sets of the legal eats, as card codes."""
    return {tuple(format_cards(a.with_)) for a in game.legal_actions() if isinstance(a, Eat)}


def test_opening_turn_is_a_discard_only() -> None:
    g = new_game("co-ban", QUIET)
    assert g.phase is Phase.DISCARD_ONLY and g.to_act == 0
    assert g.start_events == ({"type": "turn", "seat": 0, "final_round": False, "tai": False},)
    assert sorted(str(a) for a in g.legal_actions()) == sorted(
        f"discard {c}" for c in QUIET[0].split()
    )
    rejected(g, 0, "draw", "WRONG_PHASE")
    rejected(g, 0, "eat 5C with 3C 4C", "EAT_NOTHING_TO_EAT")
    rejected(g, 1, "discard 2S", "NOT_YOUR_TURN")
    rejected(g, 0, "discard 2S", "CARD_NOT_IN_HAND")
    rejected(g, 0, "pass", "PASS_NOT_ALLOWED")
    rejected(g, 0, "lay down AS 2S 3S", "LAY_DOWN_NOT_FINAL_ROUND")
    rejected(g, 0, "send AS to 1:0", "SEND_NOT_FINAL_ROUND")


def test_draw_takes_the_top_card_then_a_discard_ends_the_turn() -> None:
    g = new_game("co-ban", QUIET, "9S JS")
    events = play(g, "0: discard KH")
    assert events[-1] == {"type": "turn", "seat": 1, "final_round": False, "tai": False}
    rejected(g, 1, "discard 2S", "WRONG_PHASE")  # draw or eat first
    assert accept(g, 1, DRAW) == [{"type": "drew", "seat": 1, "card": "9S"}]
    assert g.phase is Phase.AFTER_DRAW
    rejected(g, 1, "draw", "WRONG_PHASE")
    events = play(g, "1: discard 9S")
    assert events[0] == {"type": "discarded", "seat": 1, "card": "9S", "chot": False}
    assert g.state()["stock"][0] == "JS" and g.state()["stock_count"] == 14


def test_legal_eats_list_every_with_set() -> None:
    # Seat 1 holds three other 7s and 8H 9H: 7H joins a set (4 ways) or the run 7H 8H 9H.
    hands = [
        "7H 2C 4D 6H 8S 10C QD KH 3S 5C",
        "7S 7C 7D 8H 9H QC KD 3C AD",
        "3D 5H 9S 9C JD KS 4H 9D 2H",
        "4S 6C 8D 10H QS 5D JC JH 2S",
    ]
    g = new_game("co-ban", hands)
    play(g, "0: discard 7H")
    assert eats(g) == {
        ("7S", "7C"),
        ("7S", "7D"),
        ("7C", "7D"),
        ("7S", "7C", "7D"),
        ("8H", "9H"),
    }
    assert DRAW in g.legal_actions()
    rejected(g, 1, "eat 8S with 7S 7C", "EAT_NOT_LATEST_DISCARD")
    rejected(g, 1, "eat 7H with 7S 8H", "EAT_NOT_A_PHOM")
    rejected(g, 1, "eat 7H with 8H", "EAT_NOT_A_PHOM")
    rejected(g, 1, "eat 7H with 8H 9H 10H", "CARD_NOT_IN_HAND")


def test_runs_around_the_eaten_card() -> None:
    hands = [
        "7H 2C 4D 6S 8S 10C QD KH 3S 5C",
        "5H 6H 8H 9H 7S QC KD 3C AD",
        "3D 2H 9S 9C JD KS 4H 9D 10D",
        "4S 6C 8D 10H QS 5D JC JH 2S",
    ]
    g = new_game("co-ban", hands)
    play(g, "0: discard 7H")
    # Every run through 7H made of hand cards: 5-6-7, 6-7-8, 7-8-9, 5-6-7-8, 6-7-8-9, 5..9.
    assert eats(g) == {
        ("5H", "6H"),
        ("6H", "8H"),
        ("8H", "9H"),
        ("5H", "6H", "8H"),
        ("6H", "8H", "9H"),
        ("5H", "6H", "8H", "9H"),
    }


def test_no_wrap_and_no_mixed_runs_when_eating() -> None:
    hands = [
        "AS 2C 4D 6H 8S 10C QD KH 3S 5C",
        "QS KS 2S 3H 4S 7C 9D JH 10D",
        "3D 5H 7S 9C JD KC 4H 9S 2H",
        "4C 6C 8D 10H JS 5D JC 6D AD",
    ]
    g = new_game("co-ban", hands)
    play(g, "0: discard AS")
    rejected(g, 1, "eat AS with QS KS", "EAT_NOT_A_PHOM")  # Q-K-A does not wrap (PHOM.RUN.NO-WRAP)
    rejected(g, 1, "eat AS with 2S 3H", "EAT_NOT_A_PHOM")  # mixed suits
    assert eats(g) == set()  # 2S 3S would do, but 3S is not in seat 1's hand


def test_eaten_cards_keep_their_phom() -> None:
    # Seat 1 eats 5S with 5C 5D.  5H is not in its hand, so 5C and 5D must stay.
    hands = [
        "5S 2C 4D 6H 8S 10C QD KH 3S 9H",
        "5C 5D 7S 8H 10S QC KD 3C 7D",
        "3D 5H 9S 9C JD KS 4H 9D 2H",
        "4S 6C 8D 10H QS AD JC JH 2S",
    ]
    g = new_game("co-ban", hands, "AC")
    play(g, "0: discard 5S")
    accept(g, 1, parse_action("eat 5S with 5C 5D"))
    assert g.phase is Phase.AFTER_DRAW
    rejected(g, 1, "discard 5S", "DISCARD_EATEN_CARD")
    rejected(g, 1, "discard 5C", "DISCARD_BREAKS_EATEN_PHOM")
    rejected(g, 1, "discard 5D", "DISCARD_BREAKS_EATEN_PHOM")
    legal = {str(a) for a in g.legal_actions()}
    assert legal == {f"discard {c}" for c in ["7S", "8H", "10S", "QC", "KD", "3C", "7D"]}
    assert g.state()["eaten"][1] == ["5S"]


def test_eat_with_an_eaten_card_or_breaking_an_eaten_phom_is_rejected() -> None:
    # Seat 1 eats 5S with 5C 5D; later seat 0 discards 5H and 6S.
    hands = [
        "5S 5H 6S 6H 8S 10C QD KH 3S 9H",
        "5C 5D 7S 4S 10S QC KD 3C 7D",
        "3D AH 9S 9C JD KS 4H 9D 2H",
        "2S 6C 8D 10H QS AD JC JH 4C",
    ]
    g = new_game("co-ban", hands, "AC 2C 4D 10D")
    play(
        g,
        """
        0: discard 5S
        1: eat 5S with 5C 5D
        1: discard 10S
        2: cycle
        3: cycle
        0: draw
        0: discard 5H
        """,
    )
    # 5H with 5C 5D is a phỏm, but 5S and 5H could then not each have a phỏm of their own.
    rejected(g, 1, "eat 5H with 5C 5D", "EAT_BREAKS_EATEN_PHOM")
    assert eats(g) == set()
    play(g, "1: cycle\n2: cycle\n3: cycle\n0: draw\n0: discard 6S")
    rejected(g, 1, "eat 6S with 5S 7S", "EAT_WITH_EATEN_CARD")  # 5S is an eaten card
    assert eats(g) == set()


def test_rejections_by_phase_and_seat() -> None:
    g = new_game("co-ban", QUIET)
    play(g, "0: discard KH\n1: draw")
    rejected(g, 1, "eat KH with KD KS", "WRONG_PHASE")
    rejected(g, 2, "draw", "NOT_YOUR_TURN")
    rejected(g, 1, "lay down 2S 3S 4S", "LAY_DOWN_NOT_FINAL_ROUND")


def test_draw_from_an_empty_stock_is_rejected() -> None:
    # The stock never runs dry in a game played by the rules (ROUND.STOCK-EXHAUSTED); the
    # guard is checked by emptying it by hand.
    g = new_game("co-ban", QUIET)
    play(g, "0: discard KH")
    g.st.stock.clear()
    assert DRAW not in g.legal_actions()
    rejected(g, 1, "draw", "DRAW_STOCK_EMPTY")


def test_a_game_without_eats_ends_after_sixteen_discards() -> None:
    g = new_game("co-ban", QUIET)
    play(g, "0: discard KH")
    events = cycles(g, 15)  # 15 draws, piles 1+15 = 16 discards
    assert g.is_over and g.state()["stock_count"] == 0
    assert [len(p) for p in g.state()["piles"]] == [4, 4, 4, 4]
    # Final-round turns (pile 3 at the start): seats 0, 1, 2, 3 in that order, turns 13..16.
    finals = [e["seat"] for e in of_type(events, "turn") if e["final_round"]]
    assert finals == [0, 1, 2, 3]
    chots = [e["card"] for e in of_type(events, "discarded") if e["chot"]]
    assert len(chots) == 4
