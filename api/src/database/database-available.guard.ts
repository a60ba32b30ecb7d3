import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Admission } from './admission.js';
import { DatabaseAvailability } from './database-availability.js';
import { DatabaseUnavailableException } from './database-errors.js';
import { DatabaseTurn, setRequestTurn } from './database-turn.js';

/** Injection token of the instance's {@link Admission}. */
export const DATABASE_ADMISSION = Symbol('DATABASE_ADMISSION');

const WORKS_WITHOUT_DATABASE = 'worksWithoutDatabase';

/**
 * Marks a handler that a visitor (no session cookie) can use without the database: health
 * checks, the catalogue, the landing demo. With a session it still needs the database, to know
 * the user.
 */
export const WorksWithoutDatabase = () => SetMetadata(WORKS_WITHOUT_DATABASE, true);

/**
 * In front of every handler that does database work, before any other guard: while the database
 * is known to be away, answers 503 at once (no request waits for a connection that will not
 * come); otherwise waits for a turn in the instance's {@link Admission} (503 + Retry-After when
 * the queue is full or the wait too long) and gives the turn back when the response is done. A
 * handler may lend its turn out while it waits for other work (see database-turn.ts).
 */
@Injectable()
export class DatabaseAdmissionGuard implements CanActivate {
  constructor(
    private readonly availability: DatabaseAvailability,
    @Inject(DATABASE_ADMISSION) private readonly admission: Admission,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const withoutDatabase = this.reflector.getAllAndOverride<boolean | undefined>(
      WORKS_WITHOUT_DATABASE,
      [context.getHandler(), context.getClass()],
    );
    const cookies = request.cookies as Record<string, unknown> | undefined;
    if (withoutDatabase && cookies?.access_token === undefined) return true;
    if (!this.availability.up) throw new DatabaseUnavailableException();

    const response = http.getResponse<Response>();
    const left = new AbortController();
    const turn = new DatabaseTurn(this.admission, left.signal);
    // 'close' comes once the answer is sent, or when the client goes first.
    response.once('close', () => {
      left.abort();
      turn.giveBack();
    });
    await turn.take();
    setRequestTurn(turn);
    return true;
  }
}
