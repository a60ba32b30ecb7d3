import { Inject, Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** The access token lives 10 minutes; the client refreshes every 9 (spec: 540000 ms). */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_AUDIENCE = 'sd-trading-course:access';

/** Private claim: when the user's password last changed (ms), as the token was signed. */
const PASSWORD_CHANGED_CLAIM = 'pwc';

/**
 * Tokens already verified, kept until they expire. A signature check through WebCrypto costs
 * 130-200 µs, the largest single cost of an authenticated request, and a learner's browser sends
 * the same token with every call for up to ten minutes. 10,000 entries take about 4 MB.
 */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export interface AccessTokenClaims {
  userId: string;
  /**
   * Milliseconds since the epoch; a token whose value differs from the user's current one was
   * issued before a password change. `iat` has whole seconds, too coarse for a reset followed
   * at once by a login.
   */
  passwordChangedAt: number;
  /** When the token expires, in milliseconds since the epoch. */
  expiresAtMs: number;
}

/** Signs and verifies the short-lived JWT that the `access_token` cookie carries. */
@Injectable()
export class AccessTokenService {
  private readonly key: Uint8Array;
  private readonly verified = new LRUCache<string, AccessTokenClaims>({
    max: VERIFIED_TOKEN_CACHE_SIZE,
  });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtAccessSecret);
  }

  sign(user: { id: string; passwordChangedAt: Date }): Promise<string> {
    return new SignJWT({ [PASSWORD_CHANGED_CLAIM]: user.passwordChangedAt.getTime() })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /**
   * Whether this token was verified before and has not expired: a synchronous check, without the
   * signature work, for deciding how to treat a request before the framework sees it.
   */
  isKnownValid(token: string): boolean {
    const known = this.verified.get(token);
    return known !== undefined && Date.now() < known.expiresAtMs;
  }

  /** The claims of a valid token, or undefined for a forged, expired or malformed one. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    // The same bytes under the same key verify the same way; only the clock can change the answer.
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known;
      this.verified.delete(token);
      return undefined;
    }
    try {
      // Pinning the algorithm refuses 'none' and key-confusion tricks.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', PASSWORD_CHANGED_CLAIM],
      });
      const passwordChangedAt = payload[PASSWORD_CHANGED_CLAIM];
      if (
        typeof payload.sub !== 'string' ||
        typeof passwordChangedAt !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      const claims = { userId: payload.sub, passwordChangedAt, expiresAtMs: payload.exp * 1000 };
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
