Feature: Ù claimed by the player (reading 'declared' of AMB.U-AUTOMATIC)
  Under the register's reading 'declared' of AMB.U-AUTOMATIC (002 says the game "can" end on
  an ù) the engine does not end the game itself. After the draw or eat that makes an ù, the
  ù is pending: the player's next action may claim it (claim ù, the protocol's action u),
  which ends the game as the automatic ù would have at that point (the same kind, đền and
  payments), or any other action, which declines it; a later draw or eat may make another.
  A claim with no pending ù is refused (U_NOT_AVAILABLE, U.AUTOMATIC). A timeout's auto-play
  claims the ù its own draw makes (AMB.TIMEOUT-U: the ù stands). Ù khan is still declared at
  the deal. No ruleset takes this reading; an implementation declares it (protocol 1.1:
  u: claimed, or the reading in hello) and these scenarios are what it must do.

  Deals: features/fixtures/u.yaml. In fx-u-draw-4p seat 1 holds 3S 3D 3H, 6C 7C 8C, JD QD
  and 2H; it draws the dead 5S on its first turn, KD on its second (ù, 2H left over), and
  KS on its third. In fx-u-eat-4p the same hand eats seat 0's round-2 10D with JD QD.

  Rule: The ù after a draw or eat waits for the player's claim

    @id:u-claimed-draw @ruleset:all @reading:AMB.U-AUTOMATIC=declared
    @reading:AMB.U-LEFTOVER=one-leftover
    @clause:U.AUTOMATIC @clause:U.THUONG @clause:U.PAYMENT @clause:U.WINNER
    Scenario: Seat 1 draws into an ù: the game goes on until it claims, then ends as an ù thường
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
      # 3S 3D 3H, 6C 7C 8C, JD QD KD: nine cards in phỏm, 2H left over; nothing declared yet
      Then the action is accepted
      And nobody ù
      And the game is not over
      And the legal actions of seat 1 are:
        """
        claim ù
        discard one of 3S 3D 3H 6C 7C 8C JD QD KD 2H
        """
      When seat 1 claims ù
      Then the action is accepted
      And the game is over by ù
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

    @id:u-claimed-eat @ruleset:all @reading:AMB.U-AUTOMATIC=declared
    @reading:AMB.U-LEFTOVER=one-leftover
    @clause:U.AUTOMATIC @clause:U.THUONG @clause:U.PAYMENT
    Scenario: Seat 1 eats 10D into an ù: the eat is accepted and the ù waits for the claim
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
      And nobody ù
      And the game is not over
      When seat 1 claims ù
      Then the action is accepted
      And the game is over by ù
      And seat 1 ù thường
      And the ù is not đền
      And seat 0 pays seat 1 5 for ù
      And seat 2 pays seat 1 5 for ù
      And seat 3 pays seat 1 5 for ù

  Rule: Any other action declines the ù; a later draw may make another

    @id:u-claimed-declined @ruleset:all @reading:AMB.U-AUTOMATIC=declared
    @reading:AMB.U-LEFTOVER=one-leftover
    @clause:U.AUTOMATIC @clause:U.THUONG @clause:U.PAYMENT
    Scenario: Seat 1 discards instead of claiming; its next draw, KS, is an ù again and it claims that one
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
      # declining: the game goes on, seat 2 to act
      Then the action is accepted
      And the game is not over
      And nobody ù
      When seat 1 claims ù
      Then the action is rejected with NOT_YOUR_TURN
      When the actions are played:
        """
        seat 2 draws; discards AS
        seat 3 draws; discards AD
        seat 0 draws; discards 6H
        seat 1 draws
        """
      # seat 1 keeps 3S 3D 3H, 6C 7C 8C, JD QD KD and draws KS: ù again, KS left over
      Then nobody ù
      And the game is not over
      When seat 1 claims ù
      Then the game is over by ù
      And seat 1 ù thường
      And seat 1 wins
      And the totals are: -5, +15, -5, -5

    @id:u-claimed-nothing-pending @ruleset:all @reading:AMB.U-AUTOMATIC=declared @negative
    @clause:U.AUTOMATIC
    Scenario: A claim with no pending ù is refused: at the opening, and after a draw that makes none
      Given the deal "fx-u-draw-4p"
      When seat 0 claims ù
      Then the action is rejected with U_NOT_AVAILABLE under clause U.AUTOMATIC
      When seat 0 discards QC
      And seat 1 draws
      # JD QD 2H 5S are outside phỏm: no ù
      And seat 1 claims ù
      Then the action is rejected with U_NOT_AVAILABLE under clause U.AUTOMATIC
      And the game is not over
      And seat 1 may discard 5S

  Rule: What the claim does not change

    @id:u-claimed-timeout @ruleset:all @reading:AMB.U-AUTOMATIC=declared
    @reading:AMB.TIMEOUT-U=u-stands @reading:AMB.U-LEFTOVER=one-leftover
    @clause:U.AUTOMATIC @clause:TIME.AUTO-PLAY @clause:U.THUONG
    Scenario: Seat 1 times out on the turn whose draw, KD, makes its ù: the auto-play claims it
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
      Then the action is accepted
      And the game is over by ù
      And seat 1 ù thường
      And the totals are: -5, +15, -5, -5

    @id:u-claimed-khan @ruleset:hoi-quan-bai @reading:AMB.U-AUTOMATIC=declared
    @clause:U.KHAN @clause:U.AUTOMATIC
    Scenario: Ù khan is still declared at the deal, with no claim
      Given a 4-player "hoi-quan-bai" game
      And seat 0 holds 2S 3S 5D 6D 9H 10H QD 3C 6C 9D
      And seat 1 holds 5S 6S 2D 3D 7H 8H JD QC KC
      And seat 2 holds AS 4S 7S 10S KS 2C 5C 8C JC
      And seat 3 holds 8S 9S 4D 7D AH 2H JH KD QS
      When the game starts
      Then the game is over by ù khan
      And seat 2 ù khan
      And the totals are: -10, -10, +30, -10
