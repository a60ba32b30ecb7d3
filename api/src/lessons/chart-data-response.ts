import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EncodedChartData } from './chart-data.js';
import type { ChartDataService } from './chart-data.service.js';

export const CHART_ID = /^[1-9]\d{0,9}$/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Sends an encoded chart answer: 304 when the caller's copy is current, gzip when accepted. */
export function sendChartData(
  request: Request,
  response: Response,
  encoded: EncodedChartData,
): void {
  const personal = request.headers.cookie !== undefined;
  response.setHeader('ETag', encoded.etag);
  response.setHeader('Vary', 'Cookie, Accept-Encoding');
  // Anonymous answers are the same for everyone; a learner's may change once they answer.
  response.setHeader(
    'Cache-Control',
    personal ? 'private, no-cache' : `public, max-age=${ONE_DAY_SECONDS}`,
  );
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
 * The hot path of the busiest call: a request without cookies can only get the public answer
 * (no zone), which is the same for everyone, so it is sent straight from memory before the
 * framework's routing, guards and parsers. Anything else (cookies, a bad or unknown id) goes on
 * to the controller, which answers it in full.
 */
export function publicChartDataHandler(chartData: ChartDataService): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const id = request.params.id;
    if (request.headers.cookie !== undefined || typeof id !== 'string' || !CHART_ID.test(id)) {
      next();
      return;
    }
    const encoded = chartData.encodedIfExists(Number(id), false);
    if (!encoded) {
      next();
      return;
    }
    sendChartData(request, response, encoded);
  };
}
