import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, projectRoot } from './config.js';

/**
 * The environment the server reads its settings from: the process's own variables, over those of
 * a `.env` file at the project root when there is one. A variable set in the shell (or by the
 * host's service manager) always wins, so a deployment never has its settings changed by a file
 * left behind. Node's own parser reads the file (KEY=value lines, quotes, # comments).
 */
export function environmentWithEnvFile(
  processEnv: NodeJS.ProcessEnv = process.env,
  envFile: string = join(projectRoot(), '.env'),
): NodeJS.ProcessEnv {
  if (!existsSync(envFile)) return processEnv;
  let fromFile: NodeJS.ProcessEnv;
  try {
    fromFile = parseEnv(readFileSync(envFile, 'utf8'));
  } catch (error) {
    throw new ConfigError(`cannot read ${envFile}: ${(error as Error).message}`);
  }
  return { ...definedOnly(fromFile), ...definedOnly(processEnv) };
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
