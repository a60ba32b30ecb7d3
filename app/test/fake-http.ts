import { ApiError } from '../src/api/index.js';
import type { HttpClient } from '../src/api/index.js';

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
  const http: HttpClient = {
    get: <T>(path: string) => answer(`GET ${path}`) as Promise<T>,
    post: <T>(path: string, body?: unknown) => answer(`POST ${path}`, body) as Promise<T>,
  };
  return { http, calls };
}

export function unauthorized(): never {
  throw new ApiError('You are not logged in.', 401);
}
