Feature: Ù: a hand all in phỏm ends the game
  Right after a draw or an eat the engine checks the hand: when every card, or every card
  but one, can sit in a phỏm (eaten cards in phỏm of their own), the player ù and the game
  ends at once, in any round, with no discard and no claim (docs/readings.md: ù is
  automatic). The first player's ten dealt cards are not checked before the opening
  discard. On a turn after laying down only the hand is checked; the laid phỏm count. A
  player's third eat of the game is an ù as well. Under hoi-quan-bai a dealt hand without
  any cạ is ù khan and ends the game before the first discard. The ù player wins; every
  other player pays the ù amount (5; ù khan 10), unless the ù is đền (DEN.*); no ranking
  money is paid.

  Deals and scripts: features/fixtures/u.yaml. Ù khan hands are given in the scenarios
  (the stock is the remaining cards in index order).

  Rule: Ù thường after a draw or an eat, in any round, automatically

    @id:u-draw-in-round-2 @ruleset:all
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.U-AUTOMATIC=automatic
    @clause:U.THUONG @clause:U.ANY-ROUND @clause:U.AUTOMATIC @clause:U.WINNER @clause:U.PAYMENT
    Scenario: Seat 1 draws the card that completes its third phỏm on its second turn: ù, one card left over
      Given the deal "fx-u-draw-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 9D
        seat 3 draws; discards 10H
        seat 0 draws; discards QS
        """
      And seat 1 draws
      # 3S 3D 3H, 6C 7C 8C, JD QD KD: nine cards in phỏm, 2H left over
      Then the game is over by ù under clause U.ANY-ROUND
      And seat 1 ù thường
      And seat 1 wins
      And the ù is not đền
      And the payments are:
        """
        seat 0 pays seat 1 5 for ù
        seat 2 pays seat 1 5 for ù
        seat 3 pays seat 1 5 for ù
        """
      And the totals are: -5, +15, -5, -5

    @id:u-draw-not-yet @ruleset:all @negative @clause:U.THUONG
    Scenario: With four cards outside phỏm after the draw there is no ù
      Given the deal "fx-u-draw-4p"
      When seat 0 discards QC
      And seat 1 draws
      # JD QD 2H 5S are outside phỏm
      Then nobody ù
      And the game is not over
      And seat 1 may discard 5S
      And seat 1 holds 10 cards

    @id:u-automatic-no-discard-after @ruleset:all @negative
    @reading:AMB.U-AUTOMATIC=automatic
    @clause:U.AUTOMATIC @clause:U.ANY-ROUND
    Scenario: After the ù nobody plays on: not the ù player's discard, not a later round
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
      And seat 1 discards 2H
      Then the action is rejected with GAME_OVER
      When seat 2 draws
      Then the action is rejected with GAME_OVER
      And the game is over by ù

    @id:u-no-ranking-money @ruleset:all @negative @clause:U.WINNER @clause:U.PAYMENT
    Scenario: After an ù the others are not ranked by points: no money for places or móm
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
      Then nobody pays for the ranking
      And nobody pays for móm
      And seat 0 pays seat 1 nothing for nhì

    @id:u-draw-3p @ruleset:all @clause:U.THUONG @clause:U.PAYMENT @clause:U.WINNER @clause:U.ANY-ROUND
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Three players: the ù player gets 5 from each of the two others
      Given the deal "fx-u-draw-3p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards QH
        seat 0 draws; discards 2C
        """
      And seat 1 draws
      Then the game is over by ù
      And seat 1 ù thường
      And seat 1 wins
      And the payments are:
        """
        seat 0 pays seat 1 5 for ù
        seat 2 pays seat 1 5 for ù
        """
      And the totals are: -5, +10, -5

    @id:u-draw-2p @ruleset:all @clause:U.THUONG @clause:U.PAYMENT @clause:U.WINNER @clause:U.ANY-ROUND
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Two players: the ù player gets 5 from the other
      Given the deal "fx-u-draw-2p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 0 draws; discards QH
        """
      And seat 1 draws
      Then the game is over by ù
      And seat 1 ù thường
      And seat 1 wins
      And the totals are: -5, +5

    @id:u-eat-in-round-2 @ruleset:all
    @reading:AMB.U-LEFTOVER=one-leftover @reading:AMB.U-AUTOMATIC=automatic
    @clause:U.THUONG @clause:U.ANY-ROUND @clause:U.AUTOMATIC @clause:U.PAYMENT
    Scenario: Seat 1 eats seat 0's round-2 card into its third phỏm: ù at the eat
      Given the deal "fx-u-eat-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 10C
        seat 3 draws; discards KS
        seat 0 draws; discards 10D
        """
      And seat 1 eats 10D with JD QD
      Then the action is accepted
      And the game is over by ù under clause U.AUTOMATIC
      And seat 1 ù thường
      And the ù is not đền
      And seat 0 pays seat 1 5 for ù
      And seat 2 pays seat 1 5 for ù
      And seat 3 pays seat 1 5 for ù

    @id:u-eat-money-co-ban @ruleset:co-ban @clause:U.PAYMENT @clause:U.THUONG
    @reading:AMB.EAT-PRICE-002=free @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.THIRD-EAT-PRICE=none-priced
    Scenario: co-ban: the eat that makes the ù is free (not a chốt), the ù is 5 from each
      Given the deal "fx-u-eat-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 10C
        seat 3 draws; discards KS
        seat 0 draws; discards 10D
        seat 1 eats 10D with JD QD
        """
      Then the totals are: -5, +15, -5, -5

    @id:u-eat-money-priced-eat @ruleset:ki-gui @ruleset:u9la @ruleset:hoi-quan-bai
    @reading:AMB.U-MAKING-EAT=paid @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.THIRD-EAT-PRICE=three
    @clause:U.PAYMENT @clause:U.THUONG @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded
    Scenario: Elsewhere the eat is paid too (seat 0's first eaten card: 1), then 5 from each
      Given the deal "fx-u-eat-4p"
      When the actions are played:
        """
        seat 0 discards QC
        seat 1 draws; discards 5S
        seat 2 draws; discards 10C
        seat 3 draws; discards KS
        seat 0 draws; discards 10D
        seat 1 eats 10D with JD QD
        """
      Then the payments are:
        """
        seat 0 pays seat 1 1 for ăn bài
        seat 0 pays seat 1 5 for ù
        seat 2 pays seat 1 5 for ù
        seat 3 pays seat 1 5 for ù
        """
      And the totals are: -6, +16, -5, -5

  Rule: No ù on the ten dealt cards

    @id:u-dealt-ten-then-first-draw @ruleset:all
    @reading:AMB.U-DEALT-TEN=after-discard @reading:AMB.U-LEFTOVER=one-leftover
    @clause:U.NOT-BEFORE-FIRST-DISCARD @clause:U.THUONG @clause:U.PAYMENT
    Scenario: The first seat's ten dealt cards hold three phỏm: it must open, and ù on its first draw
      Given the deal "fx-u-dealt-ten-4p"
      When the game starts
      Then the game is not over
      And seat 0 may discard 2C
      And seat 0 may not draw
      When seat 0 discards 2C
      Then the action is accepted
      And the game is not over
      When the actions are played:
        """
        seat 1 draws; discards 3H
        seat 2 draws; discards 8C
        seat 3 draws; discards 10S
        """
      And seat 0 draws
      # 4S 5S 6S, 9D 9C 9H, 10H JH QH; 2D left over
      Then the game is over by ù
      And seat 0 ù thường
      And the totals are: +15, -5, -5, -5

    @id:u-dealt-ten-no-u-at-start @ruleset:all @negative @clause:U.NOT-BEFORE-FIRST-DISCARD
    @reading:AMB.U-DEALT-TEN=after-discard
    Scenario: Nobody ù when the game starts, although seat 0's ten cards are nine in phỏm and one
      Given the deal "fx-u-dealt-ten-4p"
      When the game starts
      Then nobody ù
      And the game is not over
      And it is seat 0's turn
      And seat 0 holds 10 cards

  Rule: Ù on a tái turn: the hand is checked, the laid phỏm count

    @id:u-tai-turn @ruleset:all @clause:U.TAI-TURN @clause:U.ANY-ROUND @clause:U.THUONG
    @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.U-LEFTOVER=one-leftover
    Scenario: After laying down two phỏm, seat 0 draws the third 5 on its tái turn: ù
      Given the deal "fx-u-tai-4p"
      When the script "ud-to-tai" is played
      Then seat 0 gets a tái turn
      And seat 0's hand is 5C 5S 6D
      When seat 0 draws
      # 5C 5S 5H in hand, 6D left over; 9S 9D 9H and 2H 3H 4H are on the table
      Then the game is over by ù
      And seat 0 ù thường

    @id:u-tai-turn-den @ruleset:co-ban @ruleset:ki-gui @ruleset:u9la @clause:U.TAI-TURN @reading:AMB.DEN-TAI-004=no-den @reading:AMB.DEN-TAI-004=eater-pays
    @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.DEN-LIABLE=chot-liability @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater
    Scenario: co-ban, ki-gui, u9la: seat 1, who ate seat 0's cây chốt, pays that ù for the table
      Given the deal "fx-u-tai-4p"
      When the script "ud-to-tai" is played
      And seat 0 draws
      Then seat 0 ù
      # 5 x 3 losers
      And seat 0 ù đền is paid by seat 1 for 15

    @id:u-tai-turn-plain-hoi-quan-bai @ruleset:hoi-quan-bai @clause:U.TAI-TURN @clause:U.PAYMENT @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong
    @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.DEN-TAI-004=no-den @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-LIABLE=direct-and-three-eats
    Scenario: hoi-quan-bai: the ù on the tái turn is an ordinary ù, 5 from each
      Given the deal "fx-u-tai-4p"
      When the script "ud-to-tai" is played
      And seat 0 draws
      Then seat 0 ù
      And the ù is not đền
      And the payments are:
        """
        seat 0 pays seat 1 4 for ăn chốt
        seat 1 pays seat 0 5 for ù
        seat 2 pays seat 0 5 for ù
        seat 3 pays seat 0 5 for ù
        """
      # seat 0: -4 + 15; seat 1: +4 - 5
      And the totals are: +11, -1, -5, -5

    @id:u-tai-turn-own-phom-no-help @ruleset:all @negative @clause:U.TAI-TURN
    @reading:AMB.U-TAI-LAID=laid-count @reading:AMB.TAI-OWN-PHOM=not-own
    Scenario: A tái draw that fits only a phỏm already laid makes no ù
      Given the deal "fx-u-tai-miss-4p"
      When the script "udm-to-tai" is played
      Then seat 0 gets a tái turn
      When seat 0 draws
      # hand 5C 5S 6D 9C: 9C would only extend the laid 9S 9D 9H
      Then nobody ù
      And the game is not over
      And seat 0's hand is 5C 5S 6D 9C
      When seat 0 discards 9C
      Then the game is over by points
      And nobody ù

  Rule: Ù by a third eat

    @id:u-three-eats @ruleset:all @clause:U.THREE-EATS @clause:U.ANY-ROUND
    @reading:AMB.THREE-EATS-U=u @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
    Scenario: Seat 1's third eat, on turn 10, is an ù; seat 0, whose three cards it ate, pays for the table
      Given the deal "fx-u-three-eats-4p"
      When the actions are played:
        """
        seat 0 discards 6C
        seat 1 eats 6C with 4C 5C; discards KH
        seat 2 draws; discards 6D
        seat 3 draws; discards 2S
        seat 0 draws; discards QS
        seat 1 eats QS with 10S JS; discards 3H
        seat 2 draws; discards 7C
        seat 3 draws; discards AS
        seat 0 draws; discards 8C
        """
      And seat 1 eats 8C with 8D 8H
      Then the game is over by ù
      And seat 1 ù by eating three cards
      # 5 x 3 losers
      And seat 1 ù đền is paid by seat 0 for 15

    @id:u-three-eats-money-co-ban @ruleset:co-ban @clause:U.THREE-EATS @reading:AMB.THIRD-EAT-PRICE=none-priced
    @reading:AMB.THREE-EATS-U=u @reading:AMB.EAT-PRICE-002=free @reading:AMB.EAT-PRICE-000=co-ban-table
    Scenario: co-ban: the three eats are free; seat 0 pays the ù for the table
      Given the deal "fx-u-three-eats-4p"
      When the actions are played:
        """
        seat 0 discards 6C
        seat 1 eats 6C with 4C 5C; discards KH
        seat 2 draws; discards 6D
        seat 3 draws; discards 2S
        seat 0 draws; discards QS
        seat 1 eats QS with 10S JS; discards 3H
        seat 2 draws; discards 7C
        seat 3 draws; discards AS
        seat 0 draws; discards 8C
        seat 1 eats 8C with 8D 8H
        """
      Then the payments are:
        """
        seat 0 pays seat 1 15 for ù đền
        """
      And the totals are: -15, +15, 0, 0

    @id:u-three-eats-money-priced @ruleset:ki-gui @ruleset:u9la @ruleset:hoi-quan-bai @clause:U.THREE-EATS @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded
    @reading:AMB.THREE-EATS-U=u @reading:AMB.U-MAKING-EAT=paid @reading:AMB.THIRD-EAT-PRICE=three @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=ki-gui-table
    Scenario: ki-gui, u9la, hoi-quan-bai: eats 1, 2, 3, then 15 for the table
      Given the deal "fx-u-three-eats-4p"
      When the actions are played:
        """
        seat 0 discards 6C
        seat 1 eats 6C with 4C 5C; discards KH
        seat 2 draws; discards 6D
        seat 3 draws; discards 2S
        seat 0 draws; discards QS
        seat 1 eats QS with 10S JS; discards 3H
        seat 2 draws; discards 7C
        seat 3 draws; discards AS
        seat 0 draws; discards 8C
        seat 1 eats 8C with 8D 8H
        """
      Then the payments are:
        """
        seat 0 pays seat 1 1 for ăn bài
        seat 0 pays seat 1 2 for ăn bài
        seat 0 pays seat 1 3 for ăn bài
        seat 0 pays seat 1 15 for ù đền
        """
      And the totals are: -21, +21, 0, 0

    @id:u-three-eats-khong-ki-gui @ruleset:ki-gui @clause:U.THREE-EATS @clause:U.PAYMENT @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded
    @reading:AMB.THREE-EATS-U=u @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.EAT-COUNT=per-victim @reading:AMB.THIRD-EAT-PRICE=three
    Scenario: In a "Không kí gửi" room the third eat is still an ù, paid by every loser
      Given the room option ki_gui is off
      And the deal "fx-u-three-eats-4p"
      When the actions are played:
        """
        seat 0 discards 6C
        seat 1 eats 6C with 4C 5C; discards KH
        seat 2 draws; discards 6D
        seat 3 draws; discards 2S
        seat 0 draws; discards QS
        seat 1 eats QS with 10S JS; discards 3H
        seat 2 draws; discards 7C
        seat 3 draws; discards AS
        seat 0 draws; discards 8C
        seat 1 eats 8C with 8D 8H
        """
      Then seat 1 ù by eating three cards
      And the ù is not đền
      # seat 0: -(1 + 2 + 3) - 5; seat 1: +6 + 15
      And the totals are: -11, +21, -5, -5

    @id:u-two-eats-no-u @ruleset:all @negative @clause:U.THREE-EATS
    @reading:AMB.THREE-EATS-U=u
    Scenario: Two eats are not an ù
      Given the deal "fx-u-three-eats-4p"
      When the actions are played:
        """
        seat 0 discards 6C
        seat 1 eats 6C with 4C 5C; discards KH
        seat 2 draws; discards 6D
        seat 3 draws; discards 2S
        seat 0 draws; discards QS
        """
      And seat 1 eats QS with 10S JS
      # 4C 5C 6C and 10S JS QS; 8D 8H 9C 3H outside
      Then nobody ù
      And the game is not over
      And seat 1 may discard 3H

  Rule: Ù in thêm vòng (hoi-quan-bai)

    @id:u-in-them-vong @ruleset:hoi-quan-bai @clause:U.ANY-ROUND @clause:U.THUONG
    @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-LIABLE=direct-and-three-eats
    @reading:AMB.THEM-VONG-ELSEWHERE=present @reading:AMB.THEM-VONG-U=den-direct @reading:AMB.DEN-DIRECT=den @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.U-TAI-LAID=laid-count
    Scenario: The thêm vòng eat completes seat 0's hand: ù, and the last chốt's discarder pays for the table
      Given the deal "fx-u-them-vong-4p"
      When the script "utv-to-last" is played
      Then seat 0 is offered thêm vòng
      When seat 0 eats 9D with 9S 9C
      # JS JC JH and 9S 9C 9D in hand, 3H left over
      Then the game is over by ù
      And seat 0 ù
      And seat 0 ù đền is paid by seat 3 for 15
      And seat 3 pays seat 0 4 for ăn chốt
      And the totals are: +19, 0, 0, -19

  Rule: Ù khan (hoi-quan-bai): a dealt hand without any cạ

    @id:u-khan-nine-cards @ruleset:hoi-quan-bai @clause:U.KHAN @clause:U.PAYMENT @clause:U.WINNER
    Scenario: Seat 2's nine cards hold no cạ: ù khan at the deal, 10 from each other seat
      Given a 4-player "hoi-quan-bai" game
      And seat 0 holds 2S 3S 5D 6D 9H 10H QD 3C 6C 9D
      And seat 1 holds 5S 6S 2D 3D 7H 8H JD QC KC
      And seat 2 holds AS 4S 7S 10S KS 2C 5C 8C JC
      And seat 3 holds 8S 9S 4D 7D AH 2H JH KD QS
      When the game starts
      Then the game is over by ù khan
      And seat 2 ù khan
      And seat 2 wins
      And the payments are:
        """
        seat 0 pays seat 2 10 for ù
        seat 1 pays seat 2 10 for ù
        seat 3 pays seat 2 10 for ù
        """
      And the totals are: -10, -10, +30, -10

    @id:u-khan-3p @ruleset:hoi-quan-bai @clause:U.KHAN @clause:U.PAYMENT
    @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Three players: ù khan collects 10 from each of the two others
      Given a 3-player "hoi-quan-bai" game
      And seat 0 holds 2S 3S 5D 6D 9H 10H QD 3C 6C 9D
      And seat 1 holds AS 4S 7S 10S KS 2C 5C 8C JC
      And seat 2 holds 5S 6S 2D 3D 7H 8H JD QC KC
      When the game starts
      Then the game is over by ù khan
      And seat 1 ù khan
      And the totals are: -10, +20, -10

    @id:u-khan-one-ca @ruleset:hoi-quan-bai @negative @clause:U.KHAN
    Scenario: One cạ (10S QS) is enough: no ù khan, the game starts
      Given a 4-player "hoi-quan-bai" game
      And seat 0 holds 2S 3S 5D 6D 9H 10H QD 3C 6C 9D
      And seat 1 holds 5S 6S 2D 3D 7H 8H JD QC KC
      And seat 2 holds AS 4S 7S 10S QS 2C 5C 8C JC
      And seat 3 holds 8S 9S 4D 7D AH 2H JH KD KS
      When the game starts
      Then nobody ù
      And the game is not over
      And it is seat 0's turn

    @id:u-khan-absent @ruleset:co-ban @ruleset:ki-gui @ruleset:u9la @negative @clause:U.KHAN
    Scenario: Without ù khan a hand with no cạ just plays on
      Given a 4-player game
      And seat 0 holds 2S 3S 5D 6D 9H 10H QD 3C 6C 9D
      And seat 1 holds 5S 6S 2D 3D 7H 8H JD QC KC
      And seat 2 holds AS 4S 7S 10S KS 2C 5C 8C JC
      And seat 3 holds 8S 9S 4D 7D AH 2H JH KD QS
      When the game starts
      Then nobody ù
      And the game is not over
      And seat 0 may discard 2S
      And nobody pays for ù

    @id:u-khan-first-player-ten @ruleset:hoi-quan-bai @clause:U.KHAN.FIRST-PLAYER @clause:U.KHAN
    @reading:AMB.U-KHAN-FIRST=ten-counts-play-order
    Scenario: The first seat's ten dealt cards without a cạ are ù khan too
      Given a 4-player "hoi-quan-bai" game
      And seat 0 holds AS 4S 7S 10S KS 2C 5C 8C JC 3D
      And seat 1 holds 5S 6S 2D 4D 7H 8H JD QC KC
      And seat 2 holds 8S 9S 5D 7D AH 2H JH KD QS
      And seat 3 holds 2S 3S 6D 9D 9H 10H QD 3C 6C
      When the game starts
      Then the game is over by ù khan
      And seat 0 ù khan
      And the totals are: +30, -10, -10, -10

    @id:u-khan-two-at-once @ruleset:hoi-quan-bai @clause:U.KHAN.FIRST-PLAYER @clause:U.KHAN
    @reading:AMB.U-KHAN-FIRST=ten-counts-play-order
    Scenario: Seats 0 and 2 are both ù khan; seat 1 goes first, so seat 2 comes first in play order and wins
      Given a 4-player "hoi-quan-bai" game
      And seat 1 goes first
      And seat 0 holds AS 4S 7S 10S KS 2C 5C 8C JC
      And seat 1 holds 2S 3S 6S 3C 4C 6D 7D 2H 3H QS
      And seat 2 holds AH 4H 7H 10H KH 2D 5D 8D JD
      And seat 3 holds 8S 9S QC KC 9D 10D 5H 6H 8H
      When the game starts
      Then the game is over by ù khan
      And seat 2 ù khan
      And seat 2 wins
      # seat 0, ù khan as well, pays like the other losers
      And the payments are:
        """
        seat 0 pays seat 2 10 for ù
        seat 1 pays seat 2 10 for ù
        seat 3 pays seat 2 10 for ù
        """
      And the totals are: -10, -10, +30, -10

    @id:u-khan-first-player-one-ca @ruleset:hoi-quan-bai @negative @clause:U.KHAN.FIRST-PLAYER
    @reading:AMB.U-KHAN-FIRST=ten-counts-play-order
    Scenario: The first seat's ten cards with one cạ (2C 3C) are no ù khan
      Given a 4-player "hoi-quan-bai" game
      And seat 0 holds AS 4S 7S 10S KS 2C 5C 8C JC 3C
      And seat 1 holds 5S 6S 2D 4D 7H 8H JD QC KC
      And seat 2 holds 8S 9S 5D 7D AH 2H JH KD QS
      And seat 3 holds 2S 3S 6D 9D 9H 10H QD 3D 6C
      When the game starts
      Then nobody ù
      And the game is not over
      And seat 0 may discard 3C
