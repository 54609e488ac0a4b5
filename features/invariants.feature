@ruleset:all
Feature: Invariants a correct implementation keeps
  The 52 cards are always all there, each once; money always sums to zero; every phỏm on the
  table is valid, and no laid phỏm holds two eaten cards; a 4-player game without ù ends
  with an empty stock and every pile at 4 cards (not so at 2 or 3 players, nor after an
  ù); a refused action changes nothing.

  Deals: "fx-turn-4p" and "fx-turn-2p" (features/fixtures/turn-2.yaml), "fx-phom-2p"
  (phom-2.yaml), "fx-deck-2p" (deck.yaml), "fx-deal-3p" and "fx-deal-u-4p" (deal.yaml).

  @id:inv-four-player-game-with-an-eat @clause:INV.52-CARDS @clause:INV.ZERO-SUM
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:INV.LAID-VALID @clause:INV.EATEN-DISTINCT @clause:INV.STOCK-EMPTY-4P
  @clause:INV.PILES-FOUR
  Scenario: A 4-player game with one eat: 17 turns, 15 draws, empty stock, four piles of 4
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    Then every card is in exactly one place
    And the money sums to zero
    When the actions are played:
      """
      seat 1 discards 5H
      seat 2 draws; discards 3S
      seat 3 draws; discards 4S
      seat 0 draws; discards 6S
      seat 1 draws; discards 10S
      seat 2 draws; discards AD
      seat 3 draws; discards 3D
      seat 0 draws; discards KD
      seat 1 draws; discards 2H
      seat 2 draws; discards 4H
      seat 3 draws; discards JS
      seat 0 draws; discards 7D
      seat 1 draws; lays down 4C 5C 6C 7C 8C 9C; discards QD
      seat 2 draws; lays down 6H 7H 8H; discards KH
      """
    Then every card is in exactly one place
    And every laid phỏm is a valid phỏm
    And the eaten cards sit in distinct phỏm
    And the stock holds 2 cards
    When the actions are played:
      """
      seat 3 draws; lays down 9S 9D 9H; discards KC
      seat 0 draws; lays down 10H JH QH; discards 10D
      """
    Then the game is over by points
    And the stock is empty
    And the piles hold 4, 4, 4, 4 cards
    And every card is in exactly one place
    And every laid phỏm is a valid phỏm
    And the eaten cards sit in distinct phỏm
    And the money sums to zero
    # seat 1 QS KS 2D = 27 and seat 0 3C 2S 7S 10C 4D AH = 27: seat 1 laid down first
    # (turn 14, seat 0 turn 17); seat 3 AS 2C 6D 3H 8D JC = 31; seat 2 5S 5D AC 8S JD QC = 42
    And the ranking is: seat 1 nhất 27, seat 0 nhì 27, seat 3 ba 31, seat 2 bét 42

  @id:inv-sent-card-keeps-phom-valid @clause:INV.LAID-VALID @clause:INV.52-CARDS
  Scenario: A run extended by a sent card is still a run, and every card is still once on the table
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down AC 2C 3C; lays down 7H 8H 9H; discards JD
      seat 1 draws; lays down 5C 6C 7C
      """
    And seat 1 sends 4C to seat 0's phỏm 0
    Then the action is accepted
    And seat 0's phỏm 0 is AC 2C 3C 4C
    And every laid phỏm is a valid phỏm
    And every card is in exactly one place
    When seat 1 discards KD
    Then the game is over by points
    And every laid phỏm is a valid phỏm
    And every card is in exactly one place

  @id:inv-refused-send-and-lay-down-keep-phom-valid @clause:INV.LAID-VALID @clause:INV.REJECT-UNCHANGED
  @negative
  Scenario: A send that does not fit and a lay-down that is no phỏm are refused; the table stays valid
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down AC 2C 3C; lays down 7H 8H 9H; discards JD
      seat 1 draws; lays down 4C 5C 6C 7C
      """
    And the state is noted
    And seat 1 sends AD to seat 0's phỏm 0
    Then the action is rejected with SEND_DOES_NOT_FIT under clause SEND.FIT
    And seat 0's phỏm 0 is AC 2C 3C
    When seat 1 sends KD to seat 0's phỏm 1
    Then the action is rejected with SEND_DOES_NOT_FIT under clause SEND.FIT
    When seat 1 lays down QS KS AS
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    And every laid phỏm is a valid phỏm
    And the state is unchanged since it was noted

  @id:inv-refused-shared-lay-down @clause:INV.EATEN-DISTINCT @clause:INV.REJECT-UNCHANGED @negative @reading:AMB.EATEN-DISTINCT=distinct
  Scenario: A lay-down putting the eaten 7H and 7C in one phỏm is refused and changes nothing
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats-to-final" is played
    And seat 1 draws
    And the state is noted
    And seat 1 lays down 7S 7D 7C 7H
    Then the action is rejected with LAY_DOWN_EATEN_SHARED
    And the state is unchanged since it was noted
    And the eaten cards sit in distinct phỏm
    When seat 1 lays down 7S 7D 7C and 7H 8H 9H
    Then the action is accepted
    And the eaten cards sit in distinct phỏm

  @id:inv-two-player-game-with-two-eats @clause:INV.PILES-FOUR @clause:INV.52-CARDS @clause:INV.ZERO-SUM
  Scenario: At two players with two eats and a moved card, both piles end at 4
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats" is played
    Then every card is in exactly one place
    And JC lies in seat 0's pile marked as moved
    And the money sums to zero
    When the actions are played:
      """
      seat 0 draws; discards 3C
      seat 1 draws; discards 4S
      seat 0 draws; discards 6S
      seat 1 draws; discards AC
      seat 0 draws; discards 2D
      seat 1 draws; lays down 7S 7D 7C and 7H 8H 9H; discards KC
      """
    Then the game is over by points
    And the piles hold 4, 4 cards
    # 33 - 7 draws
    And the stock holds 26 cards
    And every card is in exactly one place
    And the money sums to zero

  @id:inv-stock-left-at-three-players @clause:INV.STOCK-EMPTY-4P @clause:INV.PILES-FOUR @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: A 3-player game ends with 13 cards left in the stock
    Given the deal "fx-deal-3p"
    When the script "dl3-full" is played
    Then the game is over by points
    # 24 - 11 draws
    And the stock holds 13 cards
    And the piles hold 4, 4, 4 cards
    And every card is in exactly one place

  @id:inv-stock-left-at-two-players @clause:INV.STOCK-EMPTY-4P @clause:INV.PILES-FOUR @negative
  Scenario: A 2-player game ends with 26 cards left in the stock
    Given the deal "fx-deck-2p"
    When the script "dk2-full" is played
    Then the game is over by points
    # 33 - 7 draws
    And the stock holds 26 cards
    And the piles hold 4, 4 cards

  @id:inv-u-stops-with-stock-and-short-piles @clause:INV.STOCK-EMPTY-4P @clause:INV.PILES-FOUR
  @clause:INV.52-CARDS @negative
  Scenario: An ù on turn 3 stops a 4-player game with 13 stock cards and piles of 1, 1, 0, 0
    Given the deal "fx-deal-u-4p"
    When the script "dl4-u" is played
    Then the game is over by ù
    And the stock holds 13 cards
    And the piles hold 1, 1, 0, 0 cards
    And every card is in exactly one place
    And the money sums to zero

  @id:inv-refused-eat-changes-nothing @clause:INV.REJECT-UNCHANGED @clause:INV.ZERO-SUM @reading:AMB.EATEN-IN-PHOM=required
  Scenario: A refused eat and a refused discard of an eaten card leave the state as it was
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And the state is noted
    And seat 1 eats 9C with 6C 8C
    Then the action is rejected with EAT_NOT_A_PHOM
    And the state is unchanged since it was noted
    When seat 1 eats 9C with 7C 8C
    Then the action is accepted
    And the money sums to zero
    When the state is noted
    And seat 1 discards 9C
    Then the action is rejected with DISCARD_EATEN_CARD
    And the state is unchanged since it was noted
    When seat 1 discards 5H
    Then the action is accepted
    And it is seat 2's turn

  @id:inv-refused-draw-changes-nothing @clause:INV.REJECT-UNCHANGED
  Scenario: A refused second draw leaves hand and stock as they were
    Given the deal "fx-deal-3p"
    When seat 0 discards KH
    And seat 1 draws
    And the state is noted
    And seat 1 draws
    Then the action is rejected with WRONG_PHASE
    And the state is unchanged since it was noted
    And seat 1 holds 10 cards
    And the stock holds 23 cards
