@ruleset:all
Feature: Ranking at the end without ù: sends, small tables, tái, leavers
  More ranking cases beside features/ranking.feature: points after sending, the places at 3
  and 2 players, ties where one player had a tái turn (lay-down time is the first
  final-round turn), the order of móm players against points and seat numbers, and players
  who left (always last).

  The 4-player games use the deal "fx-quiet-4p" (features/fixtures/deals.yaml): seat 0 holds
  7S 7D 7H, seat 1 4H 5H 6H, seat 2 9C 10C JC, seat 3 2S 2D 2C; every drawn card is dead.
  Scripts are in features/fixtures/ranking.yaml. Final-round turns without eats: seat 0 on
  turn 13, seat 1 on 14, seat 2 on 15, seat 3 on 16.

  # ------------------------------------------------------------------ points and order

  @id:rank-by-deadwood-points @clause:RANK.DEADWOOD-POINTS @clause:RANK.ORDER @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: The four players are ranked by the points left in hand after sending, lowest first
    Given the deal "fx-quiet-4p"
    When the script "rk-sends" is played
    Then the game is over by points
    # seat 2: AS 8S 3D 8H 10H = 1 + 8 + 3 + 8 + 10 = 30; seat 3: 4S 9S 5C KD = 31;
    # seat 0: 3S 10S 6C 9D AH 9H = 38; seat 1: QS 3C 8D JD QH = 46
    And seat 2 has 30 points
    And seat 0 has 38 points
    And the ranking is: seat 2 nhất 30, seat 3 nhì 31, seat 0 ba 38, seat 1 bét 46
    And seat 2 wins

  @id:rank-sent-cards-not-counted @clause:RANK.DEADWOOD-POINTS @negative @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: Cards sent away, or sent into one's phỏm by others, are not counted
    Given the deal "fx-quiet-4p"
    When the script "rk-sends" is played
    # seat 3 sent 2H and 8C: 31, not 41; its laid 2S 2D 2C are not counted either (not 47)
    Then seat 3 has 31 points
    # seat 1 sent 7C into seat 0's set: seat 0 has 38, not 45
    And seat 0 has 38 points
    # 2H and 3H were sent into seat 1's run: seat 1 has 46, not 51
    And seat 1 has 46 points

  @id:rank-first-lay-down-does-not-beat-points @clause:RANK.ORDER @negative @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: Laying down first decides nothing when the points differ
    Given the deal "fx-quiet-4p"
    When the script "rk-sends" is played
    # seat 0 laid down first (turn 13) but has more points than seats 2 and 3
    Then the ranking is: seat 2 nhất 30, seat 3 nhì 31, seat 0 ba 38, seat 1 bét 46

  @id:rank-three-players @clause:RANK.ORDER @clause:RANK.DEADWOOD-POINTS
  Scenario: At 3 players the places are Nhất, Nhì and Ba
    Given the deal "rk-3p"
    When the script "rk3-full" is played
    Then the game is over by points
    # seat 2: AS 8S 3D QD 8H = 32; seat 0: 3S 10S 6C QC AH 9H = 41; seat 1: QS 3C 8D JD QH = 46
    And the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 1 ba 46

  @id:rank-two-players @clause:RANK.ORDER
  Scenario: At 2 players the places are Nhất and Nhì
    Given the deal "rk-2p"
    When the script "rk2p-full" is played
    Then the game is over by points
    # seat 0: 3S 10S 6C QC AH 9H = 41; seat 1: QS 3C 8D JD QH = 46
    And the ranking is: seat 0 nhất 41, seat 1 nhì 46

  # ------------------------------------------------------------------ ties and tái

  @id:rank-tie-goes-to-first-final-turn @clause:RANK.TIE-EARLIER-LAYDOWN @clause:RANK.LAYDOWN-TIME
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.LAYDOWN-TIME=first-turn
  Scenario: Seats 0 and 3 tie on 41; seat 0's first final-round turn (13) beats seat 3's (16) despite seat 0's tái on turn 17
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
    When seat 0 draws
    And seat 0 discards 10S
    Then the game is over by points
    # seat 1: 3C 7C 8D = 18; seat 2: AS 8S 3D QD 3H 8H = 35;
    # seat 0: 3S 6C KC 9D AH 9H = 41; seat 3: 4S 9S 5C 8C KD 2H = 41
    And the ranking is: seat 1 nhất 18, seat 2 nhì 35, seat 0 ba 41, seat 3 bét 41

  @id:rank-tie-first-phom-reading @clause:RANK.LAYDOWN-TIME @clause:RANK.TIE-EARLIER-LAYDOWN
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  @reading:AMB.LAYDOWN-TIME=first-phom
  Scenario: Under the literal reading (first-phom) the same tie goes to seat 3, which laid its phỏm first
    Given the deal "fx-quiet-4p"
    When the script "rk-tai-late" is played
    Then the game is over by points
    # seat 3 laid its phỏm on turn 16, seat 0 only on turn 17 (its tái): seat 3 ranks higher
    And the ranking is: seat 1 nhất 18, seat 2 nhì 35, seat 3 ba 41, seat 0 bét 41

  @id:rank-tie-lay-down-on-tai-keeps-first-turn @clause:RANK.LAYDOWN-TIME
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  @reading:AMB.LAYDOWN-TIME=first-turn
  @clause:RANK.TIE-EARLIER-LAYDOWN @clause:RANK.MOM @negative
  Scenario: Laying down only on the tái turn neither makes seat 0 móm nor a later lay-down
    Given the deal "fx-quiet-4p"
    When the script "rk-tai-late" is played
    Then the game is over by points
    And seat 0 is not móm
    # seat 0 laid nothing on turn 13 and 7S 7D 7H on turn 17; its lay-down time is turn 13
    And the ranking is: seat 1 nhất 18, seat 2 nhì 35, seat 0 ba 41, seat 3 bét 41

  # ------------------------------------------------------------------ móm

  @id:rank-mom-order-not-by-points-or-seat @clause:RANK.MOM-ORDER @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.MOM-ORDER=lay-down-order
  Scenario: Among móm players neither points nor seat numbers decide: seat 3 (68) ranks above seat 1 (47)
    Given the deal "fx-quiet-4p-first2"
    When the script "rk2-two-mom" is played
    # play order 2, 3, 0, 1: seat 3's final-round turn (14) came before seat 1's (16);
    # seat 0: AS 8S 3D QD 3H 8H = 35, seat 2: 3S 10S 6C QC AH 9H = 41
    Then the ranking is: seat 0 nhất 35, seat 2 nhì 41, seat 3 móm, seat 1 móm
    And seat 3 is móm
    And seat 1 is móm

  # ------------------------------------------------------------------ leavers

  @id:rank-leaver-below-mom @clause:RANK.LEAVER-LAST @clause:LEAVE.HAND-OUT
  @reading:AMB.HOLD-BACK=choose
  Scenario: Seat 1 leaves in round 2; seat 3 ends móm: the leaver ranks last
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
    Then it is seat 2's turn
    When the actions are played:
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
    # seat 2: 3H QD 8H 3D AS 8S = 35; seat 0: 10S QC 9H AH 3S 6C = 41; seat 3 laid nothing
    And the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 3 móm, seat 1 left

  @id:rank-leaver-with-phom-still-last @clause:RANK.LEAVER-LAST @negative
  @reading:AMB.HOLD-BACK=choose
  Scenario: A leaver who had laid a phỏm and sent a card is still ranked last, below a móm
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And seat 1 leaves
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      seat 3 draws; discards KC
      """
    Then the game is over by points
    # seat 1 had 4H 5H 6H on the table and 46 points in hand; it is not ranked by them
    And the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 3 móm, seat 1 left
