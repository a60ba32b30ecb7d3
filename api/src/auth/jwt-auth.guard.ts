import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthService, NOT_LOGGED_IN } from './auth.service.js';

/**
 * Lets a request through only with a valid `access_token` cookie, and attaches its user for
 * {@link CurrentUser}. Other modules import AuthModule and put `@UseGuards(JwtAuthGuard)` on
 * their handlers.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = this.cookies.accessToken(request);
    const user = token ? await this.auth.userFromAccessToken(token) : undefined;
    if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
    request.user = user;
    return true;
  }
}
