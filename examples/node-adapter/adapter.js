#!/usr/bin/env node
'use strict';
// A Phỏm conformance adapter in Node.js, no dependencies: JSON lines on stdin/stdout
// (spec/protocol.md). Each request line gets exactly one reply line, in order; logs go to
// stderr. It serves the basic game of co-ban (draws and discards) from engine.js and says
// "unsupported" for the rest, so the kit skips what this engine does not do.
//
//   phom-conformance smoke --impl "node examples/node-adapter/adapter.js"

const readline = require('node:readline');
const { Game, RANKS, SUITS } = require('./engine');

const CARD = /^(?:A|[2-9]|10|T|J|Q|K)[SCDH♠♣♦♥]$/; // the kit's card pattern (DECK.NOTATION)
const SYMBOLS = { '♠': 'S', '♣': 'C', '♦': 'D', '♥': 'H' };
const games = new Map();
let greeted = false;

class RequestError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

function card(value, where) { // a code in canonical form ("TH" -> "10H", "7♠" -> "7S")
  if (typeof value !== 'string' || !CARD.test(value)) {
    throw new RequestError('malformed', `${where}: malformed card code ${JSON.stringify(value)}`);
  }
  const rank = value.slice(0, -1) === 'T' ? '10' : value.slice(0, -1);
  return rank + (SYMBOLS[value.slice(-1)] || value.slice(-1));
}

function cards(list, where) {
  if (!Array.isArray(list)) throw new RequestError('malformed', `${where}: expected a list of cards`);
  return list.map((c, i) => card(c, `${where}[${i}]`));
}

function dealFrom(deal, players, first) {
  let hands;
  let stock;
  if (deal && Array.isArray(deal.deck)) { // DEAL.DECK-ORDER: one at a time from `first`
    const deck = cards(deal.deck, 'deal.deck');
    if (deck.length !== 52) throw new RequestError('bad_deal', `a deck has 52 cards, got ${deck.length}`);
    hands = Array.from({ length: players }, () => []);
    for (let i = 0; i < 9 * players; i++) hands[(first + i) % players].push(deck[i]);
    hands[first].push(deck[9 * players]);
    stock = deck.slice(9 * players + 1);
  } else if (deal && Array.isArray(deal.hands)) {
    hands = deal.hands.map((h, s) => cards(h, `deal.hands[${s}]`));
    stock = cards(deal.stock, 'deal.stock');
  } else {
    throw new RequestError('malformed', 'deal is {"hands": [...], "stock": [...]} or {"deck": [...]}');
  }
  const all = hands.flat().concat(stock);
  if (hands.length !== players) throw new RequestError('bad_deal', `${hands.length} hands for ${players} players`);
  if (new Set(all).size !== 52 || all.length !== 52) throw new RequestError('bad_deal', 'not 52 distinct cards');
  hands.forEach((h, s) => {
    if (h.length !== (s === first ? 10 : 9)) throw new RequestError('bad_deal', `seat ${s} has ${h.length} cards`);
  });
  return { hands, stock };
}

function gameOf(request) {
  const game = games.get(request.game);
  if (!game) throw new RequestError('unknown_game', `no game ${JSON.stringify(request.game)}`);
  return game;
}

// The register's readings this engine plays where the kit's differ (spec/ambiguities.yaml):
// the ù player's points are 0 (engine.js, the ranking of an ù game).
const READINGS = { 'AMB.U-POINTS': 'zero' };

const handlers = {
  hello(request) {
    if (greeted) throw new RequestError('malformed', 'a session has one hello');
    if (String(request.protocol).split('.')[0] !== '1') {
      throw new RequestError('unsupported', `protocol ${request.protocol} not supported (this is 1.0)`);
    }
    greeted = true;
    return {
      name: 'node-phom-example', version: '0.1.0', language: `javascript (node ${process.versions.node})`,
      protocol: '1.0',
      rulesets: [{ id: 'co-ban', options: {}, players: [2, 3, 4] }],
      readings: READINGS,
      queries: ['state', 'result'], // no legal_actions: scenarios that need it are skipped
    };
  },

  new_game(request) {
    const { game: id, ruleset, players, first } = request;
    if (typeof id !== 'string' || !/^[A-Za-z0-9._:-]{1,64}$/.test(id)) throw new RequestError('malformed', 'bad game id');
    if (ruleset !== 'co-ban') throw new RequestError('unsupported', `ruleset ${JSON.stringify(ruleset)}: this example plays co-ban only`);
    const asked = Object.entries(request.readings || {});
    if (Object.keys(request.options || {}).length || asked.some(([amb, r]) => READINGS[amb] !== r)) {
      throw new RequestError('unsupported', 'this example has no room options, and plays only its own readings');
    }
    if (![2, 3, 4].includes(players)) throw new RequestError('malformed', 'players must be 2, 3 or 4');
    if (!Number.isInteger(first) || first < 0 || first >= players) throw new RequestError('malformed', 'bad first seat');
    const { hands, stock } = dealFrom(request.deal, players, first);
    games.set(id, new Game({ players, first, hands, stock })); // a reused id replaces the game
    return { game: id, events: [{ type: 'turn', seat: first, final_round: false, tai: false }] };
  },

  apply(request) {
    const game = gameOf(request);
    const { seat, action } = request;
    if (!Number.isInteger(seat) || seat < 0 || seat >= game.players) throw new RequestError('malformed', 'bad seat');
    if (!action || typeof action.type !== 'string') throw new RequestError('malformed', 'an action needs a type');
    let ruling;
    if (action.type === 'draw') ruling = game.draw(seat);
    else if (action.type === 'discard') ruling = game.discard(seat, card(action.card, 'action.card'));
    else if (['eat', 'lay_down', 'send', 'pass', 'timeout', 'leave'].includes(action.type)) {
      throw new RequestError('unsupported', `${action.type}: this example plays draws and discards only`);
    } else throw new RequestError('malformed', `unknown action type ${JSON.stringify(action.type)}`);
    if (ruling.ok) return { ruling: 'accepted', events: ruling.events };
    return { ruling: 'rejected', reason: ruling.reason, clause: ruling.clause, message: ruling.message };
  },

  state(request) { return { state: gameOf(request).state() }; },
  result(request) { return { result: gameOf(request).result() }; },
  bye() { return {}; },
};

function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return { id: null, ok: false, error: { code: 'malformed', message: `not JSON: ${e.message}` } };
  }
  const id = request && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
  try {
    if (!request || typeof request !== 'object' || Array.isArray(request)) throw new RequestError('malformed', 'a request is an object');
    const handler = Object.hasOwn(handlers, request.type) ? handlers[request.type] : null;
    if (!handler) throw new RequestError('malformed', `unknown request type ${JSON.stringify(request.type)}`);
    if (!greeted && request.type !== 'hello') throw new RequestError('malformed', 'hello first');
    return { id, ok: true, ...handler(request) };
  } catch (e) {
    if (!(e instanceof RequestError)) console.error(e.stack); // a bug: log it, keep serving
    return { id, ok: false, error: { code: e.code || 'internal', message: e.message } };
  }
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
  if (!line.trim()) return;
  const reply = handle(line);
  const text = JSON.stringify(reply) + '\n';
  let request = null;
  try { request = JSON.parse(line); } catch (e) { /* answered above */ }
  if (request && request.type === 'bye' && reply.ok) {
    input.close();
    process.stdout.write(text, () => process.exit(0));
  } else {
    process.stdout.write(text);
  }
});
input.on('close', () => { process.stdout.write('', () => process.exit(0)); });

module.exports = { RANKS, SUITS };
