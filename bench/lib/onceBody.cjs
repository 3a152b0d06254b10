'use strict';
/**
 * autocannon's setupRequest for loads whose every request must be a different one (approving a
 * document: each may be approved once; bench/lib/onceLoad.ts): hands out the bodies of the JSON
 * list in the file BENCH_ONCE_BODIES each at most once, across the threads autocannon runs and
 * across its runs. A thread claims a slice of BENCH_ONCE_SLICE bodies at a time by making the
 * slice's directory under `<file>.claims` (mkdir is atomic), and takes its bodies in order. Out of
 * bodies, it sends BENCH_ONCE_EXHAUSTED, which the server refuses, so the run fails rather than
 * sending a body twice. A CommonJS file because the worker threads `require` it by path.
 */
const fs = require('node:fs');
const path = require('node:path');

const states = new Map();

function claim(s, file, size) {
  for (let k = s.lastClaim + 1; k * size < s.bodies.length; k++) {
    try {
      fs.mkdirSync(path.join(`${file}.claims`, String(k)));
    } catch (err) {
      if (err.code === 'EEXIST') continue;
      throw err;
    }
    s.lastClaim = k;
    s.next = k * size;
    s.end = Math.min(s.bodies.length, (k + 1) * size);
    return true;
  }
  return false;
}

module.exports = function setupRequest(req) {
  const file = process.env.BENCH_ONCE_BODIES;
  if (!file) throw new Error('BENCH_ONCE_BODIES is not set');
  const size = Number(process.env.BENCH_ONCE_SLICE) || 50;
  let s = states.get(file);
  if (!s) {
    s = { bodies: JSON.parse(fs.readFileSync(file, 'utf8')), lastClaim: -1, next: 0, end: 0 };
    states.set(file, s);
  }
  if (s.next >= s.end && !claim(s, file, size)) {
    req.body = process.env.BENCH_ONCE_EXHAUSTED || '{}';
    return req;
  }
  req.body = s.bodies[s.next++];
  return req;
};
