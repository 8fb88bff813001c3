// draughts-api client: built from clients/typescript by its build.sh; do not edit.

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// src/problem.ts
var ApiProblem = class extends Error {
  /** The HTTP status (0 when the service could not be reached). */
  status;
  /** The problem's stable `code` (`illegal_move`, `rate_limited`…), or `network_error`. */
  code;
  /** The whole problem document, when the service sent one. */
  problem;
  /** Seconds the service asked to wait (`Retry-After` on 429 and 503), if it did. */
  retryAfter;
  constructor(status, problem, retryAfter, message) {
    super(problem?.detail ?? message ?? `the service answered HTTP ${status}`);
    this.name = "ApiProblem";
    this.status = status;
    this.code = problem?.code ?? (status === 0 ? "network_error" : `http_${status}`);
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
};
function isProblem(error, code) {
  return error instanceof ApiProblem && error.code === code;
}

// src/client.ts
var DraughtsClient = class {
  /** The generated openapi-fetch client, for anything the helpers below do not cover. */
  raw;
  retries;
  maxWaitSeconds;
  sleep;
  constructor(options = {}) {
    const baseFetch = options.fetch ?? ((input) => globalThis.fetch(input));
    this.raw = createClient({ baseUrl: options.baseUrl ?? "", fetch: baseFetch });
    this.retries = options.retries ?? 2;
    this.maxWaitSeconds = options.maxWaitSeconds ?? 10;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }
  /** Every variant. */
  variants() {
    return this.call(() => this.raw.GET("/v1/variants"));
  }
  /** The position `game` reaches and its legal moves. */
  legalMoves(game) {
    return this.call(() => this.raw.POST("/v1/legal-moves", { body: game }));
  }
  /** Plays `move` after `game`'s moves. */
  applyMove(game, move) {
    return this.call(() => this.raw.POST("/v1/apply-move", { body: { ...game, move } }));
  }
  /** The computer's move in the position `game` reaches. */
  aiMove(game, options = {}) {
    return this.call(() => this.raw.POST("/v1/ai-move", { body: { ...game, ...options } }));
  }
  /** The best moves of the position `game` reaches. */
  analyze(game, options = {}) {
    return this.call(() => this.raw.POST("/v1/analyze", { body: { ...game, ...options } }));
  }
  /** The endgame databases the server has loaded: per variant, the most pieces they hold. */
  endgameDatabases() {
    return this.call(() => this.raw.GET("/v1/endgame-databases"));
  }
  /**
   * What the server's endgame databases know of the position `game` reaches: its result and
   * every move's, best first; a position they do not cover is the problem `endgame_not_covered`.
   */
  endgame(game) {
    return this.call(() => this.raw.POST("/v1/endgame", { body: game }));
  }
  /** Every move of `game` judged, each line handed to `onLine` as it streams in. */
  async review(game, options, onLine) {
    const body = await this.call(() => this.raw.POST("/v1/review", {
      body: { ...game, ...options },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "stream"
    }));
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (; ; ) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        onLine(JSON.parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 1);
      }
    }
  }
  /** `game` as a PDN record (the text). */
  exportPdn(game, tags = {}) {
    return this.call(() => this.raw.POST("/v1/pdn/export", {
      body: { ...game, tags },
      headers: { Accept: "application/x-pdn" },
      parseAs: "text"
    }));
  }
  /** Every game of a PDN text, replayed. */
  parsePdn(pdn, variant) {
    return this.call(() => this.raw.POST("/v1/pdn/parse", { body: { pdn, variant } }));
  }
  /** The picture of a position (SVG text), to inline so that its squares can be clicked. */
  boardSvg(query) {
    return this.call(() => this.raw.GET("/v1/board.svg", { params: { query }, parseAs: "text" }));
  }
  /**
   * Makes a call; answers an error with an `ApiProblem`, after waiting out `Retry-After` and
   * trying again up to `retries` times for a `429` or `503` that carries one.
   */
  async call(send) {
    for (let attempt = 0; ; attempt += 1) {
      let answer;
      try {
        answer = await send();
      } catch (error2) {
        throw new ApiProblem(0, null, null, `could not reach the service: ${error2.message}`);
      }
      const { data, error, response } = answer;
      if (response.ok) return data;
      const header = response.headers.get("Retry-After");
      const retryAfter = header !== null && /^\d+$/.test(header) ? Number(header) : null;
      const problem = typeof error === "object" && error !== null && "code" in error ? error : null;
      const retry = (response.status === 429 || response.status === 503) && retryAfter !== null && retryAfter <= this.maxWaitSeconds && attempt < this.retries;
      if (!retry) throw new ApiProblem(response.status, problem, retryAfter);
      await this.sleep(retryAfter * 1e3);
    }
  }
};

// src/game.ts
var Game = class {
  /** The client the game's calls go through. */
  client;
  /** The variant id. */
  variant;
  /** The FEN the game starts from, or null for the variant's start position. */
  startFen;
  /** The moves played, in the notation the service wrote them. */
  moves;
  /** The position reached and its legal moves, once `start`, `play` or `undo` has answered. */
  position = null;
  constructor(client, variant, startFen = null, moves = []) {
    this.client = client;
    this.variant = variant;
    this.startFen = startFen;
    this.moves = [...moves];
  }
  /** The game request: what every game endpoint takes. */
  request() {
    return this.startFen === null ? { variant: this.variant, moves: [...this.moves] } : { variant: this.variant, fen: this.startFen, moves: [...this.moves] };
  }
  /** Asks for the position reached and its legal moves (this also checks the FEN and moves). */
  async start() {
    const position = await this.client.legalMoves(this.request());
    this.position = position;
    return position;
  }
  /** Plays `move` (any move text that names one legal move); nothing changes if it is refused. */
  async play(move) {
    const applied = await this.client.applyMove(this.request(), move);
    this.moves.push(applied.move.notation);
    this.position = applied;
    return applied;
  }
  /** Lets the computer play the side to move; then asks for the legal replies. */
  async computerMove(options = {}) {
    const answer = await this.client.aiMove(this.request(), options);
    this.moves.push(answer.move.notation);
    await this.start();
    return answer;
  }
  /** Takes back the last `plies` moves (undo is dropping moves: nothing is stored elsewhere). */
  async undo(plies = 1) {
    this.moves.splice(Math.max(0, this.moves.length - plies));
    return this.start();
  }
};
export {
  ApiProblem,
  DraughtsClient,
  Game,
  isProblem
};
