import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type EncodedJson, sendEncodedJson } from '../common/encoded-json.js';

/** An answer that is the same for every caller without cookies, and how long it may be kept. */
export interface PublicAnswer {
  encoded: EncodedJson;
  cacheControl: string;
}

/** Finds the public answer for a request path, or undefined to leave the request alone. */
export type PublicRoute = (path: string) => PublicAnswer | undefined;

/**
 * Public answers (a demo chart, the visitors' catalogue) are static content, like the app's
 * files: the same for everyone without cookies, encoded once. They are answered from memory in
 * the HTTP server's request event, before Express, its middleware and the request log, which
 * together cost more than half of such a call's time. Anything out of the ordinary (cookies, a
 * conditional request, weighted encodings, a path no route knows) goes on to Express and the
 * controllers, which answer it in full.
 */
export class PublicAnswersFastPath {
  /** helmet's headers, copied from the first public answer Express sent, so the two agree. */
  private securityHeaders: OutgoingHttpHeaders | undefined;

  constructor(private readonly routes: readonly PublicRoute[]) {}

  /** The Express route, after the security headers: answers public requests and learns them. */
  expressHandler(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      const answer =
        request.headers.cookie === undefined ? this.answerFor(request.path) : undefined;
      if (!answer) {
        next();
        return;
      }
      this.securityHeaders ??= { ...response.getHeaders() };
      sendEncodedJson(request, response, answer.encoded, answer.cacheControl);
    };
  }

  /** Answers a plain GET of a public answer; false leaves the request to the framework. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    const { headers } = request;
    if (
      !this.securityHeaders ||
      request.method !== 'GET' ||
      headers.cookie !== undefined ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers['cache-control'] !== undefined
    ) {
      return false;
    }
    const acceptEncoding = headers['accept-encoding'] ?? '';
    if (acceptEncoding.includes(';')) return false;
    const url = request.url ?? '';
    if (url.includes('?')) return false;
    const answer = this.answerFor(url);
    if (!answer) return false;
    const gzip = acceptEncoding
      .split(',')
      .some((coding) => ['gzip', '*'].includes(coding.trim().toLowerCase()));
    const body = gzip ? answer.encoded.gzip : answer.encoded.json;
    response.writeHead(200, {
      ...this.securityHeaders,
      ETag: answer.encoded.etag,
      Vary: 'Cookie, Accept-Encoding',
      'Cache-Control': answer.cacheControl,
      'Content-Type': 'application/json; charset=utf-8',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': body.length,
    });
    response.end(body);
    return true;
  }

  private answerFor(path: string): PublicAnswer | undefined {
    for (const route of this.routes) {
      const answer = route(path);
      if (answer) return answer;
    }
    return undefined;
  }
}
