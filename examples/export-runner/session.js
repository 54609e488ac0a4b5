'use strict';
// One session with the implementation under test: a child process speaking JSON lines on
// stdin/stdout (spec/protocol.md 1, 2, 6). One request at a time; a reply that never comes,
// a process that dies, or a reply that breaks the protocol ends the call with an ImplError.

const { spawn } = require('node:child_process');
const readline = require('node:readline');

class ImplError extends Error {
  constructor(outcome, message) { super(message); this.outcome = outcome; }
}

// The members an ok reply must have, by request type (spec/protocol.md 6).
const REPLY_MEMBERS = {
  hello: ['name', 'version', 'language', 'protocol', 'rulesets', 'readings', 'queries'],
  new_game: ['game', 'events'],
  apply: ['ruling'],
  legal_actions: ['seat', 'actions'],
  state: ['state'],
  result: ['result'],
  next_game: ['first', 'host'],
  evaluate: ['answer'],
  bye: [],
};

// What is wrong with a reply, always checked (null when nothing).
function replyProblem(type, reply) {
  if (reply.ok === false) {
    const e = reply.error;
    return e && typeof e === 'object' && 'code' in e && 'message' in e ? null : 'an error reply needs error.code and error.message';
  }
  if (reply.ok !== true) return `'ok' must be true or false (got ${JSON.stringify(reply.ok)})`;
  const missing = (REPLY_MEMBERS[type] || []).filter((m) => !(m in reply));
  if (type === 'apply' && !missing.length) {
    if (reply.ruling === 'rejected' && !('reason' in reply)) missing.push('reason');
    else if (reply.ruling === 'accepted' && !('events' in reply)) missing.push('events');
    else if (reply.ruling !== 'rejected' && reply.ruling !== 'accepted') return `apply reply with ruling ${JSON.stringify(reply.ruling)}`;
  }
  return missing.length ? `no ${missing.map((m) => `'${m}'`).join(', ')} in the ${type} reply` : null;
}

// A command line split as a POSIX shell would split it (quotes and backslashes), never run
// through a shell.
function splitCommand(text) {
  const out = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null; else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) { out.push(word); word = null; }
    } else {
      word = word === null ? '' : word;
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < text.length) word += text[++i];
      else word += c;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} in ${JSON.stringify(text)}`);
  if (word !== null) out.push(word);
  return out;
}

class Session {
  constructor(command, { timeout = 5, helloTimeout = 20, maxLineBytes = 1 << 20 } = {}) {
    this.argv = splitCommand(command);
    this.timeout = timeout * 1000;
    this.helloTimeout = helloTimeout * 1000;
    this.maxLineBytes = maxLineBytes;
    this.nextId = 0;
    this.stderr = [];
  }

  // Start the process and say hello; the hello reply.
  async start(hello) {
    this.nextId = 0;
    this.lines = [];
    this.waiting = null;
    this.exited = null;
    const [program, ...args] = this.argv;
    this.child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.on('error', (e) => this.end(`cannot start ${program}: ${e.message}`));
    this.child.on('exit', (code, signal) => this.end(`the implementation exited (${signal || `status ${code}`})`));
    this.child.stdin.on('error', () => {}); // a closed pipe shows as the exit above
    readline.createInterface({ input: this.child.stderr }).on('line', (line) => {
      this.stderr.push(line);
      if (this.stderr.length > 200) this.stderr.shift();
    });
    let pending = [];
    let size = 0;
    this.child.stdout.on('data', (chunk) => {
      let start = 0;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, i));
        this.gotLine(Buffer.concat(pending).toString('utf8').replace(/\r$/, ''));
        pending = [];
        size = 0;
        start = i + 1;
      }
      pending.push(chunk.subarray(start));
      size += chunk.length - start;
      if (size > this.maxLineBytes) {
        pending = [];
        size = 0;
        this.fail(new ImplError('protocol_error', `a reply line longer than ${this.maxLineBytes} bytes`));
      }
    });
    this.child.stdout.on('end', () => this.end('the implementation closed its stdout'));
    return this.call(hello, this.helloTimeout);
  }

  gotLine(line) {
    if (!line.trim()) return;
    if (this.waiting) { const w = this.waiting; this.waiting = null; w.line(line); } else this.lines.push(line);
  }

  fail(error) {
    if (this.waiting) { const w = this.waiting; this.waiting = null; w.fail(error); }
  }

  end(why) {
    this.exited = this.exited || why;
    this.fail(new ImplError('crash', why));
  }

  // Send one request and wait for its reply (an ImplError for crash, timeout, protocol_error).
  call(message, timeout = this.timeout) {
    const request = { id: this.nextId++, ...message };
    return new Promise((resolve, reject) => {
      if (this.exited) { reject(new ImplError('crash', this.exited)); return; }
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new ImplError('timeout', `no reply to ${request.type} within ${timeout / 1000} s`));
      }, timeout);
      const done = (f) => (x) => { clearTimeout(timer); f(x); };
      const fail = done(reject);
      const line = (text) => {
        let reply;
        try { reply = JSON.parse(text); } catch (e) { fail(new ImplError('protocol_error', `not JSON: ${text.slice(0, 200)}`)); return; }
        if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) { fail(new ImplError('protocol_error', `not a JSON object: ${text.slice(0, 200)}`)); return; }
        if (reply.id !== request.id) { fail(new ImplError('protocol_error', `reply id ${JSON.stringify(reply.id)} to request ${request.id}`)); return; }
        const problem = replyProblem(request.type, reply);
        if (problem) { fail(new ImplError('protocol_error', `reply to ${request.type}: ${problem}`)); return; }
        done(resolve)(reply);
      };
      this.child.stdin.write(`${JSON.stringify(request)}\n`);
      if (this.lines.length) line(this.lines.shift());
      else this.waiting = { line, fail };
    });
  }

  // End the session: bye, then the process is killed if it lingers.
  async close() {
    const child = this.child;
    if (!child) return;
    if (!this.exited) {
      try { await this.call({ type: 'bye' }, 2000); } catch (e) { /* going anyway */ }
    }
    this.child = null;
    child.stdin.end();
    const gone = new Promise((resolve) => { if (child.exitCode !== null || child.signalCode) resolve(); else child.once('exit', resolve); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(timer);
  }
}

module.exports = { Session, ImplError, splitCommand };
