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
 * says it comes from another origin is refused. Requests without an Origin header (curl, other
 * servers, old browsers on same-origin requests) are let through: they cannot be cross-site forms.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    const origin = request.headers.origin;
    if (origin === undefined || !request.headers.cookie) return true;
    if (origin !== this.config.appOrigin) throw new ForbiddenException(CROSS_SITE_REFUSED);
    return true;
  }
}
