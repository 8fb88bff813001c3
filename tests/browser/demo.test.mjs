// The demo page (GET /) played in a real browser: Debian's Chromium, headless, driven by
// Playwright, against the real server at BASE_URL.
//
//   BASE_URL=http://127.0.0.1:8080 ARTIFACT_DIR=target/ci-artifacts node demo.test.mjs
//
// It plays English and International by clicking squares (quiet moves, captures, a
// multi-capture clicked through and one chosen among candidates), undoes, refuses a new game
// with a bad FEN and keeps the game on the board, finishes games from
// FENs near the end (a win and a draw by repetition), plays the other variants (the 12x12 board
// among them), shows the evaluation bar and the best lines, reviews a game with a blunder,
// loads and saves PDN, then plays the computer. Any console
// error, page error, failed request, or request to anything but the page's own files and
// /v1 endpoints fails the test. Screenshots go to ARTIFACT_DIR. Synchronisation is by DOM
// state only: the page sets #app[data-phase] and #app[data-plies] when it is ready.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL || 'http://127.0.0.1:8080';
const ARTIFACT_DIR = path.resolve(process.env.ARTIFACT_DIR || 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ORIGIN = new URL(BASE_URL).origin;
const PAGE_FILES = new Set(['/', '/demo/demo.js', '/demo/client.js', '/demo/demo.css']);

const problems = [];
const apiCalls = new Map();
const screenshots = [];

function log(message) {
  console.log(`  ${message}`);
}

function watch(page) {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    problems.push(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:') return;
    if (url.origin !== ORIGIN) {
      problems.push(`request to another host: ${request.url()}`);
    } else if (url.pathname.startsWith('/v1/')) {
      const call = `${request.method()} ${url.pathname}`;
      apiCalls.set(call, (apiCalls.get(call) || 0) + 1);
    } else if (!PAGE_FILES.has(url.pathname)) {
      problems.push(`request outside the page's files and /v1: ${request.method()} ${url.pathname}`);
    }
  });
}

/** Takes the one expected report matching `pattern` out of the problems: Chromium logs an error answer. */
function expectReported(pattern) {
  const matching = problems.filter((problem) => pattern.test(problem));
  assert.equal(matching.length, 1, `one report matches ${pattern}: ${JSON.stringify(problems)}`);
  problems.splice(problems.indexOf(matching[0]), 1);
}

function assertClean(step) {
  assert.deepEqual(problems, [], `${step}: the browser reported problems`);
}

async function screenshot(page, name) {
  const file = path.join(ARTIFACT_DIR, name);
  await page.screenshot({ path: file, fullPage: true });
  screenshots.push(file);
  log(`screenshot: ${file}`);
}

/** Waits until the page is idle in `phase` with `plies` moves played. */
async function settled(page, phase, plies) {
  const selector = `#app[data-phase="${phase}"][data-plies="${plies}"]`;
  await page.locator(selector).waitFor({ state: 'attached' });
}

/** Clicks a square: its piece if it has one, else the square itself. */
async function click(page, square) {
  const piece = page.locator(`#board g.piece[data-square="${square}"]`);
  if (await piece.count()) {
    await piece.click();
  } else {
    await page.locator(`#board rect.square[data-square="${square}"]`).click();
  }
}

/** Plays a move by clicking its squares, then waits for the page to be ready again. */
async function clickMove(page, squares, phase, plies) {
  for (const square of squares) await click(page, square);
  await settled(page, phase, plies);
}

async function squaresWith(page, selector) {
  const names = await page.locator(selector).evaluateAll((els) => els.map((el) => el.dataset.square));
  return names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

async function history(page) {
  return page.locator('#history li').evaluateAll((items) => items.map((li) => li.lastChild.textContent));
}

/** Starts a new game from the form. */
async function newGame(page, { variant, you, level = '3', clock = '', fen = '' }) {
  const before = await page.locator('#app').getAttribute('data-phase');
  assert.notEqual(before, 'busy', 'no game is loading');
  await page.selectOption('#variant', variant);
  await page.selectOption('#you', you);
  await page.fill('#level', level);
  await page.selectOption('#clock', clock);
  await page.fill('#fen', fen);
  await page.click('#new-game');
}

async function englishByClicks(page) {
  log('english, two players: three moves and a capture by clicking, then undo');
  await page.goto(`${BASE_URL}/?you=both`);
  await settled(page, 'human', 0);
  assert.equal(await page.inputValue('#variant'), 'english');
  assert.equal(await page.locator('#board g.piece').count(), 24);
  assert.deepEqual(await squaresWith(page, '#board g.piece.movable'), ['9', '10', '11', '12']);
  assert.match(await page.textContent('#status'), /Black to move/);

  await click(page, 11);
  assert.deepEqual(await squaresWith(page, '#board g.piece.selected'), ['11']);
  assert.deepEqual(await squaresWith(page, '#board rect.square.destination'), ['15', '16']);
  await click(page, 15);
  await settled(page, 'human', 1);
  assert.equal(await page.locator('#board g.piece.black[data-square="15"]').count(), 1);
  assert.equal(await page.locator('#board g.piece[data-square="11"]').count(), 0);
  assert.deepEqual(await squaresWith(page, '#board rect.highlight'), ['11', '15']);

  await clickMove(page, [22, 18], 'human', 2);
  assert.match(await page.textContent('#status'), /Black to move\. A capture is required\./);
  assert.deepEqual(await squaresWith(page, '#board g.piece.movable'), ['15']);
  await clickMove(page, [15, 22], 'human', 3);
  assert.equal(await page.locator('#board g.piece').count(), 23, 'the white man on 18 was taken');
  await clickMove(page, [25, 18], 'human', 4);
  assert.deepEqual(await history(page), ['11-15', '22-18', '15x22', '25x18']);
  assert.equal(await page.locator('#board g.piece').count(), 22);
  await screenshot(page, 'demo-english.png');

  await page.click('#undo');
  await settled(page, 'human', 3);
  assert.deepEqual(await history(page), ['11-15', '22-18', '15x22']);
  assert.equal(await page.locator('#board g.piece.white[data-square="25"]').count(), 1);
  assert.equal(await page.locator('#board g.piece.black[data-square="22"]').count(), 1);
  assertClean('english');
}

async function badFenKeepsTheGame(page) {
  log('english, then a russian game with a bad FEN: the service\'s message, and the english game goes on');
  const board = await page.getAttribute('#board', 'data-fen');
  const moves = await history(page);
  assert.equal(await page.locator('#message').isHidden(), true);
  await newGame(page, { variant: 'russian', you: 'both', fen: 'W:W99:Bb6' });
  await page.locator('#message:not([hidden])').waitFor();
  await settled(page, 'human', moves.length);
  const message = await page.textContent('#message');
  assert.match(message, /^The new game was not started: .*\(invalid_position\)$/, message);
  assert.doesNotMatch(message, /Could not reach/);
  assert.equal(await page.inputValue('#variant'), 'english', 'the variant shown is the game\'s');
  assert.equal(await page.getAttribute('#board', 'data-fen'), board, 'the board is the game\'s');
  assert.equal(await page.getAttribute('#board svg', 'data-variant'), 'english');
  assert.deepEqual(await history(page), moves);
  await clickMove(page, [25, 18], 'human', moves.length + 1);
  assert.equal(await page.locator('#message').isHidden(), true, 'the message goes with the next move');
  expectReported(/status of 422 .*\/v1\/legal-moves/);
  assertClean('bad FEN');
}

async function internationalCapture(page) {
  log('international, two players: a capture by clicking');
  await newGame(page, { variant: 'international', you: 'both' });
  await settled(page, 'human', 0);
  assert.equal(await page.locator('#board g.piece').count(), 40);
  assert.equal(await page.locator('#board rect.square').count(), 50);
  await clickMove(page, [32, 28], 'human', 1);
  await clickMove(page, [19, 23], 'human', 2);
  await clickMove(page, [28, 19], 'human', 3);
  assert.deepEqual(await history(page), ['32-28', '19-23', '28x19']);
  assert.equal(await page.locator('#board g.piece.black').count(), 19);
  assertClean('international');
}

async function multiCapture(page) {
  log('english from a FEN: a double capture chosen among candidates, then clicked through');
  // Two double captures from 26 both end on 10: over 22 and 14, or over 23 and 15.
  await newGame(page, { variant: 'english', you: 'both', fen: 'W:W26:B14,15,22,23' });
  await settled(page, 'human', 0);
  await click(page, 26);
  assert.deepEqual(await squaresWith(page, '#board rect.square.target'), ['17', '19']);
  await click(page, 10);
  const choices = page.locator('#choices button.move');
  assert.deepEqual((await choices.allTextContents()).sort(), ['26x17x10', '26x19x10']);
  await page.click('#choices button.move:has-text("26x19x10")');
  await settled(page, 'human', 1);
  assert.deepEqual(await squaresWith(page, '#board g.piece.black'), ['14', '22']);
  assert.deepEqual(await squaresWith(page, '#board rect.highlight'), ['10', '19', '26']);

  await page.click('#undo');
  await settled(page, 'human', 0);
  await clickMove(page, [26, 17], 'human', 1);
  assert.deepEqual(await squaresWith(page, '#board g.piece.black'), ['15', '23']);
  assertClean('multi-capture');
}

async function finishedGames(page) {
  log('finished games from FENs near the end: a win and a draw by repetition');
  await newGame(page, { variant: 'english', you: 'black', fen: 'B:W18:B14' });
  await settled(page, 'human', 0);
  await clickMove(page, [14, 23], 'over', 1);
  assert.equal(await page.getAttribute('#result', 'data-state'), 'win');
  assert.equal(await page.textContent('#result'), 'Black wins: White has no pieces left. You win!');
  assert.equal(await page.locator('#board g.piece.movable').count(), 0, 'nothing moves once the game is over');
  await screenshot(page, 'demo-finished.png');

  await newGame(page, { variant: 'english', you: 'both', fen: 'W:WK29:BK4' });
  await settled(page, 'human', 0);
  const shuffle = [[29, 25], [4, 8], [25, 29], [8, 4]];
  for (let plies = 1; plies <= 8; plies += 1) {
    await clickMove(page, shuffle[(plies - 1) % 4], plies === 8 ? 'over' : 'human', plies);
  }
  assert.equal(await page.getAttribute('#result', 'data-reason'), 'repetition');
  assert.match(await page.textContent('#result'), /^Draw by repetition: the same position 3 times/);
  assertClean('finished games');
}

async function otherVariants(page) {
  log('frisian, thai, antidraughts, breakthrough, canadian: a capture along a row, starts, two other goals, a 12x12 capture');
  await newGame(page, { variant: 'frisian', you: 'both', fen: 'W:W27:B28,1' });
  await settled(page, 'human', 0);
  await clickMove(page, [27, 29], 'human', 1);
  assert.deepEqual(await history(page), ['27x29']);
  assert.deepEqual(await squaresWith(page, '#board g.piece.black'), ['1']);

  await newGame(page, { variant: 'thai', you: 'both' });
  await settled(page, 'human', 0);
  assert.equal(await page.locator('#board g.piece').count(), 16, 'eight men each');

  await newGame(page, { variant: 'antidraughts', you: 'both', fen: 'W:W32:B23' });
  await settled(page, 'human', 0);
  await clickMove(page, [32, 28], 'human', 1);
  await clickMove(page, [23, 32], 'over', 2);
  assert.equal(await page.textContent('#result'), 'White wins: White has no pieces left.');

  await newGame(page, { variant: 'breakthrough', you: 'both', fen: 'W:W6,40:B45' });
  await settled(page, 'human', 0);
  await clickMove(page, [6, 1], 'over', 1);
  assert.equal(await page.getAttribute('#result', 'data-reason'), 'first_king');
  assert.equal(await page.textContent('#result'), 'White wins: White crowned the first king.');

  await newGame(page, { variant: 'canadian', you: 'both' });
  await settled(page, 'human', 0);
  assert.equal(await page.locator('#board rect.square').count(), 72, 'the 12x12 board');
  assert.equal(await page.locator('#board g.piece').count(), 60, 'thirty men each');
  await newGame(page, { variant: 'canadian', you: 'both', fen: 'W:WK67:B12' });
  await settled(page, 'human', 0);
  await clickMove(page, [67, 6], 'over', 1);
  assert.deepEqual(await history(page), ['67x6']);
  assertClean('other variants');
}

async function analysisAndReview(page) {
  log('english, two players: the evaluation bar and best lines, a blunder played, the review marks it');
  await newGame(page, { variant: 'english', you: 'both', fen: 'B:W22,30:B1,10,14' });
  await settled(page, 'human', 0);
  await page.check('#analysis-on');
  await page.locator('#eval-bar[data-white]').waitFor({ state: 'attached' });
  const white = Number(await page.getAttribute('#eval-bar', 'data-white'));
  assert.ok(white < 0.5, `Black is winning: White's share ${white}`);
  const lines = await page.locator('#lines li').count();
  assert.ok(lines >= 1 && lines <= 3, `${lines} best lines`);
  // The server's english databases (up to 3 pieces) may prove the win: "Black wins in 7".
  assert.match(await page.textContent('#eval-text'), /^White's view: (\S+|(White|Black) wins in \d+) · White's expected share \d+ % · depth \d+$/);
  // The label is outside the bar: on one background, readable whatever the split.
  const label = await page.locator('#eval-text').boundingBox();
  const track = await page.locator('#eval-bar .eval-track').boundingBox();
  assert.ok(label.y >= track.y + track.height, 'the label is below the bar');

  // 14-18 lets White take two men: 22x15x6.
  await clickMove(page, [14, 18], 'human', 1);
  await clickMove(page, [22, 6], 'human', 2);
  assert.deepEqual(await history(page), ['14-18', '22x6']);
  await page.click('#review');
  await page.locator('#review-summary:not([hidden])').waitFor();
  assert.equal(await page.getAttribute('#history li[data-ply="0"]', 'data-class'), 'blunder');
  assert.equal(await page.textContent('#review-progress'), 'Review done.');
  const blunders = page.locator('#review-summary tr[data-side="black"] td').nth(4);
  assert.equal(await blunders.textContent(), '1');
  await screenshot(page, 'demo-review.png');
  await page.uncheck('#analysis-on');
  assertClean('analysis and review');
}

async function endgameResults(page) {
  log('english, two kings against one: the endgame databases give each move its result');
  await newGame(page, { variant: 'english', you: 'both', fen: 'W:WK14,K15:BK32' });
  await settled(page, 'human', 0);
  await page.check('#analysis-on');
  await page.locator('#endgame-moves li').first().waitFor();
  const moves = await page.locator('#endgame-moves li').count();
  assert.ok(moves >= 2, `${moves} moves with their results`);
  assert.equal(await page.getAttribute('#endgame-moves li >> nth=0', 'data-result'), 'win');
  assert.match(await page.textContent('#endgame-text'), /^Endgame databases: White wins in \d+ plies/);
  await screenshot(page, 'demo-endgame.png');
  await page.uncheck('#analysis-on');
  assert.equal(await page.isHidden('#endgame-moves'), true);
  assertClean('endgame results');
}

async function pdnLoadAndSave(page) {
  log('PDN: a record loaded and continued by clicking, then saved');
  await page.fill('#pdn', '[Event "Club"]\n[GameType "21"]\n\n1. 11-15 23-19 {a comment} 2. 8-11 22-17 *');
  await page.click('#pdn-load');
  await settled(page, 'human', 4);
  assert.equal(await page.inputValue('#variant'), 'english');
  assert.deepEqual(await history(page), ['11-15', '23-19', '8-11', '22-17']);
  assert.match(await page.textContent('#status'), /Black to move/);
  await clickMove(page, [9, 13], 'human', 5);
  await page.fill('#pdn', '');
  await page.click('#pdn-save');
  await page.waitForFunction(() => document.getElementById('pdn').value.includes('GameType'));
  const record = await page.inputValue('#pdn');
  assert.match(record, /\[GameType "21"\]/);
  assert.match(record, /1\. 11-15 23-19 2\. 8-11 22-17 3\. 9-13 \*/);
  assertClean('PDN');
}

/** Clicks some legal move of the human's: a movable piece, then its first destination. */
async function clickAnyMove(page) {
  await page.locator('#board g.piece.movable').first().click();
  const destination = page.locator('#board rect.square.destination').first();
  await destination.click();
  const phase = await page.locator('#app').getAttribute('data-phase');
  if (phase === 'human' && (await page.locator('#choices button.move').count()) > 1) {
    await page.locator('#choices button.move').first().click();
  }
}

/** Waits for the computer's reply: the page is the human's again (or over, or failed). */
async function computerReply(page, plies) {
  await page.locator(`#app[data-phase="human"][data-plies="${plies}"], #app[data-phase="over"], #app[data-phase="error"]`)
    .waitFor({ state: 'attached', timeout: 60_000 });
  const phase = await page.locator('#app').getAttribute('data-phase');
  if (phase === 'error') {
    throw new Error(`the computer did not answer: ${await page.textContent('#message')}`);
  }
  return phase;
}

async function againstTheComputer(page) {
  log('english against the computer (level 3, easy, on a 1-minute clock): three moves by clicking, the replies, undo');
  await newGame(page, { variant: 'english', you: 'black', level: '3', clock: '60000+0' });
  assert.equal(await page.textContent('#level-name'), '3 (easy)');
  await settled(page, 'human', 0);
  for (let round = 1; round <= 3; round += 1) {
    await clickAnyMove(page);
    const phase = await computerReply(page, 2 * round);
    assert.equal(phase, 'human', 'the game goes on after three moves each');
    assert.match(await page.textContent('#engine'), /^The computer played \S+.* its clock \d+\.\d s$/);
    log(`move ${round}: ${(await history(page)).slice(-2).join(' ')}; ${await page.textContent('#engine')}`);
  }
  assert.equal((await history(page)).length, 6);
  await screenshot(page, 'demo-computer.png');

  await page.click('#undo');
  await settled(page, 'human', 4);
  assert.equal((await history(page)).length, 4, 'undo drops the last two moves');

  log('english against the computer from a FEN: its forced capture ends the game');
  await newGame(page, { variant: 'english', you: 'black', fen: 'W:W18:B14' });
  assert.equal(await computerReply(page, 1), 'over');
  assert.deepEqual(await history(page), ['18x9']);
  assert.equal(await page.textContent('#result'), 'White wins: Black has no pieces left. The computer wins.');
  assert.ok(await page.locator('#undo').isDisabled(), "the computer's first move cannot be undone");
  assertClean('computer');
}

async function main() {
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'draughts-demo-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1100, height: 900 },
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(20_000);
  watch(page);
  let failed = null;
  try {
    for (const part of [englishByClicks, badFenKeepsTheGame, internationalCapture, multiCapture, finishedGames, otherVariants, analysisAndReview, endgameResults, pdnLoadAndSave, againstTheComputer]) {
      await part(page);
    }
    assertClean('the end');
  } catch (error) {
    failed = error;
    await page.screenshot({ path: path.join(ARTIFACT_DIR, 'demo-failure.png'), fullPage: true }).catch(() => {});
    log(`screenshot: ${path.join(ARTIFACT_DIR, 'demo-failure.png')}`);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  log(`API calls: ${[...apiCalls].map(([call, n]) => `${call} ×${n}`).join(', ')}`);
  if (failed) {
    console.error(`FAIL: ${failed.stack || failed}`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`PASS: the demo page works in ${CHROMIUM}; screenshots: ${screenshots.join(', ')}`);
}

await main();
