// The request and answer types the helpers use, named from the generated schema
// (./schema.d.ts, written by openapi-typescript from openapi/openapi.json).

import type { components } from './schema';

/** Every schema of the OpenAPI document, by name. */
export type Schemas = components['schemas'];
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
/** What the endgame databases know of a position: its result and every move's, best first. */
export type Endgame = Schemas['EndgameAnswer'];
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

