import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** First path segments that belong to the REST API (the spec's paths are not all under /api). */
export const API_PATH_PREFIXES = ['/api', '/chart-data', '/users', '/stripe'] as const;

export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built app: its files, and index.html for any other GET that is not an API path, so
 * client-side routes (and the app's own 404 page) work on reload.
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
    assets(request, response, () => {
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
