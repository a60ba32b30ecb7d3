import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** Where the chart-kit Storybook (the library's published docs) is served. */
export const CHART_KIT_DOCS_PATH = '/chart-kit';

/**
 * The Storybook's Content-Security-Policy, the narrowest that every story and docs page ran
 * under in Chromium with no violation: its pages start with a few inline scripts (the manager's
 * and the preview's globals), allowed by their hashes only, which are read from the built pages;
 * nothing needs eval. Styles are inline because Storybook's UI writes its CSS at run time.
 * Images, fonts, fetches and workers are its own files (default-src). The manager shows stories
 * in a same-origin frame (iframe.html), so this Storybook may frame itself and be framed by
 * itself, nothing else.
 */
export function chartKitDocsCspDirectives(
  inlineScriptHashes: readonly string[],
  httpsOnly: boolean,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(httpsOnly ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function formatCsp(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hash sources (`sha256-...`) of a page's inline scripts, empty ones left out. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * The policy of a built Storybook, read again only when one of its pages changed (a rebuild
 * while the server runs).
 */
class DocsPolicy {
  private cached: { key: string; header: string } | undefined;

  constructor(
    private readonly docsDir: string,
    private readonly httpsOnly: boolean,
  ) {}

  header(): string {
    const pages = readdirSync(this.docsDir)
      .filter((name) => name.endsWith('.html'))
      .sort();
    const key = pages
      .map((name) => `${name}:${statSync(join(this.docsDir, name)).mtimeMs}`)
      .join('|');
    if (this.cached?.key !== key) {
      const hashes = new Set(
        pages.flatMap((name) => inlineScriptHashes(readFileSync(join(this.docsDir, name), 'utf8'))),
      );
      const directives = chartKitDocsCspDirectives([...hashes], this.httpsOnly);
      this.cached = { key, header: formatCsp(directives) };
    }
    return this.cached.header;
  }
}

export const DOCS_NOT_BUILT_MESSAGE =
  'The chart-kit docs (its Storybook) have not been built on this server: run `npm run build`, ' +
  'which builds them into storybook/storybook-static.';

/**
 * Serves the built chart-kit Storybook under /chart-kit/ with its own CSP (the app's would block
 * the Storybook's inline scripts): its files, a real 404 for a missing one (never the app's
 * index.html), and a 503 page saying how to build it when it was not built (a dev run).
 * Registered before the app's fallback.
 */
export function serveChartKitDocs(server: Express, docsDir: string, httpsOnly: boolean): void {
  const indexFile = join(docsDir, 'index.html');
  // Vite fingerprints the preview's files under assets/; the manager's files keep their names.
  const fingerprintedDir = join(docsDir, 'assets') + sep;
  const policy = new DocsPolicy(docsDir, httpsOnly);
  const files = express.static(docsDir, {
    index: 'index.html',
    redirect: false,
    setHeaders(response, filePath) {
      response.setHeader(
        'Cache-Control',
        filePath.startsWith(fingerprintedDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  server.use(CHART_KIT_DOCS_PATH, (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      next();
      return;
    }
    // The pages load their files relatively (./sb-manager/...), so they need the trailing slash.
    const queryAt = request.originalUrl.indexOf('?');
    const path = queryAt === -1 ? request.originalUrl : request.originalUrl.slice(0, queryAt);
    if (path === CHART_KIT_DOCS_PATH) {
      const query = queryAt === -1 ? '' : request.originalUrl.slice(queryAt);
      response.redirect(301, `${CHART_KIT_DOCS_PATH}/${query}`);
      return;
    }
    if (!existsSync(indexFile)) {
      response.status(503).setHeader('Cache-Control', 'no-store');
      response.type('text/plain').send(DOCS_NOT_BUILT_MESSAGE);
      return;
    }
    response.setHeader('Content-Security-Policy', policy.header());
    if (request.path.endsWith('.map')) {
      sendNotFound(response);
      return;
    }
    files(request, response, () => {
      sendNotFound(response);
    });
  });
}

function sendNotFound(response: Response): void {
  response.status(404).setHeader('Cache-Control', 'no-cache');
  response.type('text/plain').send('Not found in the chart-kit docs');
}
