Feature: The deck, the table and card values
  One deck of 52 cards, no joker and no card twice; 2 to 4 players; card points A = 1,
  2 to 10 at face value, J = 11, Q = 12, K = 13, whatever the suit; ranks in the order
  A 2 3 ... 10 J Q K, with no wrap from K to A; seats numbered in play order; every amount
  a whole number of stakes; cards written 7S, 10H (TH), AD, KC or with suit symbols.

  The deal "fx-deck-2p" (features/fixtures/deck.yaml) is a quiet 2-player game in which
  both players end with 49 points: seat 0 with AS 2C 10D JH QC KH, seat 1 with AH 2H 10S
  JC QD KS. The deal "fx-deal-3p" (features/fixtures/deal.yaml) is a quiet 3-player game.

  @id:deck-52-distinct-cards-start @ruleset:all @clause:DECK.52-CARDS @clause:INV.52-CARDS
  Scenario: A deal of the 52 cards, each once, starts the game
    Given the deal "fx-deck-2p"
    When the game starts
    Then every card is in exactly one place
    And seat 0 holds 10 cards
    And seat 1 holds 9 cards
    # 52 - 10 - 9
    And the stock holds 33 cards
    And it is seat 0's turn

  @id:deck-card-twice-refused @ruleset:all @clause:DECK.52-CARDS @negative
  Scenario: A deal holding 7S twice (and no 2H) is refused
    Given a 2-player game
    And seat 0 holds 7S 7D 7H AS 10D JH QC KH 2C 8S
    And seat 1 holds 4C 5C 6C AH 10S JC QD KS 7S
    And the stock is 4S 9C 2D 5H JD 8C 3S 2S 5S 6S 9S JS QS AC 3C 7C 10C KC AD 3D 4D 5D 6D 8D 9D KD 3H 4H 6H 8H 9H 10H QH
    Then the game is refused as bad_deal

  @id:deck-51-cards-refused @ruleset:all @clause:DECK.52-CARDS @negative
  Scenario: A deck order of 51 cards (2D missing) is refused
    Given a 4-player game
    And the deck is dealt in this order:
      """
      AD 8D 4S AH  2C 5S 4C 7C  9D AS 4D KS  4H 3C 9H 8S  JS 5H 10H 5C
      10S 3D JH 9S  JC 7D QC KH  10C JD QD 10D  8H 6S 2S 2H  5D
      6H QS QH 7S KC 3H 6C 7H KD AC 6D 8C 3S 9C
      """
    # a deck member that is not 52 cards long: bad_deal, or malformed by the request schema
    Then the game is refused

  @id:deck-three-player-table @ruleset:all @clause:DECK.PLAYERS @clause:DECK.SEAT-ORDER
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: Three players play a whole game; after seat 2 comes seat 0
    Given the deal "fx-deal-3p"
    When seat 0 discards KH
    And seat 1 draws
    And seat 1 discards AS
    And seat 2 draws
    And seat 2 discards 3S
    Then it is seat 0's turn
    When the actions are played:
      """
      seat 0 draws; discards 4S
      seat 1 draws; discards 8S
      seat 2 draws; discards JS
      seat 0 draws; discards 2C
      seat 1 draws; discards 3C
      seat 2 draws; discards 6C
      seat 0 draws; lays down 9S 9C 9D; discards 8C
      seat 1 draws; lays down 3H 4H 5H; discards KC
      seat 2 draws; lays down 5S 5C 5D; discards 2D
      """
    Then the game is over by points
    # 24 - 11 draws
    And the stock holds 13 cards
    And the ranking is: seat 2 nhất 31, seat 1 nhì 43, seat 0 ba 54

  @id:deck-card-points @ruleset:all @clause:DECK.POINTS @clause:RANK.DEADWOOD-POINTS
  Scenario: A, 2, 10, J, Q, K count 1, 2, 10, 11, 12, 13
    Given the deal "fx-deck-2p"
    When the script "dk2-full" is played
    Then the game is over by points
    # AS 2C 10D JH QC KH = 1 + 2 + 10 + 11 + 12 + 13
    And seat 0 has 49 points under clause DECK.POINTS
    # AH 2H 10S JC QD KS = 1 + 2 + 10 + 11 + 12 + 13
    And seat 1 has 49 points under clause DECK.POINTS

  @id:deck-suits-do-not-break-ties @ruleset:all @clause:DECK.SUITS-UNRANKED @clause:DECK.STAKE @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three
  @clause:RANK.TIE-EARLIER-LAYDOWN @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SMALL-TABLE-RANKS=positional
  Scenario: Equal cards of different suits are worth the same; the tie goes to the earlier lay-down
    Given the deal "fx-deck-2p"
    When the script "dk2-full" is played
    # both hold 49; seat 0 laid down on turn 7, seat 1 on turn 8
    Then the ranking is: seat 0 nhất 49, seat 1 nhì 49
    And the payments are:
      """
      seat 1 pays seat 0 1 for nhì
      """
    And the totals are: +1, -1

  @id:deck-rank-order-j-q-k @ruleset:all @clause:DECK.RANK-ORDER @clause:PHOM.RUN @clause:PHOM.RUN.NO-WRAP
  Scenario: J, Q and K are neighbours: JS makes a run with QS KS
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards JS
    Then the legal actions of seat 1 are:
      """
      draw
      eat JS with QS KS
      """
    When seat 1 eats JS with QS KS
    Then the action is accepted

  @id:deck-rank-order-10-q-k @ruleset:all @clause:DECK.RANK-ORDER @negative
  Scenario: 10 and Q are not neighbours: 10S makes no run with QS KS
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards 10S
    Then the legal actions of seat 1 are:
      """
      draw
      """
    When seat 1 eats 10S with QS KS
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM

  @id:deck-rank-order-k-a @ruleset:all @clause:DECK.RANK-ORDER @negative
  Scenario: K and A are not neighbours: KD makes no run with AD 2D
    Given the deal "fx-phom-lab-4p"
    When seat 0 discards KD
    Then seat 1 may not eat
    When seat 1 eats KD with AD 2D
    Then the action is rejected with EAT_NOT_A_PHOM

  @id:deck-notation-symbols-and-ten @ruleset:all @clause:DECK.NOTATION
  Scenario: Suit symbols, T for 10 and lower case name the same cards
    Given a 2-player game
    And seat 0 holds 7♠ 7♦ 7♥ A♠ T♦ jh qc KH 2c 8♠
    And seat 1 holds 4♣ 5♣ 6♣ a♥ 10s Jc QD K♠ 2♥
    And the stock starts with 4s 9♣ 2d
    When seat 0 sends the raw action {"type": "discard", "card": "8♠"}
    Then the action is accepted
    And seat 0's pile is 8S
    And seat 0's hand is 7S 7D 7H AS 10D JH QC KH 2C
    When seat 1 draws
    Then seat 1's hand holds 4S
    When seat 1 sends the raw action {"type": "discard", "card": "4♠"}
    Then the action is accepted
    And seat 1's pile is 4S
    When seat 0 draws
    And seat 0 sends the raw action {"type": "discard", "card": "T♦"}
    Then the action is accepted
    And seat 0's pile is 8S 10D

  @id:deck-notation-malformed-code @ruleset:all @clause:DECK.NOTATION @negative
  Scenario: A card code with rank 1 or 11 or suit X is malformed, not a rule refusal
    Given the deal "fx-deck-2p"
    When seat 0 sends the raw action {"type": "discard", "card": "1S"}
    Then the action is answered with the error malformed
    When seat 0 sends the raw action {"type": "discard", "card": "11H"}
    Then the action is answered with the error malformed
    When seat 0 sends the raw action {"type": "discard", "card": "8X"}
    Then the action is answered with the error malformed
    When seat 0 discards 8S
    Then the action is accepted
    And seat 0's pile is 8S

  @id:deck-seat-order-from-seat-2 @ruleset:all @clause:DECK.SEAT-ORDER @clause:TURN.ORDER
  Scenario: With seat 2 first the turns go 2, 3, 0, 1
    Given the deal "fx-deal-u-4p-first2"
    Then it is seat 2's turn
    When seat 2 discards AD
    Then it is seat 3's turn
    When seat 3 draws
    And seat 3 discards 6H
    Then it is seat 0's turn

  @id:deck-seat-order-no-jump @ruleset:all @clause:DECK.SEAT-ORDER @clause:TURN.NOT-YOUR-TURN @negative
  Scenario: With seat 2 first, seats 0, 1 and 3 cannot open, and after seat 3 seat 1 cannot act
    Given the deal "fx-deal-u-4p-first2"
    When seat 0 discards 2S
    Then the action is rejected with NOT_YOUR_TURN
    When seat 3 discards 8D
    Then the action is rejected with NOT_YOUR_TURN
    When seat 2 discards AD
    And seat 3 draws
    And seat 3 discards 6H
    And seat 1 draws
    Then the action is rejected with NOT_YOUR_TURN under clause TURN.NOT-YOUR-TURN
    And it is seat 0's turn
