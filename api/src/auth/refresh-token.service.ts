import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { IsNull, Not, type Repository } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RefreshToken } from './refresh-token.entity.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a spent refresh token still opens a session for the client that spent it. Two tabs
 * of one browser refresh with the same cookie at the same moment, and a response can be lost on
 * the way back: the second request is no theft. Long enough for a slow answer and a retry, short
 * enough that a copy is useless for anything but this race.
 */
export const REFRESH_GRACE_MS = 5_000;

const SESSION_PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./;

/**
 * The session (token family) a refresh token names in its first part, read without the
 * database, so refreshes can be rate-limited per session. A forged name only buys the forger a
 * refused refresh, which the per-client failure limit counts. Undefined for anything else.
 */
export function sessionIdOfRefreshToken(token: string | undefined): string | undefined {
  return token === undefined ? undefined : SESSION_PREFIX.exec(token)?.[1];
}

/** What a refresh attempt comes to; `reused` means the presented token had been rotated before. */
export type RotationResult =
  | {
      outcome: 'rotated';
      userId: string;
      token: string;
      /** When the spent token was issued: a session from before a password change must end. */
      spentTokenCreatedAt: Date;
    }
  | { outcome: 'invalid' }
  | { outcome: 'reused' };

/**
 * Opaque refresh tokens with rotation and reuse detection (OAuth 2.0 Security BCP): each refresh
 * spends the token and issues the next one of the same family; a spent token coming back means a
 * copy leaked, so the whole family is revoked and both holders must log in again.
 *
 * One exception, for a learner's second tab: within REFRESH_GRACE_MS of being spent, a token
 * presented again by the same client (address and browser) that spent it, while its successor
 * is still unspent, is exchanged for a sibling of that successor. A copy in another client's
 * hands, a copy after the grace period, or a copy once the family has moved on (the successor
 * spent) is reuse as before; so is a thief who spent the token first, when the learner's own
 * tab presents it. Spending one sibling revokes the others, so a family keeps one live token.
 */
@Injectable()
export class RefreshTokenService {
  constructor(
    @InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Keyed with JWT_REFRESH_SECRET: a copy of the table alone cannot be used to test guessed or
   * stolen tokens.
   */
  private hashToken(token: string): string {
    return createHmac('sha256', this.config.jwtRefreshSecret).update(token).digest('hex');
  }

  /** Starts a new family (a login or a registration) and returns its first token. */
  issue(userId: string): Promise<string> {
    return this.insert(userId, randomUUID());
  }

  /**
   * Spends `token` and issues its successor. `client` names who presents it (its address and
   * user agent); only a keyed hash of it is kept.
   */
  async rotate(token: string, client: string): Promise<RotationResult> {
    const tokenHash = this.hashToken(token);
    const row = await this.tokens.findOneBy({ tokenHash });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      return { outcome: 'invalid' };
    }
    const usedBy = this.hashToken(`client ${client}`);
    if (row.usedAt) return this.presentedAgain(row, usedBy);
    // Conditional update: of two requests racing with the same token only one can spend it.
    const spent = await this.tokens.update(
      { id: row.id, usedAt: IsNull(), revokedAt: IsNull() },
      { usedAt: new Date(), usedBy },
    );
    if (spent.affected !== 1) {
      // Spent (or revoked) a moment ago by the other request of the race.
      const now = await this.tokens.findOneBy({ tokenHash });
      if (!now || now.revokedAt) return { outcome: 'invalid' };
      return this.presentedAgain(now, usedBy);
    }
    if (row.parentId !== null) {
      // The family moves on with this token: a sibling handed to another tab is no longer held.
      await this.tokens.update(
        { parentId: row.parentId, id: Not(row.id), usedAt: IsNull(), revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
    }
    return this.successorOf(row);
  }

  /** A spent token again: the same client's second tab within the grace period, or reuse. */
  private async presentedAgain(row: RefreshToken, usedBy: string): Promise<RotationResult> {
    const withinGrace =
      row.usedAt !== null &&
      row.usedBy === usedBy &&
      Date.now() - row.usedAt.getTime() <= REFRESH_GRACE_MS &&
      // Once a successor was spent the family has moved on: the old token is only a copy.
      !(await this.tokens.existsBy({ parentId: row.id, usedAt: Not(IsNull()) }));
    if (withinGrace) return this.successorOf(row);
    await this.revokeFamily(row.familyId);
    return { outcome: 'reused' };
  }

  private async successorOf(row: RefreshToken): Promise<RotationResult> {
    return {
      outcome: 'rotated',
      userId: row.userId,
      spentTokenCreatedAt: row.createdAt,
      token: await this.insert(row.userId, row.familyId, row.id),
    };
  }

  /** Ends the session a token belongs to (logout). Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    const row = await this.tokens.findOneBy({ tokenHash: this.hashToken(token) });
    if (row) await this.revokeFamily(row.familyId);
  }

  /** Ends every session of a user (e.g. after a password reset). */
  async revokeAllForUser(userId: string): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async insert(userId: string, familyId: string, parentId?: string): Promise<string> {
    // `<family>.<secret>`: the family is not secret; the 256 random bits after it are.
    const token = `${familyId}.${randomBytes(32).toString('base64url')}`;
    await this.tokens.insert({
      userId,
      familyId,
      tokenHash: this.hashToken(token),
      parentId: parentId ?? null,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  }
}
