@ruleset:all
Feature: Tables and deals that are not a game
  A table seats 2 to 4 players, and a deal holds the 52 cards once each, 10 for the first
  player and 9 for every other. Anything else is refused before play starts: the reply to
  new_game is an error, not a game.

  @id:refuse-five-players @clause:DECK.PLAYERS @negative
  Scenario: A table of five is refused
    Given a 5-player game
    And seat 0 holds AS 2S 3S 4S 5S 6S 7S 8S 9S 10S
    And seat 1 holds JS QS KS AC 2C 3C 4C 5C 6C
    And seat 2 holds 7C 8C 9C 10C JC QC KC AD 2D
    And seat 3 holds 3D 4D 5D 6D 7D 8D 9D 10D JD
    And seat 4 holds QD KD AH 2H 3H 4H 5H 6H 7H
    And the stock is 8H 9H 10H JH QH KH
    Then the game is refused

  @id:refuse-one-player @clause:DECK.PLAYERS @negative
  Scenario: A table of one is refused
    Given a 1-player game
    And seat 0 holds AS 2S 3S 4S 5S 6S 7S 8S 9S 10S
    Then the game is refused
