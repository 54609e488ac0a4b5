Feature: Dealing and who goes first
  The player who goes first gets 10 cards and every other player 9; the rest is the stock,
  15 / 24 / 33 cards at 4 / 3 / 2 players, drawn from the top in order. A deal is given as
  hands and stock, or as a deck order dealt one card at a time from `first` in play order
  until everyone has 9, then one more to `first`. In a session the host goes first in the
  first game and the previous game's winner (the Nhất, or the ù player) in the next one.

  Deals (features/fixtures/deal.yaml): "fx-deal-u-4p", where seat 2 ù on turn 3 by drawing
  the second stock card QS; "fx-deal-u-4p-first2", the same turned by two seats with seat 2
  first (seat 0 ù); "fx-deal-3p", a quiet 3-player game won by seat 2.

  @id:deal-sizes-4p @ruleset:all @clause:DEAL.HAND-SIZES @clause:DEAL.STOCK @clause:DECK.PLAYERS
  Scenario: Four players: 10 cards for the first player, 9 for the others, 15 in the stock
    Given the deal "fx-deal-u-4p"
    When the game starts
    Then seat 0 holds 10 cards
    And seat 1 holds 9 cards
    And seat 2 holds 9 cards
    And seat 3 holds 9 cards
    And the stock holds 15 cards
    And the top of the stock is 6H QS QH
    And it is seat 0's turn

  @id:deal-sizes-3p @ruleset:all @clause:DEAL.HAND-SIZES @clause:DEAL.STOCK @clause:DECK.PLAYERS
  Scenario: Three players: 10, 9 and 9 cards, 24 in the stock
    Given the deal "fx-deal-3p"
    When the game starts
    Then seat 0 holds 10 cards
    And seat 1 holds 9 cards
    And seat 2 holds 9 cards
    # 52 - 10 - 9 - 9
    And the stock holds 24 cards
    And the top of the stock is AS 3S

  @id:deal-sizes-2p-first-1 @ruleset:all @clause:DEAL.HAND-SIZES @clause:DEAL.STOCK @clause:DECK.PLAYERS
  Scenario: Two players with seat 1 first: seat 1 holds 10 cards, seat 0 9, 33 in the stock
    Given a 2-player game
    And seat 1 goes first
    And seat 0 holds 4C 5C 6C AH 10S JC QD KS 2H
    And seat 1 holds 7S 7D 7H AS 10D JH QC KH 2C 8S
    And the stock starts with 4S 9C
    When the game starts
    Then seat 1 holds 10 cards
    And seat 0 holds 9 cards
    # 52 - 10 - 9
    And the stock holds 33 cards
    And it is seat 1's turn

  @id:deal-first-with-nine-refused @ruleset:all @clause:DEAL.HAND-SIZES @negative
  Scenario: A deal giving the first player 9 cards and another player 10 is refused
    # fx-deal-u-4p with 5D moved from seat 0 to seat 1
    Given a 4-player game
    And seat 0 holds AD 2C 9D 4H JS 10S JC 10C 8H
    And seat 1 holds 8D 5S AS 3C 5H 3D 7D JD 6S 5D
    And seat 2 holds 4S 4C 4D 9H 10H JH QC QD 2S
    And seat 3 holds AH 7C KS 8S 5C 9S KH 10D 2H
    And the stock is 6H QS QH 7S KC 3H 6C 7H KD AC 6D 8C 3S 9C 2D
    Then the game is refused as bad_deal

  @id:deal-nobody-ten-refused @ruleset:all @clause:DEAL.HAND-SIZES @clause:DEAL.STOCK @negative
  Scenario: A 3-player deal of three 9-card hands and a 25-card stock is refused
    # fx-deal-3p with KH moved from seat 0's hand to the bottom of the stock
    Given a 3-player game
    And seat 0 holds 9S 9C 9D QS KD JC 8H 6D 4C
    And seat 1 holds 3H 4H 5H 10S JD QC 7C 2S AD
    And seat 2 holds 5S 5C 5D 2H AC 3D 7S 8D 10C
    And the stock is AS 3S 4S 8S JS 2C 3C 6C 8C KC 2D 6S KS 4D 7D 10D QD AH 6H 7H 9H 10H JH QH KH
    Then the game is refused as bad_deal

  @id:deal-stock-short-refused @ruleset:all @clause:DEAL.STOCK @clause:DECK.52-CARDS @negative
  Scenario: A 4-player deal with a 14-card stock (51 cards) is refused
    Given a 4-player game
    And seat 0 holds AD 2C 9D 4H JS 10S JC 10C 8H 5D
    And seat 1 holds 8D 5S AS 3C 5H 3D 7D JD 6S
    And seat 2 holds 4S 4C 4D 9H 10H JH QC QD 2S
    And seat 3 holds AH 7C KS 8S 5C 9S KH 10D 2H
    And the stock is 6H QS QH 7S KC 3H 6C 7H KD AC 6D 8C 3S 9C
    Then the game is refused as bad_deal

  @id:deal-stock-drawn-from-top @ruleset:all @clause:DEAL.STOCK @clause:TURN.DRAW.STOCK-TOP
  Scenario: Draws take the stock cards in the deal's order
    Given the deal "fx-deal-u-4p"
    When seat 0 discards AD
    And seat 1 draws
    Then seat 1's hand holds 6H
    And seat 1 holds 10 cards
    And the stock holds 14 cards
    And the top of the stock is QS QH
    When seat 1 discards 6H
    And seat 2 draws
    # QS completes seat 2's third phỏm: 4S 4C 4D, 9H 10H JH, QC QD QS, 2S left over
    Then the game is over by ù
    And seat 2 ù
    And the stock holds 13 cards

  @id:deal-stock-not-reordered @ruleset:all @clause:DEAL.STOCK @clause:TURN.DRAW.STOCK-TOP @negative
  Scenario: A draw gives the top card, not the next one
    Given the deal "fx-deal-u-4p"
    When seat 0 discards AD
    And seat 1 draws
    Then seat 1's hand does not hold QS
    And seat 1 may not discard QS
    When seat 1 discards QS
    Then the action is rejected with CARD_NOT_IN_HAND
    And the top of the stock is QS

  @id:deal-deck-order-4p @ruleset:all @clause:DEAL.DECK-ORDER @clause:DEAL.HAND-SIZES
  Scenario: A 4-player deck order is dealt one card at a time from seat 0, the 37th card to seat 0
    Given a 4-player game
    # one line per round of the deal (seats 0 1 2 3), then seat 0's tenth card, then the stock
    And the deck is dealt in this order:
      """
      AD 8D 4S AH
      2C 5S 4C 7C
      9D AS 4D KS
      4H 3C 9H 8S
      JS 5H 10H 5C
      10S 3D JH 9S
      JC 7D QC KH
      10C JD QD 10D
      8H 6S 2S 2H
      5D
      6H QS QH 7S KC 3H 6C 7H KD AC 6D 8C 3S 9C 2D
      """
    When the game starts
    Then seat 0's hand is AD 2C 9D 4H JS 10S JC 10C 8H 5D
    And seat 1's hand is 8D 5S AS 3C 5H 3D 7D JD 6S
    And seat 2's hand is 4S 4C 4D 9H 10H JH QC QD 2S
    And seat 3's hand is AH 7C KS 8S 5C 9S KH 10D 2H
    And the stock holds 15 cards
    And the top of the stock is 6H QS
    When the actions are played:
      """
      seat 0 discards AD
      seat 1 draws; discards 6H
      seat 2 draws
      """
    # seat 2 draws the 39th card of the deck, QS
    Then seat 2 ù

  @id:deal-deck-order-3p-first-1 @ruleset:all @clause:DEAL.DECK-ORDER @clause:DEAL.NEXT-GAME
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:DECK.SEAT-ORDER
  Scenario: A 3-player deck order dealt from seat 1; seat 0 wins and goes first in the next game
    Given a 3-player game
    And seat 1 goes first
    # one line per round of the deal (seats 1 2 0), then seat 1's tenth card, then the stock
    And the deck is dealt in this order:
      """
      9S 3H 5S
      9C 4H 5C
      9D 5H 5D
      QS 10S 2H
      KD JD AC
      JC QC 3D
      8H 7C 7S
      6D 2S 8D
      4C AD 10C
      KH
      AS 3S 4S 8S JS 2C 3C 6C 8C KC 2D 6S KS 4D 7D 10D QD AH 6H 7H 9H 10H JH QH
      """
    When the game starts
    Then seat 1's hand is 9S 9C 9D QS KD JC 8H 6D 4C KH
    And seat 2's hand is 3H 4H 5H 10S JD QC 7C 2S AD
    And seat 0's hand is 5S 5C 5D 2H AC 3D 7S 8D 10C
    And the stock holds 24 cards
    And it is seat 1's turn
    When the actions are played:
      """
      seat 1 discards KH
      seat 2 draws; discards AS
      seat 0 draws; discards 3S
      seat 1 draws; discards 4S
      seat 2 draws; discards 8S
      seat 0 draws; discards JS
      seat 1 draws; discards 2C
      seat 2 draws; discards 3C
      seat 0 draws; discards 6C
      seat 1 draws; lays down 9S 9C 9D; discards 8C
      seat 2 draws; lays down 3H 4H 5H; discards KC
      seat 0 draws; lays down 5S 5C 5D; discards 2D
      """
    Then the game is over by points
    # seat 0: 2H AC 3D 7S 8D 10C = 31; seat 2: 10S JD QC 7C 2S AD = 43;
    # seat 1: QS KD JC 8H 6D 4C = 54
    And the ranking is: seat 0 nhất 31, seat 2 nhì 43, seat 1 ba 54
    And seat 0 goes first in the next game

  @id:deal-deck-order-2p-first-1 @ruleset:all @clause:DEAL.DECK-ORDER @clause:DEAL.NEXT-GAME-AFTER-U
  Scenario: A 2-player deck order dealt from seat 1; seat 0 ù on its first draw
    Given a 2-player game
    And seat 1 goes first
    # one line per round of the deal (seats 1 0), then seat 1's tenth card, then the stock
    And the deck is dealt in this order:
      """
      JS 6S
      8C 6C
      6H 6D
      3D 9C
      9D 10C
      9S JC
      3S 2D
      7D 2H
      5D 8S
      5C
      2S 4H 7C QH KH 7S 5S KD 7H AD 4S QD 10S AC 2C QC 5H 8H 10H AH AS 3H 3C 4D KS 4C JD KC QS
      10D 8D 9H JH
      """
    When the game starts
    Then seat 1's hand is JS 8C 6H 3D 9D 9S 3S 7D 5D 5C
    And seat 0's hand is 6S 6C 6D 9C 10C JC 2D 2H 8S
    # 52 - 19
    And the stock holds 33 cards
    When seat 1 discards JS
    And seat 0 draws
    # 2S: 6S 6C 6D, 9C 10C JC, 2S 2D 2H, 8S left over
    Then the game is over by ù
    And seat 0 ù
    And the totals are: +5, -5
    And seat 0 goes first in the next game

  @id:deal-deck-order-too-short @ruleset:all @clause:DEAL.DECK-ORDER @negative
  Scenario: A 2-player deck order of 33 cards is refused: the stock may not be left short
    Given a 2-player game
    And the deck is dealt in this order:
      """
      JS 6S 8C 6C 6H 6D 3D 9C 9D 10C 9S JC 3S 2D 7D 2H 5D 8S 5C
      2S 4H 7C QH KH 7S 5S KD 7H AD 4S QD 10S AC
      """
    # a deck member that is not 52 cards long: bad_deal, or malformed by the request schema
    Then the game is refused

  @id:deal-first-game-host-opens @ruleset:all @clause:DEAL.FIRST-GAME @clause:DEAL.HAND-SIZES
  Scenario: In the first game the host (seat 2) is dealt 10 cards and opens
    Given seat 2 is the host
    And the deal "fx-deal-u-4p-first2"
    When the game starts
    Then seat 2 holds 10 cards
    And seat 0 holds 9 cards
    And it is seat 2's turn
    And seat 2 may discard AD
    When seat 2 discards AD
    Then the action is accepted
    And it is seat 3's turn

  @id:deal-first-game-others-wait @ruleset:all @clause:DEAL.FIRST-GAME @negative
  Scenario: In the first game no seat other than the host opens
    Given seat 2 is the host
    And the deal "fx-deal-u-4p-first2"
    When seat 0 discards 2S
    Then the action is rejected with NOT_YOUR_TURN
    When seat 3 draws
    Then the action is rejected with NOT_YOUR_TURN
    And seat 3 holds 9 cards
    And it is seat 2's turn

  @id:deal-next-game-winner-not-opener @ruleset:all @clause:DEAL.NEXT-GAME @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: The player who opened and came last does not open the next game; the Nhất does
    Given the deal "fx-deal-3p"
    When the script "dl3-full" is played
    Then the game is over by points
    # seat 2: 2H AC 3D 7S 8D 10C = 31; seat 1: 10S JD QC 7C 2S AD = 43;
    # seat 0: QS KD JC 8H 6D 4C = 54
    And the ranking is: seat 2 nhất 31, seat 1 nhì 43, seat 0 ba 54
    And seat 2 wins
    # not seat 0, which opened this game
    And seat 2 goes first in the next game

  @id:deal-next-game-after-u-4p @ruleset:all @clause:DEAL.NEXT-GAME-AFTER-U @clause:U.WINNER
  Scenario: After seat 2's ù, seat 2 goes first in the next game
    Given the deal "fx-deal-u-4p"
    When the script "dl4-u" is played
    Then the game is over by ù
    And seat 2 ù
    # each other seat pays 5
    And the totals are: -5, -5, +15, -5
    And seat 2 wins
    And seat 2 goes first in the next game

  @id:deal-next-game-after-u-not-opener @ruleset:all @clause:DEAL.NEXT-GAME-AFTER-U @negative
  Scenario: After an ù the opener does not open again: seat 2 opened, seat 0 ù
    Given the deal "fx-deal-u-4p-first2"
    When the actions are played:
      """
      seat 2 discards AD
      seat 3 draws; discards 6H
      seat 0 draws
      """
    Then the game is over by ù
    And seat 0 ù
    And the totals are: +15, -5, -5, -5
    # not seat 2 (AMB.FIRST-AFTER-U: the ù player is the winner)
    And seat 0 goes first in the next game
