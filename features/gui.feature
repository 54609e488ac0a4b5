@ruleset:all
Feature: Sending cards (gửi)
  On a final-round turn, after laying down, a player may send a card from hand to a phỏm
  another player has laid, when it extends that phỏm. Sent cards score nothing. Sending is
  optional, needs a laid phỏm of one's own, and never goes to one's own phỏm.

  Unless a scenario says otherwise the deal is "fx-quiet-4p": seat 0 lays 7S 7D 7H (turn 13); seat 1 lays 4H 5H 6H and can send
  7C to seat 0; seat 2 lays 9C 10C JC and can send 3H to seat 1; seat 3 lays 2S 2D 2C and
  can send 2H to seat 1 (once 3H is there) and 8C to seat 2.

  @id:gui-full-game @clause:SEND.ALLOWED @clause:SEND.FIT @clause:SEND.EXTENDED-PHOM @clause:SEND.NOT-SCORED
  @clause:SEND.AFTER-LAY-DOWN @clause:SEND.TARGET-LAID-ONLY @clause:RANK.ORDER @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  @clause:MONEY.RANK-PAYMENTS @clause:MONEY.PAID-TO-NHAT @clause:RANK.DEADWOOD-POINTS @full-game @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: Three players send; the sent cards count for nobody
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; lays down 2S 2D 2C; sends 2H to seat 1's phỏm 0
      """
    And seat 3 sends 8C to seat 2's phỏm 0
    Then the action is accepted
    When seat 3 discards KC
    Then the game is over by points
    And seat 0's phỏm 0 is 7S 7D 7H 7C
    And seat 1's phỏm 0 is 2H 3H 4H 5H 6H
    And seat 2's phỏm 0 is 8C 9C 10C JC
    # seat 3: 4S 9S KD 5C = 31; seat 2: QD 8H 3D AS 8S = 32; seat 0: 10S QC 9H AH 3S 6C = 41;
    # seat 1: JD QH 8D QS 3C = 46
    And the ranking is: seat 3 nhất 31, seat 2 nhì 32, seat 0 ba 41, seat 1 bét 46 under clause SEND.NOT-SCORED
    And the payments are:
      """
      seat 2 pays seat 3 1 for nhì
      seat 0 pays seat 3 2 for ba
      seat 1 pays seat 3 3 for bét
      """
    And the totals are: -2, -3, -1, +6

  @id:gui-before-own-lay-down-refused @clause:SEND.REQUIRES-PHOM @clause:SEND.AFTER-LAY-DOWN @negative @reading:AMB.SEND-MOM=requires-phom
  Scenario: A player who has laid nothing may not send
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 9D
      seat 1 draws
      """
    And seat 1 sends 7C to seat 0's phỏm 0
    Then the action is rejected with SEND_NEEDS_PHOM or SEND_BEFORE_LAY_DOWN
    When seat 1 lays down 4H 5H 6H
    And seat 1 sends 7C to seat 0's phỏm 0
    Then the action is accepted

  @id:gui-requires-phom-then-allowed @clause:SEND.REQUIRES-PHOM @clause:SEND.ALLOWED
  Scenario: After laying a phỏm the same player may send
    Given the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 9D
      seat 1 draws; lays down 4H 5H 6H
      """
    Then seat 1 may send 7C to seat 0's phỏm 0
    When seat 1 sends 7C to seat 0's phỏm 0
    Then the action is accepted
    And seat 0's phỏm 0 is 7S 7D 7H 7C

  @id:gui-in-round-3-refused @clause:SEND.AFTER-LAY-DOWN @negative
  Scenario: No sending before the final round
    Given the deal "fx-quiet-4p"
    When the script "q-to-round-3" is played
    And seat 0 draws
    And seat 0 sends 7H to seat 1's phỏm 0
    Then the action is rejected with SEND_NOT_FINAL_ROUND

  @id:gui-to-missing-phom-refused @clause:SEND.TARGET-LAID-ONLY @negative
  Scenario: A card can be sent only to a phỏm already on the table
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC
      """
    And seat 2 sends 3H to seat 1's phỏm 1
    Then the action is rejected with SEND_NO_SUCH_PHOM under clause SEND.TARGET-LAID-ONLY
    When seat 2 sends 3H to seat 3's phỏm 0
    Then the action is rejected with SEND_NO_SUCH_PHOM under clause SEND.TARGET-LAID-ONLY

  @id:gui-to-own-phom-refused @clause:SEND.NOT-OWN @negative @reading:AMB.SEND-OWN=not-own @reading:AMB.TAI-OWN-PHOM=not-own
  Scenario: A player may not send to their own phỏm
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; lays down 2S 2D 2C
      """
    And seat 3 sends 2H to seat 3's phỏm 0
    Then the action is rejected with SEND_OWN_PHOM under clause SEND.NOT-OWN
    And seat 3's phỏm 0 is 2S 2D 2C

  @id:gui-to-other-phom-allowed @clause:SEND.NOT-OWN @clause:SEND.EXTENDED-PHOM @reading:AMB.SEND-EXTENDED=extend-again
  Scenario: The same card goes to another player's phỏm that an earlier send extended
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; lays down 2S 2D 2C
      """
    And seat 3 sends 2H to seat 1's phỏm 0
    Then the action is accepted under clause SEND.EXTENDED-PHOM
    And seat 1's phỏm 0 is 2H 3H 4H 5H 6H

  @id:gui-not-fitting-refused @clause:SEND.FIT @clause:SEND.ALLOWED @negative
  Scenario: A card that does not extend the phỏm cannot be sent
    Given the deal "fx-quiet-4p"
    # 8H next to 4H 5H 6H: 7H is missing
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC
      """
    And seat 2 sends 8H to seat 1's phỏm 0
    Then the action is rejected with SEND_DOES_NOT_FIT under clause SEND.FIT
    When seat 2 sends 3H to seat 1's phỏm 0
    Then the action is accepted

  @id:gui-extension-needs-the-card-between @clause:SEND.EXTENDED-PHOM @clause:SEND.FIT @negative
  @reading:AMB.SEND-COMPULSORY=optional
  Scenario: 2H cannot extend 4H 5H 6H until 3H has been sent to it
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      seat 3 draws; lays down 2S 2D 2C
      """
    And seat 3 sends 2H to seat 1's phỏm 0
    Then the action is rejected with SEND_DOES_NOT_FIT under clause SEND.FIT
    And seat 1's phỏm 0 is 4H 5H 6H

  @id:gui-optional @clause:SEND.OPTIONAL @clause:RANK.TIE-EARLIER-LAYDOWN
  @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: A player may discard while holding cards that could be sent
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; sends 3H to seat 1's phỏm 0; discards 10H
      seat 3 draws; lays down 2S 2D 2C
      """
    And seat 3 discards KC
    Then the action is accepted
    # seat 3 keeps 2H 8C: 2H 8C 4S 9S KD 5C = 41, as seat 0; seat 0 laid down first
    And the ranking is: seat 2 nhất 32, seat 0 nhì 41, seat 3 ba 41, seat 1 bét 46
    And the totals are: -1, -3, +6, -2

  @id:gui-kept-card-is-scored @clause:SEND.OPTIONAL @clause:SEND.NOT-SCORED @negative
  @reading:AMB.HOLD-BACK=choose @reading:AMB.SEND-COMPULSORY=optional
  Scenario: Nothing is sent for a player who does not send, and the kept card is scored
    Given the deal "fx-quiet-4p"
    When the script "q-final-0-1" is played
    And the actions are played:
      """
      seat 2 draws; lays down 9C 10C JC; discards 10H
      """
    Then seat 1's phỏm 0 is 4H 5H 6H
    # seat 2 keeps 3H: 3H QD 8H 3D AS 8S = 35
    When seat 3 draws
    And seat 3 discards KC
    Then seat 2 has 35 points

  @id:gui-send-all-but-one-no-u @clause:SEND.NO-U @clause:SEND.NOT-SCORED @clause:RANK.DEADWOOD-POINTS @reading:AMB.RANK-000=graded @reading:AMB.RANK-000=graded-last-three
  Scenario: Seat 3 lays two phỏm, sends its three other cards and discards the last: 0 points, no ù
    Given the deal "fx-send-all"
    When the script "sa-to-last" is played
    And the actions are played:
      """
      seat 3 draws; lays down 2S 2D 2C and 10D JD QD
      seat 3 sends 7C to seat 0's phỏm 0; sends 3H to seat 1's phỏm 0; sends 8C to seat 2's phỏm 0
      """
    Then nobody ù
    When seat 3 discards 8S
    Then the game is over by points
    And nobody ù
    And seat 3 has 0 points
    # seat 0: AS 6S 9S 5C 5D AH = 27; seat 1: 4S QC KC 3D JH QH = 55; seat 2: JS QS 8D 8H 9H KH = 61
    And the ranking is: seat 3 nhất 0, seat 0 nhì 27, seat 1 ba 55, seat 2 bét 61
    And the totals are: -1, -2, -3, +6

  @id:gui-ki-gui-on @ruleset:ki-gui @clause:SEND.ROOM-OPTION @clause:SEND.ALLOWED
  Scenario: In a "Cho kí gửi" room a player may send
    Given the room option ki_gui is on
    And the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 9D
      seat 1 draws; lays down 4H 5H 6H
      """
    And seat 1 sends 7C to seat 0's phỏm 0
    Then the action is accepted
    And seat 0's phỏm 0 is 7S 7D 7H 7C
    And seat 1's hand does not hold 7C

  @id:gui-ki-gui-off-refused @ruleset:ki-gui @clause:SEND.ROOM-OPTION @clause:SEND.ALLOWED @negative
  Scenario: In a "Không kí gửi" room every send is refused, even a card that fits
    Given the room option ki_gui is off
    And the deal "fx-quiet-4p"
    When the script "q-to-final" is played
    And the actions are played:
      """
      seat 0 draws; lays down 7S 7D 7H; discards 9D
      seat 1 draws; lays down 4H 5H 6H
      """
    Then seat 1 may not send
    When seat 1 sends 7C to seat 0's phỏm 0
    Then the action is rejected with SEND_DISABLED under clause SEND.ROOM-OPTION

  @id:gui-eaten-card-not-sent @clause:SEND.EATEN-CARD @clause:LAY.EATEN-INCLUDED @negative
  Scenario: An eaten card cannot be sent, even where it would fit
    Given the deal "fx-send-eaten"
    When the script "se-to-seat-2-final" is played
    And seat 2 draws
    And seat 2 lays down 2H 3H 4H
    And seat 2 sends 7C to seat 1's phỏm 0
    Then the action is rejected with SEND_EATEN_CARD under clause SEND.EATEN-CARD
    And seat 1's phỏm 0 is 8C 9C 10C

  @id:gui-dealt-card-sent @clause:SEND.EATEN-CARD @clause:SEND.ALLOWED
  Scenario: A card the player did not eat may be sent; the eaten card is laid in its own phỏm
    Given the deal "fx-send-eaten"
    When the script "se-to-seat-2-final" is played
    And seat 2 draws
    And seat 2 lays down 2H 3H 4H
    And seat 2 lays down 7S 7D 7C
    # the eaten card's phỏm is down before the send (SEND.AFTER-LAY-DOWN)
    And seat 2 sends JC to seat 1's phỏm 0
    Then the action is accepted
    When seat 2 discards 5H
    Then the action is accepted
    And seat 1's phỏm 0 is 8C 9C 10C JC
    And seat 2 has laid 2H 3H 4H and 7S 7D 7C
