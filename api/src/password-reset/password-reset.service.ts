import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.service.js';
import { RefreshTokenService } from '../auth/refresh-token.service.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailService } from '../mail/mail.service.js';
import { User } from '../users/user.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { passwordChangedMail, resetLink, resetLinkMail } from './password-reset-mails.js';

export const RESET_REQUESTED =
  'If an account exists for that email, instructions to reset your password have been sent.';
export const PASSWORD_UPDATED = 'Your password has been updated';
export const INVALID_RESET_LINK =
  'This reset link is invalid or has expired. Please request a new one.';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Separates these hashes from the refresh tokens' hashes, which use the same key. */
const HASH_CONTEXT = 'password-reset:';

export interface CompleteResetInput {
  email: string;
  token: string;
  newPassword: string;
}

/**
 * Password reset by a mailed one-time link (OWASP Forgot Password Cheat Sheet): random tokens
 * stored only as a keyed hash, valid one hour, single use, superseded by a newer request, and a
 * completed reset ends every session of the account.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly backgroundJobs = new Set<Promise<void>>();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(PasswordResetToken)
    private readonly tokens: Repository<PasswordResetToken>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokenService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Returns at once, whatever the email: looking the account up, creating the token and sending
   * the mail all happen afterwards, so neither the answer nor its timing says whether the email
   * has an account.
   */
  requestReset(email: string): void {
    this.runInBackground('send a reset link', () => this.sendResetLink(email));
  }

  /** Sets the new password if the token is live and was sent to this email; else a 400. */
  async completeReset(input: CompleteResetInput): Promise<void> {
    const row = await this.tokens.findOneBy({ tokenHash: this.hashToken(input.token) });
    const user = row ? await this.users.findOneBy({ id: row.userId }) : null;
    if (!row || !user || !isLive(row, new Date()) || !sameEmail(user.email, input.email)) {
      throw new BadRequestException(INVALID_RESET_LINK);
    }
    // Hashed before the transaction, so no lock is held during argon2's work.
    const passwordHash = await this.hasher.hash(input.newPassword);
    const changedAt = new Date();
    await this.dataSource.transaction(async (manager) => {
      // Conditional: of two requests racing with one token, only one spends it.
      const spent = await manager.update(
        PasswordResetToken,
        { id: row.id, usedAt: IsNull(), invalidatedAt: IsNull(), expiresAt: MoreThan(changedAt) },
        { usedAt: changedAt },
      );
      if (spent.affected !== 1) throw new BadRequestException(INVALID_RESET_LINK);
      await manager.update(User, { id: user.id }, { passwordHash, passwordChangedAt: changedAt });
      await invalidateLiveTokens(manager, user.id, changedAt);
    });
    // Access tokens issued before passwordChangedAt are refused by the auth guard; this ends
    // the refresh tokens, so no device can get a new access token either.
    await this.refreshTokens.revokeAllForUser(user.id);
    this.runInBackground('send the password-changed notice', () =>
      this.mail.send(passwordChangedMail(user.email, `${this.config.appOrigin}/password-recovery`)),
    );
  }

  /** Resolves once every reset mail started so far has been sent (or failed and been logged). */
  async whenIdle(): Promise<void> {
    while (this.backgroundJobs.size > 0) await Promise.all(this.backgroundJobs);
  }

  /** Mails accepted before a shutdown still go out before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.whenIdle();
  }

  private async sendResetLink(email: string): Promise<void> {
    // Same expression as the unique index on lower(email), so the index serves the lookup.
    const user = await this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email })
      .getOne();
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      // Locking the user row serialises two requests for one account: one live link at a time.
      await manager
        .createQueryBuilder(User, 'user')
        .setLock('pessimistic_write')
        .where('user.id = :id', { id: user.id })
        .getOne();
      await invalidateLiveTokens(manager, user.id, now);
      await manager.insert(PasswordResetToken, {
        userId: user.id,
        tokenHash: this.hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
    });
    await this.mail.send(
      resetLinkMail(
        user.email,
        resetLink(this.config.appOrigin, user.email, token),
        RESET_TOKEN_TTL_MS / 60_000,
      ),
    );
  }

  /**
   * Keyed (HMAC with JWT_REFRESH_SECRET) rather than a plain SHA-256: someone who can write to
   * the database but does not hold the key cannot plant a token of their own choosing.
   */
  private hashToken(token: string): string {
    return createHmac('sha256', this.config.jwtRefreshSecret)
      .update(HASH_CONTEXT + token)
      .digest('hex');
  }

  private runInBackground(what: string, work: () => Promise<unknown>): void {
    const job = work().then(
      () => undefined,
      (error: unknown) => {
        // Error texts from the database or the mail server carry no token or password.
        this.logger.error(`could not ${what}: ${error instanceof Error ? error.message : 'error'}`);
      },
    );
    this.backgroundJobs.add(job);
    void job.finally(() => this.backgroundJobs.delete(job));
  }
}

function isLive(row: PasswordResetToken, now: Date): boolean {
  return row.usedAt === null && row.invalidatedAt === null && row.expiresAt > now;
}

function sameEmail(stored: string, given: string): boolean {
  return stored.toLowerCase() === given.toLowerCase();
}

function invalidateLiveTokens(manager: EntityManager, userId: string, at: Date) {
  return manager.update(
    PasswordResetToken,
    { userId, usedAt: IsNull(), invalidatedAt: IsNull() },
    { invalidatedAt: at },
  );
}
