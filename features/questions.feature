Feature: Questions about cards, asked with no game
  The rules of phỏm, deadwood and ù asked directly, as a reader of the rules asks them: is
  this group a phỏm, what is the least deadwood of this hand, is this hand an ù and of which
  kind, is this dealt hand ù khan. Each step sends one evaluate query (spec/protocol.md 5.8);
  an implementation that does not answer it has these scenarios skipped. Every expectation
  below is counted by hand from the clause it cites: card points from DECK.POINTS (A 1, 2-10
  their value, J 11, Q 12, K 13).

  Rule: A phỏm is three or more cards of one rank, or of one suit in consecutive ranks

    @id:ask-phom-set @ruleset:all @clause:PHOM.SET
    Scenario: Three or four cards of one rank are a set
      Then the group 7S 7D 7H is a phỏm
      And the group 7S 7D 7H 7C is a phỏm

    @id:ask-phom-set-not @ruleset:all @clause:PHOM.SET @clause:PHOM.MIN-SIZE @negative
    Scenario: Two ranks, or two cards, are no set
      Then the group 7S 7D 8H is not a phỏm
      And the group 9S 9H is not a phỏm
      # a set and a run mixed: 5C 5D are one rank, 5D 6D one suit
      And the group 5C 5D 6D is not a phỏm

    @id:ask-phom-run @ruleset:all @clause:PHOM.RUN @clause:PHOM.RUN.ANY-LENGTH
    Scenario: Consecutive cards of one suit are a run, of any length
      Then the group 4H 5H 6H is a phỏm
      And the group 3D 4D 5D 6D 7D 8D is a phỏm
      And the group AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS is a phỏm

    @id:ask-phom-run-not @ruleset:all @clause:PHOM.RUN @negative
    Scenario: Two suits, or a missing rank, make no run
      Then the group 4H 5H 6S is not a phỏm
      And the group 4H 5H 7H is not a phỏm

    @id:ask-phom-ace-low @ruleset:all @clause:PHOM.RUN.ACE-LOW @clause:PHOM.RUN.NO-WRAP
    @reading:AMB.ACE-HIGH-RUN=low-only
    Scenario: The Ace starts a run; J-Q-K ends one
      Then the group AC 2C 3C is a phỏm under clause PHOM.RUN.ACE-LOW
      And the group JS QS KS is a phỏm

    @id:ask-phom-no-wrap @ruleset:all @clause:PHOM.RUN.NO-WRAP @clause:PHOM.RUN.ACE-LOW
    @reading:AMB.ACE-HIGH-RUN=low-only @negative
    Scenario: A run does not pass from the King to the Ace
      Then the group QS KS AS is not a phỏm
      And the group KD AD 2D is not a phỏm

  Rule: The least deadwood is the fewest points an arrangement leaves outside phỏm

    @id:ask-deadwood-points @ruleset:all @clause:PHOM.DEADWOOD @clause:DECK.POINTS
    @reading:AMB.ACE-POINTS=one
    Scenario: Cards in no phỏm count their points
      # 4H 5H 6H is a phỏm; 2S + KD = 2 + 13
      Then the least deadwood of 4H 5H 6H 2S KD is 15 points
      # no phỏm at all: 1 + 11 + 12 + 13
      And the least deadwood of AS JD QC KH is 37 points
      And the least deadwood of 3D 4D 5D 6D 7D 8D is 0 points

    @id:ask-deadwood-choice @ruleset:all @clause:PHOM.ARRANGEMENT-CHOICE @clause:PHOM.DEADWOOD
    Scenario: A card that fits a set or a run goes where it leaves less
      # 7S 7D 7H leaves 8H 9H (17); 7H 8H 9H leaves 7S 7D (14)
      Then the least deadwood of 7S 7D 7H 8H 9H is 14 points

    @id:ask-deadwood-no-wrap @ruleset:all @clause:PHOM.RUN.NO-WRAP @clause:PHOM.DEADWOOD
    @reading:AMB.ACE-HIGH-RUN=low-only @reading:AMB.ACE-POINTS=one @negative
    Scenario: Q-K-A is no phỏm, so all four cards are deadwood
      # 12 + 13 + 1 + 5
      Then the least deadwood of QS KS AS 5C is 31 points

    @id:ask-deadwood-eaten @ruleset:all @clause:TURN.EAT.KEEP-IN-PHOM @clause:PHOM.DEADWOOD
    @reading:AMB.EATEN-IN-PHOM=required
    Scenario: An eaten card stays in a phỏm, even where another arrangement leaves less
      # free: 7S 7D 7H leaves 5H 6H KC, 5 + 6 + 13
      Then the least deadwood of 5H 6H 7H 7S 7D KC is 24 points
      # 5H eaten is in a phỏm only in 5H 6H 7H, which leaves 7S 7D KC, 7 + 7 + 13
      And the least deadwood of 5H 6H 7H 7S 7D KC with 5H eaten is 27 points

  Rule: A full hand is an ù when every card, or every card but one, sits in a phỏm

    @id:ask-u-thuong @ruleset:all @clause:U.THUONG @reading:AMB.U-LEFTOVER=one-leftover
    Scenario: Nine cards in three phỏm and one card over: ù thường
      # 3S 3D 3H, 6C 7C 8C, JD QD KD; 2H left over
      Then the hand 3S 3D 3H 6C 7C 8C JD QD KD 2H is an ù thường

    @id:ask-u-not @ruleset:all @clause:U.THUONG @negative
    Scenario: Four cards outside phỏm: no ù
      # 3S 3D 3H and 6C 7C 8C; JD QD 2H 5S are in no phỏm
      Then the hand 3S 3D 3H 6C 7C 8C JD QD 2H 5S is not an ù

    @id:ask-u-all-ten-thuong @ruleset:co-ban @ruleset:ki-gui @ruleset:hoi-quan-bai
    @clause:U.THUONG
    Scenario: All ten cards in phỏm is an ordinary ù where there is no ù tròn
      # 4S 5S 6S 7S, 9D 9C 9H, QC QD QH
      Then the hand 4S 5S 6S 9D 9C 9H QC QD QH 7S is an ù thường

    @id:ask-u-tron @ruleset:u9la @clause:EXTRA.U-TRON @reading:AMB.U-TRON=all-ten-drawn
    Scenario: Under u9la all ten cards in phỏm after a draw is ù tròn
      # 4S 5S 6S 7S, 9D 9C 9H, QC QD QH: no card left over
      Then the hand 4S 5S 6S 9D 9C 9H QC QD QH 7S is an ù tròn

    @id:ask-u-tron-not @ruleset:u9la @clause:EXTRA.U-TRON @reading:AMB.U-TRON=all-ten-drawn
    @negative
    Scenario: Under u9la an ù with a card left over is not ù tròn
      # 4S 5S 6S, 9D 9C 9H, QC QD QH; 2H left over
      Then the hand 4S 5S 6S 9D 9C 9H QC QD QH 2H is an ù thường

    @id:ask-u-dong-hoa-trang @ruleset:u9la @clause:EXTRA.DONG-HOA-TRANG
    @reading:AMB.DONG-HOA-TRANG=phom-cards-only
    Scenario: Under u9la an ù whose phỏm are all hearts is đồng hoa trắng
      # 2H 3H 4H, 6H 7H 8H, 10H JH QH; KC left over does not count
      Then the hand 2H 3H 4H 6H 7H 8H 10H JH QH KC is an ù đồng hoa trắng

    @id:ask-u-dong-hoa-trang-not @ruleset:u9la @clause:EXTRA.DONG-HOA-TRANG @negative
    Scenario: Under u9la an ù with phỏm of two suits is not đồng hoa trắng
      # 2H 3H 4H, 6H 7H 8H, 10S JS QS; KC left over
      Then the hand 2H 3H 4H 6H 7H 8H 10S JS QS KC is an ù thường

    @id:ask-u-eaten-kept @ruleset:all @clause:TURN.EAT.KEEP-IN-PHOM @clause:U.THUONG
    @reading:AMB.EATEN-IN-PHOM=required @reading:AMB.U-LEFTOVER=one-leftover @negative
    Scenario: The one card over may not be an eaten card
      # with 2H eaten it must sit in a phỏm, and it fits none: two cards would be over
      Then the hand 3S 3D 3H 6C 7C 8C JD QD KD 2H with 2H eaten is not an ù
      # JD eaten sits in JD QD KD: 2H is the one card over
      And the hand 3S 3D 3H 6C 7C 8C JD QD KD 2H with JD eaten is an ù thường

    @id:ask-u-eaten-distinct @ruleset:all @clause:TURN.EAT.DISTINCT-PHOM @clause:U.THUONG
    @reading:AMB.EATEN-DISTINCT=distinct @reading:AMB.U-LEFTOVER=one-leftover @negative
    Scenario: Two eaten cards may not share the phỏm that would make the ù
      # 5C and 7C fit only 5C 6C 7C; they cannot both sit in it
      Then the hand 5C 6C 7C 9S 9D 9H JD QD KD 2H with 5C 7C eaten is not an ù
      # one eaten card in 5C 6C 7C: 9S 9D 9H, JD QD KD, 2H over
      And the hand 5C 6C 7C 9S 9D 9H JD QD KD 2H with 5C eaten is an ù thường

  Rule: Under hoi-quan-bai a dealt hand with no cạ is ù khan

    @id:ask-u-khan @ruleset:hoi-quan-bai @clause:U.KHAN @clause:PHOM.CA
    Scenario: No pair, and no two cards of a suit 1 or 2 ranks apart: ù khan
      # spades A 4 7 10 K and clubs 2 5 8 J: every gap 3 or more, nine ranks
      Then the dealt hand AS 4S 7S 10S KS 2C 5C 8C JC is ù khan
      # K and A of clubs are no cạ (no wrap): clubs A 4 7 10 K, diamonds 2 5 8 J
      And the dealt hand KC AC 4C 7C 10C 2D 5D 8D JD is ù khan

    @id:ask-u-khan-not @ruleset:hoi-quan-bai @clause:U.KHAN @clause:PHOM.CA @negative
    Scenario: One cạ in the hand is enough to spoil ù khan
      # 10S QS: two spades two ranks apart
      Then the dealt hand AS 4S 7S 10S QS 2C 5C 8C JC is not ù khan
      # 8C 10C: two clubs two ranks apart
      And the dealt hand AS 4S 7S JS 2D 5D KD 8C 10C is not ù khan
      # 4S 4D: a pair
      And the dealt hand AS 4S 7S 10S KS 2C 5C 8C 4D is not ù khan

    @id:ask-u-khan-ten @ruleset:hoi-quan-bai @clause:U.KHAN.FIRST-PLAYER
    @reading:AMB.U-KHAN-FIRST=ten-counts-play-order
    Scenario: The first player's ten dealt cards can be ù khan too
      # as ask-u-khan, and 3D: no other 3, no other diamond
      Then the dealt hand AS 4S 7S 10S KS 2C 5C 8C JC 3D is ù khan
