'use strict';
// The check vocabulary of an export (docs/export.md, spec/schemas/export.schema.json): a
// selection pipeline over one reply, then a test. No dependencies.

const cards = require('./cards');

const { BadValue } = cards;
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// JSON equality in which an object member that is null equals an absent one.
function equal(a, b) {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => equal(a[k], b[k]));
  }
  return a === b;
}

// Does an object match a pattern: member -> value, {"in": [...]}, {"ne": v} or {"truthy": true}?
// A member named "card" compares as a card (a bad code matches nothing).
function matches(item, pattern) {
  if (!isObject(item)) return false;
  return Object.entries(pattern).every(([key, want]) => {
    const got = item[key] === undefined ? null : item[key];
    if (isObject(want) && 'in' in want) return want.in.some((w) => equal(got, w));
    if (isObject(want) && 'ne' in want) return !equal(got, want.ne);
    if (isObject(want) && 'truthy' in want) return Boolean(got) === want.truthy;
    if (key === 'card') return cards.sameCard(got, want);
    return equal(got, want);
  });
}

function list(value) { return Array.isArray(value) ? value : []; }

// Views: value (and the step's arguments, and the run's context) -> value.
const VIEWS = {
  cards: (v) => cards.codes(v),
  count: (v) => (Array.isArray(v) ? v.length : null),
  counts: (v) => list(v).map((x) => (Array.isArray(x) ? x.length : 0)),
  sum: (v) => list(v).reduce((s, x) => {
    if (typeof x !== 'number') throw new BadValue(`cannot add ${JSON.stringify(x)}`);
    return s + x;
  }, 0),
  list: (v) => list(v),
  types: (v) => list(v).map((a) => String(isObject(a) ? a.type : a)),
  actions: (v) => list(v).map(cards.actionKey),
  // the events of an accepted apply reply (the reply itself is the value)
  events: (v) => (isObject(v) && v.ok === true && v.ruling === 'accepted' ? list(v.events) : []),
  // every payment so far: the result's once the game is over, else the payment events
  payments: (v, _, ctx) => (isObject(v) ? list(v.payments) : ctx.events.filter((e) => isObject(e) && e.type === 'payment')),
  chot: (v, step, ctx) => chot(isObject(v) ? v : {}, step.card, ctx.events),
  laid_own: (v, step) => cards.ownLaid(isObject(v) ? v : {}, step.seat),
  phom: (v, step) => cards.phomWithSent(isObject(v) ? v : {}, step.seat, step.index),
  misplaced: (v) => cards.misplaced(isObject(v) ? v : {}),
  invalid_laid: (v) => cards.invalidLaid(isObject(v) ? v : {}),
  shared_eaten: (v) => cards.sharedEaten(isObject(v) ? v : {}),
  by_place: (v) => [...list(v)].sort((a, b) => ((a && a.place) || 0) - ((b && b.place) || 0)),
  fields: (v, step) => list(v).map((e) => step.names.map((n) => (isObject(e) && e[n] !== undefined ? e[n] : null))),
  net: (v) => net(isObject(v) ? v : {}),
};

// Whether a card is a cây chốt: its pile entry says so, else the latest event that moved it.
function chot(state, card, events) {
  for (const pile of list(state.piles)) {
    for (const e of list(pile)) if (isObject(e) && cards.sameCard(e.card, card)) return Boolean(e.chot);
  }
  for (const e of [...events].reverse()) {
    if (isObject(e) && (e.type === 'discarded' || e.type === 'ate') && cards.sameCard(e.card, card)) return Boolean(e.chot);
  }
  return null;
}

// Each seat's money from the result's payments: received minus paid.
function net(result) {
  const out = list(result.totals).map(() => 0);
  for (const p of list(result.payments)) {
    if (!(p.from in out) || !(p.to in out)) throw new BadValue(`payment between unknown seats: ${JSON.stringify(p)}`);
    out[p.from] -= p.amount;
    out[p.to] += p.amount;
  }
  return out;
}

// The value a selection pipeline picks from a reply.
function select(reply, steps, ctx) {
  let v = reply;
  for (const step of steps) {
    if (typeof step === 'string') v = isObject(v) && v[step] !== undefined ? v[step] : null;
    else if (typeof step === 'number') v = Array.isArray(v) && step < v.length ? v[step] : null;
    else if ('where' in step) v = list(v).filter((e) => matches(e, step.where));
    else if ('map' in step) v = list(v).map((e) => (isObject(e) && e[step.map] !== undefined ? e[step.map] : null));
    else if ('view' in step) {
      if (!VIEWS[step.view]) throw new BadValue(`unknown view ${step.view}`);
      v = VIEWS[step.view](v, step, ctx);
    } else throw new BadValue(`unknown selection step ${JSON.stringify(step)}`);
  }
  return v === undefined ? null : v;
}

const key = (v) => JSON.stringify(v);
function counter(values) {
  const m = new Map();
  for (const v of values) m.set(key(v), (m.get(key(v)) || 0) + 1);
  return m;
}

// Python's order of tuples of numbers and strings (which payment a failure names first).
function compareTuples(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

function describeReply(r) {
  if (!r.ok) return `error ${(r.error || {}).code}: ${(r.error || {}).message}`;
  if (r.ruling === 'rejected') return `rejected ${r.reason} under ${r.clause}`;
  return r.ruling === undefined ? 'ok' : String(r.ruling);
}

// The "reply" test: what kind of reply it is (ok / accepted / rejected / error / any).
function replyTest(r, op, type) {
  if (r.ok !== true) {
    const error = r.error || {};
    if (error.code === 'unsupported' && op.unsupported === 'skip') return { skip: `${type}: unsupported: ${error.message || ''}` };
    if (op.want === 'error') return !op.code || error.code === op.code ? null : String(error.code);
    return op.want === 'any' ? null : describeReply(r);
  }
  if (op.want === 'ok' || op.want === 'any') return null;
  if (op.want === 'error') return type === 'new_game' ? 'the game started' : describeReply(r);
  if (op.want === 'accepted') return r.ruling === 'accepted' ? null : describeReply(r);
  const clauseOk = !op.reason_clause || !r.clause || r.clause === op.reason_clause;
  return r.ruling === 'rejected' && (op.reasons || []).includes(r.reason) && clauseOk ? null : describeReply(r);
}

// The tests: (value, what it is compared with) -> whether the check passes.
const TESTS = {
  equal: (v, want) => equal(v, want),
  not_equal: (v, want) => !equal(v, want),
  null: (v) => v === null,
  object: (v) => isObject(v),
  empty: (v) => v === null || (Array.isArray(v) && v.length === 0),
  nonempty: (v) => Array.isArray(v) && v.length > 0,
  includes: (v, want) => want.every((w) => list(v).some((x) => equal(x, w))),
  excludes: (v, want) => !want.some((w) => list(v).some((x) => equal(x, w))),
  same_set: (v, want) => Array.isArray(v) && equal([...new Set(v.map(key))].sort(), [...new Set(want.map(key))].sort()),
  same_multiset: (v, want) => Array.isArray(v) && equal([...counter(v)].sort(), [...counter(want)].sort()),
  starts_with: (v, want) => Array.isArray(v) && v.length >= want.length && want.every((w, i) => equal(v[i], w)),
  matches_each: (v, want) => Array.isArray(v) && v.length === want.length && want.every((w, i) => matches(v[i], w)),
};

// One check op on the replies so far: {pass} | {skip} | {fail, actual, clause}.
function runCheck(op, replies, ctx) {
  const reply = replies.get(op.ref);
  if (op.when) { // the check is made only when this test (on this reply, or reply when.ref) says so
    const w = op.when;
    const held = TESTS[w.test](select(w.ref === undefined ? reply : replies.get(w.ref), w.select, ctx), w.value);
    if (held === Boolean(w.not)) return { pass: true };
  }
  if (op.test === 'reply') {
    const got = replyTest(reply, op, ctx.types.get(op.ref));
    if (got === null) return { pass: true };
    return got.skip ? { skip: got.skip } : { fail: true, actual: got, clause: op.clause };
  }
  if (!TESTS[op.test]) throw new BadValue(`unknown test ${op.test}`);
  const value = select(reply, op.select, ctx);
  const want = op.against ? select(replies.get(op.against.ref), op.against.select, ctx) : op.value;
  if (TESTS[op.test](value, want)) return { pass: true };
  return { fail: true, actual: value, clause: failingClause(op, value, want) };
}

// A failure is reported under the check's clause; a multiset of payments under the clause of
// the first missing payment's reason (else the first unexpected one's).
function failingClause(op, value, want) {
  if (!op.clause_by || !Array.isArray(value)) return op.clause;
  const got = counter(value);
  const exp = counter(want);
  const minus = (a, b) => [...a].flatMap(([k, n]) => Array(Math.max(0, n - (b.get(k) || 0))).fill(JSON.parse(k)));
  const missing = minus(exp, got).sort(compareTuples);
  const extra = minus(got, exp).sort(compareTuples);
  const first = missing[0] || extra[0];
  const clause = first && op.clause_by.clauses[String(first[op.clause_by.field])];
  return clause || op.clause;
}

// Why an implementation's hello rules a scenario out (null when it does not): its ruleset,
// table size, room options, readings and queries (conformance/suite/support.py).
function unsupported(hello, req) {
  const entry = list(hello.rulesets).find((r) => isObject(r) && r.id === req.ruleset);
  if (!entry) return `the implementation does not play ruleset ${JSON.stringify(req.ruleset)}`;
  if (entry.players && !entry.players.includes(req.players) && !req.refusal) {
    return `the implementation does not play ${req.ruleset} at ${req.players} players`;
  }
  const offered = entry.options || {};
  for (const [name, value] of Object.entries(req.options)) {
    if (name in offered) {
      if (!list(offered[name]).includes(value)) return `the implementation does not offer ${name}=${value}`;
    } else if (value !== req.option_defaults[name]) {
      return `the implementation does not offer room option ${name}=${value}`;
    }
  }
  const fixed = { ...(hello.readings || {}), ...(entry.readings || {}) };
  for (const [amb, reading] of Object.entries(req.readings)) {
    if (amb in fixed && fixed[amb] !== reading) {
      return `the scenario needs reading ${amb}=${reading}; the implementation reads ${fixed[amb]}`;
    }
  }
  const missing = req.queries.filter((q) => !list(hello.queries).includes(q)).sort();
  return missing.length ? `the implementation does not answer the query ${JSON.stringify(missing[0])}` : null;
}

module.exports = { runCheck, unsupported, select, equal, BadValue };
