import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { OptionalAuthGuard } from './optional-auth.guard.js';

/** The OpenAPI security scheme of the `access_token` cookie (declared in web/openapi.ts). */
export const SESSION_COOKIE_SCHEME = 'cookie';

/**
 * A call for logged-in learners only: the guard, and the document saying so (the cookie and the
 * 401), in one place so the two cannot drift apart.
 */
export function RequiresSession(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(JwtAuthGuard),
    ApiCookieAuth(SESSION_COOKIE_SCHEME),
    ApiUnauthorizedResponse({ description: 'No valid session cookie' }),
  );
}

/**
 * A call visitors may make too; a session, when there is one, changes the answer (a learner's
 * own standing, a revealed zone). Documented as "the cookie, or nothing".
 */
export function SessionOptional(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(OptionalAuthGuard),
    ApiCookieAuth(SESSION_COOKIE_SCHEME),
    ApiSecurity({}),
  );
}
