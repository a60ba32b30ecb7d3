import { Inject, Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** The access token lives 10 minutes; the client refreshes every 9 (spec: 540000 ms). */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_AUDIENCE = 'sd-trading-course:access';

export interface AccessTokenClaims {
  userId: string;
  /** Seconds since the epoch, to refuse tokens issued before a password change. */
  issuedAt: number;
}

/** Signs and verifies the short-lived JWT that the `access_token` cookie carries. */
@Injectable()
export class AccessTokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtAccessSecret);
  }

  sign(userId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for a forged, expired or malformed one. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      // Pinning the algorithm refuses 'none' and key-confusion tricks.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return undefined;
      return { userId: payload.sub, issuedAt: payload.iat };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
