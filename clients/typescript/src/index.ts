// draughts-api's typed client: the request and answer types are generated from the OpenAPI
// document (src/schema.d.ts, by openapi-typescript), the calls made by openapi-fetch; this file
// adds what a page needs on top: a problem as an error with its `code`, `Retry-After` honoured,
// and `Game`, the state a page keeps (variant, start FEN, moves) with play, undo and the
// computer's move. Built into one ES module (src/http/demo/client.js) that the service serves
// at /demo/client.js; regenerate with `npm run build` (README.md).

import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Schemas = components['schemas'];
/** A variant, its rules, draw rules and board layout, as `GET /v1/variants` gives it. */
export type Variant = Schemas['VariantView'];
/** A legal move: notation, from, to, path, captures, promotes. */
export type Move = Schemas['MoveView'];
/** A position: its FEN, side to move, status and legal moves. */
export type Position = Schemas['PositionView'];
/** The position a game reaches and its legal moves. */
export type LegalMoves = Schemas['LegalMoves'];
/** One more move played, the position after it and the legal replies. */
export type AppliedMove = Schemas['AppliedMove'];
/** The computer's move and the position after it (no legal replies). */
export type AiMove = Schemas['AiMove'];
/** The best moves of a position. */
export type Analysis = Schemas['Analysis'];
/** The problem document every error answers with. */
export type Problem = Schemas['Problem'];
/** A game as every game endpoint takes it. */
export type GameRequest = Schemas['LegalMovesBody'];
/** `easy`, `normal` or `hard`. */
export type Difficulty = Schemas['Difficulty'];
/** What `ai-move` takes besides the game. */
export type AiMoveOptions = Omit<Schemas['AiMoveBody'], keyof GameRequest>;
/** What `analyze` takes besides the game. */
export type AnalyzeOptions = Omit<Schemas['AnalyzeBody'], keyof GameRequest>;
/** What `review` takes besides the game. */
export type ReviewOptions = Omit<Schemas['ReviewBody'], keyof GameRequest>;
/** One line of a streamed review: a ply, or the summary last. */
export type ReviewLine = ({ type: 'ply' } & Schemas['PlyReview']) | ({ type: 'summary' } & Schemas['ReviewSummary']);

/** An error answer of the service (its problem document), or a failure to reach it. */
export class ApiProblem extends Error {
  /** The HTTP status (0 when the service could not be reached). */
  readonly status: number;
  /** The problem's stable `code` (`illegal_move`, `rate_limited`…), or `network_error`. */
  readonly code: string;
  /** The whole problem document, when the service sent one. */
  readonly problem: Problem | null;
  /** Seconds the service asked to wait (`Retry-After` on 429 and 503), if it did. */
  readonly retryAfter: number | null;

  constructor(status: number, problem: Problem | null, retryAfter: number | null, message?: string) {
    super(problem?.detail ?? message ?? `the service answered HTTP ${status}`);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = problem?.code ?? (status === 0 ? 'network_error' : `http_${status}`);
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

/** Whether `error` is the service's problem with this `code`. */
export function isProblem(error: unknown, code: string): error is ApiProblem {
  return error instanceof ApiProblem && error.code === code;
}

/** How to reach the service. */
export interface ClientOptions {
  /** The service's address (`http://localhost:8080`); '' (the default) for the page's own origin. */
  baseUrl?: string;
  /** How often a `429` or `503` answer with `Retry-After` is retried after waiting (default 2). */
  retries?: number;
  /** The longest wait honoured, in seconds (default 10): a longer `Retry-After` is an error at once. */
  maxWaitSeconds?: number;
  /** The fetch function (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** How to wait (default: a timer); tests pass their own. */
  sleep?: (milliseconds: number) => Promise<void>;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The service's endpoints, typed; each answer's data, or an `ApiProblem`. */
export class DraughtsClient {
  /** The generated openapi-fetch client, for anything the helpers below do not cover. */
  readonly raw: ReturnType<typeof createClient<paths>>;
  private readonly retries: number;
  private readonly maxWaitSeconds: number;
  private readonly sleep: (milliseconds: number) => Promise<void>;

  constructor(options: ClientOptions = {}) {
    const baseFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
    this.raw = createClient<paths>({ baseUrl: options.baseUrl ?? '', fetch: baseFetch });
    this.retries = options.retries ?? 2;
    this.maxWaitSeconds = options.maxWaitSeconds ?? 10;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Every variant. */
  variants(): Promise<Variant[]> {
    return this.call(() => this.raw.GET('/v1/variants'));
  }

  /** The position `game` reaches and its legal moves. */
  legalMoves(game: GameRequest): Promise<LegalMoves> {
    return this.call(() => this.raw.POST('/v1/legal-moves', { body: game }));
  }

  /** Plays `move` after `game`'s moves. */
  applyMove(game: GameRequest, move: string): Promise<AppliedMove> {
    return this.call(() => this.raw.POST('/v1/apply-move', { body: { ...game, move } }));
  }

  /** The computer's move in the position `game` reaches. */
  aiMove(game: GameRequest, options: AiMoveOptions = {}): Promise<AiMove> {
    return this.call(() => this.raw.POST('/v1/ai-move', { body: { ...game, ...options } }));
  }

  /** The best moves of the position `game` reaches. */
  analyze(game: GameRequest, options: AnalyzeOptions = {}): Promise<Analysis> {
    return this.call(() => this.raw.POST('/v1/analyze', { body: { ...game, ...options } }));
  }

  /** Every move of `game` judged, each line handed to `onLine` as it streams in. */
  async review(game: GameRequest, options: ReviewOptions, onLine: (line: ReviewLine) => void): Promise<void> {
    const body = await this.call(() => this.raw.POST('/v1/review', {
      body: { ...game, ...options }, headers: { Accept: 'application/x-ndjson' }, parseAs: 'stream',
    }));
    if (!body) return;
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        onLine(JSON.parse(buffer.slice(0, end)) as ReviewLine);
        buffer = buffer.slice(end + 1);
      }
    }
  }

  /** `game` as a PDN record (the text). */
  exportPdn(game: GameRequest, tags: Record<string, string> = {}): Promise<string> {
    return this.call(() => this.raw.POST('/v1/pdn/export', {
      body: { ...game, tags }, headers: { Accept: 'application/x-pdn' }, parseAs: 'text',
    })) as Promise<string>;
  }

  /** Every game of a PDN text, replayed. */
  parsePdn(pdn: string, variant?: string): Promise<Schemas['Records']> {
    return this.call(() => this.raw.POST('/v1/pdn/parse', { body: { pdn, variant } }));
  }

  /** The picture of a position (SVG text), to inline so that its squares can be clicked. */
  boardSvg(query: { variant: string; fen?: string; last_move?: string; flip?: boolean; size?: number }): Promise<string> {
    return this.call(() => this.raw.GET('/v1/board.svg', { params: { query }, parseAs: 'text' })) as Promise<string>;
  }

  /**
   * Makes a call; answers an error with an `ApiProblem`, after waiting out `Retry-After` and
   * trying again up to `retries` times for a `429` or `503` that carries one.
   */
  private async call<T>(send: () => Promise<Answer<T>>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      let answer: Answer<T>;
      try {
        answer = await send();
      } catch (error) {
        throw new ApiProblem(0, null, null, `could not reach the service: ${(error as Error).message}`);
      }
      const { data, error, response } = answer;
      if (response.ok) return data as T;
      const header = response.headers.get('Retry-After');
      const retryAfter = header !== null && /^\d+$/.test(header) ? Number(header) : null;
      const problem = typeof error === 'object' && error !== null && 'code' in error ? (error as Problem) : null;
      const retry = (response.status === 429 || response.status === 503) && retryAfter !== null
        && retryAfter <= this.maxWaitSeconds && attempt < this.retries;
      if (!retry) throw new ApiProblem(response.status, problem, retryAfter);
      await this.sleep(retryAfter * 1000);
    }
  }
}

/**
 * A game as a page keeps it: the variant, the FEN it starts from (null: the variant's start)
 * and the moves played, oldest first. The service keeps nothing: every call sends all three.
 */
export class Game {
  /** The client the game's calls go through. */
  readonly client: DraughtsClient;
  /** The variant id. */
  readonly variant: string;
  /** The FEN the game starts from, or null for the variant's start position. */
  readonly startFen: string | null;
  /** The moves played, in the notation the service wrote them. */
  readonly moves: string[];
  /** The position reached and its legal moves, once `start`, `play` or `undo` has answered. */
  position: Position | null = null;

  constructor(client: DraughtsClient, variant: string, startFen: string | null = null, moves: string[] = []) {
    this.client = client;
    this.variant = variant;
    this.startFen = startFen;
    this.moves = [...moves];
  }

  /** The game request: what every game endpoint takes. */
  request(): GameRequest {
    return this.startFen === null
      ? { variant: this.variant, moves: [...this.moves] }
      : { variant: this.variant, fen: this.startFen, moves: [...this.moves] };
  }

  /** Asks for the position reached and its legal moves (this also checks the FEN and moves). */
  async start(): Promise<LegalMoves> {
    const position = await this.client.legalMoves(this.request());
    this.position = position;
    return position;
  }

  /** Plays `move` (any move text that names one legal move); nothing changes if it is refused. */
  async play(move: string): Promise<AppliedMove> {
    const applied = await this.client.applyMove(this.request(), move);
    this.moves.push(applied.move.notation);
    this.position = applied;
    return applied;
  }

  /** Lets the computer play the side to move; then asks for the legal replies. */
  async computerMove(options: AiMoveOptions = {}): Promise<AiMove> {
    const answer = await this.client.aiMove(this.request(), options);
    this.moves.push(answer.move.notation);
    await this.start();
    return answer;
  }

  /** Takes back the last `plies` moves (undo is dropping moves: nothing is stored elsewhere). */
  async undo(plies = 1): Promise<LegalMoves> {
    this.moves.splice(Math.max(0, this.moves.length - plies));
    return this.start();
  }
}
