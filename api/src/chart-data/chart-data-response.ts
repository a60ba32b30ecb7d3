import type { Request, Response } from 'express';
import { sendEncodedJson } from '../common/encoded-json.js';
import type { PublicRoute } from '../web/public-answers.js';
import type { EncodedChartData } from './chart-data.js';
import type { ChartDataService } from './chart-data.service.js';
import { parseWholeNumber } from '../common/whole-number-param.js';
import { CHART_ID } from '../course-catalogue/route-numbers.js';

const CHART_DATA_PATH = /^\/chart-data\/([^/]+)$/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Anonymous answers are the same for everyone and never change. */
const PUBLIC_CHART_CACHE = `public, max-age=${ONE_DAY_SECONDS}`;

/**
 * Sends an encoded chart answer: 304 when the caller's copy is current, gzip when accepted. A
 * caller with cookies gets a personal answer (it may hold the zone, and changes once they
 * answer): no browser or shared cache keeps it.
 */
export function sendChartData(
  request: Request,
  response: Response,
  encoded: EncodedChartData,
): void {
  const personal = request.headers.cookie !== undefined;
  sendEncodedJson(request, response, encoded, personal ? 'no-store' : PUBLIC_CHART_CACHE);
}

/** Public chart data for the fast path: a demo or free lesson's chart, without its zone. */
export function publicChartDataRoute(chartData: ChartDataService): PublicRoute {
  return (path) => {
    const chartNumber = parseWholeNumber(CHART_DATA_PATH.exec(path)?.[1], CHART_ID);
    if (chartNumber === undefined) return undefined;
    const encoded = chartData.publicAnswer(chartNumber);
    return encoded ? { encoded, cacheControl: PUBLIC_CHART_CACHE } : undefined;
  };
}
