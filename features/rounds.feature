Feature: Rounds, chuyển bài, né hạ, tái and thêm vòng
  A game has four rounds, counted on each player's own discard pile: a player whose pile
  holds 3 cards at the start of its turn is in the final round, and its discard is a cây
  chốt. An eat takes a card off the victim's pile; the lead's latest discard moves to the
  victim's pile (chuyển bài) unless the lead is the victim, and the lead moves one seat on.
  A lead whose card moved lays down one turn later (né hạ); one who has already laid down
  plays again (tái). The game ends when every pile holds 4 cards; under hoi-quan-bai the
  next seat may first eat that last cây chốt (thêm vòng).

  # ---- four rounds, the end ------------------------------------------------------------------

  @id:rounds-game-ends-when-piles-hold-four @ruleset:all @clause:ROUND.FOUR-ROUNDS @clause:ROUND.GAME-END
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:ROUND.PILES-END-AT-FOUR @clause:ROUND.STOCK-EXHAUSTED @clause:INV.STOCK-EMPTY-4P
  @clause:INV.PILES-FOUR @full-game
  Scenario: Without eats the game ends after 16 turns, every pile holding 4, the stock empty
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      seat 3 draws; lays down 2S 2D 2C; discards KC
      """
    Then the game is over by points
    And the piles hold 4, 4, 4, 4 cards
    And the stock is empty
    And every laid phỏm is a valid phỏm

  @id:rounds-not-over-while-a-pile-is-short @ruleset:all @clause:ROUND.GAME-END @clause:ROUND.FOUR-ROUNDS
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:ROUND.PILES-END-AT-FOUR @negative
  Scenario: After 15 discards one pile holds 3 cards: the game goes on
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      """
    Then the game is not over
    And the piles hold 4, 4, 4, 3 cards
    And it is seat 3's turn in the final round

  @id:rounds-chot @ruleset:all @clause:ROUND.CHOT @clause:ROUND.COUNT-BY-PILE
  Scenario: The discard of a final-round turn is a cây chốt
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 9D
      """
    Then 9D is a cây chốt

  @id:rounds-round-3-discard-not-chot @ruleset:all @clause:ROUND.CHOT @negative
  Scenario: A round-3 discard is not a cây chốt
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    # 4D was seat 0's round-3 discard (turn 9)
    Then 4D is not a cây chốt
    And AD is not a cây chốt

  # ---- an eat adds a turn -------------------------------------------------------------------------

  @id:rounds-eat-adds-a-turn @ruleset:all @clause:ROUND.EXTRA-TURN-PER-EAT @clause:ROUND.NE-HA
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:ROUND.LEAD-IS-VICTIM
  Scenario: After one eat the game lasts 17 turns; seat 0, eaten as the lead, lays down last
    Given the deal "fx-money-004"
    When the actions are played:
      """
      seat 0 discards 5H
      seat 1 eats 5H with 6H 7H; discards KS
      seat 2 draws; discards 4H
      seat 3 draws; discards AC
      seat 0 draws; discards 9H
      seat 1 draws; discards JS
      seat 2 draws; discards 5D
      seat 3 draws; discards 7D
      seat 0 draws; discards 8D
      seat 1 draws; discards 7C
      seat 2 draws; discards 2S
      seat 3 draws; discards AH
      """
    # seat 0's pile holds 2: its turn 13 is round 3; seat 1 is the first to lay down
    Then it is seat 0's turn, not in the final round
    When the actions are played:
      """
      seat 0 draws; discards 4C
      seat 1 draws; lays down 5H 6H 7H and 2D 3D 4D; discards 10C
      seat 2 draws; lays down JH QH KH; discards 2H
      seat 3 draws; discards 3S
      """
    # 16 discards, but seat 0's pile holds 3
    Then the game is not over
    And it is seat 0's turn in the final round
    When seat 0 draws
    And seat 0 lays down 9S 9C 9D
    And seat 0 discards 5S
    Then the game is over by points
    And the stock is empty
    And the piles hold 4, 4, 4, 4 cards

  @id:rounds-no-eat-no-extra-turn @ruleset:all @clause:ROUND.EXTRA-TURN-PER-EAT @clause:ROUND.NE-HA @negative
  Scenario: Without eats seat 0 plays its final round on turn 13 and seat 3's is the last turn
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    Then it is seat 0's turn in the final round

  # ---- the lead pointer, chuyển bài ---------------------------------------------------------------------

  @id:rounds-lead-pointer @ruleset:all @clause:ROUND.LEAD-POINTER @clause:ROUND.LEAD-IS-VICTIM
  @clause:ROUND.CHUYEN-BAI @clause:ROUND.MOVED-CARD
  Scenario: The lead starts at the first player and moves one seat on at every eat
    Given the deal "fx-eat-twice"
    When the game starts
    Then the lead is seat 0
    When seat 0 discards 7S
    And seat 1 eats 7S with 7D 7H
    # the lead (seat 0) is the victim: nothing moves
    Then no card is moved
    And seat 0's pile is empty
    And the lead is seat 1
    When the actions are played:
      """
      seat 1 discards KD
      seat 2 draws; discards 5S
      seat 3 draws; discards 10C
      seat 0 draws; discards 8S
      """
    And seat 1 eats 8S with 8C 8D
    # the lead (seat 1) is not the victim (seat 0): seat 1's latest discard KD moves to seat 0
    Then KD is moved from seat 1's pile to seat 0's pile
    And KD lies in seat 0's pile marked as moved
    And seat 1's pile is empty
    And the lead is seat 2

  @id:rounds-draw-does-not-move-lead @ruleset:all @clause:ROUND.LEAD-POINTER @negative
  Scenario: A draw does not move the lead
    Given the deal "fx-eat-twice"
    When the actions are played:
      """
      seat 0 discards 7S
      seat 1 eats 7S with 7D 7H; discards KD
      seat 2 draws; discards 5S
      """
    Then the lead is seat 1

  @id:rounds-lead-victim-nothing-moves @ruleset:all @clause:ROUND.CHUYEN-BAI @negative
  Scenario: When the lead is the victim no card moves
    Given the deal "fx-eat-twice"
    When seat 0 discards 7S
    And seat 1 eats 7S with 7D 7H
    Then no card is moved
    And seat 1's pile is empty
    # the eat took place: 7S left seat 0's pile for seat 1's hand
    And seat 1's hand holds 7S

  @id:rounds-lead-not-victim-card-moves @ruleset:all @clause:ROUND.LEAD-IS-VICTIM @negative
  Scenario: When the lead is not the victim a card does move
    # 003's wording: the piles shift so that the lead's position moves on
    Given the deal "fx-three-eats"
    When seat 0 discards QD
    And seat 1 draws
    And seat 1 discards 9H
    And seat 2 eats 9H with 9S 9D
    Then QD is moved from seat 0's pile to seat 1's pile
    And seat 0's pile is empty
    And seat 1's pile is QD
    And the lead is seat 1

  @id:rounds-ne-ha @ruleset:all @clause:ROUND.NE-HA @clause:ROUND.COUNT-BY-PILE
  Scenario: Seat 1, whose card moved while it was the lead, plays round 3 on turn 14
    Given the deal "fx-eat-twice"
    When the actions are played:
      """
      seat 0 discards 7S
      seat 1 eats 7S with 7D 7H; discards KD
      seat 2 draws; discards 5S
      seat 3 draws; discards 10C
      seat 0 draws; discards 8S
      seat 1 eats 8S with 8C 8D; discards 10H
      seat 2 draws; discards AC
      seat 3 draws; discards 10S
      seat 0 draws; discards QS
      seat 1 draws; discards 4C
      seat 2 draws; discards 5C
      seat 3 draws; discards KS
      seat 0 draws; discards 2S
      """
    Then it is seat 1's turn, not in the final round
    When seat 1 draws
    And seat 1 discards 2H
    Then it is seat 2's turn in the final round

  # ---- tái ------------------------------------------------------------------------------------------------

  @id:rounds-tai-lay-send-discard @ruleset:all @clause:ROUND.TAI @clause:ROUND.TAI-ACTIONS
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.LAYDOWN-TIME=first-turn @reading:AMB.TAI-DISCARD-CHOT=chot
  @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:SEND.TARGET-LAID-ONLY @clause:SEND.EXTENDED-PHOM
  @clause:RANK.LAYDOWN-TIME @clause:RANK.TIE-EARLIER-LAYDOWN @full-game @reading:AMB.SEND-EXTENDED=extend-again
  @clause:LAY.CLOSED-BY-SEND
  Scenario: On its tái turn seat 0 draws 8H, lays 8S 8C 8H, sends 4D to seat 2's run, discards KC
    Given the deal "fx-tai-send"
    When the script "ts-to-tai" is played
    Then seat 0 gets a tái turn
    When seat 0 draws
    Then nobody ù
    When seat 0 lays down 8S 8C 8H
    Then the action is accepted
    And seat 0 may send 4D to seat 2's phỏm 0
    When seat 0 sends 4D to seat 2's phỏm 0
    Then the action is accepted
    And seat 0 may send 3D to seat 2's phỏm 0
    When seat 0 discards KC
    Then KC is a cây chốt
    And the game is over by points
    And seat 0 has laid 3S 3C 3H and 8S 8C 8H
    And seat 2's phỏm 0 is 4D 5D 6D 7D
    # seat 0: 3D 2H = 5; seat 1: AC 2C 2D = 5. Seat 0's first final-round turn (13) came
    # before seat 1's (14); its tái on turn 17 does not change that.
    And the ranking is: seat 0 nhất 5, seat 1 nhì 5, seat 3 ba 39, seat 2 bét 41

  @id:rounds-tai-lay-down-after-send-refused @ruleset:all @clause:LAY.CLOSED-BY-SEND @clause:ROUND.TAI-ACTIONS @negative
  @reading:AMB.LAY-SEND-ORDER=lay-then-send @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  Scenario: On a tái turn too the lay-down step ends with the first send
    Given the deal "fx-tai-send"
    When the script "ts-to-tai" is played
    And seat 0 draws
    # seat 0 laid 3S 3C 3H on turn 13 and has no eaten card: it may send at once
    And seat 0 sends 4D to seat 2's phỏm 0
    Then the action is accepted
    And seat 0 may not lay down 8S 8C 8H
    When seat 0 lays down 8S 8C 8H
    Then the action is rejected with LAY_DOWN_AFTER_SEND under clause LAY.CLOSED-BY-SEND
    And seat 0 has laid 3S 3C 3H
    When seat 0 discards KC
    Then the action is accepted

  @id:rounds-tai-own-phom-refused @ruleset:all @clause:ROUND.TAI-ACTIONS @clause:SEND.NOT-OWN @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-OWN=not-own @reading:AMB.TAI-OWN-PHOM=not-own
  Scenario: On a tái turn a card may not go to the player's own laid phỏm
    Given the deal "fx-tai-send"
    When the script "ts-to-tai" is played
    And seat 0 draws
    And seat 0 lays down 8S 8C 8H
    And seat 0 sends 3D to seat 0's phỏm 0
    Then the action is rejected with SEND_OWN_PHOM under clause SEND.NOT-OWN

  @id:rounds-tai-no-u-with-cards-left @ruleset:all @clause:U.TAI-TURN @negative
  @reading:AMB.HOLD-BACK=choose
  Scenario: On a tái turn four cards outside phỏm after the draw: no ù
    Given the deal "fx-tai-send"
    When the script "ts-to-tai" is played
    And seat 0 draws
    Then nobody ù
    And the game is not over
    # dealt 3S 3C 3H 3D 8S 8C 4D KC 2H 5S; 5S, QC, 7C and 10S went out, 3S 3C 3H were laid;
    # the tái draw is 8H, the stock's 15th card (seat 1's eat drew none): 8S 8C 8H and four more
    And seat 0's hand is 3D 8S 8C 8H 4D KC 2H

  @id:rounds-no-tai-without-eat @ruleset:all @clause:ROUND.TAI @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: A player whose cây chốt is not eaten gets no tái: the game ends
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      seat 3 draws; lays down 2S 2D 2C; discards KC
      """
    Then the game is over by points
    And no seat is to act

  # ---- thêm vòng (hoi-quan-bai) ---------------------------------------------------------------------------

  @id:them-vong-offered @ruleset:hoi-quan-bai @clause:ROUND.THEM-VONG @clause:ROUND.THEM-VONG.SEQUENCE
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.RANK-000=graded
  @clause:EAT.THEM-VONG @clause:LAY.FINAL-ROUND-ONLY @full-game @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THEM-VONG-ELSEWHERE=present
  Scenario: Seat 3's last chốt 9D makes a new phỏm with seat 0's 9S 9C: seat 0 eats it
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 9D
      """
    Then seat 0 is offered thêm vòng
    And the legal actions of seat 0 are:
      """
      eat 9D with 9S 9C
      pass
      """
    When seat 0 eats 9D with 9S 9C
    Then seat 3 pays seat 0 4 for ăn chốt
    When seat 0 lays down 9S 9C 9D
    And seat 0 discards 10C
    Then the game is over by points
    # seat 0: AS 3C 5C = 9; seat 3: QS 4C 7C = 23; seat 2: 4S 5S KS AC AH JH = 35;
    # seat 1: 3S 10S 2C 6D JD KD = 45
    And the ranking is: seat 0 nhất 9, seat 3 nhì 23, seat 2 ba 35, seat 1 bét 45
    And the payments are:
      """
      seat 3 pays seat 0 4 for ăn chốt
      seat 3 pays seat 0 1 for nhì
      seat 2 pays seat 0 2 for ba
      seat 1 pays seat 0 3 for bét
      """
    And the totals are: +10, -3, -2, -5

  @id:them-vong-pass @ruleset:hoi-quan-bai @clause:ROUND.THEM-VONG.SEQUENCE
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded @reading:AMB.THEM-VONG-ELSEWHERE=present
  Scenario: Seat 0 passes: the game ends at once
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 9D
      seat 0 passes
      """
    Then the game is over by points
    # seat 0 keeps AS 9S 3C 5C 9C 10C = 37
    And the ranking is: seat 3 nhất 23, seat 2 nhì 35, seat 0 ba 37, seat 1 bét 45
    And the totals are: -2, -3, -1, +6

  @id:them-vong-no-send-no-draw @ruleset:hoi-quan-bai @clause:ROUND.THEM-VONG.SEQUENCE @negative @reading:AMB.THEM-VONG-SEND=no-send
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EATEN-IN-PHOM=required @reading:AMB.THEM-VONG-ELSEWHERE=present
  Scenario: In thêm vòng no draw, no discard before the lay-down, and no send
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 9D
      """
    And seat 0 draws
    Then the action is rejected with WRONG_PHASE
    When seat 0 eats 9D with 9S 9C
    And seat 0 discards 10C
    Then the action is rejected with DISCARD_UNLAID_EATEN
    When seat 0 lays down 9S 9C 9D
    And seat 0 sends 10C to seat 2's phỏm 0
    Then the action is rejected with WRONG_PHASE or SEND_DISABLED or SEND_NOT_FINAL_ROUND

  @id:them-vong-not-for-extending @ruleset:hoi-quan-bai @clause:ROUND.THEM-VONG @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  Scenario: A last chốt that would only extend a laid phỏm offers no thêm vòng
    # 7C fits seat 0's laid 7S 7D 7H, but makes no new phỏm with its hand cards
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 7C
      """
    Then nobody is offered thêm vòng
    And the game is over by points
    # seat 3 keeps QS 4C 9D = 25
    And the ranking is: seat 3 nhất 25, seat 2 nhì 35, seat 0 ba 37, seat 1 bét 45

  @id:them-vong-absent @ruleset:co-ban @ruleset:ki-gui @ruleset:u9la @clause:ROUND.THEM-VONG.ABSENT
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.THEM-VONG-ELSEWHERE=absent
  @clause:ROUND.GAME-END @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: Outside hoi-quan-bai the last chốt ends the game
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 9D
      """
    Then the game is over by points
    And nobody is offered thêm vòng
    And the ranking is: seat 3 nhất 23, seat 2 nhì 35, seat 0 ba 37, seat 1 bét 45
    And the totals are: -2, -3, -1, +6

  @id:them-vong-absent-eat-refused @ruleset:co-ban @ruleset:ki-gui @ruleset:u9la @clause:ROUND.THEM-VONG.ABSENT
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  @clause:TURN.GAME-OVER @negative @reading:AMB.THEM-VONG-ELSEWHERE=absent
  Scenario: Outside hoi-quan-bai the last chốt cannot be eaten
    Given the deal "fx-them-vong"
    When the script "tv-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2H and 8S 8D 8H; discards 9D
      """
    And seat 0 eats 9D with 9S 9C
    Then the action is rejected with GAME_OVER
