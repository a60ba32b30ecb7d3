import type { Request } from 'express';
import type { User } from '../users/user.entity.js';

/** A request that passed {@link JwtAuthGuard}: the logged-in user is attached. */
export interface AuthenticatedRequest extends Request {
  user: User;
}
