Feature: Timeouts and leaving
  The kit cannot run a clock: a timeout reaches the engine as a `timeout` action of the seat
  to act. The engine then plays the turn: it draws (never eats) unless the player has drawn
  or eaten already, and discards the legal card with the most points (equal cards: the suit
  that comes last in S, C, D, H); in the final round it lays nothing down, so a player
  without laid phỏm ends móm. A player who leaves is skipped from then on, its cards stay out
  of play, it ranks last and pays the winner a penalty (4; 3 under ki-gui); when one player
  is left, that player wins.

  Most games use the deal "fx-quiet-4p": seat 0 holds 7S 7D 7H ... QC ... KS, seat 1
  4H 5H 6H 7C JD QH 8D QS 3C (it can eat QC with QH QS), seat 2 9C 10C JC 3H QD 8H 3D AS 8S.

  # ------------------------------------------------------------------ auto-play

  @id:time-auto-play-draws-and-discards-highest @ruleset:all @clause:TIME.AUTO-PLAY
  Scenario: Seat 2 times out at the start of its turn: the engine draws 6D and discards QD, its highest card
    Given the deal "fx-quiet-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards JH
      """
    And seat 2 times out
    Then the auto-play draws for seat 2
    And the auto-play discards QD for seat 2
    And seat 2's hand is 9C 10C JC 3H 8H 3D AS 8S 6D
    And it is seat 3's turn

  @id:time-auto-play-never-eats @ruleset:all @clause:TIME.AUTO-PLAY @negative
  Scenario: Seat 1 could eat seat 0's QC but times out: the engine draws instead
    Given the deal "fx-quiet-4p"
    When seat 0 discards QC
    Then seat 1 may eat QC with QH QS
    When seat 1 times out
    Then the auto-play draws for seat 1
    And seat 0's pile is QC
    And the stock holds 14 cards
    # QH and QS are the highest (12 points): QH, hearts coming last in S C D H
    And the auto-play discards QH for seat 1

  @id:time-auto-play-opening-turn @ruleset:all @clause:TIME.AUTO-PLAY
  Scenario: The first player times out on the opening turn: the engine only discards KS
    Given the deal "fx-quiet-4p"
    When seat 0 times out
    Then the auto-play discards KS for seat 0
    And seat 0 holds 9 cards
    And the stock holds 15 cards
    And it is seat 1's turn

  @id:time-auto-play-passes-them-vong @ruleset:hoi-quan-bai @clause:TIME.AUTO-PLAY @clause:EAT.THEM-VONG
  @reading:AMB.HOLD-BACK=choose @reading:AMB.THEM-VONG-ELSEWHERE=present
  @negative
  Scenario: A timeout in thêm vòng passes: seat 0 eats nothing and the game ends
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 3H
      seat 1 draws; discards JH
      seat 2 draws; lays down 7S 7C 7D; discards 5H
      seat 3 draws; lays down 10S JS QS; discards AD
      """
    Then seat 0 is offered thêm vòng
    When seat 0 times out
    Then the game is over by points
    And seat 0 has laid nothing
    And seat 3 pays seat 0 nothing for ăn chốt

  # ------------------------------------------------------------------ equal cards

  @id:time-tie-hearts-before-spades @ruleset:all @clause:TIME.AUTO-PLAY.TIE
  Scenario: QH and QS are seat 1's highest cards: the auto-play discards QH
    Given the deal "fx-quiet-4p"
    When seat 0 discards KS
    And seat 1 times out
    Then the auto-play discards QH for seat 1
    And seat 1's hand is 4H 5H 6H 7C JD 8D QS 3C JH

  @id:time-tie-only-among-legal-cards @ruleset:all @clause:TIME.AUTO-PLAY.TIE
  @clause:TIME.AUTO-PLAY.AFTER-EAT @negative @reading:AMB.EATEN-IN-PHOM=required
  Scenario: KH would win the tie with KS, but seat 1 ate KH: the auto-play discards KS
    Given the deal "tl-4p"
    When seat 0 discards KH
    And seat 1 eats KH with QH JH
    And seat 1 times out
    # KH is eaten; QH and JH hold its only phỏm
    Then the auto-play discards KS for seat 1
    And seat 1's hand is QH JH KH 9C 8D 2S 4C 6D 5H

  # ------------------------------------------------------------------ after the draw or eat

  @id:time-after-eat-only-discards @ruleset:all @clause:TIME.AUTO-PLAY.AFTER-EAT @reading:AMB.EATEN-IN-PHOM=required
  Scenario: Seat 1 ate QC with QH QS, then times out: no draw, and the highest legal card JD goes
    Given the deal "fx-quiet-4p"
    When seat 0 discards QC
    And seat 1 eats QC with QH QS
    And seat 1 times out
    Then the auto-play discards JD for seat 1
    And the stock holds 15 cards
    And seat 1's hand is 4H 5H 6H 7C 8D QS 3C QC QH
    And it is seat 2's turn

  @id:time-after-draw-no-second-draw @ruleset:all @clause:TIME.AUTO-PLAY.AFTER-EAT @negative
  Scenario: Seat 1 drew, then times out: the engine does not draw again
    Given the deal "fx-quiet-4p"
    When seat 0 discards KS
    And seat 1 draws
    And seat 1 times out
    Then the auto-play discards QH for seat 1
    And the stock holds 14 cards
    And seat 1 holds 9 cards

  # ------------------------------------------------------------------ the final round

  @id:time-final-round-timeout-is-mom @ruleset:all @clause:TIME.FINAL-ROUND-MOM @clause:MONEY.MOM-PAYMENT @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SEND-EXTENDED=extend-again @reading:AMB.TIMEOUT-MOM=unlaid-mom
  Scenario: Seat 0 times out on its final-round turn holding 7S 7D 7H: nothing is laid and it ends móm
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And seat 0 times out
    Then the auto-play draws for seat 0
    And seat 0 lays nothing down
    And the auto-play discards QC for seat 0
    When the actions are played:
      """
      seat 1 draws; lays down 4H 5H 6H; discards JS
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; lays down 2S 2D 2C; sends 2H to seat 1's phỏm 0; sends 8C to seat 2's phỏm 0; discards KC
      """
    Then the game is over by points
    And seat 0 is móm
    # seat 3: 4S 9S KD 5C = 31; seat 2: QD 8H 3D AS 8S = 32; seat 1: 7C JD QH 8D QS 3C = 53
    And the ranking is: seat 3 nhất 31, seat 2 nhì 32, seat 1 ba 53, seat 0 móm
    And the payments are:
      """
      seat 2 pays seat 3 1 for nhì
      seat 1 pays seat 3 2 for ba
      seat 0 pays seat 3 4 for móm
      """
    And the totals are: -4, -2, -1, +7

  @id:time-timeout-on-tai-keeps-laid-phom @ruleset:all @clause:TIME.FINAL-ROUND-MOM @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: Seat 0 laid 7S 7D 7H before its tái turn and times out on it: it keeps its phỏm, not móm
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards QC
      seat 1 eats QC with QH QS; lays down QC QH QS and 4H 5H 6H; discards JD
      seat 2 draws; lays down 9C 10C JC; discards JS
      seat 3 draws; lays down 2S 2D 2C; discards 10H
      """
    Then seat 0 gets a tái turn
    When seat 0 times out
    Then the auto-play draws for seat 0
    And the auto-play discards KC for seat 0
    And the game is over by points
    And seat 0 is not móm
    # seat 1: 3C 7C 8D = 18; seat 2: AS 8S 3D QD 3H 8H = 35; seat 0: 3S 10S 6C 9D AH 9H = 38;
    # seat 3: 4S 9S 5C 8C KD 2H = 41
    And the ranking is: seat 1 nhất 18, seat 2 nhì 35, seat 0 ba 38, seat 3 bét 41

  @id:time-final-round-timeout-with-eaten-card @ruleset:all @clause:TIME.FINAL-ROUND-MOM
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EATEN-IN-PHOM=required @reading:AMB.TIMEOUT-MOM=unlaid-mom
  Scenario: Seat 1 ate QC and times out in its final round: nothing is laid, JD goes, QC QH QS stay as deadwood
    Given the deal "fx-quiet-4p"
    When the actions are played:
      """
      seat 0 discards QC
      seat 1 eats QC with QH QS; discards 3C
      seat 2 draws; discards JH
      seat 3 draws; discards 6D
      seat 0 draws; discards 5S
      seat 1 draws; discards 5D
      seat 2 draws; discards KH
      seat 3 draws; discards 6S
      seat 0 draws; discards 10D
      seat 1 draws; discards 4D
      seat 2 draws; discards 4C
      seat 3 draws; discards AC
      seat 0 draws; discards AD
      """
    # seat 0 was eaten on turn 2: seat 1 reaches its final round first, on turn 14
    Then it is seat 1's turn in the final round
    When seat 1 times out
    Then the auto-play draws for seat 1
    And seat 1 lays nothing down
    # QC's only phỏm is QH QS QC (QD is seat 2's), so QH and QS must stay (TURN.EAT.KEEP-IN-PHOM);
    # seat 1 holds 4H 5H 6H 7C 8D JD QH QS QC + 9D drawn: the highest other card is JD (11)
    And the auto-play discards JD for seat 1
    When the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards JS
      seat 3 draws; lays down 2S 2D 2C; discards 10H
      seat 0 draws; lays down 7S 7D 7H; discards KS
      """
    Then the game is over by points
    And seat 1 is móm
    # QH QS QC 7C 8D 9D 4H 5H 6H = 12 + 12 + 12 + 7 + 8 + 9 + 4 + 5 + 6
    And seat 1 has 75 points
    # seat 2: AS 8S 3D QD 3H 8H = 35; seat 3: 4S 9S 5C 8C KD 2H = 41; seat 0: 3S 10S 6C KC AH 9H = 42
    And the ranking is: seat 2 nhất 35, seat 3 nhì 41, seat 0 ba 42, seat 1 móm

  # ------------------------------------------------------------------ leaving: the turn order

  @id:leave-next-seat-eats-across @ruleset:all @clause:LEAVE.SEAT-SKIPPED
  Scenario: Seat 2 leaves when it is to act: seat 3 plays and may eat seat 1's 8C
    Given the deal "lv-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards 8C
      """
    And seat 2 leaves
    Then seat 2 has left the game
    And it is seat 3's turn
    And seat 3 may eat 8C with 8S 8D
    When seat 3 eats 8C with 8S 8D
    Then the action is accepted

  @id:leave-eat-across-is-paid @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.THIRD-EAT-PRICE=three
  @clause:LEAVE.SEAT-SKIPPED @clause:LEAVE.PENALTY @clause:EAT.NTH-CARD @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded
  Scenario: Seat 1 pays seat 3 for the eat across the gap; that money stands when seat 1 leaves too
    Given the deal "lv-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards 8C
      """
    And seat 2 leaves
    And seat 3 eats 8C with 8S 8D
    Then seat 1 pays seat 3 1 for ăn bài
    When seat 1 leaves
    Then seat 1's money is -1
    And seat 3's money is +1
    And the game is not over

  @id:leave-leavers-discard-not-eatable @ruleset:all
  @clause:LEAVE.SEAT-SKIPPED @clause:LEAVE.HAND-OUT @negative
  Scenario: Seat 2 discards JH and leaves: seat 3 may no longer eat it and draws
    Given the deal "lv-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards 4S
      seat 2 draws; discards JH
      """
    Then seat 3 may eat JH with JS JD
    When seat 2 leaves
    Then it is seat 3's turn
    And seat 3 may not eat
    When seat 3 draws
    Then the action is accepted

  @id:leave-leaver-actions-refused @ruleset:all @clause:LEAVE.SEAT-SKIPPED @negative
  Scenario: A seat that has left may not act any more
    Given the deal "lv-4p"
    When seat 0 discards KS
    And seat 2 leaves
    And seat 1 draws
    And seat 1 discards 4S
    And the state is noted
    And seat 2 draws
    Then the action is rejected with SEAT_LEFT or NOT_YOUR_TURN
    And the state is unchanged since it was noted
    And it is seat 3's turn

  @id:leave-cards-stay-out-of-play @ruleset:all @clause:LEAVE.HAND-OUT
  Scenario: Seat 2 leaves at once: its nine cards stay where they are and the stock is untouched
    Given the deal "lv-4p"
    When seat 0 discards KS
    And seat 2 leaves
    Then seat 2 has left the game
    And seat 2 holds 9 cards
    And the stock holds 15 cards
    And every card is in exactly one place
    When seat 1 draws
    Then the top of the stock is 6S

  # ------------------------------------------------------------------ leaving: the money

  @id:leave-penalty-to-winner @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:u9la
  @reading:AMB.HOLD-BACK=choose @reading:AMB.LEAVE-PENALTY=four @reading:AMB.RANK-000=graded
  @clause:LEAVE.PENALTY @clause:LEAVE.PAID-TO @clause:RANK.LEAVER-LAST @clause:MONEY.ZERO-SUM
  Scenario: Seat 1 leaves in round 2; seat 2 wins and receives the leave penalty 4
    Given the deal "fx-quiet-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards JH
      seat 2 draws; discards 6D
      seat 3 draws; discards 5S
      seat 0 draws; discards 5D
      """
    And seat 1 leaves
    And the actions are played:
      """
      seat 2 draws; discards KH
      seat 3 draws; discards 6S
      seat 0 draws; discards 10D
      seat 2 draws; discards 4D
      seat 3 draws; discards 4C
      seat 0 draws; lays down 7S 7D 7H; discards AC
      seat 2 draws; lays down 9C 10C JC; discards AD
      seat 3 draws; discards 9D
      """
    Then the game is over by points
    And the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 3 móm, seat 1 left
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 3 pays seat 2 4 for móm
      seat 1 pays seat 2 4 for leaving
      """
    And the totals are: -1, -4, +9, -4
    And the money sums to zero

  @id:leave-penalty-to-winner-ki-gui @ruleset:ki-gui
  @reading:AMB.HOLD-BACK=choose @reading:AMB.LEAVE-PENALTY=last-place @reading:AMB.RANK-000=graded-last-three
  @clause:LEAVE.PENALTY @clause:LEAVE.PAID-TO @clause:RANK.LEAVER-LAST
  Scenario: Under ki-gui the leaver pays the winner 3, the last place's price
    Given the deal "fx-quiet-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards JH
      seat 2 draws; discards 6D
      seat 3 draws; discards 5S
      seat 0 draws; discards 5D
      """
    And seat 1 leaves
    And the actions are played:
      """
      seat 2 draws; discards KH
      seat 3 draws; discards 6S
      seat 0 draws; discards 10D
      seat 2 draws; discards 4D
      seat 3 draws; discards 4C
      seat 0 draws; lays down 7S 7D 7H; discards AC
      seat 2 draws; lays down 9C 10C JC; discards AD
      seat 3 draws; discards 9D
      """
    Then the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 3 móm, seat 1 left
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 3 pays seat 2 4 for móm
      seat 1 pays seat 2 3 for leaving
      """
    And the totals are: -1, -3, +8, -4

  @id:leave-penalty-only-to-winner @ruleset:all
  @reading:AMB.HOLD-BACK=choose
  @clause:LEAVE.PAID-TO @clause:LEAVE.PENALTY @negative
  Scenario: The leaver pays nobody but the winner, and no ranking or móm money
    Given the deal "fx-quiet-4p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards JH
      seat 2 draws; discards 6D
      seat 3 draws; discards 5S
      seat 0 draws; discards 5D
      """
    And seat 1 leaves
    And the actions are played:
      """
      seat 2 draws; discards KH
      seat 3 draws; discards 6S
      seat 0 draws; discards 10D
      seat 2 draws; discards 4D
      seat 3 draws; discards 4C
      seat 0 draws; lays down 7S 7D 7H; discards AC
      seat 2 draws; lays down 9C 10C JC; discards AD
      seat 3 draws; discards 9D
      """
    Then seat 1 pays seat 0 nothing for leaving
    And seat 1 pays seat 3 nothing for leaving
    And seat 1 pays seat 2 nothing for móm
    And seat 1 pays seat 2 nothing for the ranking

  @id:leave-penalty-to-u-player @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:u9la
  @clause:LEAVE.PAID-TO @clause:LEAVE.PENALTY @reading:AMB.LEAVE-PENALTY=four
  Scenario: Seat 3 leaves and seat 1 ù: seat 3 pays the ù player 4; only seats 0 and 2 pay the ù
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 3 leaves
    And seat 1 draws
    Then seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 4 for leaving
      """
    And the totals are: -5, +14, -5, -4

  @id:leave-penalty-to-u-player-ki-gui @ruleset:ki-gui @clause:LEAVE.PAID-TO @clause:LEAVE.PENALTY @reading:AMB.LEAVE-PENALTY=last-place
  Scenario: Under ki-gui seat 3 leaves and seat 1 ù: seat 3 pays the ù player 3
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 3 leaves
    And seat 1 draws
    Then seat 1 ù
    And seat 3 pays seat 1 3 for leaving under clause LEAVE.PAID-TO
    And the totals are: -5, +13, -5, -3

  @id:leave-leaver-pays-no-u @ruleset:all @clause:LEAVE.PENALTY @negative
  Scenario: The leaver pays nothing for the ù, only its penalty
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 3 leaves
    And seat 1 draws
    Then seat 1 ù
    And seat 3 pays seat 1 nothing for ù

  # ------------------------------------------------------------------ the last player

  @id:leave-last-player-two-players @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:u9la
  @clause:LEAVE.LAST-PLAYER @clause:LEAVE.PAID-TO @reading:AMB.LEAVE-PENALTY=four
  Scenario: At 2 players seat 0 leaves in round 1: seat 1 wins and receives 4
    Given the deal "rk-2p"
    When the actions are played:
      """
      seat 0 discards KS
      seat 1 draws; discards JH
      """
    And seat 0 leaves
    Then the game is over by the last player
    And seat 1 wins
    And the payments are:
      """
      seat 0 pays seat 1 4 for leaving
      """
    And the totals are: -4, +4

  @id:leave-last-player-two-players-ki-gui @ruleset:ki-gui @clause:LEAVE.LAST-PLAYER @clause:LEAVE.PENALTY @reading:AMB.LEAVE-PENALTY=last-place
  Scenario: Under ki-gui the last player of two receives 3
    Given the deal "rk-2p"
    When seat 0 discards KS
    And seat 0 leaves
    Then the game is over by the last player
    And seat 1 wins
    And the totals are: -3, +3

  @id:leave-last-player-three-players @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:u9la
  @clause:LEAVE.LAST-PLAYER @clause:LEAVE.PENALTY @reading:AMB.LEAVE-PENALTY=four
  Scenario: At 3 players seats 1 and 2 leave: seat 0 wins and receives 4 from each
    Given the deal "rk-3p"
    When seat 0 discards KS
    And seat 1 leaves
    Then the game is not over
    When seat 2 leaves
    Then the game is over by the last player
    And seat 0 wins
    And the payments are:
      """
      seat 1 pays seat 0 4 for leaving
      seat 2 pays seat 0 4 for leaving
      """
    And the totals are: +8, -4, -4

  @id:leave-one-of-three-goes-on @ruleset:all @clause:LEAVE.LAST-PLAYER @negative
  Scenario: At 3 players one leave does not end the game: the two others play on
    Given the deal "rk-3p"
    When seat 0 discards KS
    And seat 1 leaves
    Then the game is not over
    And it is seat 2's turn
    When seat 2 draws
    Then the action is accepted
