// The client's built module (src/http/demo/client.js, what the service serves at
// /demo/client.js) against the live server at BASE_URL:
//
//   BASE_URL=http://127.0.0.1:8080 npm test
//
// The Retry-After tests put a stub in front of the server's fetch: the stub answers the first
// call as a busy server would, and records the waits instead of sleeping.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiProblem, DraughtsClient, Game, isProblem } from '../../../src/http/demo/client.js';

const BASE_URL = process.env.BASE_URL || 'http://127.0.0.1:8080';
const client = new DraughtsClient({ baseUrl: BASE_URL });

/** A fetch that first answers `status` with `Retry-After: seconds` `times` times, then asks the server. */
function busyFetch(status, seconds, times) {
  const calls = [];
  const fetch = async (request) => {
    calls.push(request.url);
    if (calls.length <= times) {
      const code = status === 429 ? 'rate_limited' : 'overloaded';
      const problem = { type: 'about:blank', title: 'Busy', status, code, detail: `retry in ${seconds} s` };
      return new Response(JSON.stringify(problem), {
        status,
        headers: { 'Content-Type': 'application/problem+json', 'Retry-After': String(seconds) },
      });
    }
    return globalThis.fetch(request);
  };
  return { fetch, calls };
}

test('the variants give every square its row and column', async () => {
  const variants = await client.variants();
  const english = variants.find((v) => v.id === 'english');
  assert.equal(english.layout.length, 32);
  assert.deepEqual(english.layout.find((p) => p.square === 29), { square: 29, row: 7, column: 0 });
  const russian = variants.find((v) => v.id === 'russian');
  assert.deepEqual(russian.layout.find((p) => p.square === 'a1'), { square: 'a1', row: 7, column: 0 });
});

test('a game keeps its variant, start and moves; plays, and undoes by dropping moves', async () => {
  const game = new Game(client, 'english');
  const start = await game.start();
  assert.equal(start.side_to_move, 'black');
  assert.equal(start.moves.length, 7);
  await game.play('11-15');
  const applied = await game.play('23-19');
  assert.deepEqual(game.moves, ['11-15', '23-19']);
  assert.equal(applied.side_to_move, 'black');
  assert.deepEqual(game.request(), { variant: 'english', moves: ['11-15', '23-19'] });
  const back = await game.undo();
  assert.deepEqual(game.moves, ['11-15']);
  assert.equal(back.side_to_move, 'white');
  assert.equal(game.position, back);
});

test('a refused move is a problem with its code, and the game is left as it was', async () => {
  const game = new Game(client, 'russian', 'W:Wc3:Bd4,f6');
  await game.start();
  await assert.rejects(game.play('c3xe5'), (error) => {
    assert.ok(error instanceof ApiProblem);
    assert.ok(isProblem(error, 'illegal_move'));
    assert.equal(error.status, 422);
    assert.deepEqual(error.problem.legal_moves, ['c3xg7']);
    assert.match(error.message, /capture must be played to its end/);
    return true;
  });
  assert.deepEqual(game.moves, []);
  await game.play('c3xg7');
  assert.equal(game.position.status.state, 'win');
});

test('a start position the variant cannot have is refused before any move', async () => {
  const game = new Game(client, 'russian', 'W:W99:Bb6');
  await assert.rejects(game.start(), (error) => isProblem(error, 'invalid_position') && error.status === 422);
  assert.equal(game.position, null);
});

test('the computer plays the side to move, and the game asks for the replies', async () => {
  const game = new Game(client, 'english', 'W:W18:B14,1');
  await game.start();
  const answer = await game.computerMove({ difficulty: 'easy', seed: 1 });
  assert.equal(answer.move.notation, '18x9');
  assert.deepEqual(game.moves, ['18x9']);
  assert.equal(game.position.side_to_move, 'black');
  assert.ok(game.position.moves.length > 0);
});

test('the endgame databases answer a won ending best move first, and name what they do not cover', async () => {
  // The server runs with english databases up to 3 pieces (.ci/client-test builds them).
  const installed = await client.endgameDatabases();
  assert.deepEqual(installed.map((d) => [d.variant, d.max_pieces]), [['english', 3]]);
  const answer = await client.endgame({ variant: 'english', fen: 'W:WK14,K15:BK32' });
  assert.equal(answer.result, 'win');
  assert.equal(answer.moves[0].result, 'win');
  assert.equal(answer.moves[0].plies, answer.plies);
  await assert.rejects(
    client.endgame({ variant: 'english' }),
    (error) => isProblem(error, 'endgame_not_covered') && error.status === 404 && /24 pieces/.test(error.message),
  );
});

test('the picture of a position is SVG text with clickable squares', async () => {
  const svg = await client.boardSvg({ variant: 'english', fen: 'B:W18:B14', flip: true, size: 200 });
  assert.match(svg, /^<svg /);
  assert.match(svg, /data-square="14"/);
});

test('Retry-After is waited out, then the call is made again', async () => {
  const waits = [];
  const busy = busyFetch(503, 1, 1);
  const patient = new DraughtsClient({
    baseUrl: BASE_URL, fetch: busy.fetch, sleep: async (ms) => { waits.push(ms); },
  });
  const answer = await patient.legalMoves({ variant: 'english' });
  assert.equal(answer.moves.length, 7);
  assert.deepEqual(waits, [1000]);
  assert.equal(busy.calls.length, 2);
});

test('a wait longer than allowed, or retries used up, is the problem with its Retry-After', async () => {
  for (const [seconds, times, expectedWaits] of [[60, 1, 0], [1, 5, 2]]) {
    const waits = [];
    const busy = busyFetch(429, seconds, times);
    const patient = new DraughtsClient({
      baseUrl: BASE_URL, fetch: busy.fetch, sleep: async (ms) => { waits.push(ms); },
    });
    await assert.rejects(patient.variants(), (error) => {
      assert.ok(isProblem(error, 'rate_limited'));
      assert.equal(error.retryAfter, seconds);
      return true;
    });
    assert.equal(waits.length, expectedWaits, `Retry-After ${seconds} s, ${times} times`);
  }
});

test('a service that cannot be reached is a network_error problem', async () => {
  const offline = new DraughtsClient({ baseUrl: 'http://127.0.0.1:9', retries: 0 });
  await assert.rejects(offline.variants(), (error) => isProblem(error, 'network_error') && error.status === 0);
});
