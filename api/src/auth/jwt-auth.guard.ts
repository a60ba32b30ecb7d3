import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request.js';
import { NOT_LOGGED_IN } from './auth.service.js';
import { OptionalAuthGuard } from './optional-auth.guard.js';

/**
 * Lets a request through only with a valid `access_token` cookie, and attaches its user for
 * {@link CurrentUser}. Other modules import AuthModule and put `@UseGuards(JwtAuthGuard)` on
 * their handlers.
 */
@Injectable()
export class JwtAuthGuard extends OptionalAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>();
    if (!request.user) throw new UnauthorizedException(NOT_LOGGED_IN);
    return true;
  }
}
