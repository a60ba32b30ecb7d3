import { ApiError } from '../src/api/index.js';
import type { HttpClient } from '../src/api/index.js';
import { routeAddress } from '../src/api/http.js';

export type Handler = (body: unknown) => unknown;

/**
 * An in-memory transport for component tests: answers `METHOD path` from a table, throws the
 * ApiError a handler throws, and records every call. The real course API client runs on top.
 */
export function fakeHttp(routes: Record<string, Handler>) {
  const calls: string[] = [];
  async function answer(key: string, body?: unknown) {
    calls.push(key);
    const handler = routes[key];
    if (!handler) throw new ApiError(`no fake answer for ${key}`, 404);
    await Promise.resolve();
    return handler(body);
  }
  // The table's answers are whatever each test needs; `never` lets one stand for any route's.
  const http: HttpClient = {
    get: (path, ...options) => answer(`GET ${routeAddress(path, options[0])}`) as Promise<never>,
    post: (path, body) => answer(`POST ${path}`, body) as Promise<never>,
  };
  return { http, calls };
}

export function unauthorized(): never {
  throw new ApiError('You are not logged in.', 401);
}
