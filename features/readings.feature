Feature: Readings real engines take where the sources are silent
  Each reading of the register (spec/ambiguities.yaml) that the reference can play has a
  scenario here: the rulesets' own reading and the other one, each tagged with its reading,
  so that an implementation that declares one of them is checked on it and skips the other.

  Deals: fx-u-draw-4p (features/fixtures/u.yaml): seat 1 holds 3S 3D 3H, 6C 7C 8C, JD QD and
  2H and draws KD on its second turn: ù, 2H left over. fx-tai-4p (features/fixtures/deals.yaml,
  003's VD1): seat 0 lays 9S 9D 9H and 2H 3H 4H on turn 13, keeping 5C 5S KD, and discards
  the cây chốt JS; seat 1 eats it, so seat 0 gets a tái turn, on which it draws 5H: ù, KD
  left over. ck-round-4p (features/fixtures/extras.yaml): seat 0, the lead, eats seat 3's
  round-1 5H with 3H 4H, so its own round-1 card moves to seat 3 (chuyển bài), and discards
  KC, which seat 1 eats with KS KD. xkd-4p (features/fixtures/extras.yaml): seat 1 holds its
  dealt KS KD KH; seat 2 draws into an ù on turn 15.

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
    @reading:AMB.SEND-COMPULSORY=optional
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
    @reading:AMB.SEND-COMPULSORY=optional
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

  Rule: The round that prices a cá K after chuyển bài (AMB.CA-K-ROUND)

    @id:ca-k-round-discarder-turn @ruleset:u9la @reading:AMB.CA-K-ROUND=discarder-turn
    @clause:EXTRA.CA-K @clause:ROUND.CHUYEN-BAI
    Scenario: Seat 0 ate on its round-2 turn, so its round-1 card moved; its KC, eaten, is priced by that turn: round 2, 4
      Given the deal "ck-round-4p"
      When the actions are played:
        """
        seat 0 discards JS
        seat 1 draws; discards 10S
        seat 2 draws; discards QH
        seat 3 draws; discards 5H
        seat 0 eats 5H with 3H 4H
        """
      Then JS is moved from seat 0's pile to seat 3's pile
      When seat 0 discards KC
      And seat 1 eats KC with KS KD
      Then seat 0 pays seat 1 4 for cá K

    @id:ca-k-round-pile-place @ruleset:u9la @reading:AMB.CA-K-ROUND=pile-place
    @clause:EXTRA.CA-K @clause:ROUND.CHUYEN-BAI
    Scenario: Reading pile-place: KC lay first in seat 0's pile when eaten, so it is priced as round 1: 2
      Given the deal "ck-round-4p"
      When the actions are played:
        """
        seat 0 discards JS
        seat 1 draws; discards 10S
        seat 2 draws; discards QH
        seat 3 draws; discards 5H
        seat 0 eats 5H with 3H 4H
        """
      Then JS is moved from seat 0's pile to seat 3's pile
      When seat 0 discards KC
      And seat 1 eats KC with KS KD
      Then seat 0 pays seat 1 2 for cá K

  Rule: Which Kings make an ù K (AMB.U-K-KINGS)

    @id:u-k-king-phom @ruleset:u9la @reading:AMB.U-K-KINGS=king-phom @negative
    @reading:AMB.HOLD-BACK=choose @reading:AMB.U-LEFTOVER=one-leftover
    @clause:EXTRA.U-K @clause:EXTRA.U-K.OWN-KINGS
    Scenario: Seat 1 keeps its dealt KS KD KH in hand, unlaid, when seat 2 ù: no ù K
      Given the deal "xkd-4p"
      When the script "xkd-to-final" is played
      And the actions are played:
        """
        seat 0 draws; discards 5C
        seat 1 draws; discards 8S
        seat 2 draws
        """
      # seat 2: AS AC AD, 6H 7H 8H, 9S 10S JS; 2H left over
      Then seat 2 ù
      And nobody pays for ù K

    @id:u-k-own-kings-anywhere @ruleset:u9la @reading:AMB.U-K-KINGS=own-kings-anywhere
    @reading:AMB.HOLD-BACK=choose @reading:AMB.U-LEFTOVER=one-leftover
    @clause:EXTRA.U-K @clause:EXTRA.U-K.OWN-KINGS
    Scenario: Reading own-kings-anywhere: seat 1's three own Kings in hand count: 5 from each other seat
      Given the deal "xkd-4p"
      When the script "xkd-to-final" is played
      And the actions are played:
        """
        seat 0 draws; discards 5C
        seat 1 draws; discards 8S
        seat 2 draws
        """
      Then seat 2 ù
      And seat 0 pays seat 1 5 for ù K
      And seat 2 pays seat 1 5 for ù K
      And seat 3 pays seat 1 5 for ù K

  Rule: The ù player who is itself the latest chốt-eater (AMB.CHOT-LIABILITY-SELF)

    # fx-tai-4p: seat 1 eats seat 0's cây chốt JS (the first chốt-eater); seat 3 keeps 6D 7D
    # back and discards its cây chốt 5D, which seat 0 eats with 5C 5S on its tái turn: ù
    # (KD left over), seat 0 being now the latest chốt-eater.

    @id:chot-self-no-den @ruleset:co-ban @reading:AMB.CHOT-LIABILITY-SELF=no-den @negative
    @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-TAI-004=no-den @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong
    @reading:AMB.DEN-LIABLE=chot-liability @reading:AMB.HOLD-BACK=choose @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.U-TAI-LAID=laid-count
    @clause:DEN.CHOT-LIABILITY @clause:DEN.CHOT-LIABILITY-TRANSFER @clause:U.TAI-TURN
    Scenario: Seat 0 eats a cây chốt into its ù: nobody is liable for the chốt, the ù is ordinary
      Given the deal "fx-tai-4p"
      When the script "t-a-laid" is played
      And the actions are played:
        """
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; lays down 10H JH QH; discards 8D
        seat 3 draws; lays down AS AC AD; discards 5D
        """
      Then seat 0 gets a tái turn
      When seat 0 eats 5D with 5C 5S
      Then seat 0 ù
      And the ù is not đền
      And seat 1 pays seat 0 5 for ù
      And seat 2 pays seat 0 5 for ù
      And seat 3 pays seat 0 5 for ù

    @id:chot-self-earlier-eater @ruleset:co-ban @reading:AMB.CHOT-LIABILITY-SELF=earlier-eater
    @reading:AMB.DEN-DIRECT=not-den
    @reading:AMB.DEN-LIABLE=chot-liability @reading:AMB.HOLD-BACK=choose @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.U-TAI-LAID=laid-count
    @clause:DEN.CHOT-LIABILITY @clause:DEN.CHOT-LIABILITY-TRANSFER @clause:U.TAI-TURN
    Scenario: Reading earlier-eater: seat 1, the chốt-eater before seat 0, pays for the table
      Given the deal "fx-tai-4p"
      When the script "t-a-laid" is played
      And the actions are played:
        """
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; lays down 10H JH QH; discards 8D
        seat 3 draws; lays down AS AC AD; discards 5D
        """
      Then seat 0 gets a tái turn
      When seat 0 eats 5D with 5C 5S
      Then seat 0 ù
      # 5 x 3 losers = 15
      And seat 0 ù đền is paid by seat 1 for 15
      And seat 2 pays seat 0 nothing for ù
      And seat 3 pays seat 0 nothing for ù

  Rule: The ù check of a player who has laid down (AMB.U-TAI-LAID)

    # fx-tai-regroup-4p: seat 0 has laid 9S 9D 9H and 2H 3H 4H and holds 4S 4D KD when its
    # tái turn's draw brings AH.

    @id:u-tai-laid-count @ruleset:all @reading:AMB.U-TAI-LAID=laid-count @negative
    @reading:AMB.TAI-EAT=may-eat @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.HOLD-BACK=choose
    @clause:U.TAI-TURN @clause:ROUND.TAI
    Scenario: The laid phỏm count as they lie: 4S 4D KD AH in hand is no ù
      Given the deal "fx-tai-regroup-4p"
      When the actions are played:
        """
        seat 0 discards 3D
        seat 1 draws; discards 5S
        seat 2 draws; discards 6C
        seat 3 draws; discards 8C
        seat 0 draws; discards 2D
        seat 1 draws; discards QD
        seat 2 draws; discards 2S
        seat 3 draws; discards JD
        seat 0 draws; discards 6S
        seat 1 draws; discards 8H
        seat 2 draws; discards KC
        seat 3 draws; discards QC
        seat 0 draws; lays down 9S 9D 9H and 2H 3H 4H; discards JS
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; lays down 10H JH QH; discards 8D
        seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards KH
        """
      Then seat 0 gets a tái turn
      When seat 0 draws
      Then nobody ù
      And the game is not over
      And seat 0 may discard KD

    @id:u-tai-regroup-laid @ruleset:all @reading:AMB.U-TAI-LAID=regroup-laid
    @reading:AMB.TAI-EAT=may-eat @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.HOLD-BACK=choose
    @clause:U.TAI-TURN @clause:ROUND.TAI
    Scenario: Reading regroup-laid: 2H 3H and 4H of the laid run regroup with AH and 4S 4D: ù, KD left over
      Given the deal "fx-tai-regroup-4p"
      When the actions are played:
        """
        seat 0 discards 3D
        seat 1 draws; discards 5S
        seat 2 draws; discards 6C
        seat 3 draws; discards 8C
        seat 0 draws; discards 2D
        seat 1 draws; discards QD
        seat 2 draws; discards 2S
        seat 3 draws; discards JD
        seat 0 draws; discards 6S
        seat 1 draws; discards 8H
        seat 2 draws; discards KC
        seat 3 draws; discards QC
        seat 0 draws; lays down 9S 9D 9H and 2H 3H 4H; discards JS
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; lays down 10H JH QH; discards 8D
        seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards KH
        """
      Then seat 0 gets a tái turn
      When seat 0 draws
      Then the game is over by ù
      And seat 0 ù

    @id:u-tai-no-u-after-lay-down @ruleset:all @reading:AMB.U-TAI-LAID=no-u-after-lay-down
    @reading:AMB.TAI-EAT=may-eat @reading:AMB.SEND-COMPULSORY=optional
    @clause:U.TAI-TURN @clause:ROUND.TAI
    Scenario: Reading no-u-after-lay-down: seat 0 has laid down, so 5C 5S 5H with KD left over is no ù
      Given the deal "fx-tai-4p"
      When the script "t-a-laid" is played
      And the actions are played:
        """
        seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
        seat 2 draws; lays down 10H JH QH; discards 8D
        seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
        """
      Then seat 0 gets a tái turn
      When seat 0 draws
      Then nobody ù
      And the game is not over
