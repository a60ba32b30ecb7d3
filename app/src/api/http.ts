import ky, { type KyInstance } from 'ky';
import { toApiError } from './api-error.js';

/** The two verbs the course API needs; every failure becomes an ApiError. */
export interface HttpClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

export interface HttpClientOptions {
  /** Where the API is; the page's own origin by default (the API serves the app). */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Headers added to every call (the analytics visitor id, when the browser allows it). */
  headers?: () => Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 20_000;

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

  return {
    get: <T>(path: string) => send(() => instance.get(path).json<T>()),
    // An empty JSON object, not a bodiless POST: the API validates every body strictly.
    post: <T>(path: string, body: unknown = {}) =>
      send(() => instance.post(path, { json: body }).json<T>()),
  };
}
