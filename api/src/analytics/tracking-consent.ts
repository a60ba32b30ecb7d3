import type { IncomingHttpHeaders } from 'node:http';
import { isUUID } from 'class-validator';

/** The header the app sends its visitor id in, on the calls the server records events for. */
export const VISITOR_ID_HEADER = 'x-visitor-id';

/**
 * Whether the browser asked not to be tracked: Do Not Track (`DNT: 1`) or Global Privacy Control
 * (`Sec-GPC: 1`). Such a request leaves no analytics event at all, sent or recorded.
 */
export function declinesTracking(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** The visitor id a request names, when it is a well-formed UUID. */
export function visitorIdOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[VISITOR_ID_HEADER];
  return typeof value === 'string' && isUUID(value) ? value.toLowerCase() : undefined;
}
