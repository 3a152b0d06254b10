'use strict';
/**
 * autocannon's setupRequest for loads whose requests differ (bench/lib/variedLoad.ts): each request
 * takes a random body of the JSON list in the file BENCH_RANDOM_BODIES names. A CommonJS file
 * because autocannon's worker threads `require` it by path; read once per file and thread.
 */
const fs = require('node:fs');

const lists = new Map();

module.exports = function setupRequest(req) {
  const file = process.env.BENCH_RANDOM_BODIES;
  if (!file) throw new Error('BENCH_RANDOM_BODIES is not set');
  let bodies = lists.get(file);
  if (!bodies) {
    bodies = JSON.parse(fs.readFileSync(file, 'utf8'));
    lists.set(file, bodies);
  }
  req.body = bodies[Math.floor(Math.random() * bodies.length)];
  return req;
};
