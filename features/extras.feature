Feature: House extras of the Ù 9 lá rules (u9la)
  Source 000 adds money on top of the common rules: ù tròn (all ten cards in phỏm after a
  draw, 10 per loser), đồng hoa trắng (every phỏm card of one suit, 10 per loser), ù thông
  (a second ù in a row, 2 more per loser), ù K (three or four of one's own Kings laid, 5 or
  10 from each other player, lost when the holder is liable for an ù đền), đồng hoa (five
  own cards of a suit in a row, 2 from each player without one, cancelled by another
  player's ù) and cá K (a King eaten costs 2, 4, 6 or 10 by the round of the discard). Ù
  kinds do not add up; the bonuses do. None of this exists under co-ban, ki-gui and
  hoi-quan-bai.

  Deals and scripts: features/fixtures/extras.yaml. In the short games seat 1 ù on turn 2.

  # ------------------------------------------------------------------ ù tròn

  @id:extra-u-tron @ruleset:u9la @clause:EXTRA.U-TRON
  Scenario: Seat 1's first draw 3S puts all ten cards in phỏm: ù tròn, 10 from each loser
    Given the deal "xt-4p"
    When seat 0 discards 2C
    And seat 1 draws
    # 3S 4S 5S 6S, 9D 9C 9H, QC QD QH
    Then seat 1 ù tròn
    And the payments are:
      """
      seat 0 pays seat 1 10 for ù
      seat 2 pays seat 1 10 for ù
      seat 3 pays seat 1 10 for ù
      """
    And the totals are: -10, +30, -10, -10

  @id:extra-u-tron-needs-all-ten @ruleset:u9la @clause:EXTRA.U-TRON @negative
  Scenario: The same hand drawing 2H is an ordinary ù (2H left over): 5 from each loser
    Given the deal "xt-4p-left"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù thường
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """

  @id:extra-u-tron-not-after-eat @ruleset:u9la @clause:EXTRA.U-TRON @negative @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: All ten cards in phỏm after an eat is not ù tròn
    Given the deal "xt-4p"
    When seat 0 discards 7S
    And seat 1 eats 7S with 5S 6S
    Then seat 1 ù thường
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -6, +16, -5, -5

  @id:extra-u-tron-absent @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:ki-gui
  @clause:EXTRA.U-TRON @clause:U.PAYMENT @negative
  Scenario: Without the extras all ten cards in phỏm after a draw is an ordinary ù
    Given the deal "xt-4p"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù thường
    And the totals are: -5, +15, -5, -5

  # ------------------------------------------------------------------ đồng hoa trắng

  @id:extra-dong-hoa-trang @ruleset:u9la @clause:EXTRA.DONG-HOA-TRANG @reading:AMB.DONG-HOA-TRANG=phom-cards-only
  Scenario: Nine hearts in phỏm and KC left over: đồng hoa trắng, 10 from each loser
    Given the deal "xh-4p"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù đồng hoa trắng
    And the payments are:
      """
      seat 0 pays seat 1 10 for ù
      seat 2 pays seat 1 10 for ù
      seat 3 pays seat 1 10 for ù
      """
    And the totals are: -10, +30, -10, -10

  @id:extra-dong-hoa-trang-needs-one-suit @ruleset:u9la @clause:EXTRA.DONG-HOA-TRANG @negative
  Scenario: An ù whose phỏm mix suits is not đồng hoa trắng
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 1 draws
    # 3S 3D 3H, 6C 7C 8C, JD QD KD
    Then seat 1 ù thường
    And the totals are: -5, +15, -5, -5

  @id:extra-dong-hoa-trang-absent @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:ki-gui
  @clause:EXTRA.DONG-HOA-TRANG @negative
  Scenario: Without the extras nine hearts in phỏm is an ordinary ù
    Given the deal "xh-4p"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù thường
    And the totals are: -5, +15, -5, -5

  # ------------------------------------------------------------------ stacking

  @id:extra-tron-and-trang-paid-once @ruleset:u9la @clause:EXTRA.STACKING @negative
  Scenario: Ten hearts in phỏm after a draw is ù tròn and đồng hoa trắng: 10 per loser, not 20
    Given the deal "xh-4p-kh"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 10 for ù
      seat 2 pays seat 1 10 for ù
      seat 3 pays seat 1 10 for ù
      """
    And the totals are: -10, +30, -10, -10

  @id:extra-stacking-tron-thong-u-k @ruleset:u9la
  @clause:EXTRA.STACKING @clause:EXTRA.U-TRON @clause:EXTRA.U-THONG @clause:EXTRA.U-K
  Scenario: Ù tròn that is also ù thông with three own Kings: each loser pays 10 + 2 + 5
    Given the deal "xs-4p"
    And seat 1 ù'd the previous game
    When seat 0 discards 2C
    And seat 1 draws
    # KS KD KH, 4S 5S 6S 7S, 9D 9C 9H
    Then seat 1 ù tròn
    And the payments are:
      """
      seat 0 pays seat 1 10 for ù
      seat 0 pays seat 1 2 for ù thông
      seat 0 pays seat 1 5 for ù K
      seat 2 pays seat 1 10 for ù
      seat 2 pays seat 1 2 for ù thông
      seat 2 pays seat 1 5 for ù K
      seat 3 pays seat 1 10 for ù
      seat 3 pays seat 1 2 for ù thông
      seat 3 pays seat 1 5 for ù K
      """
    # 17 per loser
    And the totals are: -17, +51, -17, -17

  # ------------------------------------------------------------------ ù thông

  @id:extra-u-thong @ruleset:u9la @clause:EXTRA.U-THONG
  Scenario: Seat 1 ù'd the previous game and ù again: each loser pays 5 + 2
    Given the deal "un-4p"
    And seat 1 ù'd the previous game
    When seat 0 discards KS
    And seat 1 draws
    Then seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 0 pays seat 1 2 for ù thông
      seat 2 pays seat 1 5 for ù
      seat 2 pays seat 1 2 for ù thông
      seat 3 pays seat 1 5 for ù
      seat 3 pays seat 1 2 for ù thông
      """
    And the totals are: -7, +21, -7, -7

  @id:extra-u-thong-third-in-a-row @ruleset:u9la @clause:EXTRA.U-THONG
  Scenario: A third ù in a row earns the same bonus of 2 per loser
    Given the deal "un-4p"
    And seat 1 ù'd the previous 2 games
    When seat 0 discards KS
    And seat 1 draws
    Then seat 1 ù
    And seat 2 pays seat 1 2 for ù thông
    And the totals are: -7, +21, -7, -7

  @id:extra-u-thong-other-player @ruleset:u9la @clause:EXTRA.U-THONG @negative
  Scenario: Seat 2 ù'd the previous game; seat 1's ù now is not ù thông
    Given the deal "un-4p"
    And seat 2 ù'd the previous game
    When seat 0 discards KS
    And seat 1 draws
    Then seat 1 ù
    And nobody pays for ù thông
    And the totals are: -5, +15, -5, -5

  @id:extra-u-thong-absent @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:ki-gui
  @clause:EXTRA.U-THONG @negative
  Scenario: Without the extras a second ù in a row earns nothing more
    Given the deal "un-4p"
    And seat 1 ù'd the previous game
    When seat 0 discards KS
    And seat 1 draws
    Then seat 1 ù
    And nobody pays for ù thông
    And the totals are: -5, +15, -5, -5

  @id:extra-u-thong-paid-by-the-liable @ruleset:u9la @clause:EXTRA.U-THONG @clause:DEN.PAYS-FOR-TABLE @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three @reading:AMB.THREE-EATS-U=u
  Scenario: Seat 1's ù thông by three eats from seat 0: seat 0 pays the ù đền and the bonus for everyone
    Given the deal "ep-4p"
    And seat 1 ù'd the previous game
    When the script "ep-two-eats" is played
    And the actions are played:
      """
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 1 ù by eating three cards
    And seat 1 ù đền is paid by seat 0 for 15
    And seat 2 pays seat 1 nothing for ù thông
    And seat 3 pays seat 1 nothing for ù thông
    # eats 1 + 2 + 3, ù đền 5 x 3 = 15, ù thông 2 x 3 = 6: 27
    And the totals are: -27, +27, 0, 0

  # ------------------------------------------------------------------ ù K

  @id:extra-u-k-three-kings @ruleset:u9la @clause:EXTRA.U-K @clause:EXTRA.U-K.OWN-KINGS
  Scenario: Seat 1 ù with KS KD KH dealt to it: 5 for the ù and 5 for ù K from each
    Given the deal "xk3-4p"
    When seat 0 discards 2S
    And seat 1 draws
    Then seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 0 pays seat 1 5 for ù K
      seat 2 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù K
      seat 3 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù K
      """
    And the totals are: -10, +30, -10, -10

  @id:extra-u-k-four-kings @ruleset:u9la @clause:EXTRA.U-K @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: Four own Kings pay 10 from each, not 5 + 10
    Given the deal "xk4-4p"
    When seat 0 discards 9S
    And seat 1 eats 9S with 9D 9H
    # KS KD KH KC, 4C 5C 6C, 9S 9D 9H
    Then seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 5 for ù
      seat 0 pays seat 1 10 for ù K
      seat 2 pays seat 1 5 for ù
      seat 2 pays seat 1 10 for ù K
      seat 3 pays seat 1 5 for ù
      seat 3 pays seat 1 10 for ù K
      """
    # seat 0: -(1 + 5 + 10)
    And the totals are: -16, +46, -15, -15

  @id:extra-u-k-drawn-king-counts @ruleset:u9la @clause:EXTRA.U-K.OWN-KINGS @clause:EXTRA.U-K
  Scenario: A King drawn from the stock counts: seat 1 draws KC to KS KD and ù with ù K
    Given the deal "xko-4p-draw"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù
    And seat 2 pays seat 1 5 for ù K
    And the totals are: -10, +30, -10, -10

  @id:extra-u-k-eaten-king-does-not-count @ruleset:u9la @clause:EXTRA.U-K.OWN-KINGS @negative
  Scenario: Seat 1 completes KS KD KH by eating seat 0's KH: no ù K (the eat is cá K, round 1)
    Given the deal "xko-4p"
    When seat 0 discards KH
    And seat 1 eats KH with KS KD
    Then seat 1 ù
    And nobody pays for ù K
    And the payments are:
      """
      seat 0 pays seat 1 2 for cá K
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -7, +17, -5, -5

  @id:extra-u-k-with-anothers-u @ruleset:u9la @clause:EXTRA.U-K
  Scenario: Seat 1 has laid KS KD KH when seat 2 ù: seat 1 still receives ù K from everyone
    Given the deal "xkd-4p"
    When the script "xkd-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 5C
      seat 1 draws; lays down KS KD KH; discards 8S
      seat 2 draws
      """
    # seat 2: AS AC AD, 6H 7H 8H, 9S 10S JS; 2H left over
    Then seat 2 ù
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 2 5 for ù
      seat 1 pays seat 2 5 for ù
      seat 3 pays seat 2 5 for ù
      seat 0 pays seat 1 5 for ù K
      seat 2 pays seat 1 5 for ù K
      seat 3 pays seat 1 5 for ù K
      """
    And the totals are: -10, +10, +10, -10

  @id:extra-u-k-not-cancelled-without-den @ruleset:u9la @clause:EXTRA.U-K.CANCELLED-BY-DEN @negative
  Scenario: Seat 1 ate nothing, so it is not liable for seat 2's ù and keeps its ù K
    Given the deal "xkd-4p"
    When the script "xkd-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 5C
      seat 1 draws; lays down KS KD KH; discards 8S
      seat 2 draws
      """
    Then seat 2 ù
    And seat 0 pays seat 1 5 for ù K
    And seat 3 pays seat 1 5 for ù K

  @id:extra-u-k-cancelled-for-den @ruleset:u9la @clause:EXTRA.U-K.CANCELLED-BY-DEN @clause:DEN.CHOT-LIABILITY @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  Scenario: Seat 1 ate seat 0's cây chốt and laid KS KD KH; seat 2's ù makes seat 1 liable and cancels its ù K
    Given the deal "xkd-4p"
    When the script "xkd-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 5C
      seat 1 eats 5C with 5S 5D; lays down KS KD KH and 5S 5D 5C; discards 10C
      seat 2 draws
      """
    Then seat 2 ù
    And seat 2 ù đền is paid by seat 1 for 15
    And nobody pays for ù K
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 1 pays seat 2 15 for ù đền
      """
    And the totals are: -4, -11, +15, 0

  @id:extra-u-k-kings-kept-in-hand @ruleset:u9la @clause:EXTRA.U-K @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.U-K-KINGS=king-phom
  Scenario: Three Kings kept in hand are no ù K (seat 1 ends móm)
    Given the deal "xf-4p"
    When the script "xf-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C 6C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then the game is over by points
    And seat 1 is móm
    And nobody pays for ù K
    # seat 2: 7S QS JC AD = 31; seat 3: JS 3D 5H 2S KC 6S = 40; seat 0: QD AS JH 2D 8D 9D = 43
    And the ranking is: seat 2 nhất 31, seat 3 nhì 40, seat 0 ba 43, seat 1 móm
    # ranking 1, 2, 4 to seat 2; đồng hoa: seats 1 and 3 pay 2 to seat 0 and 2 to seat 2
    And the totals are: +2, -8, +11, -5

  @id:extra-u-k-absent @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:ki-gui
  @clause:EXTRA.U-K @negative
  Scenario: Without the extras three Kings in the ù earn nothing more
    Given the deal "xk3-4p"
    When seat 0 discards 2S
    And seat 1 draws
    Then seat 1 ù
    And nobody pays for ù K
    And the totals are: -5, +15, -5, -5

  # ------------------------------------------------------------------ đồng hoa

  @id:extra-dong-hoa-one-holder @ruleset:u9la @clause:EXTRA.DONG-HOA @clause:EXTRA.U-K
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded
  Scenario: Seat 0 ends with 5D 6D 7D laid and 8D 9D in hand: đồng hoa, 2 from each other player
    Given the deal "xf-4p"
    When the script "xf-one-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; lays down KS KD KH; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then the game is over by points
    # seat 2: 7S QS JC AD 7H = 38; seat 3: 40; seat 1: 4D 10D 7C 8S QC AH = 42; seat 0: 43
    And the ranking is: seat 2 nhất 38, seat 3 nhì 40, seat 1 ba 42, seat 0 bét 43
    And the payments are:
      """
      seat 3 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      seat 0 pays seat 2 3 for bét
      seat 1 pays seat 0 2 for đồng hoa
      seat 2 pays seat 0 2 for đồng hoa
      seat 3 pays seat 0 2 for đồng hoa
      seat 0 pays seat 1 5 for ù K
      seat 2 pays seat 1 5 for ù K
      seat 3 pays seat 1 5 for ù K
      """
    # seat 0: -3 + 6 - 5 = -2; seat 1: -2 - 2 + 15 = +11; seat 2: +6 - 2 - 5 = -1; seat 3: -1 - 2 - 5 = -8
    And the totals are: -2, +11, -1, -8

  @id:extra-dong-hoa-four-in-a-row @ruleset:u9la @clause:EXTRA.DONG-HOA @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: Seat 2 ends with 2C 3C 4C 5C only: four in a row is no đồng hoa
    Given the deal "xf-4p"
    When the script "xf-one-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; lays down KS KD KH; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then seat 0 pays seat 2 nothing for đồng hoa
    And seat 1 pays seat 2 nothing for đồng hoa
    And seat 3 pays seat 2 nothing for đồng hoa

  @id:extra-dong-hoa-two-holders @ruleset:u9la @clause:EXTRA.DONG-HOA.SEVERAL-HOLDERS @clause:EXTRA.DONG-HOA
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded
  Scenario: Seats 0 and 2 both have đồng hoa: seats 1 and 3 pay 2 to each of them
    Given the deal "xf-4p"
    When the script "xf-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; lays down KS KD KH; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C 6C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then the game is over by points
    And the ranking is: seat 2 nhất 31, seat 3 nhì 40, seat 1 ba 42, seat 0 bét 43
    And the payments are:
      """
      seat 3 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      seat 0 pays seat 2 3 for bét
      seat 1 pays seat 0 2 for đồng hoa
      seat 3 pays seat 0 2 for đồng hoa
      seat 1 pays seat 2 2 for đồng hoa
      seat 3 pays seat 2 2 for đồng hoa
      seat 0 pays seat 1 5 for ù K
      seat 2 pays seat 1 5 for ù K
      seat 3 pays seat 1 5 for ù K
      """
    # seat 0: -3 + 4 - 5 = -4; seat 1: -2 - 4 + 15 = +9; seat 2: +6 + 4 - 5 = +5; seat 3: -1 - 4 - 5 = -10
    And the totals are: -4, +9, +5, -10

  @id:extra-dong-hoa-holders-pay-each-other-nothing @ruleset:u9la
  @reading:AMB.SEND-COMPULSORY=optional
  @clause:EXTRA.DONG-HOA.SEVERAL-HOLDERS @negative
  Scenario: The two holders of đồng hoa pay each other nothing for it
    Given the deal "xf-4p"
    When the script "xf-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; lays down KS KD KH; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C 6C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then seat 0 pays seat 2 nothing for đồng hoa
    And seat 2 pays seat 0 nothing for đồng hoa

  @id:extra-dong-hoa-and-u-k-absent @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:ki-gui
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  @clause:EXTRA.DONG-HOA @clause:EXTRA.DONG-HOA.SEVERAL-HOLDERS @clause:EXTRA.U-K @negative
  Scenario: Without the extras the same game pays the ranking only
    Given the deal "xf-4p"
    When the script "xf-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 5D 6D 7D; discards 6H
      seat 1 draws; lays down KS KD KH; discards QH
      seat 2 draws; lays down 2C 3C 4C 5C 6C; discards 3H
      seat 3 draws; lays down 8H 9H 10H; discards 2H
      """
    Then nobody pays for đồng hoa
    And nobody pays for ù K
    And the payments are:
      """
      seat 3 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      seat 0 pays seat 2 3 for bét
      """
    And the totals are: -3, -2, +6, -1

  @id:extra-dong-hoa-of-the-u-player @ruleset:u9la
  @clause:EXTRA.DONG-HOA @clause:EXTRA.DONG-HOA.OWN-CARDS
  Scenario: Seat 1 draws 7D to 5D 6D 8D 9D 10D and ù: đồng hoa is paid on top of the ù
    Given the deal "xo-4p-draw"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù thường
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 0 pays seat 1 2 for đồng hoa
      seat 2 pays seat 1 5 for ù
      seat 2 pays seat 1 2 for đồng hoa
      seat 3 pays seat 1 5 for ù
      seat 3 pays seat 1 2 for đồng hoa
      """
    And the totals are: -7, +21, -7, -7

  @id:extra-dong-hoa-eaten-card-does-not-count @ruleset:u9la @clause:EXTRA.DONG-HOA.OWN-CARDS @negative @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: Seat 1 eats seat 0's 7D to 5D 6D 8D 9D 10D and ù: the eaten card makes no đồng hoa
    Given the deal "xo-4p"
    When seat 0 discards 7D
    And seat 1 eats 7D with 5D 6D
    Then seat 1 ù
    And nobody pays for đồng hoa
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -6, +16, -5, -5

  @id:extra-dong-hoa-cancelled-by-anothers-u @ruleset:u9la @clause:EXTRA.DONG-HOA.CANCELLED-BY-U
  Scenario: Seat 0 holds 8H 9H 10H JH QH but seat 1 ù: seat 0 receives nothing for đồng hoa
    Given the deal "xc-4p"
    When seat 0 discards AD
    And seat 1 draws
    Then seat 1 ù
    And nobody pays for đồng hoa
    And the totals are: -5, +15, -5, -5

  @id:extra-dong-hoa-of-u-player-not-cancelled @ruleset:u9la
  @clause:EXTRA.DONG-HOA.CANCELLED-BY-U @negative
  Scenario: The ù player's own đồng hoa is not cancelled by its ù
    Given the deal "xo-4p-draw"
    When seat 0 discards 2C
    And seat 1 draws
    Then seat 1 ù
    And seat 0 pays seat 1 2 for đồng hoa
    And seat 3 pays seat 1 2 for đồng hoa

  # ------------------------------------------------------------------ cá K

  @id:extra-ca-k-round-1 @ruleset:u9la @clause:EXTRA.CA-K
  Scenario: Seat 1 eats seat 0's opening KC: cá K round 1 costs 2
    Given the deal "ck-4p"
    When seat 0 discards KC
    And seat 1 eats KC with KS KD
    Then seat 0 pays seat 1 2 for cá K
    And seat 0 pays seat 1 nothing for ăn bài
    And seat 0's money is -2

  @id:extra-ca-k-round-2 @ruleset:u9la @clause:EXTRA.CA-K
  Scenario: A King discarded in round 2 costs 4 when eaten
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards JS
      seat 1 draws; discards 10S
      seat 2 draws; discards QH
      seat 3 draws; discards JH
      seat 0 draws; discards KC
      seat 1 eats KC with KS KD
      """
    Then seat 0 pays seat 1 4 for cá K
    And seat 0's money is -4

  @id:extra-ca-k-round-3 @ruleset:u9la @clause:EXTRA.CA-K
  Scenario: A King discarded in round 3 costs 6 when eaten
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards JS
      seat 1 draws; discards 10S
      seat 2 draws; discards QH
      seat 3 draws; discards JH
      seat 0 draws; discards 8C
      seat 1 draws; discards 8D
      seat 2 draws; discards 2D
      seat 3 draws; discards 9C
      seat 0 draws; discards KC
      seat 1 eats KC with KS KD
      """
    Then seat 0 pays seat 1 6 for cá K
    And seat 0's money is -6

  @id:extra-ca-k-chot @ruleset:u9la @clause:EXTRA.CA-K @clause:MONEY.EAT-ADDS
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded
  Scenario: A King cây chốt costs 10 when eaten, not 4; the laid KS KD KC holds an eaten King (no ù K)
    Given the deal "ck-4p"
    When the script "ck-to-final" is played
    And seat 0 draws
    And seat 0 discards KC
    And seat 1 eats KC with KS KD
    Then seat 0 pays seat 1 10 for cá K
    And seat 0 pays seat 1 nothing for ăn chốt
    When the actions are played:
      """
      seat 1 lays down KS KD KC; discards QC
      seat 2 draws; lays down 6S 7S 8S; discards 10H
      seat 3 draws; lays down 10D JD QD; discards JC
      seat 0 draws; lays down 2H 3H 4H; discards 10C
      """
    Then the game is over by points
    And nobody pays for ù K
    # seat 1: 2S 5S 3C 6C 5D AH = 22; seat 3: 4S 9S AC 7C 3D 6H = 30;
    # seat 0: 5C 4D 6D 9D 7H 8H = 39; seat 2: 3S QS AD 5H 9H KH = 43
    And the ranking is: seat 1 nhất 22, seat 3 nhì 30, seat 0 ba 39, seat 2 bét 43
    And the payments are:
      """
      seat 0 pays seat 1 10 for cá K
      seat 3 pays seat 1 1 for nhì
      seat 0 pays seat 1 2 for ba
      seat 2 pays seat 1 3 for bét
      """
    And the totals are: -12, +16, -3, -1

  @id:extra-ca-k-counts-as-an-eaten-card @ruleset:u9la @clause:EXTRA.CA-K @clause:EAT.NTH-CARD @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: After its KC was eaten (cá K 2), seat 0's next eaten card is its second: 2
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards KC
      seat 1 eats KC with KS KD; discards QC
      seat 2 draws; discards 10S
      seat 3 draws; discards QH
      seat 0 draws; discards 5C
      seat 1 eats 5C with 5S 5D
      """
    Then seat 0 pays seat 1 2 for cá K
    And seat 0 pays seat 1 2 for ăn bài
    And seat 0's money is -4

  @id:extra-ca-k-only-for-kings @ruleset:u9la @clause:EXTRA.CA-K @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: A non-King discarded in round 2 costs the ordinary price, not 4
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards JS
      seat 1 draws; discards 10S
      seat 2 draws; discards QH
      seat 3 draws; discards JH
      seat 0 draws; discards 5C
      seat 1 eats 5C with 5S 5D
      """
    Then seat 0 pays seat 1 1 for ăn bài
    And nobody pays for cá K
    And seat 0's money is -1

  @id:extra-ca-k-absent @ruleset:hoi-quan-bai @ruleset:ki-gui @clause:EXTRA.CA-K @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: Without cá K a King discarded in round 2 costs the ordinary first-eat price 1
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards JS
      seat 1 draws; discards 10S
      seat 2 draws; discards QH
      seat 3 draws; discards JH
      seat 0 draws; discards KC
      seat 1 eats KC with KS KD
      """
    Then seat 0 pays seat 1 1 for ăn bài
    And nobody pays for cá K
    And seat 0's money is -1

  @id:extra-ca-k-absent-co-ban @ruleset:co-ban @clause:EXTRA.CA-K @negative @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.EAT-PRICE-002=free @reading:AMB.THIRD-EAT-PRICE=none-priced
  Scenario: Under co-ban a King discarded in round 2 is eaten for free
    Given the deal "ck-4p"
    When the actions are played:
      """
      seat 0 discards JS
      seat 1 draws; discards 10S
      seat 2 draws; discards QH
      seat 3 draws; discards JH
      seat 0 draws; discards KC
      seat 1 eats KC with KS KD
      """
    Then nobody pays for cá K
    And seat 0's money is 0

  @id:extra-ca-k-chot-absent @ruleset:hoi-quan-bai @clause:EXTRA.CA-K @negative @reading:AMB.RANK-000=graded
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  Scenario: Under hoi-quan-bai a King cây chốt costs the chốt price 4
    Given the deal "ck-4p"
    When the script "ck-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards KC
      seat 1 eats KC with KS KD; lays down KS KD KC; discards QC
      seat 2 draws; lays down 6S 7S 8S; discards 10H
      seat 3 draws; lays down 10D JD QD; discards JC
      seat 0 draws; lays down 2H 3H 4H; discards 10C
      """
    Then the game is over by points
    And nobody pays for cá K
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 3 pays seat 1 1 for nhì
      seat 0 pays seat 1 2 for ba
      seat 2 pays seat 1 3 for bét
      """
    And the totals are: -6, +10, -3, -1
