'use strict';
// A deliberately small Phỏm engine: the basic game of the co-ban ruleset with draws and
// discards only (no eating, laying down or sending). It stands in for *your* engine: the
// adapter (adapter.js) only translates between the kit's protocol and this API.
//
//   const game = new Game({players, first, hands, stock});   // cards as codes, e.g. "10H"
//   game.draw(seat) / game.discard(seat, card)  -> {ok: true, events} | {ok: false, reason, clause, message}
//   game.state() / game.result()

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'C', 'D', 'H'];
const U_PAYMENT = 5; // co-ban: every other player pays the ù player 5 (U.PAYMENT)
const MOM_PAYMENT = 4; // co-ban: a móm player pays 4 (MONEY.MOM-PAYMENT)

function rankOf(code) { return RANKS.indexOf(code.slice(0, -1)); }
function suitOf(code) { return SUITS.indexOf(code.slice(-1)); }
function points(code) { return rankOf(code) + 1; } // A=1 .. K=13 (DECK.POINTS)
function cardIndex(code) { return suitOf(code) * 13 + rankOf(code); }

// Can these cards be arranged in phỏm with at most `spare` cards left over? Cards are taken
// lowest index first: the lowest remaining card is left over, or the lowest card of a run
// (3+ consecutive ranks of one suit, no wrap), or in a set (3+ cards of one rank).
function arrangeable(cards, spare) {
  if (cards.length === 0) return true;
  const sorted = [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));
  const [low, ...rest] = sorted;
  if (spare > 0 && arrangeable(rest, spare - 1)) return true;
  const suit = suitOf(low);
  const run = [];
  for (let r = rankOf(low) + 1; r < 13; r++) {
    const next = RANKS[r] + SUITS[suit];
    if (!rest.includes(next)) break;
    run.push(next);
    if (run.length >= 2 && arrangeable(rest.filter((c) => !run.includes(c)), spare)) return true;
  }
  const same = rest.filter((c) => rankOf(c) === rankOf(low));
  for (let mask = 1; mask < 1 << same.length; mask++) {
    const pick = same.filter((_, i) => mask & (1 << i));
    if (pick.length >= 2 && arrangeable(rest.filter((c) => !pick.includes(c)), spare)) return true;
  }
  return false;
}

class Game {
  constructor({ players, first, hands, stock }) {
    this.players = players;
    this.first = first;
    this.hands = hands.map((h) => [...h]);
    this.stock = [...stock]; // top first
    this.piles = hands.map(() => []);
    this.money = hands.map(() => 0);
    this.payments = [];
    this.toAct = first;
    this.phase = 'discard_only'; // TURN.OPENING-DISCARD
    this.finalRound = false;
    this.firstFinal = hands.map(() => null); // turn number of each seat's first final-round turn
    this.turnNo = 0;
    this.ending = null;
    this.winner = null;
    this.u = null;
    this.ranking = [];
  }

  reject(reason, clause, message) { return { ok: false, reason, clause, message }; }

  checkTurn(seat) {
    if (this.phase === 'over') return this.reject('GAME_OVER', 'TURN.GAME-OVER', 'the game is over');
    if (seat !== this.toAct) {
      return this.reject('NOT_YOUR_TURN', 'TURN.NOT-YOUR-TURN', `seat ${this.toAct} is to act`);
    }
    return null;
  }

  draw(seat) {
    const bad = this.checkTurn(seat);
    if (bad) return bad;
    if (this.phase === 'discard_only') {
      return this.reject('WRONG_PHASE', 'TURN.OPENING-DISCARD', 'the first player opens by discarding');
    }
    if (this.phase !== 'draw_or_eat') return this.reject('WRONG_PHASE', 'TURN.DRAW-OR-EAT', 'already drew');
    if (this.stock.length === 0) return this.reject('DRAW_STOCK_EMPTY', 'TURN.DRAW.STOCK-TOP', 'no stock');
    const card = this.stock.shift();
    this.hands[seat].push(card);
    const events = [{ type: 'drew', seat, card }];
    if (arrangeable(this.hands[seat], 1)) { // U.THUONG: at most one card outside phỏm
      this.u = { seat, kind: 'thuong', den: null };
      events.push({ type: 'u', seat, kind: 'thuong', den: null });
      for (let s = 0; s < this.players; s++) {
        if (s !== seat) events.push(this.pay(s, seat, U_PAYMENT, 'u', 'U.PAYMENT'));
      }
      this.finish('u', seat, [seat, ...this.after(seat)]);
      events.push({ type: 'game_over', ending: 'u' });
      return { ok: true, events };
    }
    this.phase = this.finalRound ? 'final_turn' : 'after_draw';
    return { ok: true, events };
  }

  discard(seat, card) {
    const bad = this.checkTurn(seat);
    if (bad) return bad;
    if (this.phase === 'draw_or_eat') return this.reject('WRONG_PHASE', 'TURN.DRAW-OR-EAT', 'draw first');
    const at = this.hands[seat].indexOf(card);
    if (at < 0) return this.reject('CARD_NOT_IN_HAND', 'TURN.CARD-IN-HAND', `${card} is not in the hand`);
    this.hands[seat].splice(at, 1);
    const chot = this.finalRound; // ROUND.CHOT: the final-round discard
    this.piles[seat].push({ card, moved: false, chot });
    const events = [{ type: 'discarded', seat, card, chot }];
    if (this.piles.every((p) => p.length === 4)) { // ROUND.GAME-END; nobody laid: all móm
      const order = [...Array(this.players).keys()].sort((a, b) => this.firstFinal[a] - this.firstFinal[b]);
      const winner = order[0]; // RANK.ALL-MOM: the first móm wins
      for (const s of order.slice(1)) events.push(this.pay(s, winner, MOM_PAYMENT, 'mom', 'MONEY.MOM-PAYMENT'));
      this.finish('all_mom', winner, order);
      events.push({ type: 'game_over', ending: 'all_mom' });
      return { ok: true, events };
    }
    this.beginTurn((seat + 1) % this.players);
    events.push({ type: 'turn', seat: this.toAct, final_round: this.finalRound, tai: false });
    return { ok: true, events };
  }

  beginTurn(seat) {
    this.toAct = seat;
    this.turnNo += 1;
    this.phase = 'draw_or_eat';
    this.finalRound = this.piles[seat].length === 3; // ROUND.COUNT-BY-PILE
    if (this.finalRound && this.firstFinal[seat] === null) this.firstFinal[seat] = this.turnNo;
  }

  after(seat) { // the other seats in play order after `seat`
    return [...Array(this.players - 1).keys()].map((i) => (seat + 1 + i) % this.players);
  }

  pay(from, to, amount, reason, clause) {
    this.money[from] -= amount;
    this.money[to] += amount;
    const payment = { from, to, amount, reason, clause };
    this.payments.push(payment);
    return { type: 'payment', ...payment };
  }

  finish(ending, winner, order) {
    const names = ['nhat', 'nhi', 'ba', 'bet'];
    const mom = ending === 'all_mom';
    this.ranking = order.map((seat, i) => ({
      seat, place: i + 1, rank: i === 0 ? 'nhat' : mom ? 'mom' : names[i],
      points: this.hands[seat].reduce((sum, c) => sum + points(c), 0), mom,
    }));
    if (ending === 'u') this.ranking[0].points = 0;
    this.ending = ending;
    this.winner = winner;
    this.phase = 'over';
    this.toAct = null;
  }

  state() {
    const n = this.players;
    return {
      ruleset: 'co-ban', players: n, first: this.first, to_act: this.toAct, phase: this.phase,
      hands: this.hands.map((h) => [...h]), stock_count: this.stock.length, stock: [...this.stock],
      piles: this.piles.map((p) => p.map((x) => ({ ...x }))),
      eaten: Array.from({ length: n }, () => []), laid: Array.from({ length: n }, () => []),
      sent: Array.from({ length: n }, () => []), lead: this.first,
      final_round: this.finalRound, tai: false, left: Array(n).fill(false), money: [...this.money],
    };
  }

  result() {
    if (this.phase !== 'over') return null;
    return {
      ending: this.ending, winner: this.winner, u: this.u, ranking: this.ranking,
      payments: this.payments, totals: [...this.money],
    };
  }
}

module.exports = { Game, RANKS, SUITS };
