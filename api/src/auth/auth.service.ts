import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type Repository } from 'typeorm';
import { User } from '../users/user.entity.js';
import { AccessTokenDenylist } from './access-token-denylist.js';
import { AccessTokenService } from './access-token.service.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import { PasswordHasher } from './password-hasher.service.js';
import { RefreshTokenService } from './refresh-token.service.js';

export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';

/** PostgreSQL's unique_violation: two registrations of one email racing past the check. */
const UNIQUE_VIOLATION = '23505';

export interface Session {
  userId: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokenService,
    private readonly refreshTokens: RefreshTokenService,
    private readonly denylist: AccessTokenDenylist,
  ) {}

  async register(input: RegisterDto): Promise<Session> {
    if (await this.findByEmail(input.email)) throw new ConflictException(EMAIL_TAKEN);
    const passwordHash = await this.hasher.hash(input.password);
    let user: User;
    try {
      user = await this.users.save(
        this.users.create({ email: input.email, passwordHash, passwordChangedAt: new Date() }),
      );
    } catch (error) {
      if (error instanceof QueryFailedError && hasCode(error.driverError, UNIQUE_VIOLATION)) {
        throw new ConflictException(EMAIL_TAKEN);
      }
      throw error;
    }
    return this.startSession(user);
  }

  async login(input: LoginDto): Promise<Session> {
    const user = await this.findByEmail(input.email);
    // Exactly one argon2 verify on both paths, against a hash of the same cost, so the answer
    // time does not tell which emails have an account (bench:login measures it).
    const matches = await this.hasher.verifyOrDummy(user?.passwordHash, input.password);
    if (!user || !matches) throw new UnauthorizedException(WRONG_CREDENTIALS);
    return this.startSession(user);
  }

  /** `client` names who asks (address and user agent), see RefreshTokenService.rotate. */
  async refresh(refreshToken: string | undefined, client: string): Promise<Session> {
    if (!refreshToken) throw new UnauthorizedException(SESSION_ENDED);
    const result = await this.refreshTokens.rotate(refreshToken, client);
    if (result.outcome !== 'rotated') throw new UnauthorizedException(SESSION_ENDED);
    const user = await this.users.findOneBy({ id: result.userId });
    if (!user) throw new UnauthorizedException(SESSION_ENDED);
    // A reset revokes every refresh token, but one refresh may race it: the token's age decides.
    if (result.spentTokenCreatedAt < user.passwordChangedAt) {
      await this.refreshTokens.revokeAllForUser(user.id);
      throw new UnauthorizedException(SESSION_ENDED);
    }
    return {
      userId: user.id,
      email: user.email,
      accessToken: await this.accessTokens.sign(user),
      refreshToken: result.token,
    };
  }

  /** Ends the session: its refresh tokens in the database, its access token on every instance. */
  async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    const claims = accessToken ? await this.accessTokens.verify(accessToken) : undefined;
    await Promise.all([
      refreshToken ? this.refreshTokens.revoke(refreshToken) : undefined,
      claims && accessToken ? this.denylist.revoke(accessToken, claims.expiresAtMs) : undefined,
    ]);
  }

  /** The user an access token stands for, or undefined when it is invalid or outdated. */
  async userFromAccessToken(token: string): Promise<User | undefined> {
    const claims = await this.accessTokens.verify(token);
    if (!claims || this.denylist.isRevoked(token)) return undefined;
    const user = await this.sessionUser(claims.userId);
    if (!user) return undefined;
    // Tokens from before a password change are dead: they carry the change time they knew.
    if (claims.passwordChangedAt !== user.passwordChangedAt.getTime()) return undefined;
    return user;
  }

  /**
   * Every authenticated request runs this lookup, so it is plain SQL: TypeORM's query building
   * cost about five times the query itself here.
   */
  private async sessionUser(id: string): Promise<User | undefined> {
    const rows = await this.users.query<User[]>(
      `SELECT id, email, password_hash AS "passwordHash", created_at AS "createdAt",
              password_changed_at AS "passwordChangedAt"
         FROM users WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? this.users.create(row) : undefined;
  }

  private findByEmail(email: string): Promise<User | null> {
    // Same expression as the unique index on lower(email), so the index serves the lookup.
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email })
      .getOne();
  }

  private async startSession(user: User): Promise<Session> {
    return {
      userId: user.id,
      email: user.email,
      accessToken: await this.accessTokens.sign(user),
      refreshToken: await this.refreshTokens.issue(user.id),
    };
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
