Feature: Rounds (2): the pointer model at 2, 3 and 4 players, tái and the price of a chốt
  A game has four rounds, counted per seat by its own discard pile: a seat whose pile
  holds 3 cards when its turn starts is in its final round, and its discard is a cây chốt.
  An eat takes a card off the victim's pile and costs no draw, so it adds a turn. The kit
  reads 004's chuyển bài with a lead pointer (docs/readings.md): the lead starts at the
  first seat; at every eat the lead's most recent discard moves to the victim's pile (unless
  the lead is the victim: then nothing moves) and the lead passes one seat on. A lead whose
  card moves plays one more round before laying down (né hạ); a seat whose pile drops back
  to 3 after its final-round turn plays again (tái), and its tái discard is a cây chốt.

  This file adds to features/rounds.feature: several eats in one game, the moved card's
  marks, tái earned through a moved card or one's own eat, eating on a tái turn, the
  three-player chain of chốt eats, each ruleset's chốt price, and the 2- and 3-player
  counts (24 and 33 stock cards, 11 and 7 draws: 13 and 26 left).

  Deals and scripts: features/fixtures/rounds.yaml. Turns are numbered from the opening
  discard (turn 1); with no eat, turn t belongs to seat (t - 1) mod n.

  Rule: Four rounds at every table size

    @id:rounds-no-fifth-round @ruleset:all @negative
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.FOUR-ROUNDS @clause:ROUND.GAME-END
    Scenario: After the fourth round nobody plays a fifth
      Given the deal "fx-rounds-tv-4p"
      When the script "rtv-to-last" is played
      And the actions are played:
        """
        seat 3 draws; lays down 8S 8C 8H; discards 5C
        """
      Then the game is over by points
      When seat 0 draws
      Then the action is rejected with GAME_OVER
      When seat 0 discards 4S
      Then the action is rejected with GAME_OVER

    @id:rounds-four-rounds-3p @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.FOUR-ROUNDS @clause:ROUND.GAME-END @clause:ROUND.PILES-END-AT-FOUR
    @clause:ROUND.COUNT-BY-PILE
    @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Three players, no eat: 12 turns, the game ends with three piles of 4
      Given the deal "fx-rounds-quiet-3p"
      When the script "rq3-to-final" is played
      Then it is seat 0's turn in the final round
      And the piles hold 3, 3, 3 cards
      When the actions are played:
        """
        seat 0 draws; lays down 4C 5C 6C; discards AD
        seat 1 draws; lays down JH JD JS; discards 3H
        """
      Then the game is not over
      And it is seat 2's turn in the final round
      When seat 2 draws
      And seat 2 lays down 7S 8S 9S
      And seat 2 discards 8D
      Then the game is over by points
      And the piles hold 4, 4, 4 cards

    @id:rounds-stock-left-3p @ruleset:all @negative @clause:ROUND.STOCK-EXHAUSTED
    @reading:AMB.SEND-COMPULSORY=optional
    @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Three players: the stock is not used up, 13 of its 24 cards are left
      Given the deal "fx-rounds-quiet-3p"
      When the game starts
      Then the stock holds 24 cards
      When the script "rq3-to-final" is played
      And the actions are played:
        """
        seat 0 draws; lays down 4C 5C 6C; discards AD
        seat 1 draws; lays down JH JD JS; discards 3H
        seat 2 draws; lays down 7S 8S 9S; discards 8D
        """
      Then the game is over by points
      # 12 turns, the first without a draw: 11 draws, 24 - 11 = 13
      And the stock holds 13 cards

    @id:rounds-stock-left-2p @ruleset:all @negative @clause:ROUND.STOCK-EXHAUSTED
    @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Two players: the stock is not used up, 26 of its 33 cards are left
      Given the deal "fx-rounds-quiet-2p"
      When the game starts
      Then the stock holds 33 cards
      When the script "rq2-to-final" is played
      And the actions are played:
        """
        seat 0 draws; lays down 2D 3D 4D; discards AH
        seat 1 draws; lays down QS QC QH; discards JS
        """
      Then the game is over by points
      And the piles hold 4, 4 cards
      # 8 turns, 7 draws: 33 - 7 = 26
      And the stock holds 26 cards

  Rule: Chuyển bài: the lead's most recent discard fills the victim's pile

    @id:chuyen-bai-lead-card-moves @ruleset:all
    @clause:ROUND.CHUYEN-BAI @clause:ROUND.MOVED-CARD @clause:ROUND.LEAD-POINTER
    @clause:ROUND.EXTRA-TURN-PER-EAT
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.MOVED-CARD=most-recent
    @reading:AMB.MOVED-CHOT-STATUS=keeps
    Scenario: Seat 2 eats seat 1's card; the lead (seat 0) gives its latest discard to seat 1
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-eat" is played
      Then the stock holds 6 cards
      When seat 2 eats 9C with 10C JC
      # the lead is seat 0 (no eat yet), the victim seat 1: seat 0's top card moves
      Then 8C is moved from seat 0's pile to seat 1's pile
      And 8C lies in seat 1's pile marked as moved
      And seat 0's pile is KS 10D
      And seat 1's pile is 3S 5C 8C
      # 8C was seat 0's round-3 discard: moving does not make it a cây chốt
      And 8C is not a cây chốt
      # an eat is not a draw
      And the stock holds 6 cards
      When seat 2 discards QH
      Then the piles hold 2, 3, 3, 2 cards
      And it is seat 3's turn

    @id:ne-ha-lead-plays-round-3-again @ruleset:all
    @clause:ROUND.NE-HA @clause:ROUND.COUNT-BY-PILE @clause:ROUND.LEAD-POINTER
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: Né hạ: the lead whose card moved reaches its final round one turn later
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-eat" is played
      And the actions are played:
        """
        seat 2 eats 9C with 10C JC; discards QH
        seat 3 draws; discards KD
        """
      # without the eat seat 0 would start its final round now; its pile holds 2
      Then it is seat 0's turn, not in the final round
      When seat 0 draws
      And seat 0 discards 6D
      # seat 1, the new lead, lays down first
      Then it is seat 1's turn in the final round
      When seat 1 draws
      And seat 1 lays down 4H 5H 6H
      Then the action is accepted

    @id:ne-ha-no-lay-down-in-round-3 @ruleset:all @negative
    @clause:ROUND.NE-HA @clause:ROUND.COUNT-BY-PILE
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: Né hạ: on its fourth turn the lead whose card moved may not lay down
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-eat" is played
      And the actions are played:
        """
        seat 2 eats 9C with 10C JC; discards QH
        seat 3 draws; discards KD
        seat 0 draws
        """
      And seat 0 lays down 7S 7D 7H
      Then the action is rejected with LAY_DOWN_NOT_FINAL_ROUND
      And seat 0 has laid nothing

    @id:lead-pointer-second-eat @ruleset:all
    @clause:ROUND.LEAD-POINTER @clause:ROUND.CHUYEN-BAI @clause:ROUND.MOVED-CARD
    @clause:ROUND.CHOT @clause:ROUND.CHOT-EAT
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.MOVED-CARD=most-recent
    @reading:AMB.MOVED-CHOT-STATUS=keeps
    Scenario: At the second eat the card comes from the new lead, seat 1, and keeps its chốt status
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      Then 2D is a cây chốt
      And the piles hold 3, 4, 4, 3 cards
      When seat 3 eats 2D with 2S 2C
      # lead = seat 1 since the first eat, victim = seat 2: seat 1's cây chốt JH moves
      Then JH is moved from seat 1's pile to seat 2's pile
      And JH lies in seat 2's pile marked as moved
      And JH is a cây chốt under clause ROUND.MOVED-CARD
      And seat 2's pile is 8S JS QH JH
      And seat 1's pile is 3S 5C 8C

    @id:lead-pointer-not-the-first-seat @ruleset:all @negative @clause:ROUND.LEAD-POINTER
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: After the first eat the first seat's pile no longer supplies the moved card
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      Then seat 0's pile is KS 10D 6D
      When seat 3 eats 2D with 2S 2C
      Then seat 0's pile is KS 10D 6D
      And the piles hold 3, 3, 4, 3 cards

    @id:tai-after-card-moved-away @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.TAI @clause:ROUND.EXTRA-TURN-PER-EAT @clause:ROUND.GAME-END
    @clause:ROUND.PILES-END-AT-FOUR @clause:ROUND.STOCK-EXHAUSTED @clause:ROUND.FOUR-ROUNDS
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.TAI-TRIGGER=moved-card
    Scenario: The lead whose cây chốt moved away plays a tái turn; two eats make 18 turns
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        """
      Then it is seat 0's turn in the final round
      And it is seat 0's turn, not a tái turn
      When seat 0 draws
      And seat 0 lays down 7S 7D 7H
      And seat 0 discards 3D
      # seat 1 laid down on turn 14 and its chốt JH moved away on turn 16
      Then seat 1 gets a tái turn
      And the piles hold 4, 3, 4, 4 cards
      When seat 1 draws
      And seat 1 discards KH
      # turn 18: 16 turns + 2 eats; draws 18 - 1 opening - 2 eats = 15
      Then the game is over by points
      And the piles hold 4, 4, 4, 4 cards
      And the stock is empty

    @id:tai-not-for-a-refilled-victim @ruleset:all @negative
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.TAI @clause:ROUND.MOVED-CARD
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.TAI-TRIGGER=moved-card
    Scenario: The victim whose pile got the moved card plays no tái turn
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        seat 0 draws; lays down 7S 7D 7H; discards 3D
        seat 1 draws
        """
      And seat 1 discards KH
      # seat 2 laid down and its chốt 2D was eaten, but the moved JH keeps its pile at 4
      Then the game is over by points
      And the piles hold 4, 4, 4, 4 cards

    @id:extra-turn-not-over-after-16 @ruleset:all @negative
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.EXTRA-TURN-PER-EAT @clause:ROUND.GAME-END @clause:ROUND.PILES-END-AT-FOUR
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: With two eats the game is not over after the 16th discard
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        """
      Then the game is not over
      And the piles hold 3, 3, 4, 4 cards
      # draws so far: turns 2-10, 12-15 = 13; 15 - 13 = 2
      And the stock holds 2 cards

  Rule: The lead is the victim: nothing moves

    @id:lead-is-victim-opening-card @ruleset:all
    @clause:ROUND.LEAD-IS-VICTIM @clause:ROUND.LEAD-POINTER @clause:ROUND.CHUYEN-BAI
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: Seat 1 eats the opening card; the lead passes on, and the next eat moves seat 1's card
      Given the deal "fx-rounds-lead-4p"
      When seat 0 discards KD
      And seat 1 eats KD with JD QD
      Then seat 0's pile is empty
      When seat 1 discards KS
      And seat 2 draws
      And seat 2 discards 4D
      And seat 3 eats 4D with 4C 4H
      # the lead is now seat 1 (not the victim, seat 2): seat 1's KS moves
      Then KS is moved from seat 1's pile to seat 2's pile under clause ROUND.LEAD-IS-VICTIM
      And KS lies in seat 2's pile marked as moved
      And seat 1's pile is empty
      And seat 2's pile is KS

    @id:lead-is-victim-nothing-moves @ruleset:all @negative
    @clause:ROUND.LEAD-IS-VICTIM @clause:ROUND.CHUYEN-BAI
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: When the lead itself is eaten no card moves and its pile stays short
      Given the deal "fx-rounds-lead-4p"
      When seat 0 discards KD
      And seat 1 eats KD with JD QD
      Then no card is moved
      And the piles hold 0, 0, 0, 0 cards
      When seat 1 discards KS
      Then the piles hold 0, 1, 0, 0 cards

    @id:count-by-pile-after-eats @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.COUNT-BY-PILE @clause:ROUND.FOUR-ROUNDS @clause:ROUND.PILES-END-AT-FOUR
    @clause:ROUND.STOCK-EXHAUSTED @clause:ROUND.EXTRA-TURN-PER-EAT
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: After two eats seat 2 leads the final round and seat 1 plays the 18th, last turn
      Given the deal "fx-rounds-lead-4p"
      When the script "rl-to-final" is played
      Then the piles hold 3, 3, 3, 3 cards
      And it is seat 2's turn in the final round
      When the actions are played:
        """
        seat 2 draws; lays down 5C 6C 7C; discards 8S
        seat 3 draws; lays down 4C 4H 4D; discards 10S
        seat 0 draws; lays down 9S 9D 9H; discards KH
        """
      Then it is seat 1's turn in the final round
      And the game is not over
      When seat 1 draws
      And seat 1 lays down JD QD KD
      And seat 1 discards 7S
      Then the game is over by points
      And the piles hold 4, 4, 4, 4 cards
      And the stock is empty

    @id:count-by-pile-no-lay-down-with-2 @ruleset:all @negative
    @clause:ROUND.COUNT-BY-PILE @clause:ROUND.LEAD-IS-VICTIM
    @reading:AMB.LEAD-POINTER=pointer
    Scenario: Seat 0, eaten as the lead, is in round 3 on its fourth turn and may not lay down
      Given the deal "fx-rounds-lead-4p"
      When the actions are played:
        """
        seat 0 discards KD
        seat 1 eats KD with JD QD; discards KS
        seat 2 draws; discards 4D
        seat 3 eats 4D with 4C 4H; discards QS
        seat 0 draws; discards 6D
        seat 1 draws; discards JS
        seat 2 draws; discards 5H
        seat 3 draws; discards AC
        seat 0 draws; discards QH
        seat 1 draws; discards AD
        seat 2 draws; discards JC
        seat 3 draws; discards 8D
        """
      # seat 0's pile holds 6D QH: round 3
      Then it is seat 0's turn, not in the final round
      When seat 0 draws
      And seat 0 lays down 9S 9D 9H
      Then the action is rejected with LAY_DOWN_NOT_FINAL_ROUND

    @id:rounds-two-players-chuyen-bai @ruleset:all
    @clause:ROUND.CHUYEN-BAI @clause:ROUND.NE-HA @clause:ROUND.FOUR-ROUNDS
    @clause:ROUND.PILES-END-AT-FOUR @clause:ROUND.GAME-END @clause:ROUND.EXTRA-TURN-PER-EAT
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Two players: seat 0 eats, its own opening card moves, seat 1 lays down first
      Given the deal "fx-rounds-move-2p"
      When seat 0 discards 6S
      And seat 1 draws
      And seat 1 discards JH
      And seat 0 eats JH with 9H 10H
      # lead seat 0, victim seat 1
      Then 6S is moved from seat 0's pile to seat 1's pile
      And seat 0's pile is empty
      And seat 1's pile is 6S
      When the actions are played:
        """
        seat 0 discards JD
        seat 1 draws; discards 8S
        seat 0 draws; discards 10C
        seat 1 draws; discards JS
        """
      Then it is seat 0's turn, not in the final round
      When seat 0 draws
      And seat 0 discards 10D
      Then it is seat 1's turn in the final round
      When the actions are played:
        """
        seat 1 draws; lays down 6D 7D 8D; discards QC
        seat 0 draws; lays down 9H 10H JH and 3S 3D 3C
        """
      And seat 0 discards 8C
      # 9 turns: 8 + 1 eat; 7 draws, 33 - 7 = 26 left
      Then the game is over by points
      And the piles hold 4, 4 cards
      And the stock holds 26 cards

  Rule: The cây chốt and ăn chốt

    @id:chot-eat-round-3-card-is-not-chot @ruleset:all @negative
    @clause:ROUND.CHOT-EAT @clause:ROUND.CHOT @clause:ROUND.CHUYEN-BAI
    @reading:AMB.CHOT-WHOSE-ROUND=discarder-round @reading:AMB.LEAD-POINTER=pointer
    Scenario: A seat in its final round eats a round-3 card: not a cây chốt, not ăn chốt
      Given the deal "fx-rounds-late-eat-4p"
      When the script "rle-to-eat" is played
      Then it is seat 0's turn in the final round
      When seat 0 eats 9H with 9S 9D
      Then 9H is not a cây chốt
      And seat 3 pays seat 0 nothing for ăn chốt
      # lead seat 0, victim seat 3: seat 0's round-3 card 4S moves
      And 4S is moved from seat 0's pile to seat 3's pile
      When seat 0 lays down 9S 9D 9H and 2H 3H 4H
      And seat 0 discards QH
      # seat 0's pile held 3 cards when its turn began
      Then QH is a cây chốt
      And the piles hold 3, 3, 3, 3 cards

    @id:chot-eat-round-3-card-free-co-ban @ruleset:co-ban @negative @clause:ROUND.CHOT-EAT @reading:AMB.THIRD-EAT-PRICE=none-priced
    @reading:AMB.CHOT-WHOSE-ROUND=discarder-round @reading:AMB.EAT-PRICE-002=free @reading:AMB.EAT-PRICE-000=co-ban-table
    Scenario: Under co-ban that eat costs nothing (only chốt eats are priced)
      Given the deal "fx-rounds-late-eat-4p"
      When the script "rle-to-eat" is played
      And seat 0 eats 9H with 9S 9D
      Then seat 3 pays seat 0 nothing for ăn bài
      And seat 0's money is 0
      And seat 3's money is 0

    @id:chot-eat-round-3-card-first-price @ruleset:ki-gui @ruleset:u9la @ruleset:hoi-quan-bai
    @negative @clause:ROUND.CHOT-EAT @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
    @reading:AMB.CHOT-WHOSE-ROUND=discarder-round @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
    Scenario: Elsewhere that eat is priced as seat 3's first eaten card (1), not as a chốt
      Given the deal "fx-rounds-late-eat-4p"
      When the script "rle-to-eat" is played
      And seat 0 eats 9H with 9S 9D
      Then seat 3 pays seat 0 1 for ăn bài
      And seat 3's money is -1

    @id:tai-by-own-eat @ruleset:all @clause:ROUND.TAI @clause:ROUND.PILES-END-AT-FOUR
    @reading:AMB.SEND-COMPULSORY=optional
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.TAI-TRIGGER=moved-card
    Scenario: A seat whose own eat moved its card away plays a tái turn
      Given the deal "fx-rounds-late-eat-4p"
      When the script "rle-to-eat" is played
      And the actions are played:
        """
        seat 0 eats 9H with 9S 9D; lays down 9S 9D 9H and 2H 3H 4H; discards QH
        seat 1 draws; lays down 5C 6C 7C; discards 10S
        seat 2 draws; lays down 10D JD QD; discards 7H
        """
      # seat 3's pile: 7S JH and the moved 4S: its final round
      Then it is seat 3's turn in the final round
      When seat 3 draws
      And seat 3 lays down 6S 6D 6H
      And seat 3 discards KH
      Then seat 0 gets a tái turn
      When seat 0 draws
      And seat 0 discards AC
      Then the game is over by points
      And the piles hold 4, 4, 4, 4 cards

    @id:chot-eat-price-co-ban @ruleset:co-ban @clause:ROUND.CHOT-EAT @clause:ROUND.CHOT
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=co-ban-table @reading:AMB.THIRD-EAT-PRICE=none-priced
    @reading:AMB.CHOT-PRICE=one @reading:AMB.EAT-PRICE-002=free @reading:AMB.RANK-000=graded
    Scenario: co-ban: the round-3 eat is free, the chốt eat costs 1
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        seat 0 draws; lays down 7S 7D 7H; discards 3D
        seat 1 draws; discards KH
        """
      # seat 2: 5S 8H AC 4C 2H 9D = 29; seat 0: AS QD 3H 10H 4S 6C = 36;
      # seat 3: 5D 9H 10S 6S AD 8D = 39; seat 1: 7C AH QS 9S JD 3C = 43
      Then the ranking is: seat 2 nhất 29, seat 0 nhì 36, seat 3 ba 39, seat 1 bét 43
      And the payments are:
        """
        seat 2 pays seat 3 1 for ăn chốt
        seat 0 pays seat 2 1 for nhì
        seat 3 pays seat 2 2 for ba
        seat 1 pays seat 2 3 for bét
        """
      And the totals are: -1, -3, +5, -1

    @id:chot-eat-price-ki-gui @ruleset:ki-gui @clause:ROUND.CHOT-EAT @clause:ROUND.CHOT
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=ki-gui-table @reading:AMB.RANK-000=graded-last-three
    @reading:AMB.CHOT-PRICE=three @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
    Scenario: ki-gui: the round-3 eat costs 1, the chốt eat 3
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        seat 0 draws; lays down 7S 7D 7H; discards 3D
        seat 1 draws; discards KH
        """
      Then the payments are:
        """
        seat 1 pays seat 2 1 for ăn bài
        seat 2 pays seat 3 3 for ăn chốt
        seat 0 pays seat 2 1 for nhì
        seat 3 pays seat 2 2 for ba
        seat 1 pays seat 2 3 for bét
        """
      # seat 1: -1 - 3; seat 2: +1 - 3 + 6; seat 3: +3 - 2
      And the totals are: -1, -4, +4, +1

    @id:chot-eat-price-u9la @ruleset:u9la @clause:ROUND.CHOT-EAT @clause:ROUND.CHOT
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.RANK-000=graded
    @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
    Scenario: u9la: the round-3 eat costs 1, the chốt eat 4
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        seat 0 draws; lays down 7S 7D 7H; discards 3D
        seat 1 draws; discards KH
        """
      Then the payments are:
        """
        seat 1 pays seat 2 1 for ăn bài
        seat 2 pays seat 3 4 for ăn chốt
        seat 0 pays seat 2 1 for nhì
        seat 3 pays seat 2 2 for ba
        seat 1 pays seat 2 3 for bét
        """
      # seat 2: +1 - 4 + 6; seat 3: +4 - 2
      And the totals are: -1, -4, +3, +2

    @id:chot-eat-price-hoi-quan-bai @ruleset:hoi-quan-bai @clause:ROUND.CHOT-EAT @clause:ROUND.CHOT
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table @reading:AMB.RANK-000=graded
    @reading:AMB.CHOT-PRICE=four @reading:AMB.EAT-COUNT=per-victim @reading:AMB.EAT-PRICE-002=graded @reading:AMB.THIRD-EAT-PRICE=three
    Scenario: hoi-quan-bai: the round-3 eat costs 1, the chốt eat 4
      Given the deal "fx-rounds-move-4p"
      When the script "rm-to-second-eat" is played
      And the actions are played:
        """
        seat 3 eats 2D with 2S 2C; lays down 2S 2C 2D; discards QC
        seat 0 draws; lays down 7S 7D 7H; discards 3D
        seat 1 draws; discards KH
        """
      # KH, the last cây chốt, makes no phỏm with seat 2's hand: no thêm vòng
      Then nobody is offered thêm vòng
      And the payments are:
        """
        seat 1 pays seat 2 1 for ăn bài
        seat 2 pays seat 3 4 for ăn chốt
        seat 0 pays seat 2 1 for nhì
        seat 3 pays seat 2 2 for ba
        seat 1 pays seat 2 3 for bét
        """
      And the totals are: -1, -4, +3, +2

  Rule: Tái: what the extra turn allows

    @id:tai-when-the-lead-is-eaten @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.TAI @clause:ROUND.LEAD-IS-VICTIM @clause:ROUND.CHOT-EAT
    @reading:AMB.LEAD-POINTER=pointer @reading:AMB.TAI-EAT=may-eat
    Scenario: Seat 0 lays down, its cây chốt is eaten while it is the lead: it plays again after seat 3
      Given the deal "fx-rounds-tai-4p"
      When the script "rt-to-laid" is played
      # seat 1's eat of 10D moved nothing: seat 0's pile is back to 3
      Then seat 0's pile is 8D 3D KC
      And the piles hold 3, 4, 4, 3 cards
      When seat 3 draws
      And seat 3 lays down 7S 7D 7C
      And seat 3 discards JS
      Then seat 0 gets a tái turn
      And seat 0 may draw
      And seat 0 may eat JS with JC JD

    @id:tai-actions-eat-lay-send @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.TAI-ACTIONS @clause:ROUND.TAI @clause:ROUND.CHUYEN-BAI
    @reading:AMB.TAI-EAT=may-eat @reading:AMB.SEND-TAI=again @reading:AMB.LEAD-POINTER=pointer
    Scenario: On its tái turn seat 0 eats into a new phỏm, lays it down and sends to a phỏm laid after its own
      Given the deal "fx-rounds-tai-4p"
      When the script "rt-to-laid" is played
      And the actions are played:
        """
        seat 3 draws; lays down 7S 7D 7C; discards JS
        """
      And seat 0 eats JS with JC JD
      Then the action is accepted
      # lead seat 1 (since its eat), victim seat 3: seat 1's JH moves
      And JH is moved from seat 1's pile to seat 3's pile
      When seat 0 lays down JS JC JD
      Then the action is accepted
      # seat 2 laid 2C 3C 4C on turn 15, after seat 0's first lay-down
      When seat 0 sends 5C to seat 2's phỏm 0
      Then the action is accepted
      And seat 2's phỏm 0 is 2C 3C 4C 5C
      And seat 0 has laid 5H 6H 7H and JS JC JD
      When seat 0 discards 9S
      Then seat 0's hand is AS 2H
      # seat 1 laid down on turn 14 and its JH just moved away
      And seat 1 gets a tái turn
      When seat 1 draws
      And seat 1 discards 8H
      Then the game is over by points
      And the piles hold 4, 4, 4, 4 cards

    @id:tai-actions-not-on-own-phom @ruleset:all @negative @clause:ROUND.TAI-ACTIONS
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.SEND-OWN=not-own
    @reading:AMB.TAI-OWN-PHOM=not-own @reading:AMB.SEND-TAI=again @reading:AMB.TAI-EAT=may-eat
    Scenario: On a tái turn a card that only extends one's own laid phỏm can be neither eaten nor sent
      Given the deal "fx-rounds-tai-4p"
      When the script "rt-to-laid" is played
      And the actions are played:
        """
        seat 3 draws; lays down 7S 7D 7C; discards 4H
        """
      # 4H fits only seat 0's own 5H 6H 7H
      Then seat 0 gets a tái turn
      And seat 0 may not eat
      When seat 0 eats 4H with 5H 6H
      Then the action is rejected with CARD_NOT_IN_HAND or EAT_NOT_A_PHOM
      When seat 0 draws
      And seat 0 sends 8H to seat 0's phỏm 0
      Then the action is rejected with SEND_OWN_PHOM
      When seat 0 sends 5C to seat 2's phỏm 0
      Then the action is accepted
      When seat 0 discards 8H
      Then the game is over by points
      And seat 0's phỏm 0 is 5H 6H 7H

  Rule: A tái discard is a cây chốt

    @id:tai-discard-is-chot-3p @ruleset:all
    @reading:AMB.SEND-COMPULSORY=optional
    @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:ROUND.TAI @clause:ROUND.CHOT @clause:ROUND.LEAD-IS-VICTIM
    @clause:ROUND.CHUYEN-BAI @clause:ROUND.STOCK-EXHAUSTED
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.TAI-EAT=may-eat @reading:AMB.LEAD-POINTER=pointer
    @reading:AMB.SMALL-TABLES-004=all-sizes
    Scenario: Three players: seat 1 eats seat 0's tái discard on its own tái turn
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      # both eats had the lead as victim: nothing moved, seats 0 and 1 are short
      Then the piles hold 3, 3, 4 cards
      And seat 0 gets a tái turn
      When seat 0 draws
      And seat 0 discards 3D
      Then 3D is a cây chốt
      And seat 1 gets a tái turn
      And seat 1 may eat 3D with 4D 5D
      When seat 1 eats 3D with 4D 5D
      # lead seat 2 since the second eat, victim seat 0
      Then KH is moved from seat 2's pile to seat 0's pile
      When seat 1 lays down 3D 4D 5D
      And seat 1 discards QH
      Then seat 2 gets a tái turn
      When seat 2 draws
      And seat 2 discards 9S
      Then the game is over by points
      And the piles hold 4, 4, 4 cards
      # 15 turns, 3 eats: 11 draws, 24 - 11 = 13 left
      And the stock holds 13 cards

    @id:tai-discard-not-a-plain-eat @ruleset:all @negative @clause:ROUND.TAI-DISCARD-IS-CHOT
    @reading:AMB.SEND-COMPULSORY=optional
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.TAI-EAT=may-eat
    Scenario: Eating a tái discard is not priced as an ordinary eat
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      And the actions are played:
        """
        seat 0 draws; discards 3D
        seat 1 eats 3D with 4D 5D
        """
      Then seat 0 pays seat 1 nothing for ăn bài
      And seat 1 pays seat 2 nothing for ăn bài

    @id:tai-discard-chot-price-co-ban @ruleset:co-ban
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=co-ban-table
    @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:ROUND.CHOT-EAT
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.CHOT-PRICE=one @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SMALL-TABLE-RANKS=positional @reading:AMB.RANK-000=graded
    Scenario: co-ban: three chốt eats at 1 each, the tái discard among them
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      And the actions are played:
        """
        seat 0 draws; discards 3D
        seat 1 eats 3D with 4D 5D; lays down 3D 4D 5D; discards QH
        seat 2 draws; discards 9S
        """
      # seat 1: AH 7H 2S = 10; seat 0: AS QD 2C 5C KS 4S = 37; seat 2: 2D 10S 7S 3C 9H QC = 43
      Then the ranking is: seat 1 nhất 10, seat 0 nhì 37, seat 2 ba 43
      And the payments are:
        """
        seat 0 pays seat 1 1 for ăn chốt
        seat 1 pays seat 2 1 for ăn chốt
        seat 0 pays seat 1 1 for ăn chốt
        seat 0 pays seat 1 1 for nhì
        seat 2 pays seat 1 2 for ba
        """
      And the totals are: -3, +4, -1

    @id:tai-discard-chot-price-ki-gui @ruleset:ki-gui
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=ki-gui-table
    @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:ROUND.CHOT-EAT
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.CHOT-PRICE=three @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SMALL-TABLE-RANKS=last-of-three-pays-three @reading:AMB.RANK-000=graded-last-three
    Scenario: ki-gui: three chốt eats at 3 each; the last of three pays 3
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      And the actions are played:
        """
        seat 0 draws; discards 3D
        seat 1 eats 3D with 4D 5D; lays down 3D 4D 5D; discards QH
        seat 2 draws; discards 9S
        """
      Then the payments are:
        """
        seat 0 pays seat 1 3 for ăn chốt
        seat 1 pays seat 2 3 for ăn chốt
        seat 0 pays seat 1 3 for ăn chốt
        seat 0 pays seat 1 1 for nhì
        seat 2 pays seat 1 3 for ba
        """
      # seat 0: -3 - 3 - 1; seat 1: +3 - 3 + 3 + 1 + 3; seat 2: +3 - 3
      And the totals are: -7, +7, 0

    @id:tai-discard-chot-price-u9la @ruleset:u9la
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
    @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:ROUND.CHOT-EAT
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.CHOT-PRICE=four @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SMALL-TABLE-RANKS=positional @reading:AMB.RANK-000=graded
    Scenario: u9la: three chốt eats at 4 each
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      And the actions are played:
        """
        seat 0 draws; discards 3D
        seat 1 eats 3D with 4D 5D; lays down 3D 4D 5D; discards QH
        seat 2 draws; discards 9S
        """
      Then the payments are:
        """
        seat 0 pays seat 1 4 for ăn chốt
        seat 1 pays seat 2 4 for ăn chốt
        seat 0 pays seat 1 4 for ăn chốt
        seat 0 pays seat 1 1 for nhì
        seat 2 pays seat 1 2 for ba
        """
      # seat 0: -4 - 4 - 1; seat 1: +4 - 4 + 4 + 1 + 2; seat 2: +4 - 2
      And the totals are: -9, +7, +2

    @id:tai-discard-chot-price-hoi-quan-bai @ruleset:hoi-quan-bai
    @reading:AMB.SEND-COMPULSORY=optional @reading:AMB.EAT-PRICE-000=hoi-quan-bai-table
    @clause:ROUND.TAI-DISCARD-IS-CHOT @clause:ROUND.CHOT-EAT
    @reading:AMB.TAI-DISCARD-CHOT=chot @reading:AMB.CHOT-PRICE=four @reading:AMB.TAI-EAT=may-eat
    @reading:AMB.SMALL-TABLE-RANKS=positional @reading:AMB.RANK-000=graded
    Scenario: hoi-quan-bai: three chốt eats at 4 each
      Given the deal "fx-rounds-chain-3p"
      When the script "rc3-to-tai" is played
      And the actions are played:
        """
        seat 0 draws; discards 3D
        seat 1 eats 3D with 4D 5D; lays down 3D 4D 5D; discards QH
        seat 2 draws; discards 9S
        """
      Then nobody is offered thêm vòng
      And the payments are:
        """
        seat 0 pays seat 1 4 for ăn chốt
        seat 1 pays seat 2 4 for ăn chốt
        seat 0 pays seat 1 4 for ăn chốt
        seat 0 pays seat 1 1 for nhì
        seat 2 pays seat 1 2 for ba
        """
      And the totals are: -9, +7, +2
