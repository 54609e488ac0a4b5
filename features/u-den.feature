Feature: Ù đền: one player pays the ù for the whole table
  When an ù is đền, the liable player pays the ù player what every loser would have paid;
  the other losers pay nothing for the ù. Who is liable depends on the ruleset: the victim
  of three eats (all), the discarder of an eaten cây chốt that makes the ù (hoi-quan-bai),
  the latest eater when the ù comes on a tái turn (ki-gui with kí gửi on, u9la), the latest
  chốt-eater (co-ban, u9la).

  The deal "fx-tai-4p" plays 003's examples: A = seat 0, B = seat 1, C = seat 2, D = seat 3.
  A lays down on turn 13 and discards the cây chốt JS; B eats it (A is the lead: nothing
  moves, A's pile is short again and A gets a tái turn). In VD1 D draws 5D on turn 16; A
  draws 5H on its tái turn and ù (5C 5S 5H, KD left over). In VD2 D eats C's cây chốt 8D
  instead; A draws 5D on its tái turn and ù.

  @id:vd1-tai-eater-pays-ki-gui @ruleset:ki-gui @source:003 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=three @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.DEN-TAI-004=eater-pays
  @clause:DEN.TAI-EATER @clause:DEN.PAYS-FOR-TABLE @clause:DEN.AMOUNT @clause:U.TAI-TURN
  @clause:ROUND.TAI @clause:DEN.EAT-PENALTY-STACKS @clause:DEN.ROOM-OPTION @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD1: A ù on its tái turn after B ate A's last card; B pays for the table
    Given the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And seat 1 eats JS with QS KS
    Then no card is moved
    And seat 0 pays seat 1 3 for ăn chốt
    When the actions are played:
      """
      seat 1 lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      """
    Then seat 0 gets a tái turn
    When seat 0 draws
    Then the game is over by ù
    And seat 0 ù
    # 5 x 3 losers = 15
    And seat 0 ù đền is paid by seat 1 for 15
    # A: -3 + 15; B: +3 - 15
    And the totals are: +12, -12, 0, 0

  @id:vd1-tai-eater-pays-u9la @ruleset:u9la @source:003 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:DEN.TAI-EATER @clause:DEN.AMOUNT @clause:DEN.PAYS-FOR-TABLE @clause:U.TAI-TURN
  @clause:DEN.EAT-PENALTY-STACKS @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD1 under u9la: B pays for the table
    Given the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And the actions are played:
      """
      seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And seat 0 ù đền is paid by seat 1 for 15
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 1 pays seat 0 15 for ù đền
      """
    And the totals are: +11, -11, 0, 0

  @id:vd1-chot-eater-pays-co-ban @ruleset:co-ban @source:003 @source:002 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-000=co-ban-table
  @clause:DEN.CHOT-LIABILITY @clause:DEN.PAYS-FOR-TABLE @clause:DEN.AMOUNT @clause:U.TAI-TURN
  @clause:DEN.EAT-PENALTY-STACKS @reading:AMB.DEN-LIABLE=chot-liability @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD1 under co-ban: B ate A's chốt, so B is liable for A's later ù
    Given the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And the actions are played:
      """
      seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And seat 0 ù đền is paid by seat 1 for 15
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn chốt
      seat 1 pays seat 0 15 for ù đền
      """
    And the totals are: +14, -14, 0, 0

  @id:vd1-not-den-hoi-quan-bai @ruleset:hoi-quan-bai @source:003 @source:004 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.DEN-LIABLE=direct-and-three-eats @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong
  @clause:U.TAI-TURN @clause:U.PAYMENT @clause:ROUND.TAI @clause:MONEY.U-NO-RANKING
  @reading:AMB.DEN-TAI-004=no-den @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD1 under hoi-quan-bai: an ù on a tái turn is an ordinary ù
    Given the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And the actions are played:
      """
      seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 1 pays seat 0 5 for ù
      seat 2 pays seat 0 5 for ù
      seat 3 pays seat 0 5 for ù
      """
    # A: -4 + 15; B: +4 - 5
    And the totals are: +11, -1, -5, -5

  @id:vd1-no-den-when-ki-gui-off @ruleset:ki-gui @source:003 @negative @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong
  @clause:DEN.ROOM-OPTION @clause:DEN.TAI-EATER @reading:AMB.CHOT-PRICE=three @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD1 in a "Không kí gửi" room: no ù đền, every loser pays
    Given the room option ki_gui is off
    And the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And the actions are played:
      """
      seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And the ù is not đền
    And the totals are: +12, -2, -5, -5

  @id:vd2-latest-eater-pays-ki-gui @ruleset:ki-gui @source:003 @worked-example @reading:AMB.EAT-PRICE-000=ki-gui-table
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=three @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.DEN-TAI-004=eater-pays
  @clause:DEN.TAI-EATER @clause:DEN.PAYS-FOR-TABLE @clause:ROUND.CHUYEN-BAI @clause:ROUND.MOVED-CARD @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD2: D ate C's card after B ate A's; A ù on its tái turn and D pays
    Given the deal "fx-tai-4p"
    When the script "t-b-ate-chot" is played
    And seat 3 eats 8D with 6D 7D
    # the lead moved to B at B's eat; C is the victim now: B's chốt 7C moves to C's pile
    Then 7C is moved from seat 1's pile to seat 2's pile
    And 7C lies in seat 2's pile marked as moved
    And 7C is a cây chốt
    When the actions are played:
      """
      seat 3 lays down 6D 7D 8D and AS AC AD; discards 4S
      """
    Then seat 0 gets a tái turn
    When seat 0 draws
    Then seat 0 ù
    And seat 0 ù đền is paid by seat 3 for 15
    And the payments are:
      """
      seat 0 pays seat 1 3 for ăn chốt
      seat 2 pays seat 3 3 for ăn chốt
      seat 3 pays seat 0 15 for ù đền
      """
    And the totals are: +12, +3, -3, -12

  @id:vd2-latest-eater-pays-u9la @ruleset:u9la @source:003 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater
  @clause:DEN.TAI-EATER @clause:DEN.CHOT-LIABILITY-TRANSFER @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD2 under u9la: D pays
    Given the deal "fx-tai-4p"
    When the script "t-b-ate-chot" is played
    And the actions are played:
      """
      seat 3 eats 8D with 6D 7D; lays down 6D 7D 8D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And seat 0 ù đền is paid by seat 3 for 15
    And the totals are: +11, +4, -4, -11

  @id:vd2-liability-passes-co-ban @ruleset:co-ban @source:003 @source:002 @worked-example
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=one @reading:AMB.DEN-LIABLE=chot-liability
  @clause:DEN.CHOT-LIABILITY-TRANSFER @clause:DEN.CHOT-LIABILITY @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD2 under co-ban: the later chốt-eater D takes the liability over from B
    Given the deal "fx-tai-4p"
    When the script "t-b-ate-chot" is played
    And the actions are played:
      """
      seat 3 eats 8D with 6D 7D; lays down 6D 7D 8D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And seat 0 ù đền is paid by seat 3 for 15
    And seat 1 pays seat 0 nothing for ù đền
    And the totals are: +14, +1, -1, -14

  @id:vd2-not-den-hoi-quan-bai @ruleset:hoi-quan-bai @source:003 @worked-example @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-LIABLE=direct-and-three-eats
  @clause:U.TAI-TURN @clause:U.PAYMENT @clause:EAT.CHOT-PRICE @reading:AMB.DEN-TAI-004=no-den @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.U-TAI-LAID=laid-count
  Scenario: 003 VD2 under hoi-quan-bai: ordinary ù, two chốt eats paid 4 each
    Given the deal "fx-tai-4p"
    When the script "t-b-ate-chot" is played
    And the actions are played:
      """
      seat 3 eats 8D with 6D 7D; lays down 6D 7D 8D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù
    And the ù is not đền
    # A: -4 + 15; B: +4 - 5; C: -4 - 5; D: +4 - 5
    And the totals are: +11, -1, -9, -1

  # ---- ù đền by three eats ------------------------------------------------------------------------

  @id:den-three-eats @ruleset:all @clause:DEN.THREE-EATS @clause:DEN.PAYS-FOR-TABLE @clause:DEN.AMOUNT
  @clause:U.THREE-EATS @clause:ROUND.LEAD-POINTER @reading:AMB.THREE-EATS-U=u
  Scenario: Seat 2's three eats all came from seat 1: seat 1 pays the whole table
    Given the deal "fx-three-eats"
    When the script "x-two-eats" is played
    And seat 1 draws
    And seat 1 discards 10S
    And seat 2 eats 10S with JS QS
    Then seat 2 ù by eating three cards
    # 5 x 3 losers
    And seat 2 ù đền is paid by seat 1 for 15
    And seat 0 pays seat 2 nothing for ù
    And seat 3 pays seat 2 nothing for ù

  @id:den-three-eats-two-victims @ruleset:all @clause:DEN.THREE-EATS @negative @reading:AMB.THREE-EATS-U=u
  Scenario: Three eats from two victims (seat 1 left in between): an ù, but not đền
    Given the deal "fx-three-eats"
    When the actions are played:
      """
      seat 0 discards QD
      seat 1 draws; discards 9H
      seat 2 eats 9H with 9S 9D; discards KD
      seat 3 draws; discards AH
      seat 0 draws; discards 8D
      seat 1 draws; discards 5C
      seat 2 eats 5C with 4C 6C; discards JS
      seat 3 draws; discards 3H
      seat 0 draws; discards 2H
      seat 1 leaves
      """
    # with seat 1 gone, seat 0 feeds seat 2
    Then it is seat 2's turn
    And seat 2 may eat 2H with 2S 2D
    When seat 2 eats 2H with 2S 2D
    Then seat 2 ù by eating three cards
    And the ù is not đền
    And seat 0 pays seat 2 5 for ù
    And seat 3 pays seat 2 5 for ù

  @id:den-three-eats-two-victims-money @ruleset:hoi-quan-bai @ruleset:u9la @clause:LEAVE.PENALTY @reading:AMB.EAT-PRICE-002=graded @reading:AMB.LEAVE-PENALTY=four
  @clause:LEAVE.PAID-TO @clause:LEAVE.SEAT-SKIPPED @clause:U.THREE-EATS @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: The leaver pays 4 to the ù player; the eat money and the ù are paid as usual
    Given the deal "fx-three-eats"
    When the actions are played:
      """
      seat 0 discards QD
      seat 1 draws; discards 9H
      seat 2 eats 9H with 9S 9D; discards KD
      seat 3 draws; discards AH
      seat 0 draws; discards 8D
      seat 1 draws; discards 5C
      seat 2 eats 5C with 4C 6C; discards JS
      seat 3 draws; discards 3H
      seat 0 draws; discards 2H
      seat 1 leaves
      seat 2 eats 2H with 2S 2D
      """
    Then the payments are:
      """
      seat 1 pays seat 2 1 for ăn bài
      seat 1 pays seat 2 2 for ăn bài
      seat 0 pays seat 2 1 for ăn bài
      seat 0 pays seat 2 5 for ù
      seat 3 pays seat 2 5 for ù
      seat 1 pays seat 2 4 for leaving
      """
    # seat 0: -1 - 5; seat 1: -1 - 2 - 4; seat 2: +1 +2 +1 +5 +5 +4; seat 3: -5
    And the totals are: -6, -7, +18, -5

  @id:den-three-eats-two-victims-money-ki-gui @ruleset:ki-gui @clause:LEAVE.PENALTY @clause:LEAVE.PAID-TO @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.LEAVE-PENALTY=last-place @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: Under ki-gui the leaver pays 3
    Given the deal "fx-three-eats"
    When the actions are played:
      """
      seat 0 discards QD
      seat 1 draws; discards 9H
      seat 2 eats 9H with 9S 9D; discards KD
      seat 3 draws; discards AH
      seat 0 draws; discards 8D
      seat 1 draws; discards 5C
      seat 2 eats 5C with 4C 6C; discards JS
      seat 3 draws; discards 3H
      seat 0 draws; discards 2H
      seat 1 leaves
      seat 2 eats 2H with 2S 2D
      """
    Then seat 1 pays seat 2 3 for leaving
    And the totals are: -6, -6, +17, -5

  @id:den-three-eats-two-victims-money-co-ban @ruleset:co-ban @clause:LEAVE.PENALTY @clause:EAT.EARLY-FREE @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.EAT-PRICE-002=free @reading:AMB.LEAVE-PENALTY=four @reading:AMB.THIRD-EAT-PRICE=none-priced
  Scenario: Under co-ban the eats are free and the leaver pays 4
    Given the deal "fx-three-eats"
    When the actions are played:
      """
      seat 0 discards QD
      seat 1 draws; discards 9H
      seat 2 eats 9H with 9S 9D; discards KD
      seat 3 draws; discards AH
      seat 0 draws; discards 8D
      seat 1 draws; discards 5C
      seat 2 eats 5C with 4C 6C; discards JS
      seat 3 draws; discards 3H
      seat 0 draws; discards 2H
      seat 1 leaves
      seat 2 eats 2H with 2S 2D
      """
    Then the payments are:
      """
      seat 0 pays seat 2 5 for ù
      seat 3 pays seat 2 5 for ù
      seat 1 pays seat 2 4 for leaving
      """
    And the totals are: -5, -4, +14, -5

  @id:den-ordinary-u-everyone-pays @ruleset:all @clause:DEN.PAYS-FOR-TABLE @clause:DEN.AMOUNT @negative
  Scenario: An ù drawn from the stock with nobody liable is not đền: every loser pays 5
    Given the deal "fx-u-draw"
    When the actions are played:
      """
      seat 0 discards 10H
      seat 1 draws; discards 5S
      seat 2 draws; discards 8D
      seat 3 draws; discards 9D
      seat 0 draws; discards JC
      seat 1 draws
      """
    Then seat 1 ù
    And the ù is not đền
    And the totals are: -5, +15, -5, -5

  # ---- the eaten cây chốt that makes the ù ("fx-chot-u") --------------------------------------------

  @id:den-direct-chot @ruleset:hoi-quan-bai @clause:DEN.DIRECT-CHOT @clause:DEN.EAT-PENALTY-STACKS @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:DEN.AMOUNT @clause:DEN.PAYS-FOR-TABLE @source:004 @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-DIRECT=den @reading:AMB.DEN-LIABLE=direct-and-three-eats
  Scenario: Under hoi-quan-bai seat 1 eats seat 0's cây chốt QD and ù: seat 0 pays 4 and 15
    Given the deal "fx-chot-u"
    When the script "cu-chot-discarded" is played
    And seat 1 eats QD with 10D JD
    Then seat 1 ù
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 0 pays seat 1 15 for ù đền
      """
    # 4 + 15 = 19
    And the totals are: -19, +19, 0, 0 under clause DEN.EAT-PENALTY-STACKS

  @id:den-direct-chot-only-for-chot @ruleset:hoi-quan-bai @clause:DEN.DIRECT-CHOT @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: Under hoi-quan-bai a round-3 card eaten to ù makes no ù đền
    Given the deal "fx-chot-u"
    When the script "cu-to-round-3" is played
    And seat 0 draws
    And seat 0 discards QD
    And seat 1 eats QD with 10D JD
    Then seat 1 ù
    And the ù is not đền
    # seat 0: 1 for its first eaten card, 5 for the ù
    And the totals are: -6, +16, -5, -5

  @id:den-chot-eater-is-u-player @ruleset:co-ban @ruleset:ki-gui @ruleset:u9la @clause:DEN.CHOT-LIABILITY @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater
  @clause:DEN.TAI-EATER @clause:DEN.DIRECT-CHOT @negative @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-LIABLE=chot-liability @reading:AMB.DEN-LIABLE=tai-eater
  Scenario: Outside hoi-quan-bai eating a chốt to ù is an ordinary ù: the eater names nobody
    Given the deal "fx-chot-u"
    When the script "cu-chot-discarded" is played
    And seat 1 eats QD with 10D JD
    Then seat 1 ù
    And the ù is not đền
    And seat 2 pays seat 1 5 for ù

  @id:den-liability-stays-without-later-eat @ruleset:co-ban @ruleset:u9la @clause:DEN.CHOT-LIABILITY-TRANSFER
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.DEN-LIABLE=chot-liability
  @negative @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater @reading:AMB.U-TAI-LAID=laid-count
  Scenario: With no later chốt eat the liability stays with the first chốt-eater
    Given the deal "fx-tai-4p"
    When the script "t-a-laid" is played
    And the actions are played:
      """
      seat 1 eats JS with QS KS; lays down JS QS KS; discards 7C
      seat 2 draws; lays down 10H JH QH; discards 8D
      seat 3 draws; lays down 5D 6D 7D and AS AC AD; discards 4S
      seat 0 draws
      """
    Then seat 0 ù đền is paid by seat 1 for 15
    And seat 3 pays seat 0 nothing for ù đền
