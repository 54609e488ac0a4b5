Feature: Money (tính tiền)
  Every amount is a whole number of stakes and moves from one player to another, so the
  table always sums to zero. Without ù, the places pay the Nhất: at 4 players Nhì 1, Ba 2,
  Bét 3; at 3 players 1 and 2 (ki-gui: 1 and 3, its last place pays 3); at 2 players 1; a
  móm player pays 4 at every table size. Eat money paid during the game stays and adds up
  with the settlement. After an ù there is no ranking money at all.

  Source 004's own worked example (B +8, A −3, C −1, D −4) is the fixture case
  "money-example-004" in features/fixtures/money-004.yaml. The 4-player games below use the
  deal "fx-quiet-4p" and the scripts of features/fixtures/ranking.yaml.

  # ------------------------------------------------------------------ ranking money, 4 players

  @id:money-rank-payments-four-players @ruleset:all @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SEND-EXTENDED=extend-again
  @clause:MONEY.RANK-PAYMENTS @clause:MONEY.PAID-TO-NHAT @clause:MONEY.ZERO-SUM @clause:MONEY.STAKE-UNIT
  Scenario: Nhì pays 1, Ba 2 and Bét 3, all to the Nhất
    Given the deal "fx-quiet-4p"
    When the script "rk-sends" is played
    Then the ranking is: seat 2 nhất 30, seat 3 nhì 31, seat 0 ba 38, seat 1 bét 46
    And the payments are:
      """
      seat 3 pays seat 2 1 for nhì
      seat 0 pays seat 2 2 for ba
      seat 1 pays seat 2 3 for bét
      """
    # seat 2: 1 + 2 + 3 = +6
    And the totals are: -2, -3, +6, -1
    And the money sums to zero

  @id:money-only-the-nhat-receives @ruleset:all @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  @clause:MONEY.PAID-TO-NHAT @clause:MONEY.MOM-PAYMENT @negative @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: The Nhì and the Ba receive nothing from the places below them; without móm nobody pays 4
    Given the deal "fx-quiet-4p"
    When the script "rk-sends" is played
    Then seat 0 pays seat 3 nothing for ba
    And seat 1 pays seat 3 nothing for bét
    And seat 1 pays seat 0 nothing for bét
    And nobody pays for móm
    And seat 1 pays seat 2 3 for bét

  @id:money-one-mom-no-bet @ruleset:all
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  @clause:MONEY.RANK-PAYMENTS @clause:RANK.MOM @negative
  Scenario: With one móm the places are Nhất, Nhì, Ba and móm: the Ba pays 2, nobody pays as Bét
    Given the deal "fx-quiet-4p"
    When the script "rk-one-mom" is played
    Then the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 1 ba 46, seat 3 móm
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      seat 3 pays seat 2 4 for móm
      """
    And the totals are: -1, -2, +7, -4

  @id:money-two-mom-pay-4-each @ruleset:all @clause:MONEY.MOM-PAYMENT @clause:MONEY.ZERO-SUM
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: Two móm players each pay 4, whatever their place among the móm
    Given the deal "fx-quiet-4p"
    When the script "rk-two-mom" is played
    Then the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 4 for móm
      seat 3 pays seat 2 4 for móm
      """
    # seat 2: 1 + 4 + 4 = +9
    And the totals are: -1, -4, +9, -4
    And the money sums to zero

  # ------------------------------------------------------------------ small tables

  @id:money-three-players-last-pays-2 @ruleset:co-ban @ruleset:hoi-quan-bai @ruleset:u9la
  @clause:MONEY.SMALL-TABLES @clause:MONEY.RANK-PAYMENTS @reading:AMB.RANK-000=graded @reading:AMB.SMALL-TABLE-RANKS=positional
  Scenario: At 3 players the Nhì pays 1 and the Ba, last, pays 2
    Given the deal "rk-3p"
    When the script "rk3-full" is played
    Then the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 1 ba 46
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 2 for ba
      """
    And the totals are: -1, -2, +3

  @id:money-three-players-last-pays-3-ki-gui @ruleset:ki-gui @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three
  @clause:MONEY.SMALL-TABLES @clause:MONEY.RANK-PAYMENTS @reading:AMB.RANK-000=graded-last-three
  Scenario: Under ki-gui the last of 3 players pays 3 (003's "về cuối")
    Given the deal "rk-3p"
    When the script "rk3-full" is played
    Then the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 1 ba 46
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 3 for ba
      """
    And the totals are: -1, -3, +4

  @id:money-three-players-mom-pays-4 @ruleset:all @clause:MONEY.SMALL-TABLES @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: At 3 players a móm pays 4, not the last place's 2 or 3
    Given the deal "rk-3p"
    When the script "rk3-mom" is played
    # seat 2 keeps 3H (nothing to send it to): AS 8S 3D QD 3H 8H = 35
    Then the ranking is: seat 2 nhất 35, seat 0 nhì 41, seat 1 móm
    And seat 1 pays seat 2 nothing for ba
    And the payments are:
      """
      seat 0 pays seat 2 1 for nhì
      seat 1 pays seat 2 4 for móm
      """
    And the totals are: -1, -4, +5

  @id:money-two-players-nhi-pays-1 @ruleset:all @clause:MONEY.SMALL-TABLES @clause:MONEY.RANK-PAYMENTS @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SMALL-TABLE-RANKS=positional @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three
  Scenario: At 2 players the Nhì pays the Nhất 1
    Given the deal "rk-2p"
    When the script "rk2p-full" is played
    Then the payments are:
      """
      seat 1 pays seat 0 1 for nhì
      """
    And the totals are: +1, -1

  @id:money-two-players-mom-pays-4 @ruleset:all @clause:MONEY.SMALL-TABLES @negative
  @reading:AMB.HOLD-BACK=choose
  Scenario: At 2 players a móm second pays 4, not the Nhì's 1
    Given the deal "rk-2p"
    When the script "rk2p-mom" is played
    Then the ranking is: seat 0 nhất 41, seat 1 móm
    And seat 1 pays seat 0 nothing for nhì
    And the payments are:
      """
      seat 1 pays seat 0 4 for móm
      """
    And the totals are: +4, -4

  # ------------------------------------------------------------------ eat money adds up

  @id:money-eat-adds-hoi-quan-bai-u9la @ruleset:hoi-quan-bai @ruleset:u9la
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.RANK-000=graded
  @clause:MONEY.EAT-ADDS @clause:EAT.PAID-AT-ONCE @clause:MONEY.PAID-TO-NHAT
  @clause:RANK.TIE-EARLIER-LAYDOWN @clause:MONEY.ZERO-SUM @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  Scenario: Seat 0 pays 4 for its eaten chốt, then wins the game: both payments stand
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H; lays down 6H 7H 8H; discards KH
      """
    Then seat 0's money is -4
    And the money sums to zero
    When the actions are played:
      """
      seat 2 draws; lays down 7S 7C 7D; discards JH
      seat 3 draws; lays down 10S JS QS; discards 5H
      seat 0 draws; lays down AD 2D 3D 4D; discards KS
      """
    Then the game is over by points
    # seat 0: 6S AC 5C 9C 3H = 24; seat 3: AS 3C 8C 6D 4H 9H = 31; seats 1 (5S 9S 2C 5D
    # 9D QD) and 2 (3S 10H JD 4C KD AH) tie on 42, seat 1 laid down first
    And the ranking is: seat 0 nhất 24, seat 3 nhì 31, seat 1 ba 42, seat 2 bét 42
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 3 pays seat 0 1 for nhì
      seat 1 pays seat 0 2 for ba
      seat 2 pays seat 0 3 for bét
      """
    # seat 0: -4 + 1 + 2 + 3 = +2; seat 1: +4 - 2 = +2
    And the totals are: +2, +2, -3, -1
    And the money sums to zero

  @id:money-eat-adds-ki-gui @ruleset:ki-gui @reading:AMB.EAT-PRICE-000=ki-gui-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=three
  @clause:MONEY.EAT-ADDS @clause:EAT.PAID-AT-ONCE @reading:AMB.RANK-000=graded-last-three
  Scenario: Under ki-gui the same game: the chốt eat costs 3 and stays paid
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H; lays down 6H 7H 8H; discards KH
      seat 2 draws; lays down 7S 7C 7D; discards JH
      seat 3 draws; lays down 10S JS QS; discards 5H
      seat 0 draws; lays down AD 2D 3D 4D; discards KS
      """
    Then the payments are:
      """
      seat 0 pays seat 1 3 for ăn chốt
      seat 3 pays seat 0 1 for nhì
      seat 1 pays seat 0 2 for ba
      seat 2 pays seat 0 3 for bét
      """
    # seat 0: -3 + 6 = +3; seat 1: +3 - 2 = +1
    And the totals are: +3, +1, -3, -1

  @id:money-eat-adds-co-ban @ruleset:co-ban @reading:AMB.EAT-PRICE-000=co-ban-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=one
  @clause:MONEY.EAT-ADDS @clause:EAT.PAID-AT-ONCE @reading:AMB.RANK-000=graded
  Scenario: Under co-ban the same game: the chốt eat costs 1 and stays paid
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H; lays down 6H 7H 8H; discards KH
      seat 2 draws; lays down 7S 7C 7D; discards JH
      seat 3 draws; lays down 10S JS QS; discards 5H
      seat 0 draws; lays down AD 2D 3D 4D; discards KS
      """
    Then the payments are:
      """
      seat 0 pays seat 1 1 for ăn chốt
      seat 3 pays seat 0 1 for nhì
      seat 1 pays seat 0 2 for ba
      seat 2 pays seat 0 3 for bét
      """
    # seat 0: -1 + 6 = +5; seat 1: +1 - 2 = -1
    And the totals are: +5, -1, -3, -1

  @id:money-eat-not-absorbed-by-u @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  @clause:MONEY.EAT-ADDS @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-000=ki-gui-table
  Scenario: The eat that makes an ù is not absorbed in the ù money: seat 0 loses 1 + 5
    Given the deal "um-4p"
    When the actions are played:
      """
      seat 0 discards 2C
      seat 1 draws; discards 2S
      seat 2 draws; discards 6S
      seat 3 draws; discards 10S
      seat 0 draws; discards QD
      seat 1 eats QD with 10D JD
      """
    Then seat 1 ù
    And seat 0 pays seat 1 1 for ăn bài
    And seat 0 pays seat 1 5 for ù
    And the totals are: -6, +16, -5, -5

  @id:money-eat-not-absorbed-by-u-co-ban @ruleset:co-ban @clause:MONEY.EAT-ADDS @negative @reading:AMB.EAT-PRICE-000=co-ban-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=one @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-LIABLE=chot-liability
  Scenario: Under co-ban the chốt eat that makes an ù is not absorbed: seat 0 loses 1 + 5
    Given the deal "um-4p"
    When the script "um-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards QD
      seat 1 eats QD with 10D JD
      """
    Then seat 1 ù
    And seat 0 pays seat 1 1 for ăn chốt
    And seat 0 pays seat 1 5 for ù
    And the totals are: -6, +16, -5, -5

  # ------------------------------------------------------------------ after an ù

  @id:money-u-pays-only-the-u @ruleset:all
  @clause:MONEY.U-NO-RANKING @clause:MONEY.ZERO-SUM @clause:MONEY.STAKE-UNIT
  Scenario: Seat 1 ù on its first draw: each other player pays 5 and nothing else
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 1 draws
    # 3S 3D 3H, 6C 7C 8C, JD QD KD; 2H left over
    Then the game is over by ù
    And seat 1 ù
    And the payments are:
      """
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -5, +15, -5, -5
    And the money sums to zero

  @id:money-u-no-mom-no-places @ruleset:all @clause:MONEY.U-NO-RANKING @negative
  Scenario: After an ù players without phỏm pay 5 for the ù, not 4 for móm, and nobody pays by place
    Given the deal "un-4p"
    When seat 0 discards KS
    And seat 1 draws
    Then nobody pays for móm
    And nobody pays for the ranking
    And seat 0 pays seat 1 5 for ù
