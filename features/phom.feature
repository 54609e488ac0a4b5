@ruleset:all
Feature: What is a phỏm
  A phỏm is three or more cards of one rank (a set, phỏm ngang), or three or more cards of
  one suit in consecutive ranks (a run, phỏm dọc). The Ace is the lowest rank only: A-2-3 is
  a run, Q-K-A and K-A-2 are not. The rules are checked where phỏm are made: eating (with
  two or more hand cards) and laying down.

  @id:phom-set-by-eat @clause:PHOM.SET @clause:TURN.EAT.MAKES-PHOM
  Scenario: 9C eaten with 9S 9D makes a set
    Given the deal "fx-eat-a"
    When seat 0 discards 9C
    Then the legal actions of seat 1 are:
      """
      draw
      eat 9C with 10C JC
      eat 9C with 9S 9D
      """
    When seat 1 eats 9C with 9S 9D
    Then the action is accepted

  @id:phom-set-one-rank-only @clause:PHOM.SET @negative
  Scenario: 8S 8C 7H is not a set
    Given the deal "fx-eat-b"
    When seat 0 discards 8S
    And seat 1 eats 8S with 8C 7H
    Then the action is rejected with EAT_NOT_A_PHOM
    When seat 1 eats 8S with 8C 8D
    Then the action is accepted

  @id:phom-run-by-eat @clause:PHOM.RUN @clause:PHOM.MIN-SIZE
  Scenario: 9C eaten with 10C JC makes a run of three
    Given the deal "fx-eat-a"
    When seat 0 discards 9C
    And seat 1 eats 9C with 10C JC
    Then the action is accepted
    # the eaten card goes into the eater's hand
    And seat 1's hand holds 9C

  @id:phom-run-one-suit-only @clause:PHOM.RUN @negative
  Scenario: KS QS JC is not a run (two suits)
    Given the deal "fx-eat-a"
    When seat 0 discards KS
    And seat 1 eats KS with QS JC
    Then the action is rejected with EAT_NOT_A_PHOM

  @id:phom-run-no-gap @clause:PHOM.RUN @clause:DECK.RANK-ORDER @negative
  Scenario: 9S JS KS is not a run (10S and QS are missing)
    Given the deal "fx-eat-a"
    When seat 0 discards KS
    And seat 1 eats KS with 9S JS
    Then the action is rejected with EAT_NOT_A_PHOM

  @id:phom-mixed-group @clause:PHOM.MIN-SIZE @negative
  Scenario: 9C 9S 10C mixes a set and a run: not a phỏm
    Given the deal "fx-eat-a"
    When seat 0 discards 9C
    And seat 1 eats 9C with 9S 10C
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM

  @id:phom-jqk-run @clause:PHOM.RUN.NO-WRAP @clause:DECK.RANK-ORDER
  Scenario: J-Q-K of one suit is a run
    Given the deal "fx-eat-a"
    When seat 0 discards KS
    Then the legal actions of seat 1 are:
      """
      draw
      eat KS with JS QS
      """
    When seat 1 eats KS with JS QS
    Then the action is accepted

  @id:phom-ace-low-run @clause:PHOM.RUN.ACE-LOW
  Scenario: A-2-3 of one suit is a run
    Given the deal "fx-eat-a"
    When seat 0 discards AC
    Then seat 1 may eat AC with 2C 3C
    When seat 1 eats AC with 2C 3C
    Then the action is accepted

  @id:phom-ace-low-run-2d @clause:PHOM.RUN.ACE-LOW @clause:PHOM.RUN.NO-WRAP
  Scenario: 2D eaten with AD 3D is a run; with KD AD it is not
    Given the deal "fx-eat-b"
    When seat 0 discards 2D
    Then the legal actions of seat 1 are:
      """
      draw
      eat 2D with AD 3D
      """
    When seat 1 eats 2D with AD 3D
    Then the action is accepted

  @id:phom-run-no-wrap-qka @clause:PHOM.RUN.NO-WRAP @clause:PHOM.RUN.ACE-LOW @negative
  Scenario: Q-K-A is not a run: AS cannot be eaten with QS KS
    Given the deal "fx-eat-b"
    When seat 0 discards AS
    Then seat 1 may not eat
    When seat 1 eats AS with QS KS
    Then the action is rejected with EAT_NOT_A_PHOM

  @id:phom-run-no-wrap-ka2 @clause:PHOM.RUN.NO-WRAP @negative
  Scenario: K-A-2 is not a run: 2D cannot be eaten with KD AD
    Given the deal "fx-eat-b"
    When seat 0 discards 2D
    Then seat 1 may not eat 2D with KD AD
    When seat 1 eats 2D with KD AD
    Then the action is rejected with EAT_NOT_A_PHOM

  @id:phom-nothing-to-eat @clause:TURN.EAT.MAKES-PHOM @clause:PHOM.MIN-SIZE @negative
  Scenario: A card that makes no phỏm with the hand cannot be eaten at all
    Given the deal "fx-eat-a"
    When seat 0 discards 7H
    Then the legal actions of seat 1 are:
      """
      draw
      """
