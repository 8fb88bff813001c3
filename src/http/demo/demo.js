// draughts-api demo: a whole game against the computer through the public API only, called
// through the typed client (/demo/client.js, built from clients/typescript/):
//
//   GET  /v1/variants       the variants (names, draw rules) for the menu
//   POST /v1/legal-moves    the position reached by the moves so far, and its legal moves
//   POST /v1/apply-move     plays the human's move
//   POST /v1/ai-move        the computer's move
//   POST /v1/analyze        the evaluation bar and the best lines of the position
//   POST /v1/review         every move of the game judged, read line by line as it streams
//   GET  /v1/endgame-databases, POST /v1/endgame
//                           each move's result, where the server's endgame databases know it
//   POST /v1/pdn/export     the game as a PDN record
//   POST /v1/pdn/parse      a PDN record read back into a game
//   GET  /v1/board.svg      the picture of the board, inlined so that its squares are clickable
//
// The service is stateless: every request carries the whole game (`fen` and `moves`), so the
// page keeps only the list of moves played; "undo" drops moves from it.
//
// Linkable: /?variant=russian&you=black&level=10&clock=180000%2B2000&fen=... starts that game.
import { ApiProblem, DraughtsClient } from '/demo/client.js';

const client = new DraughtsClient();

const $ = (id) => document.getElementById(id);
const NAMES = { white: 'White', black: 'Black' };
const other = (side) => (side === 'white' ? 'black' : 'white');
const same = (a, b) => String(a) === String(b);
/** How deep the evaluation bar's analysis searches (plies), and its time cap. */
const ANALYSIS = { lines: 3, depth: 10, time_ms: 1000 };
/** The time a review searches each position. */
const REVIEW_MS = 100;

/** What went wrong, in words: the service's own message and code, or that it was not reached. */
function describeError(error) {
  if (error instanceof ApiProblem && error.status > 0) return `${error.message} (${error.code})`;
  return `Could not reach the service: ${error.message}`;
}

const game = {
  variants: [],
  endgames: new Map(), // variant id → the most pieces the server's endgame databases hold
  variant: null, // the chosen variant, as GET /v1/variants describes it
  startFen: null, // null: the variant's start position
  startSide: 'white', // who moves first from startFen
  human: 'white', // 'white', 'black' or 'both' (no computer)
  level: 6, // 1 to 10
  clock: null, // the computer's clock: { left, increment } in ms, or null (no clock)
  played: [], // move objects as the API gives them, oldest first (`review`: its class, once reviewed)
  position: null, // { fen, side_to_move, status, moves } of the position reached
  selection: null, // { prefix: [squares clicked], candidates: [legal moves matching] }
  pending: null, // null, 'busy' (a request in flight) or 'thinking' (the computer)
  computerError: null,
  epoch: 0, // bumped by every new game, move and undo: answers to older requests are dropped
};

/** The game request every POST carries. */
function gameRequest() {
  const body = { variant: game.variant.id, moves: game.played.map((m) => m.notation) };
  if (game.startFen) body.fen = game.startFen;
  return body;
}

/** The side to move after `plies` moves (draughts has no passes). */
const sideAfter = (plies) => (plies % 2 === 0 ? game.startSide : other(game.startSide));
const isComputer = (side) => game.human !== 'both' && side !== game.human;
const isOver = () => game.position !== null && game.position.status.state !== 'ongoing';
const humanToMove = () => game.position !== null && !isOver() && game.pending === null
  && !isComputer(game.position.side_to_move);

// ---------------------------------------------------------------- game flow

/**
 * Starts the game the form describes. The service checks it first (its FEN, in the variant's
 * square names): a game it refuses is not started, and the game on the board goes on, under
 * its own variant, with the service's message shown.
 */
async function newGame() {
  const variant = game.variants.find((v) => v.id === $('variant').value) || game.variants[0];
  const startFen = $('fen').value.trim() || null;
  const request = { variant: variant.id, moves: [] };
  if (startFen) request.fen = startFen;
  // The game on the board is left alone until the service has accepted the new one.
  const current = game.epoch;
  const before = game.pending;
  game.pending = 'busy';
  showMessage('');
  update();
  let answer;
  try {
    answer = await client.legalMoves(request);
  } catch (error) {
    if (current !== game.epoch) return;
    game.pending = before;
    if (game.variant !== null) {
      $('variant').value = game.variant.id;
      $('you').value = game.human;
      $('level').value = game.level;
      showLevel();
    }
    showMessage(`The new game was not started: ${describeError(error)}`);
    update();
    return;
  }
  if (current !== game.epoch) return;
  const epoch = ++game.epoch;
  game.variant = variant;
  game.human = $('you').value;
  game.level = Number($('level').value);
  game.clock = clockOf($('clock').value);
  game.startFen = startFen;
  game.played = [];
  game.startSide = answer.side_to_move;
  game.position = answer;
  game.selection = null;
  game.computerError = null;
  $('engine').textContent = '';
  clearReview();
  await step(epoch, () => settle(epoch));
}

/** Asks for the position reached by the moves played, then shows it. */
async function refresh(epoch) {
  await step(epoch, async () => {
    const answer = await client.legalMoves(gameRequest());
    if (epoch !== game.epoch) return;
    game.position = answer;
    await settle(epoch);
  });
}

/** Runs `work` as the request in flight; shows what goes wrong. */
async function step(epoch, work) {
  game.pending = 'busy';
  showMessage('');
  update();
  try {
    await work();
  } catch (error) {
    if (epoch === game.epoch) {
      game.pending = null;
      showMessage(describeError(error));
      update();
    }
  }
}

/** Draws the position; then the computer moves if it is its turn. */
async function settle(epoch) {
  game.pending = 'busy';
  await drawBoard(epoch);
  if (epoch !== game.epoch) return;
  game.pending = null;
  update();
  analyzePosition();
  if (!isOver() && isComputer(game.position.side_to_move)) await computerMove(epoch);
}

async function play(move) {
  const epoch = ++game.epoch;
  game.selection = null;
  await step(epoch, async () => {
    const answer = await client.applyMove(gameRequest(), move.notation);
    if (epoch !== game.epoch) return;
    game.played.push(answer.move);
    game.position = answer;
    $('engine').textContent = '';
    await settle(epoch);
  });
}

async function computerMove(epoch) {
  game.pending = 'thinking';
  game.computerError = null;
  update();
  let answer;
  try {
    const options = { level: game.level };
    if (game.clock) options.clock = { time_left_ms: Math.max(0, game.clock.left), increment_ms: game.clock.increment };
    answer = await client.aiMove(gameRequest(), options);
  } catch (error) {
    if (epoch !== game.epoch) return;
    game.pending = null;
    game.computerError = error;
    update();
    return;
  }
  if (epoch !== game.epoch) return;
  game.played.push(answer.move);
  if (game.clock) game.clock.left += game.clock.increment - answer.time_ms;
  $('engine').textContent = describeSearch(answer);
  // ai-move gives the position after its move but not the legal replies: ask legal-moves.
  await refresh(epoch);
}

/** How many moves undo drops: back to the last position where the human was to move. */
function undoTarget() {
  for (let plies = game.played.length - 1; plies >= 0; plies -= 1) {
    if (!isComputer(sideAfter(plies))) return plies;
  }
  return -1;
}

async function undo() {
  const target = undoTarget();
  if (target < 0) return;
  const epoch = ++game.epoch;
  game.played.length = target;
  game.selection = null;
  clearReview();
  game.computerError = null;
  $('engine').textContent = '';
  await refresh(epoch);
}

// ---------------------------------------------------------------- analysis and review

/** Shows the evaluation bar and the best lines of the position reached, if asked for. */
async function analyzePosition() {
  showEndgame();
  const on = $('analysis-on').checked && game.position !== null && !isOver();
  $('eval-bar').hidden = !on;
  $('lines').hidden = !on;
  if (!on) return;
  const fen = game.position.fen;
  const plies = game.played.length;
  let answer;
  try {
    answer = await client.analyze(gameRequest(), ANALYSIS);
  } catch (error) {
    showMessage(`The analysis failed: ${describeError(error)}.`);
    return;
  }
  // An answer about a position the game has left is dropped.
  if (game.position === null || game.position.fen !== fen || game.played.length !== plies) return;
  const best = answer.lines[0];
  const white = answer.side_to_move === 'white' ? best.expected_score : 1 - best.expected_score;
  $('eval-bar').dataset.white = String(white);
  $('eval-white').style.width = `${(white * 100).toFixed(1)}%`;
  $('eval-text').textContent = `White's view: ${describeScore(best, answer.side_to_move)} · `
    + `White's expected share ${Math.round(white * 100)} % · depth ${answer.depth}`;
  $('lines').replaceChildren(...answer.lines.map((line) => {
    const item = document.createElement('li');
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = describeScore(line, answer.side_to_move);
    item.append(score, line.pv.join(' '));
    return item;
  }));
}

/** Pieces on the board of a FEN as the service writes it (`W:W21,K3:B1,2`: one square each). */
function piecesOf(fen) {
  return fen.split(':').slice(1).map((part) => part.slice(1).split(',').filter((s) => s !== '').length)
    .reduce((a, b) => a + b, 0);
}

/**
 * Shows what the endgame databases know of the position and of each move, when the analysis
 * is on and the server's databases of the variant hold that few pieces.
 */
async function showEndgame() {
  const max = game.endgames.get(game.variant?.id) ?? 0;
  const on = $('analysis-on').checked && game.position !== null && !isOver()
    && piecesOf(game.position.fen) <= max;
  $('endgame-text').hidden = !on;
  $('endgame-moves').hidden = !on;
  if (!on) return;
  // What an earlier position's answer showed goes until this position's answer comes.
  $('endgame-text').textContent = 'Endgame databases: …';
  $('endgame-moves').replaceChildren();
  const fen = game.position.fen;
  const plies = game.played.length;
  let answer;
  try {
    answer = await client.endgame(gameRequest());
  } catch (error) {
    showMessage(`The endgame databases could not answer: ${describeError(error)}.`);
    return;
  }
  if (game.position === null || game.position.fen !== fen || game.played.length !== plies) return;
  const side = NAMES[game.position.side_to_move];
  const outcome = (result, plies) => (result === 'draw' ? 'draws' : `${result === 'win' ? 'wins' : 'loses'} in ${plies} plies`);
  const count = answer.draw_count_plies === undefined ? '' : ` (a draw count ends the game in ${answer.draw_count_plies} plies)`;
  $('endgame-text').textContent = `Endgame databases: ${side} ${outcome(answer.result, answer.plies)}${count}.`;
  $('endgame-moves').replaceChildren(...answer.moves.map((line) => {
    const item = document.createElement('li');
    item.dataset.result = line.result;
    const result = document.createElement('span');
    result.className = 'score';
    result.textContent = line.result === 'draw' ? 'draw' : `${line.result} ${line.plies}`;
    item.append(result, line.move.notation);
    return item;
  }));
}

/** A line's score from White's side: `+0.35`, or who wins by force and in how many moves. */
function describeScore(line, side) {
  if (line.score_kind) {
    const winner = line.score_kind === 'win_in' ? side : other(side);
    return `${NAMES[winner]} wins in ${Math.abs(line.score)}`;
  }
  const white = side === 'white' ? line.score : -line.score;
  return `${white >= 0 ? '+' : ''}${(white / 100).toFixed(2)}`;
}

function clearReview() {
  $('review-progress').textContent = '';
  $('review-summary').hidden = true;
}

/** Reviews the moves played, marking each in the list as its line of the stream arrives. */
async function reviewGame() {
  const epoch = game.epoch;
  const moves = game.played.slice();
  $('review').disabled = true;
  $('review-progress').textContent = `Reviewing… 0 of ${moves.length} moves`;
  try {
    await client.review(gameRequest(), { time_ms: REVIEW_MS }, (line) => {
      if (epoch !== game.epoch) return;
      if (line.type === 'ply') {
        moves[line.ply].review = line;
        $('review-progress').textContent = `Reviewing… ${line.ply + 1} of ${moves.length} moves`;
      } else {
        showReviewSummary(line);
      }
      showHistory();
    });
  } catch (error) {
    if (epoch === game.epoch) showMessage(`The review failed: ${describeError(error)}`);
  }
  update();
}

function showReviewSummary(summary) {
  $('review-progress').textContent = summary.complete ? 'Review done.' : 'The review stopped early.';
  const row = (side) => {
    const tr = document.createElement('tr');
    const s = summary[side];
    for (const text of [NAMES[side], s.best, s.good, s.inaccuracies, s.mistakes, s.blunders, s.average_loss.toFixed(3)]) {
      const cell = document.createElement(text === NAMES[side] ? 'th' : 'td');
      cell.textContent = String(text);
      tr.append(cell);
    }
    tr.dataset.side = side;
    return tr;
  };
  $('review-summary').querySelector('tbody').replaceChildren(row('white'), row('black'));
  $('review-summary').hidden = false;
}

/** Writes the game played as a PDN record into the text box. */
async function savePdn() {
  const tags = {};
  if (game.human !== 'both') {
    tags[NAMES[game.human]] = 'You';
    tags[NAMES[other(game.human)]] = `draughts-api (level ${game.level})`;
  }
  try {
    $('pdn').value = await client.exportPdn(gameRequest(), tags);
  } catch (error) {
    showMessage(`The game could not be saved: ${describeError(error)}.`);
  }
}

/** Reads the first game of the record in the text box and continues it, both sides by hand. */
async function loadPdn() {
  let answer;
  try {
    answer = await client.parsePdn($('pdn').value);
  } catch (error) {
    showMessage(`The record could not be read: ${describeError(error)}.`);
    return;
  }
  const record = answer.games[0];
  const epoch = ++game.epoch;
  $('variant').value = record.variant;
  $('you').value = 'both';
  $('fen').value = record.start_fen;
  game.variant = game.variants.find((v) => v.id === record.variant);
  game.human = 'both';
  game.startFen = record.start_fen;
  game.played = record.moves.map((notation) => ({ notation }));
  // The side to move at the start: the side to move at the end, or the other one after an
  // odd number of moves.
  game.startSide = record.moves.length % 2 === 0 ? record.side_to_move : other(record.side_to_move);
  game.selection = null;
  game.computerError = null;
  $('engine').textContent = '';
  clearReview();
  await refresh(epoch);
}

// ---------------------------------------------------------------- the board

async function drawBoard(epoch) {
  const query = { variant: game.variant.id, fen: game.position.fen };
  const last = game.played[game.played.length - 1];
  // A move read from a record has its notation only.
  if (last) query.last_move = last.path ? last.path.join(last.captures.length > 0 ? 'x' : '-') : last.notation;
  if (game.human === 'black') query.flip = true;
  const text = await client.boardSvg(query);
  if (epoch !== game.epoch) return;
  const picture = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  $('board').replaceChildren(document.importNode(picture, true));
  $('board').dataset.fen = game.position.fen;
}

/** Marks the pieces that can move, the selected piece, and where it can go next. */
function paintBoard() {
  const board = $('board');
  for (const el of board.querySelectorAll('.movable, .selected, .target, .destination')) {
    el.classList.remove('movable', 'selected', 'target', 'destination');
  }
  if (!humanToMove()) return;
  const at = (square, kind) => board.querySelectorAll(`${kind}[data-square="${CSS.escape(String(square))}"]`);
  for (const move of game.position.moves) {
    for (const el of at(move.from, 'g.piece')) el.classList.add('movable');
  }
  const selection = game.selection;
  if (!selection) return;
  for (const el of at(selection.prefix[0], 'g.piece')) el.classList.add('selected');
  for (const square of selection.prefix) {
    for (const el of at(square, 'rect.square')) el.classList.add('selected');
  }
  const next = selection.prefix.length;
  for (const move of selection.candidates) {
    if (next < move.path.length) for (const el of at(move.path[next], 'rect.square')) el.classList.add('target');
    for (const el of at(move.to, 'rect.square')) el.classList.add('destination');
  }
}

/**
 * A click on a square or piece. Click a piece, then its destination; a capture can also be
 * clicked through square by square. Where several moves fit the clicks, they are offered as
 * buttons.
 */
function clickSquare(square) {
  if (!humanToMove()) return;
  const selection = game.selection;
  if (selection) {
    const next = selection.prefix.length;
    const along = selection.candidates.filter((m) => next < m.path.length && same(m.path[next], square));
    const ending = selection.candidates.filter((m) => same(m.to, square));
    const fitting = [...new Set([...along, ...ending])];
    if (fitting.length === 1) {
      play(fitting[0]);
      return;
    }
    if (fitting.length > 1) {
      game.selection = ending.length === 0
        ? { prefix: [...selection.prefix, square], candidates: along }
        : { prefix: selection.prefix, candidates: fitting };
      update();
      return;
    }
  }
  const reselect = !(selection && selection.prefix.length === 1 && same(selection.prefix[0], square));
  const from = game.position.moves.filter((m) => same(m.from, square));
  game.selection = reselect && from.length > 0 ? { prefix: [square], candidates: from } : null;
  update();
}

// ---------------------------------------------------------------- the panel

function update() {
  const app = $('app');
  const phase = game.pending
    || (game.position === null ? 'loading'
      : isOver() ? 'over'
        : game.computerError ? 'error'
          : isComputer(game.position.side_to_move) ? 'thinking' : 'human');
  app.dataset.phase = phase;
  app.dataset.plies = String(game.played.length);
  $('status').textContent = statusText(phase);
  showResult();
  showChoices();
  showHistory();
  $('undo').disabled = game.pending === 'busy' || undoTarget() < 0;
  $('review').disabled = game.pending !== null || game.played.length === 0;
  $('retry').hidden = game.computerError === null;
  if (game.computerError) {
    showMessage(`The computer could not answer: ${describeError(game.computerError)}.`);
  }
  paintBoard();
}

function statusText(phase) {
  if (game.position === null) return phase === 'busy' ? 'Loading…' : '';
  const side = game.position.side_to_move;
  if (phase === 'over') return 'Game over.';
  if (phase === 'thinking') return `The computer (${NAMES[side]}) is thinking…`;
  if (phase === 'error') return `The computer (${NAMES[side]}) is to move.`;
  const capture = game.position.moves.some((m) => m.captures.length > 0) ? ' A capture is required.' : '';
  if (game.human === 'both') return `${NAMES[side]} to move.${capture}`;
  return `Your move (${NAMES[side]}).${capture}`;
}

function showResult() {
  const result = $('result');
  if (!isOver()) {
    result.hidden = true;
    delete result.dataset.state;
    return;
  }
  const status = game.position.status;
  result.hidden = false;
  result.dataset.state = status.state;
  result.dataset.reason = status.reason || '';
  result.textContent = describeResult(status);
}

/** The end of the game in words: who won and why, or which draw rule applied. */
function describeResult(status) {
  const draw = game.variant.draw;
  if (status.state === 'win') {
    // The side left without a piece or a move has lost, or, in antidraughts, won.
    const givesAway = game.variant.rules.goal === 'no_piece_or_move_wins';
    const stuck = NAMES[givesAway ? status.winner : other(status.winner)];
    const why = {
      no_pieces: `${stuck} has no pieces left`,
      no_moves: `${stuck} cannot move`,
      first_king: `${NAMES[status.winner]} crowned the first king`,
    }[status.reason];
    let who = '';
    if (game.human !== 'both') who = status.winner === game.human ? ' You win!' : ' The computer wins.';
    return `${NAMES[status.winner]} wins: ${why}.${who}`;
  }
  if (status.reason === 'repetition') {
    return `Draw by repetition: the same position ${draw.repetitions} times with the same side to move.`;
  }
  if (status.reason === 'quiet_moves') {
    const reset = draw.quiet_reset === 'promotion' ? 'a promotion' : 'a man moving';
    return `Draw: ${draw.quiet_moves} moves by each side without a capture or ${reset}.`;
  }
  if (status.reason === 'endgame') return `Draw by the endgame rule (${draw.endgame_rules}).`;
  return `Draw (${status.reason}).`;
}

/** The levels' names (the others are numbers only). */
const LEVEL_NAMES = { 3: 'easy', 6: 'normal', 10: 'hard' };

/** Shows the slider's level, with its name if it has one. */
function showLevel() {
  const level = Number($('level').value);
  $('level-name').textContent = LEVEL_NAMES[level] ? `${level} (${LEVEL_NAMES[level]})` : `${level}`;
}

/** The computer's clock a `#clock` option names (`time+increment` in ms), or null. */
function clockOf(value) {
  const [left, increment] = value.split('+').map(Number);
  return value && left > 0 ? { left, increment: increment || 0 } : null;
}

function describeSearch(answer) {
  const parts = [`The computer played ${answer.move.notation}`];
  // With score_kind, score counts moves: positive to a win, negative to a loss.
  if (answer.score_kind) parts.push(`${answer.score_kind.replace('_', ' ')} ${Math.abs(answer.score)}`);
  else if (typeof answer.score === 'number') parts.push(`score ${(answer.score / 100).toFixed(2)}`);
  if (answer.depth !== undefined) parts.push(`depth ${answer.depth}`);
  if (answer.nodes !== undefined) parts.push(`${answer.nodes} nodes`);
  if (answer.time_ms !== undefined) parts.push(`${answer.time_ms} ms`);
  if (answer.cached) parts.push('from the cache');
  if (game.clock) parts.push(`its clock ${(game.clock.left / 1000).toFixed(1)} s`);
  return parts.join(' · ');
}

function showChoices() {
  const box = $('choices');
  const buttons = box.querySelector('.buttons');
  buttons.replaceChildren();
  const selection = humanToMove() ? game.selection : null;
  box.hidden = selection === null;
  if (!selection) return;
  for (const move of selection.candidates) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.notation = move.notation;
    button.textContent = move.path.join(move.captures.length > 0 ? 'x' : '-');
    button.title = move.notation;
    button.addEventListener('click', () => play(move));
    buttons.append(button);
  }
}

function showHistory() {
  const list = $('history');
  list.replaceChildren(...game.played.map((move, ply) => {
    const item = document.createElement('li');
    item.dataset.ply = String(ply);
    const side = document.createElement('span');
    side.className = 'side';
    side.textContent = NAMES[sideAfter(ply)];
    item.append(side, move.notation);
    if (move.review) {
      item.dataset.class = move.review.class;
      item.title = `${move.review.class}; the engine's move: ${move.review.best}`;
    }
    return item;
  }));
  list.scrollTop = list.scrollHeight;
}

function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = text === '';
}

// ---------------------------------------------------------------- start

async function start() {
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame();
  });
  $('level').addEventListener('input', () => {
    game.level = Number($('level').value);
    showLevel();
  });
  $('undo').addEventListener('click', () => undo());
  $('review').addEventListener('click', () => reviewGame());
  $('pdn-save').addEventListener('click', () => savePdn());
  $('pdn-load').addEventListener('click', () => loadPdn());
  $('analysis-on').addEventListener('change', () => analyzePosition());
  $('retry').addEventListener('click', () => {
    if (game.computerError) computerMove(game.epoch);
  });
  $('board').addEventListener('click', (event) => {
    const square = event.target.closest('[data-square]');
    if (square) clickSquare(square.dataset.square);
  });
  try {
    game.variants = await client.variants();
  } catch (error) {
    showMessage(describeError(error));
    return;
  }
  try {
    game.endgames = new Map((await client.endgameDatabases()).map((d) => [d.variant, d.max_pieces]));
  } catch {
    // Without the list, no position is looked up: the rest of the page does not need it.
  }
  for (const variant of game.variants) $('variant').append(new Option(variant.name, variant.id));
  // A game can be linked to: /?variant=russian&you=black&level=10&clock=180000%2B2000&fen=...
  const query = new URLSearchParams(window.location.search);
  for (const name of ['variant', 'you', 'level', 'clock', 'fen']) {
    const field = $(name);
    const fallback = field.value;
    if (query.has(name)) field.value = query.get(name);
    if (field.value === '' && field.tagName === 'SELECT') field.value = fallback;
  }
  if (!query.has('variant')) $('variant').value = 'english';
  showLevel();
  await newGame();
  if (game.variant === null) {
    // The linked game was refused: the message says why; start the variant's own game.
    const message = $('message').textContent;
    $('fen').value = '';
    await newGame();
    showMessage(message);
  }
}

start();
