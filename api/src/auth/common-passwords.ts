import { readFileSync } from 'node:fs';

/**
 * The shipped list of the most common passwords (NIST 800-63B asks to refuse them). It holds only
 * entries of 8 characters or more: shorter ones are refused by the length rule anyway. Read once,
 * synchronously, because the validation decorators that use it are synchronous.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0),
);

/** Case-insensitive, so 'Password123' is as refused as 'password123'. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
