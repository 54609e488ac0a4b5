Feature: Ù đền: when several cases name a liable player, the ruleset's order decides
  The đền cases are checked in the order of u_den.precedence (three_eats, direct_chot,
  tai_eater, chot_liability in every shipped ruleset, a case the ruleset does not have being
  skipped); the first case that names a player decides, and only that player pays the ù.

  The deal "fx-den-prec-4p" (features/fixtures/u-den-precedence.yaml): seat 2 eats seat 1's
  9H (turn 3) and 5C (turn 7), lays 9S 9D 9H and 4C 5C 6C on its final-round turn 15 and
  discards the cây chốt 6D. Seat 3 eats it (turn 16); seat 2 is the lead, so nothing moves
  and seat 2 is owed a tái. Seat 1 discards its cây chốt 10S (turn 18); on its tái turn seat
  2 eats 10S with JS QS: its third eat, all three from seat 1, an ù with 5H left over.
  Candidates: three_eats names seat 1 (all rulesets); direct_chot names seat 1, the
  discarder of the eaten chốt 10S (hoi-quan-bai); tai_eater names seat 3, the latest eater
  before the tái turn (u9la, ki-gui with kí gửi on); chot_liability names nobody, since the
  latest chốt-eater is seat 2 itself (co-ban, u9la), though seat 3 was the chốt-eater before.

  Under the pointer model three_eats and chot_liability never name two different players:
  once a cây chốt has been discarded every later discard is one too, so a third eat made
  after another player's chốt eat is itself a chốt eat and the ù player becomes the latest
  chốt-eater. The co-ban scenarios show the nearest case: an earlier chốt-eater who does not
  pay.

  @id:den-precedence-three-eats-before-tai-eater-u9la @ruleset:u9la @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THREE-EATS-U=u @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.DEN-PRECEDENCE=cause-first @reading:AMB.THIRD-EAT-PRICE=three
  @clause:DEN.PRECEDENCE @clause:DEN.THREE-EATS @clause:DEN.TAI-EATER @clause:DEN.AMOUNT
  @clause:DEN.EAT-PENALTY-STACKS @clause:U.THREE-EATS @clause:ROUND.TAI @reading:AMB.EAT-PRICE-002=graded @reading:AMB.TAI-EAT=may-eat @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, u9la: the third eat on a tái turn is đền by the victim, not by the tái's eater
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    Then seat 2 gets a tái turn
    And 10S is a cây chốt
    When seat 2 eats 10S with JS QS
    Then seat 2 ù by eating three cards
    # three_eats (seat 1) comes before tai_eater (seat 3); 5 x 3 losers = 15
    And seat 2 ù đền is paid by seat 1 for 15
    # seat 1's 1st and 2nd eaten cards 1 and 2; both chốt eats 4
    And the payments are:
      """
      seat 1 pays seat 2 1 for ăn bài
      seat 1 pays seat 2 2 for ăn bài
      seat 2 pays seat 3 4 for ăn chốt
      seat 1 pays seat 2 4 for ăn chốt
      seat 1 pays seat 2 15 for ù đền
      """
    # seat 1: -1 -2 -4 -15; seat 2: +1 +2 -4 +4 +15; seat 3: +4
    And the totals are: 0, -22, +18, +4

  @id:den-precedence-three-eats-before-tai-eater-ki-gui @ruleset:ki-gui @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.THIRD-EAT-PRICE=three @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=three @reading:AMB.DEN-PRECEDENCE=cause-first @reading:AMB.TAI-EAT=may-eat
  @clause:DEN.PRECEDENCE @clause:DEN.THREE-EATS @clause:DEN.TAI-EATER @clause:DEN.AMOUNT
  @clause:DEN.EAT-PENALTY-STACKS @clause:DEN.ROOM-OPTION @clause:U.THREE-EATS @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THREE-EATS-U=u @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, ki-gui with kí gửi on: the third eat on a tái turn is đền by the victim
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    Then seat 2 gets a tái turn
    When seat 2 eats 10S with JS QS
    Then seat 2 ù by eating three cards
    # three_eats (seat 1) comes before tai_eater (seat 3); 5 x 3 losers = 15
    And seat 2 ù đền is paid by seat 1 for 15
    # seat 1's 1st and 2nd eaten cards 1 and 2; both chốt eats 3
    And the payments are:
      """
      seat 1 pays seat 2 1 for ăn bài
      seat 1 pays seat 2 2 for ăn bài
      seat 2 pays seat 3 3 for ăn chốt
      seat 1 pays seat 2 3 for ăn chốt
      seat 1 pays seat 2 15 for ù đền
      """
    # seat 1: -1 -2 -3 -15; seat 2: +1 +2 -3 +3 +15; seat 3: +3
    And the totals are: 0, -21, +18, +3

  @id:den-precedence-tai-eater-does-not-pay @ruleset:u9la @ruleset:ki-gui @negative @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.DEN-PRECEDENCE=cause-first @reading:AMB.TAI-EAT=may-eat
  @clause:DEN.PRECEDENCE @clause:DEN.TAI-EATER @clause:DEN.PAYS-FOR-TABLE @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, u9la and ki-gui: seat 3, the latest eater before the tái turn, pays nothing for the ù
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    And seat 2 eats 10S with JS QS
    Then seat 2 ù
    And seat 3 pays seat 2 nothing for ù đền
    And seat 3 pays seat 2 nothing for ù
    And seat 0 pays seat 2 nothing for ù đền
    And seat 0 pays seat 2 nothing for ù
    # seat 0 took part in no eat and pays nothing at all
    And seat 0's money is 0

  @id:den-precedence-three-eats-earlier-chot-eater-co-ban @ruleset:co-ban @reading:AMB.EAT-PRICE-002=free @reading:AMB.TAI-EAT=may-eat @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.THREE-EATS-U=u
  @clause:DEN.PRECEDENCE @clause:DEN.THREE-EATS @clause:DEN.CHOT-LIABILITY @clause:DEN.AMOUNT
  @clause:DEN.EAT-PENALTY-STACKS @clause:EAT.EARLY-FREE @clause:U.THREE-EATS @reading:AMB.THIRD-EAT-PRICE=none-priced @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, co-ban: seat 3 ate a cây chốt before seat 2's third eat; the victim seat 1 pays
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    And seat 2 eats 10S with JS QS
    Then seat 2 ù by eating three cards
    # three_eats names seat 1; 5 x 3 losers = 15
    And seat 2 ù đền is paid by seat 1 for 15
    # round 1 and 2 eats free; each chốt eat 1
    And the payments are:
      """
      seat 2 pays seat 3 1 for ăn chốt
      seat 1 pays seat 2 1 for ăn chốt
      seat 1 pays seat 2 15 for ù đền
      """
    # seat 1: -1 -15; seat 2: -1 +1 +15; seat 3: +1
    And the totals are: 0, -16, +15, +1

  @id:den-precedence-earlier-chot-eater-does-not-pay-co-ban @ruleset:co-ban @ruleset:u9la @negative @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.DEN-PRECEDENCE=cause-first @reading:AMB.TAI-EAT=may-eat
  @clause:DEN.PRECEDENCE @clause:DEN.CHOT-LIABILITY @clause:DEN.CHOT-LIABILITY-TRANSFER @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, co-ban and u9la: seat 3, the chốt-eater before seat 2, pays nothing for the ù
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    And seat 2 eats 10S with JS QS
    Then seat 2 ù
    And seat 2 ù đền is paid by seat 1 for 15
    And seat 3 pays seat 2 nothing for ù đền
    And seat 3 pays seat 2 nothing for ù

  @id:den-precedence-three-eats-and-direct-chot-hoi-quan-bai @ruleset:hoi-quan-bai @reading:AMB.TAI-EAT=may-eat @reading:AMB.THIRD-EAT-PRICE=three @reading:AMB.THREE-EATS-CONSECUTIVE=any-three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.THREE-EATS-U=u
  @clause:DEN.PRECEDENCE @clause:DEN.THREE-EATS @clause:DEN.DIRECT-CHOT @clause:DEN.AMOUNT
  @clause:DEN.EAT-PENALTY-STACKS @clause:U.THREE-EATS @reading:AMB.DEN-TAI-004=no-den @reading:AMB.EAT-PRICE-002=graded @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, hoi-quan-bai: three_eats and direct_chot both name seat 1; it pays the ù once
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    And seat 2 eats 10S with JS QS
    Then seat 2 ù by eating three cards
    # 5 x 3 losers = 15, once
    And seat 2 ù đền is paid by seat 1 for 15
    # seat 1's 1st and 2nd eaten cards 1 and 2; both chốt eats 4
    And the payments are:
      """
      seat 1 pays seat 2 1 for ăn bài
      seat 1 pays seat 2 2 for ăn bài
      seat 2 pays seat 3 4 for ăn chốt
      seat 1 pays seat 2 4 for ăn chốt
      seat 1 pays seat 2 15 for ù đền
      """
    # seat 1: -1 -2 -4 -15; seat 2: +1 +2 -4 +4 +15; seat 3: +4
    And the totals are: 0, -22, +18, +4

  @id:den-precedence-no-double-den-hoi-quan-bai @ruleset:hoi-quan-bai @negative @reading:AMB.TAI-EAT=may-eat @reading:AMB.THIRD-EAT-PRICE=three
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
  @clause:DEN.PRECEDENCE @clause:DEN.DIRECT-CHOT @clause:DEN.PAYS-FOR-TABLE @reading:AMB.EAT-PRICE-002=graded @reading:AMB.U-TAI-LAID=laid-count
  Scenario: Precedence, hoi-quan-bai: two cases naming seat 1 do not make it pay twice; nobody else pays
    Given the deal "fx-den-prec-4p"
    When the script "dp-tai-owed" is played
    And seat 2 eats 10S with JS QS
    Then seat 2 ù
    And seat 0 pays seat 2 nothing for ù
    And seat 3 pays seat 2 nothing for ù
    And seat 3 pays seat 2 nothing for ù đền
    # 1 + 2 + 4 eat money and one 15, not 1 + 2 + 4 + 15 + 15 = 37
    And seat 1's money is -22
