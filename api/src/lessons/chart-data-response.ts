import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EncodedChartData } from './chart-data.js';
import type { ChartDataService } from './chart-data.service.js';

export const CHART_ID = /^[1-9]\d{0,9}$/;
const CHART_DATA_PATH = /^\/chart-data\/([^/]+)$/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** The caching headers of a chart answer, the same on every path that sends one. */
function chartDataHeaders(encoded: EncodedChartData, personal: boolean): Record<string, string> {
  return {
    ETag: encoded.etag,
    Vary: 'Cookie, Accept-Encoding',
    // Anonymous answers are the same for everyone; a learner's may change once they answer.
    'Cache-Control': personal ? 'private, no-cache' : `public, max-age=${ONE_DAY_SECONDS}`,
  };
}

/** Sends an encoded chart answer: 304 when the caller's copy is current, gzip when accepted. */
export function sendChartData(
  request: Request,
  response: Response,
  encoded: EncodedChartData,
): void {
  response.set(chartDataHeaders(encoded, request.headers.cookie !== undefined));
  if (request.fresh) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (request.acceptsEncodings('gzip') === 'gzip') {
    response.setHeader('Content-Encoding', 'gzip');
    response.end(encoded.gzip);
  } else {
    response.end(encoded.json);
  }
}

/**
 * The hot path of the busiest call. A request without cookies can only get the public answer (no
 * zone), the same for everyone: static content, like the app's files. It is answered from memory
 * in the HTTP server's request event, before Express, its middleware and the request log, which
 * together cost more than half of this call's throughput. Anything out of the ordinary (cookies,
 * a conditional request, weighted encodings, an unknown id) goes on to Express and the controller,
 * which answer it in full.
 */
export class PublicChartDataFastPath {
  /** helmet's headers, copied from the first public answer Express sent, so the two agree. */
  private securityHeaders: OutgoingHttpHeaders | undefined;

  constructor(private readonly chartData: ChartDataService) {}

  /** Routes every request of `httpServer` through {@link tryAnswer} before the framework. */
  install(httpServer: Server): void {
    const frameworkListeners = httpServer.listeners('request') as ((
      request: IncomingMessage,
      response: ServerResponse,
    ) => void)[];
    httpServer.removeAllListeners('request');
    httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.tryAnswer(request, response)) return;
      for (const listener of frameworkListeners) listener.call(httpServer, request, response);
    });
  }

  /** The Express route, after the security headers: answers public requests and learns them. */
  expressHandler(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      const id = request.params.id;
      const encoded =
        request.headers.cookie === undefined && typeof id === 'string'
          ? this.publicAnswer(id)
          : undefined;
      if (!encoded) {
        next();
        return;
      }
      this.securityHeaders ??= { ...response.getHeaders() };
      sendChartData(request, response, encoded);
    };
  }

  /** The public answer for a well-formed id of a known chart; undefined for the controller. */
  private publicAnswer(id: string | undefined): EncodedChartData | undefined {
    return id !== undefined && CHART_ID.test(id)
      ? this.chartData.encodedIfExists(Number(id), false)
      : undefined;
  }

  /** Answers a plain public GET of a known chart; false leaves the request to the framework. */
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
    const encoded = this.publicAnswer(CHART_DATA_PATH.exec(request.url ?? '')?.[1]);
    if (!encoded) return false;
    const gzip = acceptEncoding
      .split(',')
      .some((coding) => ['gzip', '*'].includes(coding.trim().toLowerCase()));
    const body = gzip ? encoded.gzip : encoded.json;
    response.writeHead(200, {
      ...this.securityHeaders,
      ...chartDataHeaders(encoded, false),
      'Content-Type': 'application/json; charset=utf-8',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': body.length,
    });
    response.end(body);
    return true;
  }
}
