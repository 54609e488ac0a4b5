#!/usr/bin/env node
'use strict';
// Runs an export of the Phỏm conformance suite (phom-conformance export DIR) against an
// implementation, with no Python and no dependencies (docs/export.md):
//
//   node examples/export-runner/runner.js DIR --impl "node examples/node-adapter/adapter.js"
//
// Each scenario file is a list of ops: send a request, check a reply, check the hello's
// support, or stop with an error. The outcome of a scenario is that of its first check that
// does not pass; after a crash, a timeout or a protocol error the implementation is started
// again for the next scenario.

const fs = require('node:fs');
const path = require('node:path');
const { Session, ImplError } = require('./session');
const { runCheck, unsupported, BadValue } = require('./checks');

const ORDER = ['pass', 'fail', 'error', 'crash', 'timeout', 'protocol_error', 'skipped'];
const BREAKS_SESSION = new Set(['crash', 'timeout', 'protocol_error']);
const USAGE = 'usage: node runner.js EXPORT_DIR --impl CMD [--ruleset R]... [--id ID]... [--report F.json]'
  + ' [--timeout S] [--hello-timeout S] [--max-line-bytes N] [--max-restarts N] [--quiet]';

function parseArgs(argv) {
  const opts = { rulesets: [], ids: [], timeout: 5, helloTimeout: 20, maxLineBytes: 1 << 20, maxRestarts: 5, quiet: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--impl') opts.impl = value();
    else if (a === '--ruleset') opts.rulesets.push(value());
    else if (a === '--id') opts.ids.push(value());
    else if (a === '--report') opts.report = value();
    else if (a === '--timeout') opts.timeout = Number(value());
    else if (a === '--hello-timeout') opts.helloTimeout = Number(value());
    else if (a === '--max-restarts') opts.maxRestarts = Number(value());
    else if (a === '--max-line-bytes') opts.maxLineBytes = Number(value());
    else if (a === '--quiet') opts.quiet = true;
    else if (a === '-h' || a === '--help') { console.log(USAGE); process.exit(0); }
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else rest.push(a);
  }
  if (rest.length !== 1 || !opts.impl) throw new Error('give the export directory and --impl');
  [opts.dir] = rest;
  return opts;
}

// Why the hello's shape is not the one the export is written for (null when it is).
function shapeProblem(hello, shape) {
  for (const [member, value] of Object.entries(shape)) {
    if (hello[member] !== undefined && hello[member] !== value) {
      return `the implementation declares ${member}: ${JSON.stringify(hello[member])}; this export is`
        + ` written for ${member}: ${JSON.stringify(value)}: run the Python harness (phom-conformance run)`;
    }
  }
  return null;
}

// Play one scenario's ops; its result (never throws but for a broken runner).
async function runScenario(doc, session, hello) {
  const replies = new Map();
  const omitted = new Set();
  const ctx = { events: [], types: new Map() };
  const queries = Array.isArray(hello.queries) ? hello.queries : [];
  let unsupportedReply = false;
  const result = (outcome, extra = {}) => {
    const out = { id: doc.id, outcome, ...extra };
    if ((outcome === 'fail' || outcome === 'error') && unsupportedReply) { // spec/protocol.md 3
      return { id: doc.id, outcome: 'skipped', message: 'the implementation does not support what this scenario needs' };
    }
    return out;
  };
  for (const op of doc.ops) {
    try {
      if (op.op === 'support') {
        const why = unsupported(hello, doc.requires);
        if (why) return result('skipped', { message: why });
      } else if (op.op === 'error') {
        return result('error', { message: op.message, step: op.step });
      } else if (op.op === 'send') {
        if (op.query && !queries.includes(op.query)) {
          if (op.if_absent === 'omit') { omitted.add(op.ref); continue; }
          return result('skipped', { message: `the implementation does not answer the query ${JSON.stringify(op.query)}` });
        }
        const reply = await session.call(op.request);
        replies.set(op.ref, reply);
        ctx.types.set(op.ref, op.request.type);
        if (reply.ok !== true && (reply.error || {}).code === 'unsupported') unsupportedReply = true;
        const type = op.request.type;
        if (reply.ok === true && (type === 'new_game' || (type === 'apply' && reply.ruling === 'accepted'))) {
          ctx.events.push(...(Array.isArray(reply.events) ? reply.events : []));
        }
      } else if (op.op === 'check') {
        if (omitted.has(op.ref) || (op.against && omitted.has(op.against.ref))) continue;
        const r = runCheck(op, replies, ctx);
        if (r.skip) return result('skipped', { message: r.skip });
        if (r.fail && op.setup && doc.setup_error) return result('error', { message: doc.setup_error, step: op.step });
        if (r.fail) {
          return result('fail', { step: op.step, clause: r.clause, expected: op.expected, actual: r.actual });
        }
      } else {
        return result('error', { message: `unknown op ${JSON.stringify(op.op)}: this runner is older than the export` });
      }
    } catch (e) {
      if (e instanceof ImplError) return { id: doc.id, outcome: e.outcome, message: e.message, step: op.step };
      if (e instanceof BadValue) return result('error', { message: e.message, step: op.step });
      throw e;
    }
  }
  return result('pass');
}

function summary(results) {
  const totals = Object.fromEntries(ORDER.map((o) => [o, 0]));
  for (const r of results) totals[r.outcome] += 1;
  const parts = ORDER.filter((o) => totals[o]).map((o) => `${totals[o]} ${o}`);
  return { totals, line: `${results.length} scenarios: ${parts.join(', ')}` };
}

function show(value) { return typeof value === 'string' ? value : JSON.stringify(value); }

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`export-runner: ${e.message}\n${USAGE}`);
    return 3;
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(opts.dir, 'manifest.json'), 'utf8'));
  const entries = manifest.scenarios.filter((e) => (!opts.rulesets.length || opts.rulesets.includes(e.ruleset))
    && (!opts.ids.length || opts.ids.includes(e.id)));
  const session = new Session(opts.impl, {
    timeout: opts.timeout, helloTimeout: opts.helloTimeout, maxLineBytes: opts.maxLineBytes,
  });
  let hello;
  try {
    hello = await session.start(manifest.hello);
    if (hello.ok !== true) throw new Error(`hello refused: ${JSON.stringify(hello.error)}`);
  } catch (e) {
    console.error(`export-runner: the implementation did not start: ${e.message}`);
    await session.close();
    return 2;
  }
  console.log(`phom export runner: ${hello.name} ${hello.version} (${hello.language})`);
  const supported = new Set((hello.rulesets || []).map((r) => r && r.id));
  const shape = shapeProblem(hello, manifest.shape);
  const results = [];
  let restarts = 0;
  let broken = false;
  let stop = null; // once the restarts run out, every scenario left is an error
  for (const entry of entries) {
    if (stop) {
      results.push({ id: entry.id, outcome: 'error', message: stop });
      continue;
    }
    if (entry.harness === 'python') {
      results.push({ id: entry.id, outcome: 'skipped', message: `needs the Python harness: ${entry.why}` });
      continue;
    }
    if (shape) {
      results.push({ id: entry.id, outcome: 'skipped', message: shape });
      continue;
    }
    if (!supported.has(entry.ruleset)) {
      results.push({ id: entry.id, outcome: 'skipped', message: `the implementation does not support ruleset ${entry.ruleset}` });
      continue;
    }
    if (broken) {
      if (restarts >= opts.maxRestarts) {
        stop = `not run: the implementation was restarted ${restarts} times (limit --max-restarts ${opts.maxRestarts})`;
        results.push({ id: entry.id, outcome: 'error', message: stop });
        continue;
      }
      restarts += 1;
      await session.close();
      try {
        hello = await session.start(manifest.hello);
        broken = false;
      } catch (e) {
        results.push({ id: entry.id, outcome: e.outcome || 'error', message: `not run: restarting failed: ${e.message}` });
        continue;
      }
    }
    const doc = JSON.parse(fs.readFileSync(path.join(opts.dir, entry.file), 'utf8'));
    const r = await runScenario(doc, session, hello);
    results.push(r);
    if (BREAKS_SESSION.has(r.outcome)) broken = true;
  }
  await session.close();
  const { totals, line } = summary(results);
  console.log(line);
  if (!opts.quiet) {
    for (const r of results.filter((x) => x.outcome !== 'pass' && x.outcome !== 'skipped')) {
      console.log(`  ${r.id}  ${r.outcome}  ${r.clause || ''}`);
      if (r.step) console.log(`      ${r.step}`);
      if (r.outcome === 'fail') console.log(`      expected ${show(r.expected)}, got ${show(r.actual)}`);
      else if (r.message) console.log(`      ${r.message}`);
    }
  }
  if (opts.report) fs.writeFileSync(opts.report, `${JSON.stringify({ totals, results }, null, 1)}\n`);
  if (totals.error || totals.protocol_error || results.every((r) => r.outcome === 'skipped')) return 2;
  return totals.fail || totals.crash || totals.timeout ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => {
  console.error(`export-runner: ${e.stack || e}`);
  process.exit(2);
});
