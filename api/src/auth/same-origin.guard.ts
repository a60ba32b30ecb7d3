import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export const CROSS_SITE_REFUSED = 'Cross-site request refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth besides SameSite=Lax: a state-changing request that carries cookies and
 * says it comes from elsewhere is refused. It says so by its Origin (another origin), or, without
 * one, by the browser's `Sec-Fetch-Site: cross-site` or a Referer from another origin. Requests
 * that say nothing (curl, other servers) are let through: no browser sends a cross-site form
 * without one of them.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return true;
    if (comesFromElsewhere(request, this.config.appOrigin)) {
      throw new ForbiddenException(CROSS_SITE_REFUSED);
    }
    return true;
  }
}

function comesFromElsewhere(request: Request, appOrigin: string): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin !== appOrigin;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin !== appOrigin;
  } catch {
    // A Referer that is no URL names no page of the app.
    return true;
  }
}
