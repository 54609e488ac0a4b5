@ruleset:all
Feature: Laying down phỏm (hạ phỏm)
  Phỏm go on the table only on a final-round turn, after the draw or eat and before the
  discard; each group must be a phỏm of the player's own hand cards. The player chooses
  what to lay; a player who lays nothing by the end is móm.

  Unless a scenario says otherwise the deal is "fx-quiet-4p" (features/fixtures/deals.yaml): seat 0 holds 7S 7D 7H, seat 1
  4H 5H 6H, seat 2 9C 10C JC, seat 3 2S 2D 2C; every stock card is drawn and discarded at
  once, and no discard can be eaten.

  @id:lay-down-on-final-round-turn @clause:LAY.FINAL-ROUND-ONLY @clause:LAY.VALID-PHOM
  @clause:ROUND.COUNT-BY-PILE
  Scenario: A phỏm is laid on the final-round turn after the draw
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    Then it is seat 0's turn in the final round
    When seat 0 draws
    And seat 0 lays down 7S 7D 7H
    Then the action is accepted
    And seat 0 has laid 7S 7D 7H
    And seat 0's hand is 10S QC 9H AH 3S 6C 9D

  @id:lay-down-in-round-3-refused @clause:LAY.FINAL-ROUND-ONLY @clause:ROUND.COUNT-BY-PILE @negative
  Scenario: No lay-down in round 3, even after the draw
    Given the deal "fx-quiet-4p"
    # seat 0's pile holds 2 cards: its turn is round 3
    When the script "q-to-round-3" is played
    Then it is seat 0's turn, not in the final round
    When seat 0 draws
    And seat 0 lays down 7S 7D 7H
    Then the action is rejected with LAY_DOWN_NOT_FINAL_ROUND under clause LAY.FINAL-ROUND-ONLY
    And seat 0 has laid nothing

  @id:lay-down-before-draw-refused @clause:LAY.FINAL-ROUND-ONLY @clause:TURN.DRAW-OR-EAT @negative
  Scenario: No lay-down before the draw of the final-round turn
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And seat 0 lays down 7S 7D 7H
    Then the action is rejected with WRONG_PHASE
    And seat 0 has laid nothing

  @id:lay-down-invalid-group-refuses-all @clause:LAY.VALID-PHOM @clause:PHOM.MIN-SIZE @negative
  Scenario: A lay-down with one group that is not a phỏm is refused as a whole
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And seat 0 draws
    And seat 0 lays down 7S 7D 7H and 9H 10S QC
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    And seat 0 has laid nothing

  @id:lay-down-card-not-in-hand @clause:TURN.CARD-IN-HAND @clause:LAY.VALID-PHOM @negative
  Scenario: A lay-down may use only cards in the player's hand
    Given the deal "fx-quiet-4p"
    # 7C is in seat 1's hand
    When the script "q-to-final" is played
    And seat 0 draws
    And seat 0 lays down 7S 7D 7C
    Then the action is rejected with CARD_NOT_IN_HAND under clause TURN.CARD-IN-HAND

  @id:lay-down-then-send-then-lay-again @clause:LAY.FINAL-ROUND-ONLY @clause:LAY.VALID-PHOM
  Scenario: Within the final-round turn a player may lay down more than once
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And seat 2 draws
    And seat 2 lays down 9C 10C JC
    And seat 2 sends 3H to seat 1's phỏm 0
    Then the action is accepted
    When seat 2 discards 10H
    And seat 3 draws
    And seat 3 lays down 2S 2D 2C
    And seat 3 sends 8C to seat 2's phỏm 0
    Then the action is accepted
    And seat 3 has laid 2S 2D 2C
    And seat 2's phỏm 0 is 8C 9C 10C JC

  @id:hold-back-allowed @clause:LAY.HOLD-BACK @clause:LAY.MOM @clause:RANK.MOM @clause:MONEY.MOM-PAYMENT
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: A player may keep a phỏm in hand, and is then móm
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws
      """
    And seat 3 discards KC
    Then the action is accepted
    And the game is over by points
    And seat 3 has laid nothing
    And seat 3 is móm
    # seat 2: QD 8H 3D AS 8S = 32; seat 0: 10S QC 9H AH 3S 6C = 41 (the 7C seat 1 sent does
    # not count for seat 0); seat 1: JD QH 8D QS 3C = 46
    And the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 1 ba 46, seat 3 móm
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      seat 3 pays seat 2 4 for móm
      """
    And the totals are: -1, -2, +7, -4

  @id:held-back-phom-is-deadwood @clause:LAY.HOLD-BACK @clause:PHOM.DEADWOOD @clause:RANK.DEADWOOD-POINTS @negative
  @reading:AMB.HOLD-BACK=choose
  Scenario: A phỏm kept in hand counts as deadwood
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; discards KC
      """
    # 2S 2D 2C 2H 8C 4S 9S KD 5C = 2 + 2 + 2 + 2 + 8 + 4 + 9 + 13 + 5
    Then seat 3 has 47 points

  @id:lay-down-not-mom @clause:LAY.MOM @clause:RANK.MOM @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: A player who laid a phỏm is not móm, even with the most points
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      seat 3 draws; lays down 2S 2D 2C; discards KC
      """
    # seat 3: 2H 8C 4S 9S KD 5C = 41; seat 2: 3H QD 8H 3D AS 8S = 35
    Then seat 3 is not móm
    And seat 1 is not móm
    And the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 3 ba 41, seat 1 bét 46

  # ---- eaten cards (deal "fx-eat-twice": seat 1 ate 7S with 7D 7H and 8S with 8C 8D) --------

  @id:lay-eaten-unlaid-discard-refused @clause:LAY.EATEN-INCLUDED @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EATEN-IN-PHOM=required
  Scenario: No final-round discard while an eaten card is still in hand
    Given the deal "fx-eat-twice"
    When the script "e2-to-final" is played
    And seat 1 draws
    And seat 1 discards 10D
    Then the action is rejected with DISCARD_UNLAID_EATEN under clause LAY.EATEN-INCLUDED
    When seat 1 lays down 7S 7D 7H
    And seat 1 discards 10D
    Then the action is rejected with DISCARD_UNLAID_EATEN under clause LAY.EATEN-INCLUDED

  @id:lay-eaten-shared-refused @clause:TURN.EAT.DISTINCT-PHOM @clause:INV.EATEN-DISTINCT @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EATEN-DISTINCT=distinct
  Scenario: The two eaten cards may not be laid in one phỏm
    Given the deal "fx-eat-twice"
    When the script "e2-to-final" is played
    And seat 1 draws
    And seat 1 lays down 7S 8S 9S
    Then the action is rejected with LAY_DOWN_EATEN_SHARED under clause TURN.EAT.DISTINCT-PHOM
    And seat 1 has laid nothing

  @id:lay-eaten-each-in-its-phom @clause:LAY.EATEN-INCLUDED @clause:TURN.EAT.DISTINCT-PHOM
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  @clause:INV.EATEN-DISTINCT @clause:ROUND.NE-HA @full-game
  Scenario: Each eaten card is laid in a phỏm of its own; then the last discard ends the game
    Given the deal "fx-eat-twice"
    When the script "e2-to-final" is played
    Then it is seat 1's turn in the final round
    When seat 1 draws
    And seat 1 lays down 7S 7D 7H and 8S 8C 8D
    And seat 1 discards 10D
    Then the action is accepted
    And the eaten cards sit in distinct phỏm
    And the game is over by points
    # seat 1: 3S 9S AD = 13; seat 0: AS 6C KC 2D 3D 3H = 28; seat 3: 4S 2C 5D 6D 9D 8H = 34;
    # seat 2: 6S 7C 9C JC 9H KH = 55
    And the ranking is: seat 1 nhất 13, seat 0 nhì 28, seat 3 ba 34, seat 2 bét 55

  # ---- the order of the turn: lay down, send, discard (deal "fx-tai-send-eat": seat 0 laid
  # 3S 3C 3H on turn 13 and discarded the cây chốt 10S; seat 1 holds JS QS, 9H 9D 9C and 3D,
  # which fits seat 0's set) ---------------------------------------------------------------

  @id:send-refused-while-eaten-unlaid @clause:SEND.AFTER-LAY-DOWN @negative
  @reading:AMB.LAY-SEND-ORDER=lay-then-send
  Scenario: No send while the eaten card is still in hand, even after another lay-down
    Given the deal "fx-tai-send-eat"
    When the script "tse-a-laid" is played
    And seat 1 eats 10S with JS QS
    And seat 1 lays down 9H 9D 9C
    Then the action is accepted
    # 10S, eaten, is still in hand: its phỏm 10S JS QS comes before any send
    And seat 1 may not send 3D to seat 0's phỏm 0
    When seat 1 sends 3D to seat 0's phỏm 0
    Then the action is rejected with SEND_BEFORE_LAY_DOWN under clause SEND.AFTER-LAY-DOWN
    And seat 0's phỏm 0 is 3S 3C 3H

  @id:send-after-eaten-phom-laid @clause:SEND.AFTER-LAY-DOWN @clause:LAY.CLOSED-BY-SEND
  Scenario: Lay down every phỏm first, the eaten card's included; then the send goes through
    Given the deal "fx-tai-send-eat"
    When the script "tse-a-laid" is played
    And seat 1 eats 10S with JS QS
    And seat 1 lays down 9H 9D 9C
    And seat 1 lays down 10S JS QS
    Then the action is accepted
    And seat 1 may send 3D to seat 0's phỏm 0
    When seat 1 sends 3D to seat 0's phỏm 0
    Then the action is accepted
    And seat 0's phỏm 0 is 3S 3C 3H 3D
    When seat 1 discards AC
    Then the action is accepted
    And seat 1 has laid 9H 9D 9C and 10S JS QS

  @id:lay-down-after-send-refused @clause:LAY.CLOSED-BY-SEND @negative
  @reading:AMB.LAY-SEND-ORDER=lay-then-send
  Scenario: Once a card is sent the lay-down step is over for the turn
    Given the deal "fx-tai-send-eat"
    When the script "tse-a-laid" is played
    And seat 1 eats 10S with JS QS
    And seat 1 lays down 10S JS QS
    And seat 1 sends 3D to seat 0's phỏm 0
    Then the action is accepted
    And seat 1 may not lay down 9H 9D 9C
    When seat 1 lays down 9H 9D 9C
    Then the action is rejected with LAY_DOWN_AFTER_SEND under clause LAY.CLOSED-BY-SEND
    And seat 1 has laid 10S JS QS
    # 9H 9D 9C stay in hand; the discard still ends the turn
    When seat 1 discards AC
    Then the action is accepted
