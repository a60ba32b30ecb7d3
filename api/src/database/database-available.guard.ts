import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DatabaseAvailability } from './database-availability.js';
import { DatabaseUnavailableException } from './database-errors.js';

const WORKS_WITHOUT_DATABASE = 'worksWithoutDatabase';

/**
 * Marks a handler that a visitor (no session cookie) can use without the database: health
 * checks, the catalogue, the landing demo. With a session it still needs the database, to know
 * the user.
 */
export const WorksWithoutDatabase = () => SetMetadata(WORKS_WITHOUT_DATABASE, true);

/**
 * While the database is known to be away, answers 503 at once to requests that need it, before
 * any guard or handler waits for a connection that will not come.
 */
@Injectable()
export class DatabaseAvailableGuard implements CanActivate {
  constructor(
    private readonly availability: DatabaseAvailability,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.availability.up || context.getType() !== 'http') return true;
    const withoutDatabase = this.reflector.getAllAndOverride<boolean | undefined>(
      WORKS_WITHOUT_DATABASE,
      [context.getHandler(), context.getClass()],
    );
    const cookies = context.switchToHttp().getRequest<Request>().cookies as
      Record<string, unknown> | undefined;
    if (withoutDatabase && cookies?.access_token === undefined) return true;
    throw new DatabaseUnavailableException();
  }
}
