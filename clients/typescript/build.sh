#!/usr/bin/env bash
# Regenerates the client from the OpenAPI document, in three steps: the types
# (src/schema.d.ts, by openapi-typescript, from ../../openapi/openapi.json), the type check of
# the helpers (tsc), and the ES module the service serves at /demo/client.js
# (src/http/demo/client.js, bundled with openapi-fetch by esbuild). Run it after regenerating
# openapi/openapi.json, then rebuild the service; commit what it writes.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
npx openapi-typescript ../../openapi/openapi.json --output src/schema.d.ts
npx tsc --project tsconfig.json
npx esbuild src/index.ts --bundle --format=esm --target=es2022 --charset=utf8 --log-level=warning \
  --banner:js='// draughts-api client: built from clients/typescript by its build.sh; do not edit.' \
  --outfile=../../src/http/demo/client.js
