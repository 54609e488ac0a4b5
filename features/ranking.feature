@ruleset:all
Feature: Ranking at the end of a game without ù
  Players with a laid phỏm are ranked by the points left in hand, lowest first (Nhất, Nhì,
  Ba, Bét); on equal points the one who laid down earlier ranks higher. Móm players come
  after them, ordered by their lay-down time; if everybody is móm, the first móm wins.

  "fx-rank": seat 0 lays 7S 7D 7H, seat 1 JH QH KH, seat 2 9C 10C JC; seat 3 has no phỏm
  and only low cards. "fx-quiet-4p-first2": seat 2 goes first, so seats lay down in the
  order 2, 3, 0, 1.

  @id:rank-by-points-mom-last @clause:RANK.ORDER @clause:RANK.MOM @clause:RANK.DEADWOOD-POINTS
  @clause:DECK.POINTS @clause:MONEY.RANK-PAYMENTS @clause:MONEY.MOM-PAYMENT @clause:MONEY.PAID-TO-NHAT
  @full-game @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: Lowest points first; the móm player ranks last though it has fewer points
    Given the deal "fx-rank"
    When the script "rk-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 8H
      seat 1 draws; lays down JH QH KH; discards 3C
      seat 2 draws; lays down 9C 10C JC; discards QC
      seat 3 draws; discards 9H
      """
    Then the game is over by points
    # seat 0: 4S 5C 2D 4D AH 6H = 22; seat 1: 2S 6S JS 5D KD 5H = 42;
    # seat 2: 8S 9S KS AC KC QD = 56; seat 3 (móm): AS 3S 5S 2C 4C AD 3D 2H 4H = 25
    And the ranking is: seat 0 nhất 22, seat 1 nhì 42, seat 2 ba 56, seat 3 móm 25 under clause RANK.MOM
    And seat 3 is móm
    And the payments are:
      """
      seat 1 pays seat 0 1 for nhì
      seat 2 pays seat 0 2 for ba
      seat 3 pays seat 0 4 for móm
      """
    And the totals are: +7, -1, -2, -4

  @id:rank-laid-cards-not-counted @clause:RANK.DEADWOOD-POINTS @clause:PHOM.DEADWOOD @negative
  Scenario: Cards laid in a phỏm count no points
    Given the deal "fx-rank"
    When the script "rk-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 8H
      seat 1 draws; lays down JH QH KH; discards 3C
      seat 2 draws; lays down 9C 10C JC; discards QC
      seat 3 draws; discards 9H
      """
    # 7S 7D 7H (21 points) are on the table: seat 0 counts 22, not 43
    Then seat 0 has 22 points
    And seat 2 has 56 points

  @id:rank-mom-by-laydown-time @clause:RANK.MOM-ORDER @clause:RANK.MOM @clause:MONEY.MOM-PAYMENT
  @reading:AMB.HOLD-BACK=choose @reading:AMB.MOM-ORDER=lay-down-order @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: Two móm players are ordered by lay-down time, not by points
    Given the deal "fx-rank"
    When the script "rk-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 8H
      seat 1 draws; discards 3C
      seat 2 draws; lays down 9C 10C JC; discards QC
      seat 3 draws; discards 9H
      """
    # seat 1 holds back JH QH KH: móm with 78 points, before seat 3 (25) by lay-down time
    Then the ranking is: seat 0 nhất 22, seat 2 nhì 56, seat 1 móm, seat 3 móm
    And the payments are:
      """
      seat 2 pays seat 0 1 for nhì
      seat 1 pays seat 0 4 for móm
      seat 3 pays seat 0 4 for móm
      """
    And the totals are: +9, -4, -1, -4

  @id:rank-all-mom @clause:RANK.ALL-MOM @clause:RANK.MOM-ORDER @clause:MONEY.MOM-PAYMENT
  @reading:AMB.HOLD-BACK=choose @reading:AMB.ALL-MOM-004=first-mom
  Scenario: Everybody móm: the first móm wins, the others pay 4 each
    Given the deal "fx-rank"
    When the script "rk-to-final" is played
    And the actions are played:
      """
      seat 0 draws; discards 8H
      seat 1 draws; discards 3C
      seat 2 draws; discards QC
      seat 3 draws; discards 9H
      """
    Then the game is over by all móm
    And seat 0 wins
    And the ranking is: seat 0 nhất, seat 1 móm, seat 2 móm, seat 3 móm
    And the payments are:
      """
      seat 1 pays seat 0 4 for móm
      seat 2 pays seat 0 4 for móm
      seat 3 pays seat 0 4 for móm
      """
    And the totals are: +12, -4, -4, -4

  @id:rank-all-mom-first-is-not-seat-0 @clause:RANK.ALL-MOM @clause:RANK.MOM-ORDER @clause:RANK.LAYDOWN-TIME
  @reading:AMB.HOLD-BACK=choose @reading:AMB.ALL-MOM-004=first-mom
  @clause:DECK.SEAT-ORDER
  Scenario: Everybody móm with seat 2 first: seat 2 wins, then seats 3, 0, 1 in lay-down order
    Given the deal "fx-quiet-4p-first2"
    When the script "q2-to-final" is played
    And the actions are played:
      """
      seat 2 draws; discards 9D
      seat 3 draws; discards JS
      seat 0 draws; discards 10H
      seat 1 draws; discards KC
      """
    Then the game is over by all móm
    And the ranking is: seat 2 nhất, seat 3 móm, seat 0 móm, seat 1 móm
    And the totals are: -4, -4, +12, -4

  @id:rank-one-phom-wins-over-moms @clause:RANK.ALL-MOM @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.MOM-ORDER=lay-down-order
  Scenario: One player with a phỏm: the first móm does not win
    Given the deal "fx-quiet-4p-first2"
    When the script "q2-to-final" is played
    And the actions are played:
      """
      seat 2 draws; discards 9D
      seat 3 draws; discards JS
      seat 0 draws; discards 10H
      seat 1 draws; lays down 2S 2D 2C; discards KC
      """
    Then the game is over by points
    # seat 1: 2H 8C 4S 9S KD 5C = 41
    And the ranking is: seat 1 nhất 41, seat 2 móm, seat 3 móm, seat 0 móm
    And the totals are: -4, +12, -4, -4

  @id:rank-tie-earlier-laydown @clause:RANK.TIE-EARLIER-LAYDOWN @clause:RANK.LAYDOWN-TIME
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  @clause:DECK.SUITS-UNRANKED @clause:DECK.SEAT-ORDER
  Scenario: Seats 2 and 1 both end on 41: seat 2 laid down first and ranks higher
    Given the deal "fx-quiet-4p-first2"
    When the script "q2-to-final" is played
    And the actions are played:
      """
      seat 2 draws; lays down 7S 7D 7H; discards 9D
      seat 3 draws; lays down 4H 5H 6H; sends 7C to seat 2's phỏm 0; discards JS
      seat 0 draws; lays down 9C 10C JC; sends 3H to seat 3's phỏm 0; discards 10H
      seat 1 draws; lays down 2S 2D 2C; discards KC
      """
    # seat 0: QD 8H 3D AS 8S = 32; seat 2: 10S QC 9H AH 3S 6C = 41;
    # seat 1: 2H 8C 4S 9S KD 5C = 41; seat 3: JD QH 8D QS 3C = 46
    Then the ranking is: seat 0 nhất 32, seat 2 nhì 41, seat 1 ba 41, seat 3 bét 46
    And the payments are:
      """
      seat 2 pays seat 0 1 for nhì
      seat 1 pays seat 0 2 for ba
      seat 3 pays seat 0 3 for bét
      """
    And the totals are: +6, -2, -1, -3

  @id:rank-points-before-laydown @clause:RANK.TIE-EARLIER-LAYDOWN @negative @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: Without a tie the later lay-down ranks higher when it has fewer points
    Given the deal "fx-quiet-4p-first2"
    When the script "q2-to-final" is played
    And the actions are played:
      """
      seat 2 draws; lays down 7S 7D 7H; discards 9D
      seat 3 draws; lays down 4H 5H 6H; sends 7C to seat 2's phỏm 0; discards JS
      seat 0 draws; lays down 9C 10C JC; sends 3H to seat 3's phỏm 0; discards 10H
      seat 1 draws; lays down 2S 2D 2C; sends 2H to seat 3's phỏm 0; sends 8C to seat 0's phỏm 0; discards KC
      """
    # seat 1: 4S 9S KD 5C = 31, the last to lay down, is Nhất
    Then the ranking is: seat 1 nhất 31, seat 0 nhì 32, seat 2 ba 41, seat 3 bét 46
    And the totals are: -1, +6, -2, -3
