@ruleset:all
Feature: Phỏm: long runs, sets of four, laying down, arrangement, deadwood and cạ
  More phỏm cases, beside features/phom.feature: runs of five and six cards (eaten or
  laid), a set of four, the Ace at lay-down, a card in one phỏm only, the player's choice
  between a set and a run sharing a card, deadwood, and cạ (the hoi-quan-bai ù khan test).

  Deals (features/fixtures/phom-2.yaml): "fx-phom-lab-4p", seat 1 holding 4H 5H 6H 7H 8H,
  QS KS, AD 2D and seat 2 holding 2S 2C 2H; "fx-phom-2p", a short 2-player game in which
  seat 0 holds 7S 7D 7H 8H 9H and AC 2C 3C, and seat 1 QS KS AS, KD AD 2D and 4C 5C 6C
  (7C drawn on its last turn). The script "ph2-to-final" plays six quiet turns; seat 0 is
  then in its final round (turn 7), seat 1 after it (turn 8, the last).

  @id:phom-run-of-six-by-eat @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.RUN @clause:TURN.EAT.MAKES-PHOM
  Scenario: 9H makes runs of 3 to 6 cards with seat 1's 4H 5H 6H 7H 8H
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards 9H
    Then the legal actions of seat 1 are:
      """
      draw
      eat 9H with 7H 8H
      eat 9H with 6H 7H 8H
      eat 9H with 5H 6H 7H 8H
      eat 9H with 4H 5H 6H 7H 8H
      """
    When seat 1 eats 9H with 4H 5H 6H 7H 8H
    Then the action is accepted
    And seat 1's hand holds 9H 4H 5H 6H 7H 8H

  @id:phom-run-of-five-below @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.RUN
  Scenario: 3H eaten with 4H 5H 6H 7H makes a run of five
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards 3H
    Then the legal actions of seat 1 are:
      """
      draw
      eat 3H with 4H 5H
      eat 3H with 4H 5H 6H
      eat 3H with 4H 5H 6H 7H
      eat 3H with 4H 5H 6H 7H 8H
      """
    When seat 1 eats 3H with 4H 5H 6H 7H
    Then the action is accepted

  @id:phom-long-run-with-a-gap @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.RUN @negative
  Scenario: A long group with a rank missing is no run: 9H with 4H 5H 6H 8H, or with 6H 7H
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards 9H
    Then seat 1 may not eat 9H with 4H 5H 6H 8H
    When seat 1 eats 9H with 4H 5H 6H 8H
    # 7H is missing
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    When seat 1 eats 9H with 6H 7H
    # 8H is missing
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    And seat 0's pile is 9H

  @id:phom-two-cards-no-phom-by-eat @clause:PHOM.MIN-SIZE @negative
  Scenario: An eat with one hand card makes two cards, never a phỏm
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards 9H
    And seat 1 eats 9H with 8H
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    When seat 1 eats 9H with 7H 8H
    Then the action is accepted

  @id:phom-set-of-four-by-eat @clause:PHOM.SET
  Scenario: 2D makes a set with any two of 2S 2C 2H, or a set of four with all three
    Given the deal "fx-phom-lab-4p"
    When the actions are played:
      """
      seat 0 discards 6C
      seat 1 draws; discards 2D
      """
    Then the legal actions of seat 2 are:
      """
      draw
      eat 2D with 2S 2C
      eat 2D with 2S 2H
      eat 2D with 2C 2H
      eat 2D with 2S 2C 2H
      """
    When seat 2 eats 2D with 2S 2C 2H
    Then the action is accepted

  @id:phom-set-is-one-rank @clause:PHOM.SET @clause:PHOM.MIN-SIZE @negative
  Scenario: 2D with 2C 3C is neither a set (3C) nor a run (2D): not a phỏm
    Given the deal "fx-phom-lab-4p"
    When the actions are played:
      """
      seat 0 discards 6C
      seat 1 draws; discards 2D
      """
    Then seat 2 may not eat 2D with 2C 3C
    When seat 2 eats 2D with 2C 3C
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM

  @id:phom-lay-down-choices @clause:PHOM.ARRANGEMENT-CHOICE @clause:PHOM.SET @clause:PHOM.RUN
  @clause:PHOM.RUN.ACE-LOW @clause:PHOM.RUN.NO-WRAP @clause:PHOM.ONE-PER-CARD
  Scenario: 7H may go in the set 7S 7D 7H or in the run 7H 8H 9H; the player lays the run
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    Then seat 0 may lay down 7S 7D 7H
    And seat 0 may lay down 7H 8H 9H
    And seat 0 may lay down AC 2C 3C
    When seat 0 lays down 7H 8H 9H and AC 2C 3C
    Then the action is accepted
    And seat 0 has laid 7H 8H 9H and AC 2C 3C
    And seat 0's hand is 7S 7D 5D JD

  @id:phom-lay-down-other-choice @clause:PHOM.ARRANGEMENT-CHOICE @clause:PHOM.SET @clause:PHOM.MIN-SIZE
  Scenario: The same hand may lay the set 7S 7D 7H instead and keep 8H 9H
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    And seat 0 lays down 7S 7D 7H
    Then the action is accepted
    And seat 0 has laid 7S 7D 7H
    And seat 0's hand is 8H 9H AC 2C 3C 5D JD

  @id:phom-engine-picks-nothing @clause:PHOM.ARRANGEMENT-CHOICE @negative
  @reading:AMB.HOLD-BACK=choose
  Scenario: Nothing is laid for the player beyond what it lays
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    And seat 0 lays down AC 2C 3C
    Then the action is accepted
    And seat 0 has laid AC 2C 3C
    And seat 0's hand is 7S 7D 7H 8H 9H 5D JD
    When seat 0 discards JD
    Then seat 0 has laid AC 2C 3C
    And seat 0's hand is 7S 7D 7H 8H 9H 5D

  @id:phom-card-in-one-phom-only @clause:PHOM.ONE-PER-CARD @negative
  Scenario: Once 7H is laid in 7S 7D 7H it cannot be laid again in 7H 8H 9H
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    And seat 0 lays down 7S 7D 7H
    Then seat 0 may not lay down 7H 8H 9H
    When seat 0 lays down 7H 8H 9H
    Then the action is rejected with CARD_NOT_IN_HAND or LAY_DOWN_OVERLAP
    And seat 0 has laid 7S 7D 7H

  @id:phom-one-lay-down-shares-a-card @clause:PHOM.ONE-PER-CARD @negative
  Scenario: One lay-down may not use 7H in both 7S 7D 7H and 7H 8H 9H
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    And seat 0 sends the raw action {"type": "lay_down", "phoms": [["7S", "7D", "7H"], ["7H", "8H", "9H"]]}
    Then the action is rejected with LAY_DOWN_OVERLAP under clause PHOM.ONE-PER-CARD
    And seat 0 has laid nothing
    When seat 0 lays down 7S 7D 7H and AC 2C 3C
    Then the action is accepted

  @id:phom-lay-two-cards-refused @clause:PHOM.MIN-SIZE @clause:LAY.VALID-PHOM @negative
  Scenario: Two cards, or a pair with a neighbour of another suit, cannot be laid
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    And seat 0 lays down 7S 7D
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    When seat 0 lays down AC 2C
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    # 7D 7H a pair, 7H 8H neighbours: mixed
    And seat 0 may not lay down 7D 7H 8H
    When seat 0 lays down 7D 7H 8H
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    And seat 0 has laid nothing

  @id:phom-lay-two-suits-refused @clause:PHOM.RUN @negative
  Scenario: 7S 8H 9H are consecutive but of two suits: not a run
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And seat 0 draws
    Then seat 0 may not lay down 7S 8H 9H
    When seat 0 lays down 7S 8H 9H
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM

  @id:phom-no-wrap-at-lay-down @clause:PHOM.RUN.NO-WRAP @clause:PHOM.RUN.ACE-LOW @negative
  Scenario: QS KS AS and KD AD 2D cannot be laid, and they do not make seat 1's hand an ù
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7H 8H 9H and AC 2C 3C; discards JD
      seat 1 draws
      """
    # seat 1 drew 7C: QS KS AS KD AD 2D 4C 5C 6C 7C; only 4C 5C 6C 7C is a phỏm
    Then the game is not over
    And seat 1 may not lay down QS KS AS
    And seat 1 may not lay down KD AD 2D
    When seat 1 lays down QS KS AS
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM
    When seat 1 lays down KD AD 2D
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM

  @id:phom-run-of-four-laid @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.RUN
  Scenario: 4C 5C 6C 7C is laid as one run of four (its sub-runs of three are phỏm too)
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7H 8H 9H and AC 2C 3C; discards JD
      seat 1 draws
      """
    Then seat 1 may lay down 4C 5C 6C 7C
    And seat 1 may lay down 4C 5C 6C
    And seat 1 may lay down 5C 6C 7C
    When seat 1 lays down 4C 5C 6C 7C
    Then the action is accepted
    And seat 1 has laid 4C 5C 6C 7C

  @id:phom-run-gap-at-lay-down @clause:PHOM.RUN @negative
  Scenario: 4C 5C 7C is not a run (6C missing) even with 6C in hand
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7H 8H 9H and AC 2C 3C; discards JD
      seat 1 draws
      """
    Then seat 1 may not lay down 4C 5C 7C
    When seat 1 lays down 4C 5C 7C
    Then the action is rejected with LAY_DOWN_INVALID_PHOM under clause LAY.VALID-PHOM

  @id:phom-run-of-six-laid @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.ARRANGEMENT-CHOICE
  @clause:LAY.EATEN-INCLUDED @reading:AMB.EATEN-IN-PHOM=required
  Scenario: A six-card run holding an eaten card is laid whole, or split into two runs of three
    # fx-turn-4p (features/fixtures/turn-2.yaml): seat 1 ate 9C with 7C 8C on turn 2
    Given the deal "fx-turn-4p"
    When the actions are played:
      """
      seat 0 discards 9C
      seat 1 eats 9C with 7C 8C; discards 5H
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
      seat 1 draws
      """
    Then it is seat 1's turn in the final round
    And seat 1 may lay down 4C 5C 6C 7C 8C 9C
    And seat 1 may lay down 5C 6C 7C 8C 9C
    And seat 1 may lay down 4C 5C 6C
    # the eaten 9C would be left without a phỏm
    And seat 1 may not lay down 4C 5C 6C 7C 8C
    When seat 1 lays down 4C 5C 6C 7C 8C 9C
    Then the action is accepted
    And seat 1 has laid 4C 5C 6C 7C 8C 9C
    And seat 1's hand is QS KS 2D QD

  @id:phom-run-of-six-split @clause:PHOM.RUN.ANY-LENGTH @clause:PHOM.ARRANGEMENT-CHOICE
  Scenario: The same six clubs laid as 4C 5C 6C and 7C 8C 9C
    Given the deal "fx-turn-4p"
    When the actions are played:
      """
      seat 0 discards 9C
      seat 1 eats 9C with 7C 8C; discards 5H
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
      seat 1 draws
      """
    And seat 1 lays down 4C 5C 6C and 7C 8C 9C
    Then the action is accepted
    And seat 1 has laid 4C 5C 6C and 7C 8C 9C

  @id:phom-deadwood-after-lay-down @clause:PHOM.DEADWOOD @clause:RANK.DEADWOOD-POINTS @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SMALL-TABLE-RANKS=positional @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three
  Scenario: The cards left in hand after laying down are the deadwood
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7H 8H 9H and AC 2C 3C; discards JD
      seat 1 draws; lays down 4C 5C 6C 7C; discards KD
      """
    Then the game is over by points
    # seat 0: 7S 7D 5D = 7 + 7 + 5
    And seat 0 has 19 points
    # seat 1: QS KS AS AD 2D = 12 + 13 + 1 + 1 + 2
    And seat 1 has 29 points
    And the ranking is: seat 0 nhất 19, seat 1 nhì 29
    And the totals are: +1, -1

  @id:phom-held-back-counts-as-deadwood @clause:PHOM.DEADWOOD @negative @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SMALL-TABLE-RANKS=positional
  Scenario: A phỏm kept in hand is not counted as a phỏm: 7S 7D 7H score 21
    Given the deal "fx-phom-2p"
    When the script "ph2-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down AC 2C 3C; discards JD
      seat 1 draws; lays down 4C 5C 6C 7C; discards KD
      """
    Then the game is over by points
    # seat 0: 7S 7D 7H 8H 9H 5D = 7 + 7 + 7 + 8 + 9 + 5
    And seat 0 has 43 points
    And the ranking is: seat 1 nhất 29, seat 0 nhì 43
    And the totals are: -1, +1

  @id:phom-ca-pair-and-near-runs @ruleset:hoi-quan-bai @clause:PHOM.CA @clause:U.KHAN
  Scenario: A pair, two cards two apart and two neighbours of one suit are each a cạ: no ù khan
    # seat 1's only cạ is 8C 8H, seat 2's 8D 10D, seat 3's 8S 9S
    Given the deal "fx-phom-ca-4p"
    When the game starts
    Then the game is not over
    And it is seat 0's turn
    When seat 0 discards 2S
    Then the action is accepted

  @id:phom-no-ca-u-khan @ruleset:hoi-quan-bai @clause:PHOM.CA @clause:U.KHAN @negative
  Scenario: KS AS, 8C JC and neighbours of two suits are no cạ: seat 1's hand is ù khan
    Given the deal "fx-phom-no-ca-4p"
    When the game starts
    Then the game is over by ù khan
    And seat 1 ù khan
    # u.khan = 10 from each of the three others
    And the totals are: -10, +30, -10, -10
