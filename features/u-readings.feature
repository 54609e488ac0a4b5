Feature: Ù: the readings real engines take where the sources are silent
  Each reading of the register (spec/ambiguities.yaml) that the reference can play has a
  scenario here: the rulesets' own reading and the other one, each tagged with its reading,
  so that an implementation that declares one of them is checked on it and skips the other.

  Deals: fx-u-draw-4p (features/fixtures/u.yaml): seat 1 holds 3S 3D 3H, 6C 7C 8C, JD QD and
  2H and draws KD on its second turn: ù, 2H left over. fx-tai-4p (features/fixtures/deals.yaml,
  003's VD1): seat 0 lays 9S 9D 9H and 2H 3H 4H on turn 13, keeping 5C 5S KD, and discards
  the cây chốt JS; seat 1 eats it, so seat 0 gets a tái turn, on which it draws 5H: ù, KD
  left over.

  Rule: The ù player's points in the result (AMB.U-POINTS)

    @id:u-points-leftover @ruleset:all @reading:AMB.U-POINTS=leftover
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.U-AUTOMATIC=automatic
    @clause:RANK.DEADWOOD-POINTS @clause:U.WINNER
    Scenario: The ù player's points are the card its ù leaves outside phỏm: 2H, 2 points
      Given the deal "fx-u-draw-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 9D
        seat 3 draws; discards 10H
        seat 0 draws; discards QS
        seat 1 draws
        """
      Then the game is over by ù
      And seat 1 has 2 points

    @id:u-points-zero @ruleset:all @reading:AMB.U-POINTS=zero
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.U-AUTOMATIC=automatic
    @clause:RANK.DEADWOOD-POINTS @clause:U.WINNER
    Scenario: Reading zero: the ù player's points are 0 whatever its ù leaves
      Given the deal "fx-u-draw-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 9D
        seat 3 draws; discards 10H
        seat 0 draws; discards QS
        seat 1 draws
        """
      Then the game is over by ù
      And seat 1 has 0 points

  Rule: The losers' places in an ù game (AMB.U-RANKING)

    @id:u-ranking-play-order @ruleset:all @reading:AMB.U-RANKING=play-order
    @reading:AMB.HOLD-BACK=choose @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.TAI-EAT=may-eat
    @clause:MONEY.U-NO-RANKING @clause:U.WINNER @clause:U.TAI-TURN
    Scenario: Seat 2 laid nothing on its final-round turn before seat 0's ù: it is placed last, as móm
      Given the deal "fx-tai-4p"
      When the script "t-a-laid" is played
      And the actions are played:
        """
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; discards 8D
        seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
        seat 0 draws
        """
      # seat 0 holds 5C 5S KD and draws 5H on its tái turn: ù, KD left over
      Then the game is over by ù
      And seat 0 wins
      And the ranking is: seat 0 nhất, seat 1 nhì, seat 3 ba, seat 2 móm
      And seat 2 is móm

    @id:u-ranking-play-order-no-mom @ruleset:all @reading:AMB.U-RANKING=play-order-no-mom
    @reading:AMB.HOLD-BACK=choose @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.TAI-EAT=may-eat
    @clause:MONEY.U-NO-RANKING @clause:U.WINNER @clause:U.TAI-TURN
    Scenario: Reading play-order-no-mom: the losers follow seat 0 in play order, none of them móm
      Given the deal "fx-tai-4p"
      When the script "t-a-laid" is played
      And the actions are played:
        """
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; discards 8D
        seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
        seat 0 draws
        """
      Then the game is over by ù
      And seat 0 wins
      And the ranking is: seat 0 nhất, seat 1 nhì, seat 2 ba, seat 3 bét
      And seat 2 is not móm

  Rule: A timeout whose draw completes an ù (AMB.TIMEOUT-U)

    @id:timeout-u-stands @ruleset:all @reading:AMB.TIMEOUT-U=u-stands
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.U-AUTOMATIC=automatic
    @clause:TIME.AUTO-PLAY @clause:U.AUTOMATIC @clause:U.THUONG
    Scenario: Seat 1 times out on the turn whose draw, KD, completes its ù: the ù stands
      Given the deal "fx-u-draw-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 9D
        seat 3 draws; discards 10H
        seat 0 draws; discards QS
        """
      And seat 1 times out
      Then the auto-play draws for seat 1
      And the game is over by ù
      And seat 1 ù thường
      And the totals are: -5, +15, -5, -5

    @id:timeout-u-discard-highest @ruleset:all @reading:AMB.TIMEOUT-U=discard-highest
    @clause:TIME.AUTO-PLAY @clause:U.AUTOMATIC
    Scenario: Reading discard-highest: the timed-out turn draws KD and discards it, its highest card; no ù
      Given the deal "fx-u-draw-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 9D
        seat 3 draws; discards 10H
        seat 0 draws; discards QS
        """
      And seat 1 times out
      Then the auto-play draws for seat 1
      And the auto-play discards KD for seat 1
      And nobody ù
      And the game is not over
      And seat 1's hand is 3S 3D 3H 6C 7C 8C JD QD 2H
      And it is seat 2's turn
