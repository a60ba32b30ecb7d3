import type { Express } from 'express';
import helmet from 'helmet';

/**
 * The app's Content-Security-Policy: only its own scripts, no eval, no plugins, no framing.
 * Inline `style` attributes stay allowed because React and the animation library set element
 * styles; chart-kit draws on a canvas and needs nothing more.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's headers with the CSP above on everything the server sends. */
export function applySecurityHeaders(server: Express, httpsOnly: boolean): void {
  server.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...APP_CSP_DIRECTIVES,
          ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS on a developer's http://localhost would pin the browser to https there.
      strictTransportSecurity: httpsOnly,
      crossOriginEmbedderPolicy: false,
      // helmet's default, no-referrer, also makes Chromium send `Origin: null` on the app's own
      // form posts (the test-mode checkout), which the same-origin check must refuse.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
}
