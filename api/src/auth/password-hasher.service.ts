import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet, argon2id option 2: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** A hash of a random secret: verifying against it costs what a real verify costs. */
  private dummyHash = '';

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash(randomBytes(32).toString('base64url'));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash must read as a wrong password, never as a server error.
      return false;
    }
  }

  /**
   * Verifies against the account's hash, or, for an email with no account, against a hash of a
   * random secret with the same parameters (always false): the same work either way, so the
   * answer time does not tell which emails are registered.
   */
  async verifyOrDummy(hash: string | undefined, password: string): Promise<boolean> {
    const matches = await this.verify(hash ?? this.dummyHash, password);
    return hash !== undefined && matches;
  }
}
