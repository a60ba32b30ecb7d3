import { fileURLToPath } from 'node:url';

const REGISTER = fileURLToPath(new URL('./register.mjs', import.meta.url));

/** Node options that let a process or a worker thread run the project's TypeScript sources. */
export const SOURCE_EXEC_ARGV: readonly string[] = ['--conditions=source', '--import', REGISTER];
