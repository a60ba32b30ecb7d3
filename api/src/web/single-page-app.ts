import { existsSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** First path segments that belong to the REST API (the spec's paths are not all under /api). */
export const API_PATH_PREFIXES = ['/api', '/chart-data', '/users', '/stripe'] as const;

export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A path whose last segment has a file extension asks for a file (`/robots.txt`, `/logo.png`,
 * `/assets/index-abc.js`), never for a client-side route: when no such file is built, it is a real
 * 404, not the app's index.html with a 200 (crawlers and caches would keep that page as the file).
 */
export function looksLikeFilePath(path: string): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

/**
 * Source maps are built for error reports, never served: they would publish the whole source.
 * The Brotli copies the build writes are served in place of their file, never by their own name.
 */
function isHiddenBuildFile(path: string): boolean {
  return path.endsWith('.map') || path.endsWith('.br');
}

/** Fingerprinted text assets the app's build also writes compressed (app/scripts/precompress.mjs). */
const PRECOMPRESSED = /^\/assets\/[^/]+\.(js|css|svg|json)$/;

/**
 * Serves the built app: its files, and index.html for any other GET that is not an API path or a
 * file, so client-side routes (and the app's own 404 page) work on reload.
 */
export function serveSinglePageApp(server: Express, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  const fingerprintedDir = join(distDir, 'assets') + sep;
  const assets = express.static(distDir, {
    index: false,
    setHeaders(response, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      if (filePath.startsWith(fingerprintedDir)) {
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });

  server.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.path)) {
      next();
      return;
    }
    if (isHiddenBuildFile(request.path)) {
      sendFileNotFound(response);
      return;
    }
    const brotli = precompressedFile(distDir, request);
    if (brotli) {
      // The type of the file it stands for; the compression middleware leaves an encoded body be.
      response.type(extname(request.path));
      response.setHeader('Content-Encoding', 'br');
      response.setHeader('Vary', 'Accept-Encoding');
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      response.sendFile(brotli);
      return;
    }
    assets(request, response, () => {
      if (looksLikeFilePath(request.path)) {
        sendFileNotFound(response);
        return;
      }
      if (!existsSync(indexFile)) {
        response
          .status(503)
          .type('text/plain')
          .send('The app has not been built yet: run `npm run build` (npm start does it for you).');
        return;
      }
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexFile);
    });
  });
}

/** The Brotli copy of a requested asset, when the build wrote one and the browser accepts it. */
function precompressedFile(distDir: string, request: Request): string | null {
  if (!PRECOMPRESSED.test(request.path) || request.acceptsEncodings('br') !== 'br') return null;
  const file = join(distDir, `${request.path}.br`);
  return existsSync(file) ? file : null;
}

function sendFileNotFound(response: Response): void {
  response.status(404).type('text/plain').send('Not found');
}
