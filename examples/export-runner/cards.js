'use strict';
// Cards as the checks compare them (docs/export.md): canonical codes, phỏm, the laid phỏm of
// a state, and where the 52 cards lie. No dependencies.

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'C', 'D', 'H'];
const SYMBOLS = { '♠': 'S', '♣': 'C', '♦': 'D', '♥': 'H' };
const CARD = /^(A|[2-9]|10|T|J|Q|K)([SCDH])$/;

class BadValue extends Error {} // a reply the checks cannot read: the scenario's outcome is "error"

// The canonical code of a card as reported ("TH", "10♥", " 10h " -> "10H"); null when bad.
function canonical(value) {
  if (typeof value !== 'string') return null;
  const s = value.trim().toUpperCase().replace(/[♠♣♦♥]/g, (c) => SYMBOLS[c]);
  const m = CARD.exec(s);
  if (!m) return null;
  return (m[1] === 'T' ? '10' : m[1]) + m[2];
}

// The canonical code, or BadValue naming the bad one (the kit's harness errors there too).
function code(value) {
  const c = canonical(typeof value === 'string' ? value : String(value));
  if (c === null) throw new BadValue(`bad card code ${JSON.stringify(value)}`);
  return c;
}

function codes(list) { return (Array.isArray(list) ? list : []).map(code); }
function sameCard(a, b) { return canonical(typeof a === 'string' ? a : String(a)) === b; }
function rankOf(c) { return RANKS.indexOf(c.slice(0, -1)); }
function suitOf(c) { return SUITS.indexOf(c.slice(-1)); }
function sortedCodes(list) { return [...list].sort(); }

// Is a group of canonical codes one phỏm: 3 or 4 cards of one rank, or 3 or more cards of
// one suit in consecutive ranks, the Ace low only (PHOM.SET, PHOM.RUN, PHOM.RUN.NO-WRAP)?
function isPhom(cards) {
  if (cards.length < 3 || new Set(cards).size !== cards.length) return false;
  const ranks = cards.map(rankOf);
  if (ranks.every((r) => r === ranks[0])) return cards.length <= 4;
  const suit = suitOf(cards[0]);
  if (!cards.every((c) => suitOf(c) === suit)) return false;
  const sorted = [...ranks].sort((a, b) => a - b);
  return sorted.every((r, i) => i === 0 || r === sorted[i - 1] + 1);
}

// The cards sent into each laid phỏm of a seat: "phom index|card" keys.
function sentInto(state, seat) {
  const out = new Set();
  for (const sender of state.sent || []) {
    for (const s of sender || []) {
      const to = (s && s.to) || {};
      if (to.seat === seat) out.add(`${to.phom}|${code(s.card)}`);
    }
  }
  return out;
}

// The phỏm a seat laid, without the cards others sent into them: sorted card lists.
function ownLaid(state, seat) {
  const laid = state.laid || [];
  const sent = sentInto(state, seat);
  const mine = seat < laid.length ? laid[seat] || [] : [];
  return mine.map((phom, k) => sortedCodes(new Set(codes(phom).filter((c) => !sent.has(`${k}|${c}`)))));
}

// A seat's laid phỏm number `index`, the cards sent into it included; null when there is none.
function phomWithSent(state, seat, index) {
  const laid = state.laid || [];
  if (seat >= laid.length || !laid[seat] || index >= laid[seat].length) return null;
  const cards = new Set(codes(laid[seat][index]));
  for (const sender of state.sent || []) {
    for (const s of sender || []) {
      const to = (s && s.to) || {};
      if (to.seat === seat && to.phom === index) cards.add(code(s.card));
    }
  }
  return sortedCodes(cards);
}

// What is wrong with where the 52 cards lie (null when each is in one place, INV.52-CARDS).
function misplaced(state) {
  const places = [];
  for (const h of state.hands || []) places.push(...codes(h));
  places.push(...codes(state.stock || []));
  for (const pile of state.piles || []) for (const e of pile || []) places.push(code(e && e.card));
  const laidCards = [];
  for (const seatLaid of state.laid || []) for (const phom of seatLaid || []) laidCards.push(...codes(phom));
  places.push(...laidCards);
  for (const sender of state.sent || []) {
    for (const s of sender || []) {
      const c = code(s && s.card);
      if (!laidCards.includes(c)) places.push(c);
    }
  }
  const counts = new Map();
  for (const c of places) counts.set(c, (counts.get(c) || 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([c]) => c).sort();
  const missing = [];
  for (const s of SUITS) for (const r of RANKS) if (!counts.has(r + s)) missing.push(r + s);
  return twice.length || missing.length ? `twice: ${twice.join(' ')}; missing: ${missing.sort().join(' ')}` : null;
}

// The laid phỏm (with the cards sent into them) that are not phỏm (INV.LAID-VALID).
function invalidLaid(state) {
  const bad = [];
  (state.laid || []).forEach((seatLaid, seat) => {
    (seatLaid || []).forEach((_, k) => {
      const cards = phomWithSent(state, seat, k) || [];
      if (!isPhom(cards)) bad.push(`seat ${seat} phỏm ${k}: ${cards.join(' ')}`);
    });
  });
  return bad;
}

// The laid phỏm holding two eaten cards of the seat that laid them (TURN.EAT.DISTINCT-PHOM).
function sharedEaten(state) {
  const bad = [];
  (state.eaten || []).forEach((eaten, seat) => {
    const eatenSet = new Set(codes(eaten));
    for (const phom of ownLaid(state, seat)) {
      if (phom.filter((c) => eatenSet.has(c)).length > 1) bad.push(`seat ${seat}: ${phom.join(' ')}`);
    }
  });
  return bad;
}

// An action as the checks compare it (conformance/export/translate.py action_key): a bad code
// is kept as "?code", so that it never equals a card.
function actionKey(action) {
  const c = (v) => canonical(typeof v === 'string' ? v : String(v)) || `?${v}`;
  const a = action && typeof action === 'object' ? action : {};
  const t = String(a.type);
  if (t === 'eat') return `eat ${c(a.card)} with ${(a.with || []).map(c).sort().join(' ')}`;
  if (t === 'discard') return `discard ${c(a.card)}`;
  if (t === 'lay_down') return `lay_down ${(a.phoms || []).map((p) => (p || []).map(c).sort().join(' ')).sort().join('|')}`;
  if (t === 'send') {
    const to = a.to || {};
    return `send ${c(a.card)} to ${to.seat} ${to.phom}`;
  }
  return t;
}

module.exports = {
  BadValue, canonical, code, codes, sameCard, isPhom, ownLaid, phomWithSent, misplaced, invalidLaid,
  sharedEaten, actionKey,
};
