// `DraughtsClient`: one typed method per endpoint, made by openapi-fetch over the generated
// paths; an error answer is thrown as an `ApiProblem`, and a 429 or 503 with `Retry-After` is
// waited out and tried again.

import createClient from 'openapi-fetch';
import { ApiProblem } from './problem';
import type { paths } from './schema';
import type {
  AiMove, AiMoveOptions, AnalyzeOptions, Analysis, AppliedMove, Endgame, GameRequest, LegalMoves, Problem,
  ReviewLine, ReviewOptions, Schemas, Variant,
} from './types';

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

  /** The endgame databases the server has loaded: per variant, the most pieces they hold. */
  endgameDatabases(): Promise<Schemas['InstalledEndgames'][]> {
    return this.call(() => this.raw.GET('/v1/endgame-databases'));
  }

  /**
   * What the server's endgame databases know of the position `game` reaches: its result and
   * every move's, best first; a position they do not cover is the problem `endgame_not_covered`.
   */
  endgame(game: GameRequest): Promise<Endgame> {
    return this.call(() => this.raw.POST('/v1/endgame', { body: game }));
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

