/** A database of one's own for one test file. */
export interface TestDatabase {
  url: string;
  kind: 'embedded' | 'postgres';
  drop(): Promise<void>;
}
/**
 * With DATABASE_URL set: a fresh schema on that server (dropped afterwards), so test files running
 * in parallel never see each other's rows. Otherwise: an in-memory embedded PostgreSQL.
 */
export declare function createTestDatabase(): Promise<TestDatabase>;
