// docs/quickstart.md's code, as it stands in the document, played in a real browser (Debian's
// Chromium, driven by Playwright) against the real server at BASE_URL:
//
//   BASE_URL=http://127.0.0.1:8080 node quickstart.test.mjs
//
// The test takes the ```html block and the two ```js blocks out of the markdown. The page and
// its script are served at BASE_URL's origin (Playwright answers those two paths itself), so
// the script's `API = ''` reaches the server. It plays a move by clicking a piece and a square,
// waits for the computer's reply, undoes both, checks that a problem is shown by its code, then
// runs the typed client's example. Synchronisation is by DOM state and by answers received.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL || 'http://127.0.0.1:8080';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const markdown = readFileSync(new URL('../../docs/quickstart.md', import.meta.url), 'utf8');
const blocks = (language) => [...markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)]
  .filter((match) => match[1] === language)
  .map((match) => match[2]);
const [html] = blocks('html');
const [pageScript, clientScript] = blocks('js');
assert.ok(html && pageScript && clientScript, 'docs/quickstart.md has an html block and two js blocks');
assert.match(html, /src="quickstart\.js"/, 'the page loads the script block');

/** Serves `files` (path → [content type, text]) at BASE_URL's origin in `page`. */
async function serve(page, files) {
  for (const [path, [type, body]] of Object.entries(files)) {
    await page.route(`${BASE_URL}${path}`, (route) => route.fulfill({ status: 200, contentType: type, body }));
  }
}

/** Resolves once the page has received `count` answers from `path`. */
function answersFrom(page, path, count) {
  let seen = 0;
  return new Promise((resolve) => {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === path && (seen += 1) === count) resolve();
    });
  });
}

async function thePage(page) {
  console.log('  the quick start page: a move by two clicks, the computer\'s reply, undo, a problem by its code');
  await serve(page, {
    '/quickstart/': ['text/html', `<!doctype html><meta charset="utf-8">${html}`],
    '/quickstart/quickstart.js': ['text/javascript', pageScript],
  });
  await page.goto(`${BASE_URL}/quickstart/`);
  await page.locator('#status', { hasText: 'black to move' }).waitFor();
  assert.equal(await page.locator('#board g.piece').count(), 24);

  await page.click('#board g.piece[data-square="11"]');
  await page.click('#board rect.square[data-square="15"]');
  await page.waitForFunction(() => document.getElementById('moves').textContent.split(' ').length === 2);
  await page.locator('#status', { hasText: 'black to move' }).waitFor();
  const [mine, reply] = (await page.textContent('#moves')).split(' ');
  assert.equal(mine, '11-15');
  assert.equal(await page.locator('#board g.piece.black[data-square="15"]').count(), 1);
  console.log(`  played 11-15, the computer answered ${reply}`);

  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('moves').textContent === '');
  assert.equal(await page.locator('#board g.piece.black[data-square="11"]').count(), 1);

  // The service refuses the next move as a busy service would: the problem's detail is shown,
  // and its code asks for another try.
  await page.route(`${BASE_URL}/v1/apply-move`, (route) => route.fulfill({
    status: 503,
    contentType: 'application/problem+json',
    headers: { 'Retry-After': '1' },
    body: JSON.stringify({ type: 'about:blank', title: 'Overloaded', status: 503, code: 'overloaded', detail: 'every search thread is busy' }),
  }), { times: 1 });
  await page.click('#board g.piece[data-square="9"]');
  await page.click('#board rect.square[data-square="13"]');
  await page.locator('#status', { hasText: 'every search thread is busy Try again in a moment.' }).waitFor();
  assert.equal(await page.textContent('#moves'), '', 'a refused move is not kept');
}

async function theClient(page) {
  console.log('  the typed client\'s example: start, play, the computer, undo');
  const done = Promise.all([
    answersFrom(page, '/v1/apply-move', 1),
    answersFrom(page, '/v1/ai-move', 1),
    answersFrom(page, '/v1/legal-moves', 3),
  ]);
  await serve(page, {
    '/quickstart/client.html': ['text/html', '<!doctype html><meta charset="utf-8"><script type="module" src="client-example.js"></script>'],
    '/quickstart/client-example.js': ['text/javascript', clientScript],
  });
  await page.goto(`${BASE_URL}/quickstart/client.html`);
  await done;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const problems = [];
  let failed = null;
  try {
    for (const part of [thePage, theClient]) {
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('503')) problems.push(`console error: ${message.text()}`);
      });
      await part(page);
      await page.close();
    }
    assert.deepEqual(problems, [], 'the browser reported problems');
  } catch (error) {
    failed = error;
  } finally {
    await browser.close();
  }
  if (failed) {
    console.error(`FAIL: ${failed.stack || failed}`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log('PASS: docs/quickstart.md runs as written');
}

await main();
