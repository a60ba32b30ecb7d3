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

/**
 * helmet's headers with the CSP above, as a middleware that also runs on a raw Node response
 * (the answers given before the framework, such as health checks, carry them too).
 */
export function securityHeaders(httpsOnly: boolean): ReturnType<typeof helmet> {
  return helmet({
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
  });
}
