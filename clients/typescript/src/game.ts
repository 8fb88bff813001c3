// `Game`: the state a page keeps of a game (variant, start FEN, moves), played through a
// `DraughtsClient`. The service keeps nothing: every call sends all three.

import type { DraughtsClient } from './client';
import type { AiMove, AiMoveOptions, AppliedMove, GameRequest, LegalMoves, Position } from './types';

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
