import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RefreshToken } from './refresh-token.entity.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

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

  async rotate(token: string): Promise<RotationResult> {
    const row = await this.tokens.findOneBy({ tokenHash: this.hashToken(token) });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      return { outcome: 'invalid' };
    }
    if (row.usedAt) {
      await this.revokeFamily(row.familyId);
      return { outcome: 'reused' };
    }
    // Conditional update: of two requests racing with the same token only one can spend it.
    const spent = await this.tokens.update(
      { id: row.id, usedAt: IsNull(), revokedAt: IsNull() },
      { usedAt: new Date() },
    );
    if (spent.affected !== 1) {
      await this.revokeFamily(row.familyId);
      return { outcome: 'reused' };
    }
    return {
      outcome: 'rotated',
      userId: row.userId,
      spentTokenCreatedAt: row.createdAt,
      token: await this.insert(row.userId, row.familyId),
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

  private async insert(userId: string, familyId: string): Promise<string> {
    // `<family>.<secret>`: the family is not secret; the 256 random bits after it are.
    const token = `${familyId}.${randomBytes(32).toString('base64url')}`;
    await this.tokens.insert({
      userId,
      familyId,
      tokenHash: this.hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  }
}
