@ruleset:all
Feature: A turn: eat or draw, then discard
  The first player opens by discarding one of its 10 cards. Every later turn starts with
  exactly one eat (of the previous player's card just discarded, making a phỏm with hand
  cards) or one draw from the top of the stock, and ends with one discard. Only the seat to
  act may act, and only with cards in its hand.

  The deal "fx-eat-a": seat 0 holds 9C AC KS 2D 7H KC 5C 10H QH 4H; seat 1 holds 10C JC
  9S 9D 2C 3C JS QS 6D; seat 2 holds 7C 8C 4D 5D AS 5H 2S 10S 8H; the stock starts 4S 6H.

  Background:
    Given the deal "fx-eat-a"

  @id:turn-opening-discard @clause:TURN.OPENING-DISCARD @clause:TURN.DISCARD-ENDS-TURN @clause:DEAL.HAND-SIZES
  Scenario: The first player opens by discarding, without drawing
    Then it is seat 0's turn
    And seat 0 holds 10 cards
    When seat 0 discards 7H
    Then the action is accepted
    And seat 0 holds 9 cards
    And it is seat 1's turn
    And seat 0's pile is 7H

  @id:turn-opening-draw-refused @clause:TURN.OPENING-DISCARD @negative
  Scenario: The first player may not draw before the opening discard
    When seat 0 draws
    Then the action is rejected with WRONG_PHASE
    And the stock holds 15 cards

  @id:turn-opening-eat-refused @clause:TURN.OPENING-DISCARD @clause:TURN.EAT.PREVIOUS-ONLY @negative
  Scenario: There is nothing to eat on the opening turn
    When seat 0 eats KH with KS KC
    Then the action is rejected with EAT_NOTHING_TO_EAT

  @id:turn-draw-then-discard @clause:TURN.DRAW-OR-EAT @clause:TURN.DRAW.STOCK-TOP @clause:TURN.DISCARD-ENDS-TURN
  Scenario: A turn is a draw from the top of the stock and a discard
    When seat 0 discards 7H
    And seat 1 draws
    Then the action is accepted
    And seat 1's hand is 10C JC 9S 9D 2C 3C JS QS 6D 4S
    And the top of the stock is 6H
    When seat 1 discards 4S
    Then it is seat 2's turn
    And seat 1 holds 9 cards

  @id:turn-draw-takes-top-not-other @clause:TURN.DRAW.STOCK-TOP @negative
  Scenario: The drawer does not get any other stock card
    When seat 0 discards 7H
    And seat 1 draws
    Then seat 1's hand does not hold 6H 3D 4C
    And the stock holds 14 cards

  @id:turn-discard-before-draw-refused @clause:TURN.DRAW-OR-EAT @negative
  Scenario: A discard before the draw or eat is refused
    When seat 0 discards 7H
    And seat 1 discards 6D
    Then the action is rejected with WRONG_PHASE under clause TURN.DRAW-OR-EAT
    And seat 1 holds 9 cards

  @id:turn-second-draw-refused @clause:TURN.DRAW-OR-EAT @negative
  Scenario: A second draw in one turn is refused
    When seat 0 discards 7H
    And seat 1 draws
    And seat 1 draws
    Then the action is rejected with WRONG_PHASE under clause TURN.DRAW-OR-EAT
    And the stock holds 14 cards

  @id:turn-draw-after-eat-refused @clause:TURN.DRAW-OR-EAT @negative
  Scenario: A draw after an eat is refused
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C JC
    And seat 1 draws
    Then the action is rejected with WRONG_PHASE under clause TURN.DRAW-OR-EAT

  @id:turn-pass-refused @clause:TURN.DRAW-OR-EAT @negative
  Scenario: A player may not pass the turn
    When seat 0 discards 7H
    And seat 1 passes
    Then the action is rejected with PASS_NOT_ALLOWED

  @id:turn-second-discard-refused @clause:TURN.DISCARD-ENDS-TURN @clause:TURN.NOT-YOUR-TURN @negative
  Scenario: After its discard the seat may not discard again
    When seat 0 discards 7H
    And seat 1 draws
    And seat 1 discards 4S
    And seat 1 discards 6D
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN

  @id:turn-order-round @clause:TURN.ORDER @clause:TURN.NOT-YOUR-TURN @clause:DECK.SEAT-ORDER
  Scenario: Turns go round the table in seat order
    When seat 0 discards 7H
    Then it is seat 1's turn
    When seat 1 draws
    And seat 1 discards 4S
    Then it is seat 2's turn
    When seat 2 draws
    And seat 2 discards 6H
    Then it is seat 3's turn
    When seat 3 draws
    And seat 3 discards 3D
    Then it is seat 0's turn

  @id:turn-not-your-turn-refused @clause:TURN.NOT-YOUR-TURN @clause:TURN.ORDER @negative
  Scenario: A seat that is not to act may not draw
    When seat 0 discards 7H
    And seat 2 draws
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And it is seat 1's turn
    And the stock holds 15 cards

  @id:turn-refusal-changes-nothing @clause:INV.REJECT-UNCHANGED @clause:TURN.NOT-YOUR-TURN
  Scenario: A refused action leaves the state exactly as it was
    When seat 0 discards 7H
    And the state is noted
    And seat 3 discards 5S
    Then the action is rejected with NOT_YOUR_TURN
    And the state is unchanged since it was noted
    When seat 1 eats 7H with 6H 8H
    Then the action is rejected with CARD_NOT_IN_HAND or EAT_NOT_A_PHOM
    And the state is unchanged since it was noted

  @id:turn-discard-card-not-in-hand @clause:TURN.CARD-IN-HAND @negative
  Scenario: A card that is not in the player's hand cannot be discarded
    # QS is in seat 1's hand
    When seat 0 discards QS
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND
    And seat 0 holds 10 cards

  @id:turn-eat-partner-not-in-hand @clause:TURN.CARD-IN-HAND @clause:TURN.EAT.DECLARE-CARDS @negative
  Scenario: The eater may name only cards in its own hand
    # 8C is in seat 2's hand
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C 8C
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND

  @id:turn-eat-previous-seat-only @clause:TURN.EAT.PREVIOUS-ONLY @clause:TURN.EAT.DECLARE-CARDS
  Scenario: Seat 2 may eat what seat 1 has just discarded
    When seat 0 discards 9C
    And seat 1 draws
    And seat 1 discards 6D
    Then the legal actions of seat 2 are:
      """
      draw
      eat 6D with 4D 5D
      """
    When seat 2 eats 6D with 4D 5D
    Then the action is accepted
    And seat 2's hand holds 6D

  @id:turn-eat-earlier-discard-refused @clause:TURN.EAT.PREVIOUS-ONLY @negative
  Scenario: Seat 2 may not eat seat 0's earlier discard
    # 7C 8C 9C would be a phỏm, but 9C is not the latest discard of the previous seat
    When seat 0 discards 9C
    And seat 1 draws
    And seat 1 discards 6D
    And seat 2 eats 9C with 7C 8C
    Then the action is rejected with EAT_NOT_LATEST_DISCARD under clause TURN.EAT.PREVIOUS-ONLY

  @id:turn-eat-is-optional @clause:TURN.EAT.OPTIONAL @clause:TURN.DRAW-OR-EAT
  Scenario: A player who could eat may draw instead
    When seat 0 discards 9C
    Then seat 1 may eat 9C with 10C JC
    And seat 1 may draw
    When seat 1 draws
    Then the action is accepted

  @id:turn-no-eat-by-itself @clause:TURN.EAT.OPTIONAL @negative
  Scenario: Nobody eats for the player: the card stays in the discarder's pile
    When seat 0 discards 9C
    And seat 1 draws
    And seat 1 discards 4S
    Then seat 0's pile is 9C
    And seat 1's hand does not hold 9C

  @id:turn-eat-makes-phom @clause:TURN.EAT.MAKES-PHOM @clause:ROUND.LEAD-IS-VICTIM
  Scenario: Seat 1 eats 9C with 10C JC; it then discards, and no draw is made
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C JC
    Then the action is accepted
    And no card is moved
    And seat 0's pile is empty
    And the stock holds 15 cards
    When seat 1 discards 6D
    Then it is seat 2's turn

  @id:turn-eat-no-phom-refused @clause:TURN.EAT.MAKES-PHOM @negative
  Scenario: An eat whose cards make no phỏm is refused
    # 9C 10C QS: neither one rank nor one suit in a row
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C QS
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    And seat 0's pile is 9C
