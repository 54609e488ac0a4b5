Feature: Eat penalties (phạt ăn bài)
  The player whose discard is eaten pays the eater at once. Under hoi-quan-bai, ki-gui and
  u9la the victim's first eaten card costs 1, the second 2, the third 3 (the count is the
  victim's, whoever eats); a cây chốt costs a fixed price: 4 under hoi-quan-bai and u9la, 3
  under ki-gui, 1 under co-ban, where every other eat is free. A chốt eat still counts as an
  eat, the eat that makes an ù is paid too, and under hoi-quan-bai the thêm vòng eat is paid
  as a chốt.

  The deal "ep-4p" (features/fixtures/eat-penalty.yaml): seat 1 can eat seat 0's 5C (with
  5S 5D), 9C (with 9S 9D) and 8H (with 6H 7H); seat 2 can eat seat 1's QD (with JD KD).
  The deal "um-4p": seat 1 ù by eating seat 0's QD with 10D JD.

  # ------------------------------------------------------------------ the nth eaten card

  @id:eat-victim-pays-1-2-3 @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THIRD-EAT-PRICE=three
  @clause:EAT.NTH-CARD @clause:EAT.PAID-AT-ONCE @clause:EAT.COUNTING @clause:EAT.U-MAKING-EAT @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THREE-EATS-U=u
  Scenario: Seat 0's first, second and third eaten cards cost 1, 2 and 3, paid at each eat
    Given the deal "ep-4p"
    When seat 0 discards 5C
    And seat 1 eats 5C with 5S 5D
    Then seat 0 pays seat 1 1 for ăn bài
    And seat 0's money is -1
    And seat 1's money is +1
    When the actions are played:
      """
      seat 1 discards KH
      seat 2 draws; discards 2S
      seat 3 draws; discards 4S
      seat 0 draws; discards 9C
      """
    # 9C is a round-1 discard (seat 0's pile was emptied by the first eat), its second eaten card
    And seat 1 eats 9C with 9S 9D
    Then seat 0 pays seat 1 2 for ăn bài under clause EAT.COUNTING
    And seat 0's money is -3
    When the actions are played:
      """
      seat 1 discards QD
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards 8H
      """
    And seat 1 eats 8H with 6H 7H
    # the third eat is an ù; all three cards came from seat 0, who is liable (5 x 3 = 15)
    Then the game is over by ù
    And seat 1 ù by eating three cards
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 2 for ăn bài
      seat 0 pays seat 1 3 for ăn bài
      seat 0 pays seat 1 15 for ù đền
      """
    # 1 + 2 + 3 + 15 = 21
    And the totals are: -21, +21, 0, 0

  @id:eat-third-eat-paid-without-den @ruleset:ki-gui @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  @clause:EAT.NTH-CARD @clause:EAT.U-MAKING-EAT @reading:AMB.DEN-LIABLE=tai-eater @reading:AMB.EAT-COUNT=per-victim @reading:AMB.KHONG-KI-GUI-DEN=off-in-khong @reading:AMB.THREE-EATS-U=u
  Scenario: In a "Không kí gửi" room the third eat is still paid 3, then the ù 5 by everyone
    Given the deal "ep-4p"
    And the room option ki_gui is off
    When the script "ep-two-eats" is played
    And the actions are played:
      """
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 1 ù by eating three cards
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 2 for ăn bài
      seat 0 pays seat 1 3 for ăn bài
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    # seat 0: -(1 + 2 + 3 + 5) = -11; seat 1: 6 + 15 = +21
    And the totals are: -11, +21, -5, -5

  @id:eat-co-ban-ordinary-eats-free @ruleset:co-ban @clause:EAT.EARLY-FREE @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.EAT-PRICE-002=free @reading:AMB.THIRD-EAT-PRICE=none-priced @reading:AMB.THREE-EATS-U=u
  Scenario: Under co-ban seat 0's three eaten cards cost nothing; only the ù đền is paid
    Given the deal "ep-4p"
    When seat 0 discards 5C
    And seat 1 eats 5C with 5S 5D
    Then seat 0 pays seat 1 nothing for ăn bài
    And seat 0's money is 0
    When the actions are played:
      """
      seat 1 discards KH
      seat 2 draws; discards 2S
      seat 3 draws; discards 4S
      seat 0 draws; discards 9C
      seat 1 eats 9C with 9S 9D; discards QD
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 1 ù by eating three cards
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 15 for ù đền
      """
    And the totals are: -15, +15, 0, 0

  @id:eat-round-3-card-first-eaten-costs-1 @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded
  @clause:EAT.NTH-CARD @clause:EAT.CHOT-PRICE @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THIRD-EAT-PRICE=three
  Scenario: A round-3 card eaten as the victim's first costs 1, not 3 and not the chốt price
    Given the deal "ep-4p"
    When the script "ep-to-round-3" is played
    And seat 0 draws
    And seat 0 discards 8H
    # seat 0's pile held 2 cards: a round-3 discard
    Then 8H is not a cây chốt
    When seat 1 eats 8H with 6H 7H
    Then seat 0 pays seat 1 1 for ăn bài
    And seat 0 pays seat 1 nothing for ăn chốt
    And seat 0's money is -1
    And seat 1's money is +1

  @id:eat-round-3-card-free-co-ban @ruleset:co-ban @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.THIRD-EAT-PRICE=none-priced
  @clause:EAT.CHOT-PRICE @clause:EAT.PAID-AT-ONCE @negative @reading:AMB.EAT-PRICE-002=free
  Scenario: Under co-ban a round-3 card is not a chốt: its eat moves no money
    Given the deal "ep-4p"
    When the script "ep-to-round-3" is played
    And seat 0 draws
    And seat 0 discards 8H
    And seat 1 eats 8H with 6H 7H
    Then the action is accepted
    And seat 0 pays seat 1 nothing for ăn bài
    And seat 0 pays seat 1 nothing for ăn chốt
    And seat 0's money is 0
    And seat 1's money is 0

  # ------------------------------------------------------------------ counting per victim

  @id:eat-count-is-the-victims-not-the-round @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  @clause:EAT.COUNTING @clause:EAT.NTH-CARD @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-000=ki-gui-table
  Scenario: Two round-2 discards of seat 0 eaten in turn cost 1 and 2 (its first and second)
    Given the deal "ep-4p"
    When the actions are played:
      """
      seat 0 discards QH
      seat 1 draws; discards 2S
      seat 2 draws; discards 4S
      seat 3 draws; discards 8S
      seat 0 draws; discards 5C
      """
    # seat 0's pile held 1 card: 5C is a round-2 discard, and seat 0's first eaten card
    And seat 1 eats 5C with 5S 5D
    Then seat 0 pays seat 1 1 for ăn bài
    And seat 0's money is -1
    When the actions are played:
      """
      seat 1 discards KH
      seat 2 draws; discards 10C
      seat 3 draws; discards JC
      seat 0 draws; discards 9C
      """
    # 5C left seat 0's pile, which held only QH again: 9C is another round-2 discard
    And seat 1 eats 9C with 9S 9D
    Then seat 0 pays seat 1 2 for ăn bài
    And seat 0's money is -3
    And the game is not over

  @id:eat-count-per-victim-chot-priced-alone @ruleset:hoi-quan-bai @ruleset:u9la @reading:AMB.THIRD-EAT-PRICE=three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded
  @clause:EAT.COUNTING @clause:EAT.CHOT-COUNTS @clause:EAT.PAID-AT-ONCE @negative
  Scenario: The game's second eat is seat 1's first eaten card (1, not 2); a chốt eaten second costs 4, and two eats make no ù
    Given the deal "ep-4p"
    When seat 0 discards 5C
    And seat 1 eats 5C with 5S 5D
    Then seat 0's money is -1
    And seat 2's money is 0
    And seat 3's money is 0
    When seat 1 discards QD
    And seat 2 eats QD with JD KD
    Then seat 1 pays seat 2 1 for ăn bài
    # +1 from seat 0, -1 to seat 2
    And seat 1's money is 0
    When the actions are played:
      """
      seat 2 discards 3S
      seat 3 draws; discards 2S
      seat 0 draws; discards 4S
      seat 1 draws; discards 8S
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards JC
      seat 1 draws; discards QC
      seat 2 draws; discards KC
      seat 3 draws; discards 8D
      seat 0 draws; discards 10D
      seat 1 draws; discards 2H
      seat 2 draws; lays down 7S 7C 7D and JD QD KD; discards 3H
      seat 3 draws; lays down 10S JS QS; discards JH
      seat 0 draws; discards 8H
      """
    # both early eats delayed seats 0 and 1 by one turn: seat 0's pile held 3, 8H is its chốt
    Then 8H is a cây chốt
    When seat 1 eats 8H with 6H 7H
    Then seat 0 pays seat 1 4 for ăn chốt
    # -1 - 4
    And seat 0's money is -5
    And the game is not over

  @id:eat-count-per-victim-chot-priced-alone-ki-gui @ruleset:ki-gui @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=three @reading:AMB.EAT-PRICE-000=ki-gui-table
  @clause:EAT.COUNTING @clause:EAT.CHOT-COUNTS @clause:EAT.PAID-AT-ONCE @negative
  Scenario: Under ki-gui the game's second eat costs seat 1 1, a chốt eaten second costs 3, and two eats make no ù
    Given the deal "ep-4p"
    When seat 0 discards 5C
    And seat 1 eats 5C with 5S 5D
    Then seat 0's money is -1
    And seat 2's money is 0
    And seat 3's money is 0
    When seat 1 discards QD
    And seat 2 eats QD with JD KD
    Then seat 1 pays seat 2 1 for ăn bài
    And seat 1's money is 0
    When the actions are played:
      """
      seat 2 discards 3S
      seat 3 draws; discards 2S
      seat 0 draws; discards 4S
      seat 1 draws; discards 8S
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards JC
      seat 1 draws; discards QC
      seat 2 draws; discards KC
      seat 3 draws; discards 8D
      seat 0 draws; discards 10D
      seat 1 draws; discards 2H
      seat 2 draws; lays down 7S 7C 7D and JD QD KD; discards 3H
      seat 3 draws; lays down 10S JS QS; discards JH
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 0 pays seat 1 3 for ăn chốt
    # -1 - 3
    And seat 0's money is -4
    And the game is not over

  # ------------------------------------------------------------------ the chốt price

  @id:eat-chot-costs-4 @ruleset:hoi-quan-bai @ruleset:u9la
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:EAT.CHOT-PRICE @clause:EAT.PAID-AT-ONCE
  Scenario: Seat 0's cây chốt eaten as its first eaten card costs 4 at once
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And seat 0 draws
    And seat 0 discards 8H
    Then 8H is a cây chốt
    When seat 1 eats 8H with 6H 7H
    Then seat 0 pays seat 1 4 for ăn chốt
    And seat 0's money is -4
    And seat 1's money is +4
    And the game is not over

  @id:eat-chot-costs-3-ki-gui @ruleset:ki-gui @clause:EAT.CHOT-PRICE @clause:EAT.PAID-AT-ONCE
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=three @reading:AMB.EAT-PRICE-000=ki-gui-table
  Scenario: Under ki-gui seat 0's cây chốt costs 3 at once
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And seat 0 draws
    And seat 0 discards 8H
    And seat 1 eats 8H with 6H 7H
    Then seat 0 pays seat 1 3 for ăn chốt
    And seat 0's money is -3
    And seat 1's money is +3

  @id:eat-chot-costs-1-co-ban @ruleset:co-ban @clause:EAT.CHOT-PRICE @clause:EAT.PAID-AT-ONCE
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-000=co-ban-table
  Scenario: Under co-ban seat 0's cây chốt costs 1 at once
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And seat 0 draws
    And seat 0 discards 8H
    And seat 1 eats 8H with 6H 7H
    Then seat 0 pays seat 1 1 for ăn chốt
    And seat 0's money is -1
    And seat 1's money is +1

  @id:eat-co-ban-chot-not-free @ruleset:co-ban @clause:EAT.EARLY-FREE @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-000=co-ban-table
  Scenario: Under co-ban the free eats stop at the chốt: seat 0 pays 1 for it
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H; lays down 6H 7H 8H; discards KH
      """
    Then seat 0 pays seat 1 1 for ăn chốt
    And seat 0 pays seat 1 nothing for ăn bài
    And seat 0's money is -1

  # ------------------------------------------------------------------ a chốt eat counts

  @id:eat-chot-is-the-third-eat @ruleset:hoi-quan-bai @ruleset:u9la @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:EAT.CHOT-COUNTS @clause:EAT.CHOT-PRICE @clause:EAT.U-MAKING-EAT @reading:AMB.THREE-EATS-U=u
  Scenario: Seat 0's cây chốt eaten after two of its cards is priced 4 and is seat 1's third eat: ù
    Given the deal "ep-4p"
    When the script "ep-two-eats" is played
    And the actions are played:
      """
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards JC
      seat 1 draws; discards QC
      seat 2 draws; discards KC
      seat 3 draws; discards 8D
      seat 0 draws; discards 10D
      seat 1 draws; discards 2H
      seat 2 draws; lays down 7S 7C 7D; discards 3H
      seat 3 draws; lays down 10S JS QS; discards JH
      seat 0 draws; discards 8H
      """
    # seat 0's pile held 3 cards (KH moved in, JC, 10D)
    Then 8H is a cây chốt
    When seat 1 eats 8H with 6H 7H
    Then seat 1 ù by eating three cards
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 2 for ăn bài
      seat 0 pays seat 1 4 for ăn chốt
      seat 0 pays seat 1 15 for ù đền
      """
    # 1 + 2 + 4 + 15 = 22
    And the totals are: -22, +22, 0, 0

  @id:eat-chot-is-the-third-eat-ki-gui @ruleset:ki-gui @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=three @reading:AMB.EAT-COUNT=per-victim @reading:AMB.THIRD-EAT-PRICE=three
  @clause:EAT.CHOT-COUNTS @clause:EAT.CHOT-PRICE @clause:EAT.U-MAKING-EAT @reading:AMB.THREE-EATS-U=u
  Scenario: Under ki-gui the cây chốt eaten third is priced 3 and makes seat 1's ù
    Given the deal "ep-4p"
    When the script "ep-two-eats" is played
    And the actions are played:
      """
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards JC
      seat 1 draws; discards QC
      seat 2 draws; discards KC
      seat 3 draws; discards 8D
      seat 0 draws; discards 10D
      seat 1 draws; discards 2H
      seat 2 draws; lays down 7S 7C 7D; discards 3H
      seat 3 draws; lays down 10S JS QS; discards JH
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 1 ù by eating three cards
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 2 for ăn bài
      seat 0 pays seat 1 3 for ăn chốt
      seat 0 pays seat 1 15 for ù đền
      """
    And the totals are: -21, +21, 0, 0

  @id:eat-chot-is-the-third-eat-co-ban @ruleset:co-ban @reading:AMB.EAT-PRICE-002=free @reading:AMB.THIRD-EAT-PRICE=none-priced @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.THREE-EATS-U=u
  @clause:EAT.EARLY-FREE @clause:EAT.CHOT-PRICE @clause:EAT.U-MAKING-EAT
  Scenario: Under co-ban two free eats and a chốt at 1 make seat 1's ù; the chốt is paid
    Given the deal "ep-4p"
    When the script "ep-two-eats" is played
    Then seat 0's money is 0
    When the actions are played:
      """
      seat 2 draws; discards 6C
      seat 3 draws; discards 10C
      seat 0 draws; discards JC
      seat 1 draws; discards QC
      seat 2 draws; discards KC
      seat 3 draws; discards 8D
      seat 0 draws; discards 10D
      seat 1 draws; discards 2H
      seat 2 draws; lays down 7S 7C 7D; discards 3H
      seat 3 draws; lays down 10S JS QS; discards JH
      seat 0 draws; discards 8H
      seat 1 eats 8H with 6H 7H
      """
    Then seat 1 ù by eating three cards
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn chốt
      seat 0 pays seat 1 15 for ù đền
      """
    And the totals are: -16, +16, 0, 0

  # ------------------------------------------------------------------ the eat that makes an ù

  @id:eat-u-by-chot-hoi-quan-bai @ruleset:hoi-quan-bai @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-DIRECT=den
  @clause:EAT.U-MAKING-EAT @clause:EAT.CHOT-PRICE @reading:AMB.DEN-LIABLE=direct-and-three-eats
  Scenario: Seat 1 ù by eating seat 0's cây chốt: the chốt is paid 4, then seat 0 pays the ù đền
    Given the deal "um-4p"
    When the script "um-to-final" is played
    And seat 0 draws
    And seat 0 discards QD
    Then QD is a cây chốt
    When seat 1 eats QD with 10D JD
    # 3S 3D 3H, 6C 7C 8C, 10D JD QD; KS left over
    Then the game is over by ù
    And seat 1 ù
    And seat 1 ù đền is paid by seat 0 for 15
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 0 pays seat 1 15 for ù đền
      """
    And the totals are: -19, +19, 0, 0

  @id:eat-u-by-chot-ki-gui @ruleset:ki-gui @clause:EAT.U-MAKING-EAT @clause:EAT.CHOT-PRICE @reading:AMB.EAT-PRICE-000=ki-gui-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=three @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-LIABLE=tai-eater
  Scenario: Under ki-gui the ù-making chốt eat costs 3 and every loser pays the ù
    Given the deal "um-4p"
    When the script "um-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards QD
      seat 1 eats QD with 10D JD
      """
    Then seat 1 ù
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 1 3 for ăn chốt
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    # seat 1: 3 + 15
    And the totals are: -8, +18, -5, -5

  @id:eat-u-by-chot-u9la @ruleset:u9la @clause:EAT.U-MAKING-EAT @clause:EAT.CHOT-PRICE @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-LIABLE=chot-liability-and-tai-eater
  Scenario: Under u9la the ù-making chốt eat costs 4 and every loser pays the ù
    Given the deal "um-4p"
    When the script "um-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards QD
      seat 1 eats QD with 10D JD
      """
    Then seat 1 ù
    # the chốt-eater is the ù player himself: nobody is liable
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 1 4 for ăn chốt
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -9, +19, -5, -5

  @id:eat-u-by-chot-co-ban @ruleset:co-ban @clause:EAT.U-MAKING-EAT @clause:EAT.CHOT-PRICE @reading:AMB.EAT-PRICE-000=co-ban-table
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=one @reading:AMB.DEN-DIRECT=not-den @reading:AMB.DEN-LIABLE=chot-liability
  Scenario: Under co-ban the ù-making chốt eat costs 1 and every loser pays the ù
    Given the deal "um-4p"
    When the script "um-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards QD
      seat 1 eats QD with 10D JD
      """
    Then seat 1 ù
    And the ù is not đền
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn chốt
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -6, +16, -5, -5

  @id:eat-u-by-round-2-card @ruleset:hoi-quan-bai @ruleset:ki-gui @ruleset:u9la @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.THIRD-EAT-PRICE=three
  @clause:EAT.U-MAKING-EAT @negative @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.EAT-PRICE-002=graded
  Scenario: An ù made by eating a round-2 card is paid as an ordinary first eat, not as a chốt
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
    And seat 0 pays seat 1 nothing for ăn chốt
    And the payments are:
      """
      seat 0 pays seat 1 1 for ăn bài
      seat 0 pays seat 1 5 for ù
      seat 2 pays seat 1 5 for ù
      seat 3 pays seat 1 5 for ù
      """
    And the totals are: -6, +16, -5, -5

  @id:eat-u-by-round-2-card-co-ban @ruleset:co-ban @clause:EAT.U-MAKING-EAT @negative @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.EAT-PRICE-002=free @reading:AMB.THIRD-EAT-PRICE=none-priced
  Scenario: Under co-ban the ù-making eat of a round-2 card stays free
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
    And seat 0 pays seat 1 nothing for ăn bài
    And seat 0 pays seat 1 nothing for ăn chốt
    And the totals are: -5, +15, -5, -5

  # ------------------------------------------------------------------ thêm vòng

  @id:eat-them-vong-paid-as-chot @ruleset:hoi-quan-bai @reading:AMB.RANK-000=graded @reading:AMB.THEM-VONG-ELSEWHERE=present
  @reading:AMB.HOLD-BACK=choose @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:EAT.THEM-VONG @clause:EAT.PAID-AT-ONCE @clause:MONEY.EAT-ADDS
  Scenario: Seat 0 eats seat 3's last cây chốt in thêm vòng: seat 3 pays 4, then the ranking
    Given the deal "ep-4p"
    When the script "ep-to-final" is played
    # seat 0 keeps 2D 3D 4D in hand on its final-round turn
    And the actions are played:
      """
      seat 0 draws; discards 3H
      seat 1 draws; discards JH
      seat 2 draws; lays down 7S 7C 7D; discards 5H
      seat 3 draws; lays down 10S JS QS; discards AD
      """
    Then seat 0 is offered thêm vòng
    When seat 0 eats AD with 2D 3D
    Then seat 3 pays seat 0 4 for ăn chốt
    And seat 3's money is -4
    When seat 0 lays down AD 2D 3D 4D
    And seat 0 discards KS
    Then the game is over by points
    # seat 0: 6S AC 5C 9C 8H = 29; seat 3: AS 3C 8C 6D 4H 9H = 31;
    # seat 2: 3S 10H JD 4C KD AH = 42; seat 1 laid nothing
    And the ranking is: seat 0 nhất 29, seat 3 nhì 31, seat 2 ba 42, seat 1 móm
    And the payments are:
      """
      seat 3 pays seat 0 4 for ăn chốt
      seat 3 pays seat 0 1 for nhì
      seat 2 pays seat 0 2 for ba
      seat 1 pays seat 0 4 for móm
      """
    # seat 0: 4 + 1 + 2 + 4 = +11; seat 3: -4 - 1 = -5
    And the totals are: +11, -4, -2, -5

  @id:eat-them-vong-pass-costs-nothing @ruleset:hoi-quan-bai @clause:EAT.THEM-VONG @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.RANK-000=graded @reading:AMB.THEM-VONG-ELSEWHERE=present
  Scenario: Seat 0 passes in thêm vòng: seat 3 pays nothing for its last chốt
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
    When seat 0 passes
    Then the game is over by points
    And seat 3 pays seat 0 nothing for ăn chốt
    # seats 0 and 1 laid nothing: both móm, seat 0's final-round turn came first
    And the ranking is: seat 3 nhất 31, seat 2 nhì 42, seat 0 móm, seat 1 móm
    And the payments are:
      """
      seat 2 pays seat 3 1 for nhì
      seat 0 pays seat 3 4 for móm
      seat 1 pays seat 3 4 for móm
      """
    And the totals are: -4, -4, -1, +9
