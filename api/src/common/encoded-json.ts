import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** An answer serialised once, ready to send as it is or gzipped, with its entity tag. */
export interface EncodedJson {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

/** For answers that are the same for many callers: the work of one serialisation, kept. */
export function encodeJson(value: unknown): EncodedJson {
  const json = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { json, gzip: gzipSync(json), etag };
}

/**
 * Sends an encoded answer with the given caching headers: 304 when the caller's copy is current,
 * gzip when accepted (the compression middleware leaves an encoded body alone).
 */
export function sendEncodedJson(
  request: Request,
  response: Response,
  encoded: EncodedJson,
  cacheControl: string,
): void {
  response.set({
    ETag: encoded.etag,
    Vary: 'Cookie, Accept-Encoding',
    'Cache-Control': cacheControl,
  });
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
