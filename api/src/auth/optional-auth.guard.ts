import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users/user.entity.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthService } from './auth.service.js';

interface MaybeAuthenticatedRequest extends Request {
  user?: User;
}

/**
 * For calls that visitors may make too (chart data, the catalogue, demo attempts): attaches the
 * user when the access cookie is valid and lets everyone through.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    const token = this.cookies.accessToken(request);
    if (token) request.user = await this.auth.userFromAccessToken(token);
    return true;
  }
}

/** The user of a handler guarded by {@link OptionalAuthGuard}, or undefined for a visitor. */
export const MaybeUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User | undefined =>
    context.switchToHttp().getRequest<MaybeAuthenticatedRequest>().user,
);
