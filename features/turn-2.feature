@ruleset:all
Feature: A turn: order through eats, cards in hand, eaten cards, the end of the game
  More turn cases, beside features/turn.feature: the turn order when cards are eaten, at 2,
  3 and 4 players; cards that are not in the hand; which discards an eaten card allows; two
  eaten cards never in one phỏm; the cards named when eating; no play after the game.

  Deals (features/fixtures/turn-2.yaml): "fx-turn-4p", seat 1 holding 4C 5C 6C 7C 8C (seat
  0's opening 9C extends it), seat 2 holding 6H 7H and 5S 5D (seat 1's 5H fits both), seat 3
  holding JC KC (seat 2's QC fits); "fx-turn-2p", seat 1 holding 7S 7D 8H 9H and eating seat
  0's 7H and 7C.

  @id:turn-order-through-eats @clause:TURN.ORDER @clause:TURN.DISCARD-ENDS-TURN
  Scenario: Eats change no turn: after seats 1 and 2 eat, seat 3 and then seat 0 act
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    # the eat is not the turn's end: seat 1 still discards
    Then it is seat 1's turn under clause TURN.DISCARD-ENDS-TURN
    When seat 1 discards 5H
    Then it is seat 2's turn
    When seat 2 eats 5H with 6H 7H
    And seat 2 discards AC
    Then it is seat 3's turn
    When seat 3 draws
    And seat 3 discards 3S
    # seat 0 lost its only discard to seat 1 and still plays next
    Then it is seat 0's turn
    And seat 0's pile is empty

  @id:turn-eater-acts-once @clause:TURN.ORDER @clause:TURN.NOT-YOUR-TURN @clause:TURN.DISCARD-ENDS-TURN
  @negative
  Scenario: A seat that has eaten and discarded does not act again, nor does its victim
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    And seat 1 discards 5H
    And seat 1 draws
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    When seat 0 draws
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And it is seat 2's turn
    And the stock holds 15 cards

  @id:turn-order-2p @clause:TURN.ORDER @clause:DECK.SEAT-ORDER
  Scenario: At two players the turns alternate, eat or draw
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    Then it is seat 1's turn
    When seat 1 eats 7H with 8H 9H
    And seat 1 discards JC
    Then it is seat 0's turn
    When seat 0 draws
    And seat 0 discards 7C
    Then it is seat 1's turn

  @id:turn-not-your-turn-2p @clause:TURN.NOT-YOUR-TURN @negative
  Scenario: At two players the other seat may neither open, nor draw, nor discard out of turn
    Given the deal "fx-turn-2p"
    When seat 1 discards KH
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    When seat 0 discards 7H
    And seat 0 draws
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    When seat 0 discards 7C
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And seat 0's pile is 7H
    When seat 1 eats 7H with 8H 9H
    Then the action is accepted

  @id:turn-not-your-turn-eat @clause:TURN.NOT-YOUR-TURN @clause:INV.REJECT-UNCHANGED @negative
  Scenario: Seat 3 may not eat seat 0's 9C while seat 1 is to act
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And the state is noted
    And seat 3 eats 9C with 9S 9D
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And the state is unchanged since it was noted
    When seat 2 discards QC
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And it is seat 1's turn

  @id:turn-seat-to-act-acts-3p @clause:TURN.NOT-YOUR-TURN @clause:TURN.ORDER
  Scenario: At three players only the seat to act is offered actions, and its actions are accepted
    Given the deal "fx-deal-3p"
    When seat 0 discards KH
    Then the legal actions of seat 1 are:
      """
      draw
      """
    When seat 1 draws
    Then the action is accepted
    And seat 1 may discard AS
    When seat 1 discards AS
    Then the action is accepted
    And it is seat 2's turn

  @id:turn-discard-drawn-card @clause:TURN.CARD-IN-HAND @clause:TURN.DRAW.STOCK-TOP
  Scenario: The card just drawn is in the hand and may be discarded
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 draws
    Then seat 1's hand holds 3S
    And seat 1 may discard 3S
    When seat 1 discards 3S
    Then the action is accepted
    And seat 1's pile is 3S
    And seat 1 holds 9 cards

  @id:turn-cards-elsewhere-refused @clause:TURN.CARD-IN-HAND @negative
  Scenario: A card in a pile, in the stock or in another hand cannot be discarded
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 draws
    Then seat 1 may not discard 9C
    When seat 1 discards 9C
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND
    # 4S is now the top of the stock
    When seat 1 discards 4S
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND
    # 6H is in seat 2's hand
    When seat 1 discards 6H
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND
    And seat 1 holds 10 cards
    And seat 0's pile is 9C

  @id:turn-eat-latest-of-previous-seat @clause:TURN.EAT.PREVIOUS-ONLY @clause:TURN.EAT.MAKES-PHOM
  Scenario: Seat 3 may eat the card seat 2 has just discarded
    Given the deal "fx-turn-4p"
    When the actions are played:
      """
      seat 0 discards 9C
      seat 1 draws; discards 3S
      seat 2 draws; discards QC
      """
    Then the legal actions of seat 3 are:
      """
      draw
      eat QC with JC KC
      """
    When seat 3 eats QC with JC KC
    Then the action is accepted

  @id:turn-eat-older-discards-refused @clause:TURN.EAT.PREVIOUS-ONLY @negative
  Scenario: Neither seat 0's card two seats back nor seat 2's discard of the round before can be eaten
    Given the deal "fx-turn-4p"
    When the actions are played:
      """
      seat 0 discards 9C
      seat 1 draws; discards 3S
      seat 2 draws; discards QC
      """
    And seat 3 eats 9C with 9S 9D
    Then the action is rejected with EAT_NOT_LATEST_DISCARD under clause TURN.EAT.PREVIOUS-ONLY
    When the actions are played:
      """
      seat 3 draws; discards 6S
      seat 0 draws; discards 10S
      seat 1 draws; discards AD
      seat 2 draws; discards 3D
      """
    # seat 2's latest discard is 3D; its QC lies under it
    Then seat 3 may not eat
    When seat 3 eats QC with JC KC
    Then the action is rejected with EAT_NOT_LATEST_DISCARD under clause TURN.EAT.PREVIOUS-ONLY
    And seat 2's pile is QC 3D

  @id:turn-keep-eaten-run-discards @clause:TURN.EAT.KEEP-IN-PHOM @clause:TURN.DRAW-OR-EAT @reading:AMB.EATEN-IN-PHOM=required
  Scenario: After eating 9C with 7C 8C, 4C may go: 9C stays in 5C 6C 7C 8C 9C
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    # no draw after an eat; 7C 8C 9C must stay together
    Then the legal actions of seat 1 are:
      """
      discard one of 4C 5C 6C 5H QS KS 2D
      """
    When seat 1 discards 4C
    Then the action is accepted
    And seat 1 holds 9 cards
    And it is seat 2's turn

  @id:turn-keep-eaten-run-refusals @clause:TURN.EAT.KEEP-IN-PHOM @negative @reading:AMB.EATEN-IN-PHOM=required
  Scenario: After eating 9C with 7C 8C, neither 8C, 7C nor 9C may be discarded
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    And seat 1 eats 9C with 7C 8C
    And seat 1 discards 8C
    Then the action is rejected with DISCARD_BREAKS_EATEN_PHOM under clause TURN.EAT.KEEP-IN-PHOM
    When seat 1 discards 7C
    Then the action is rejected with DISCARD_BREAKS_EATEN_PHOM under clause TURN.EAT.KEEP-IN-PHOM
    When seat 1 discards 9C
    Then the action is rejected with DISCARD_EATEN_CARD under clause TURN.EAT.KEEP-IN-PHOM
    And seat 1 holds 10 cards

  @id:turn-keep-set-or-run @clause:TURN.EAT.KEEP-IN-PHOM @reading:AMB.EAT-DECLARATION-BINDING=not-binding @reading:AMB.EATEN-IN-PHOM=required
  Scenario: 5H eaten with 6H 7H may keep its phỏm as 5S 5D 5H: any card but 5H may go
    Given the deal "fx-turn-4p"
    When the actions are played:
      """
      seat 0 discards 9C
      seat 1 eats 9C with 7C 8C; discards 5H
      seat 2 eats 5H with 6H 7H
      """
    Then the legal actions of seat 2 are:
      """
      discard one of 6H 7H 5S 5D AC 8S JD KH QC
      """
    When seat 2 discards 6H
    Then the action is accepted
    And seat 2's hand holds 5S 5D 5H 7H

  @id:turn-keep-2p-one-eat @clause:TURN.EAT.KEEP-IN-PHOM @clause:TURN.EAT.DECLARE-CARDS @reading:AMB.EAT-DECLARATION-BINDING=not-binding @reading:AMB.EATEN-IN-PHOM=required
  Scenario: 7H eaten with 8H 9H may also sit in 7S 7D 7H: only 7H itself must stay
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    And seat 1 eats 7H with 8H 9H
    Then the legal actions of seat 1 are:
      """
      discard one of 7S 7D 8H 9H AS 4C JC 3D KH
      """
    When seat 1 discards 8H
    Then the action is accepted

  @id:turn-keep-2p-two-eats @clause:TURN.EAT.KEEP-IN-PHOM @clause:TURN.EAT.DISTINCT-PHOM @negative @reading:AMB.EATEN-DISTINCT=distinct @reading:AMB.EATEN-IN-PHOM=required
  Scenario: With 7H and 7C eaten, 7S 7D 7C and 7H 8H 9H must both stay whole
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats" is played
    # seat 1's JC moved to seat 0's pile at the second eat
    Then seat 0's pile is JC
    When seat 0 draws
    And seat 0 discards 3C
    # 7S 7D 7C 7H 8H 9H AS 4C KH and the draw 4S: seat 1's turn after drawing
    And seat 1 draws
    Then the legal actions of seat 1 are:
      """
      discard one of AS 4C KH 4S
      """
    # without 8H, 7H and 7C would both need 7S 7D
    When seat 1 discards 8H
    Then the action is rejected with DISCARD_BREAKS_EATEN_PHOM under clause TURN.EAT.KEEP-IN-PHOM
    When seat 1 discards 7S
    Then the action is rejected with DISCARD_BREAKS_EATEN_PHOM under clause TURN.EAT.KEEP-IN-PHOM

  @id:turn-eat-with-an-eaten-card-refused @clause:TURN.EAT.DISTINCT-PHOM @negative @reading:AMB.EATEN-DISTINCT=distinct
  Scenario: 7C may not be eaten with the eaten 7H, only with 7S 7D
    Given the deal "fx-turn-2p"
    When the actions are played:
      """
      seat 0 discards 7H
      seat 1 eats 7H with 8H 9H; discards JC
      seat 0 draws; discards 7C
      """
    Then the legal actions of seat 1 are:
      """
      draw
      eat 7C with 7S 7D
      """
    When seat 1 eats 7C with 7D 7H
    Then the action is rejected with EAT_WITH_EATEN_CARD under clause TURN.EAT.DISTINCT-PHOM
    When seat 1 eats 7C with 7S 7D 7H
    Then the action is rejected with EAT_WITH_EATEN_CARD under clause TURN.EAT.DISTINCT-PHOM
    When seat 1 eats 7C with 7S 7D
    Then the action is accepted

  @id:turn-eaten-cards-share-no-phom @clause:TURN.EAT.DISTINCT-PHOM @negative @reading:AMB.EATEN-DISTINCT=distinct
  Scenario: The eaten 7H and 7C may not be laid in one set of four
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats-to-final" is played
    And seat 1 draws
    Then seat 1 may not lay down 7S 7D 7C 7H
    And seat 1 may not lay down 7D 7C 7H
    When seat 1 lays down 7S 7D 7C 7H
    Then the action is rejected with LAY_DOWN_EATEN_SHARED under clause TURN.EAT.DISTINCT-PHOM
    And seat 1 has laid nothing

  @id:turn-eaten-cards-in-two-phom @clause:TURN.EAT.DISTINCT-PHOM @clause:INV.EATEN-DISTINCT
  Scenario: The eaten 7C and 7H are laid in 7S 7D 7C and 7H 8H 9H
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats-to-final" is played
    And seat 1 draws
    Then seat 1 may lay down 7S 7D 7C
    When seat 1 lays down 7S 7D 7C and 7H 8H 9H
    Then the action is accepted
    And the eaten cards sit in distinct phỏm
    When seat 1 discards KC
    Then the game is over by points
    # AS 4C KH = 1 + 4 + 13
    And seat 1 has 18 points
    And seat 0 is móm

  @id:turn-eat-names-its-cards @clause:TURN.EAT.DECLARE-CARDS @clause:TURN.EAT.MAKES-PHOM
  Scenario: 7H can be eaten with 8H 9H or with 7S 7D; the eater names one
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    Then the legal actions of seat 1 are:
      """
      draw
      eat 7H with 8H 9H
      eat 7H with 7S 7D
      """
    When seat 1 eats 7H with 7S 7D
    Then the action is accepted
    And seat 1's hand holds 7H 7S 7D 8H 9H

  @id:turn-named-cards-must-make-the-phom @clause:TURN.EAT.DECLARE-CARDS @clause:TURN.EAT.MAKES-PHOM
  @negative
  Scenario: The named cards are what is checked: 7H with 8H 7S is refused although 8H 9H would do
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    And seat 1 eats 7H with 8H 7S
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    When seat 1 eats 7H with 9H
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    And seat 0's pile is 7H
    And seat 1's hand does not hold 7H

  @id:turn-declared-cards-not-binding @clause:TURN.EAT.DECLARE-CARDS @clause:LAY.EATEN-INCLUDED @reading:AMB.EAT-DECLARATION-BINDING=not-binding
  Scenario: 7H eaten with 8H 9H is laid in 7S 7D 7H; 8H 9H stay in hand
    Given the deal "fx-turn-2p"
    When the script "tn2-one-eat-to-final" is played
    And seat 1 draws
    Then it is seat 1's turn in the final round
    And seat 1 may lay down 7S 7D 7H
    When seat 1 lays down 7S 7D 7H
    Then the action is accepted
    And seat 1 has laid 7S 7D 7H
    And seat 1's hand holds 8H 9H
    When seat 1 discards 2D
    And seat 0 draws
    And seat 0 discards KC
    Then the game is over by points
    # 8H 9H AS 4C 3D KH = 8 + 9 + 1 + 4 + 3 + 13
    And seat 1 has 38 points

  @id:turn-eat-after-draw-refused @clause:TURN.DRAW-OR-EAT @clause:TURN.EAT.OPTIONAL @negative
  Scenario: A player who drew instead of eating cannot eat afterwards
    Given the deal "fx-turn-4p"
    When seat 0 discards 9C
    Then seat 1 may eat 9C with 7C 8C
    When seat 1 draws
    And seat 1 eats 9C with 7C 8C
    Then the action is rejected with WRONG_PHASE under clause TURN.DRAW-OR-EAT
    And seat 1's hand does not hold 9C
    And seat 0's pile is 9C

  @id:turn-decline-eat-2p @clause:TURN.EAT.OPTIONAL @clause:TURN.DRAW.STOCK-TOP
  Scenario: At two players seat 1 declines 7H and draws the top card JD
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    Then seat 1 may eat 7H with 8H 9H
    When seat 1 draws
    Then the action is accepted
    And seat 1's hand holds JD
    And seat 0's pile is 7H
    And the top of the stock is 3C

  @id:turn-eat-takes-no-stock-card @clause:TURN.DRAW-OR-EAT @clause:TURN.DRAW.STOCK-TOP
  Scenario: An eat replaces the draw: the stock is untouched and the next draw takes its top card
    Given the deal "fx-turn-2p"
    When seat 0 discards 7H
    And seat 1 eats 7H with 8H 9H
    # 52 - 19
    Then the stock holds 33 cards
    When seat 1 discards JC
    And seat 0 draws
    Then seat 0's hand holds JD
    And the stock holds 32 cards
    And the top of the stock is 3C

  @id:turn-opening-3p @clause:TURN.OPENING-DISCARD
  Scenario: At three players the opening turn offers only a discard of one of the 10 cards
    Given the deal "fx-deal-3p"
    Then the legal actions of seat 0 are:
      """
      discard one of 9S 9C 9D QS KD JC 8H 6D 4C KH
      """
    When seat 0 discards KH
    Then the action is accepted
    And seat 0 holds 9 cards
    And the stock holds 24 cards
    And it is seat 1's turn

  @id:turn-opening-no-lay-down @clause:TURN.OPENING-DISCARD @negative
  Scenario: The first player may not lay down its 9S 9C 9D before the opening discard
    Given the deal "fx-deal-3p"
    When seat 0 lays down 9S 9C 9D
    Then the action is rejected with WRONG_PHASE or LAY_DOWN_NOT_FINAL_ROUND
    And seat 0 has laid nothing
    And seat 0 holds 10 cards

  @id:turn-game-runs-to-last-discard @clause:TURN.GAME-OVER
  Scenario: The game goes on until the last discard of the final round, then it is over
    Given the deal "fx-turn-2p"
    When the script "tn2-two-eats-to-final" is played
    Then the game is not over
    And it is seat 1's turn in the final round
    When seat 1 draws
    And seat 1 lays down 7S 7D 7C and 7H 8H 9H
    Then the game is not over
    When seat 1 discards KC
    Then the game is over by points
    And no seat is to act

  @id:turn-no-play-after-points @clause:TURN.GAME-OVER @negative
  Scenario: After the last discard nobody may draw or discard
    Given the deal "fx-deck-2p"
    When the script "dk2-full" is played
    Then the game is over by points
    When seat 0 draws
    Then the action is rejected with GAME_OVER under clause TURN.GAME-OVER
    When seat 1 discards KS
    Then the action is rejected with GAME_OVER under clause TURN.GAME-OVER

  @id:turn-no-play-after-u @clause:TURN.GAME-OVER @negative
  Scenario: After seat 2's ù nobody may act, the ù player included
    Given the deal "fx-deal-u-4p"
    When the script "dl4-u" is played
    Then the game is over by ù
    When seat 3 draws
    Then the action is rejected with GAME_OVER under clause TURN.GAME-OVER
    When seat 2 discards 2S
    Then the action is rejected with GAME_OVER under clause TURN.GAME-OVER
    And the stock holds 13 cards
