import type {
  IdempotentRequestHeaders,
  ApiGetPath,
  ApiGetRoutes,
  ApiPostPath,
  ApiPostRoutes,
  PathParameters,
} from '@course/contract';
import ky, { type KyInstance } from 'ky';
import { toApiError } from './api-error.js';

/** A GET route's query, when the contract gives it one. */
type QueryOf<Path extends ApiGetPath> = ApiGetRoutes[Path] extends { query: infer Query }
  ? Query
  : unknown;

/** What a GET call needs besides its path: the path's parameters and the route's query. */
export type GetOptions<Path extends ApiGetPath> = PathParameters<Path> & QueryOf<Path>;

/** The headers a POST route may carry, when the contract names any. */
export type PostHeaders<Path extends ApiPostPath> = ApiPostRoutes[Path] extends {
  headers: infer Headers extends IdempotentRequestHeaders;
}
  ? Headers
  : never;

/** The options argument is left out for a route that has neither parameters nor a query. */
type GetArguments<Path extends ApiGetPath> = keyof GetOptions<Path> extends never
  ? []
  : [options: GetOptions<Path>];

/**
 * The two verbs the course API needs, typed by the contract's route maps: a call's path picks its
 * body and its answer, so a wrong body or a misread answer fails to compile. Every failure becomes
 * an ApiError.
 */
export interface HttpClient {
  get<Path extends ApiGetPath>(
    path: Path,
    ...options: GetArguments<Path>
  ): Promise<ApiGetRoutes[Path]['response']>;
  /**
   * A call with an Idempotency-Key is retried on its own (offline, 502, 503 after its
   * Retry-After, 504) with the same key: the server answers a repeat with the first answer.
   */
  post<Path extends ApiPostPath>(
    path: Path,
    body: ApiPostRoutes[Path]['body'],
    options?: { headers?: PostHeaders<Path> },
  ): Promise<ApiPostRoutes[Path]['response']>;
}

export interface HttpClientOptions {
  /** Where the API is; the page's own origin by default (the API serves the app). */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Headers added to every call (the analytics visitor id, when the browser allows it). */
  headers?: () => Record<string, string>;
  /** Retries of a call with an Idempotency-Key (2 by default; tests set 0 or their own). */
  idempotentRetries?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_IDEMPOTENT_RETRIES = 2;
/** A server asking for more than this is not worth waiting for with a learner looking on. */
const LONGEST_RETRY_AFTER_MS = 10_000;
const PATH_PARAMETER = /\{([^}]+)\}/g;

/**
 * The address of a route: each `{name}` of its path filled in (encoded) from `options`, and the
 * options that name no parameter sent as the query (leaving out those not given).
 */
export function routeAddress(path: string, options: Record<string, unknown> = {}): string {
  const used = new Set<string>();
  const filled = path.replace(PATH_PARAMETER, (_match, name: string) => {
    used.add(name);
    const value = options[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`The path ${path} needs its ${name}.`);
    }
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options)) {
    if (used.has(name) || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`The query parameter ${name} must be a string or a number.`);
    }
    query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const instance: KyInstance = ky.create({
    baseUrl: options.baseUrl ?? (typeof location === 'undefined' ? undefined : location.origin),
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Most calls change state; repeating them is the caller's decision, not the transport's.
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers
      ? {
          hooks: {
            beforeRequest: [
              ({ request }) => {
                for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
                  request.headers.set(name, value);
                }
              },
            ],
          },
        }
      : {}),
  });

  async function send<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw toApiError(error);
    }
  }

  // The answers are read as the contract types them: the API's OpenAPI document is tested
  // against the same contract, so the cast states what the server is checked to send.
  return {
    get: async (path, ...getOptions) => {
      // Outside send: a missing parameter is the caller's mistake, not a network failure.
      const address = routeAddress(path, getOptions[0]);
      return send(() => instance.get(address).json());
    },
    post: (path, body, postOptions?: { headers?: IdempotentRequestHeaders }) => {
      const headers = { ...postOptions?.headers };
      const retry =
        headers['Idempotency-Key'] === undefined
          ? 0
          : {
              limit: options.idempotentRetries ?? DEFAULT_IDEMPOTENT_RETRIES,
              methods: ['post'],
              statusCodes: [502, 503, 504],
              afterStatusCodes: [503],
              maxRetryAfter: LONGEST_RETRY_AFTER_MS,
              jitter: true,
            };
      return send(() => instance.post(path, { json: body, headers, retry }).json());
    },
  };
}
