// draughts-api's typed client: the request and answer types are generated from the OpenAPI
// document (schema.d.ts, by openapi-typescript) and named in types.ts; the calls are made by
// openapi-fetch (client.ts); problem.ts makes an error answer an Error with its `code`, and
// game.ts keeps a game (variant, start FEN, moves) with play, undo and the computer's move.
// Built into one ES module (src/http/demo/client.js) that the service serves at
// /demo/client.js; regenerate with `npm run build` (README.md).

export { DraughtsClient } from './client';
export type { ClientOptions } from './client';
export { Game } from './game';
export { ApiProblem, isProblem } from './problem';
export type * from './types';
