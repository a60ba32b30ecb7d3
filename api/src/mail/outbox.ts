import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SLUG_MAX_LENGTH = 80;
let sequence = 0;

/**
 * The part of an outbox file name that names the recipient: lower case letters, digits and
 * hyphens only, so it is safe in any file system and never contains the `_` separator.
 * Two addresses can share a slug (a.b@x.com, a-b@x.com); the file's To header tells them apart.
 */
export function recipientSlug(address: string): string {
  const slug = address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH);
  return slug || 'unknown-recipient';
}

/**
 * `<UTC time>_<sequence>-<random>_<recipient slug>.eml`: names sort by the time they were written;
 * the per-process sequence orders mails of one millisecond and the random part keeps two API
 * instances sharing a folder from colliding.
 */
export function outboxFileName(writtenAt: Date, recipient: string): string {
  const time = writtenAt.toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1_000_000;
  const unique = `${String(sequence).padStart(6, '0')}-${randomBytes(2).toString('hex')}`;
  return `${time}_${unique}_${recipientSlug(recipient)}.eml`;
}

/** Writes one raw message into the folder (created on first use) and returns the file's path. */
export async function writeToOutbox(
  folder: string,
  recipient: string,
  rawMessage: Buffer,
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, outboxFileName(new Date(), recipient));
  // 'wx': never overwrite an earlier mail, however unlikely a name clash is.
  await writeFile(path, rawMessage, { flag: 'wx' });
  return path;
}

/**
 * The newest outbox file written for a recipient, or undefined. For development tools and tests
 * that follow a mailed link without a mail server.
 */
export async function newestOutboxFile(
  folder: string,
  recipient: string,
): Promise<string | undefined> {
  const suffix = `_${recipientSlug(recipient)}.eml`;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const newest = names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .at(-1);
  return newest === undefined ? undefined : join(folder, newest);
}
