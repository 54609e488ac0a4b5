Feature: Between games: who opens the next game and who hosts it
  A table plays game after game. The first game is opened by the host; every later game by
  the winner of the game before (the Nhất, or the ù player); if the winner has left the
  table, by the next seat in play order still there. A host who leaves hands the role to the
  next seat still there. These scenarios ask the implementation through the optional
  next_game query (spec/protocol.md 5.7); seats are numbered as in the game just played.
  Sources: 000 "Cách xử lý các tình huống trong game", 002 same section, 003 "1. CÁCH CHƠI".

  Background:
    Given the deal "fx-quiet-4p"

  @id:session-game-one-host-opens @ruleset:all @clause:DEAL.FIRST-GAME
  Scenario: Before any game has been played, the host opens
    Given seat 2 is the host
    Then the next game is opened by seat 2 under clause DEAL.FIRST-GAME

  @id:session-game-one-not-seat-zero @ruleset:all @clause:DEAL.FIRST-GAME @negative
  Scenario: Before any game, seat 0 does not open when it is not the host
    Given seat 2 is the host
    Then the next game is not opened by seat 0 under clause DEAL.FIRST-GAME

  @id:session-winner-opens @ruleset:all @clause:DEAL.NEXT-GAME
  Scenario: The winner of the previous game opens the next one
    Given seat 0 is the host
    And seat 1 won the previous game
    Then the next game is opened by seat 1

  @id:session-host-does-not-open-later @ruleset:all @clause:DEAL.NEXT-GAME @negative
  Scenario: After the first game the host no longer opens
    Given seat 0 is the host
    And seat 1 won the previous game
    Then the next game is not opened by seat 0

  @id:session-winner-left-next-opens @ruleset:all @clause:DEAL.WINNER-LEFT
  Scenario: The winner left the table: the next seat in play order opens
    Given seat 1 is the host
    And seat 3 won the previous game
    And seat 3 left the table after the previous game
    # play order wraps round: after seat 3 comes seat 0, which is not the host
    Then the next game is opened by seat 0 under clause DEAL.WINNER-LEFT
    # the host stayed: the role does not move (DEAL.HOST-PASSES is for a host who leaves)
    And the host of the next game is seat 1

  @id:session-winner-and-next-left @ruleset:all @clause:DEAL.WINNER-LEFT
  Scenario: The winner and the seat after it both left: the next seat still there opens
    Given seat 0 is the host
    And seat 1 won the previous game
    And seat 1 left the table after the previous game
    And seat 2 left the table after the previous game
    Then the next game is opened by seat 3 under clause DEAL.WINNER-LEFT

  @id:session-winner-stays-opens @ruleset:all @clause:DEAL.WINNER-LEFT @negative
  Scenario: Another seat left, the winner stayed: the winner opens, not the next seat
    Given seat 0 is the host
    And seat 3 won the previous game
    And seat 2 left the table after the previous game
    Then the next game is opened by seat 3 under clause DEAL.WINNER-LEFT
    And the next game is not opened by seat 0 under clause DEAL.WINNER-LEFT

  @id:session-host-left-passes @ruleset:all @clause:DEAL.HOST-PASSES
  Scenario: The host left: the next seat becomes the host
    Given seat 0 is the host
    And seat 2 won the previous game
    And seat 0 left the table after the previous game
    Then the host of the next game is seat 1
    And the next game is opened by seat 2

  @id:session-host-and-next-left @ruleset:all @clause:DEAL.HOST-PASSES
  Scenario: The host left, then the seat it passed to left too: the role moves on again
    Given seat 1 is the host
    And seat 3 won the previous game
    And seat 1 left the table after the previous game
    And seat 2 left the table after the previous game
    # seat 1 leaves: the role passes to seat 2; seat 2 leaves: it passes to seat 3
    Then the host of the next game is seat 3

  @id:session-host-winner-left @ruleset:all @clause:DEAL.HOST-PASSES @clause:DEAL.WINNER-LEFT
  Scenario: The host won and left: the next seat both hosts and opens
    Given seat 1 is the host
    And seat 1 won the previous game
    And seat 1 left the table after the previous game
    Then the host of the next game is seat 2
    And the next game is opened by seat 2 under clause DEAL.WINNER-LEFT

  @id:session-other-leaves-host-stays @ruleset:all @clause:DEAL.HOST-PASSES @negative
  Scenario: A seat that is not the host leaves: the host stays
    Given seat 0 is the host
    And seat 1 won the previous game
    And seat 2 left the table after the previous game
    Then the host of the next game is seat 0
    # the winner stayed, so it opens (DEAL.NEXT-GAME)
    And the next game is opened by seat 1
