export declare class DatabaseModule {
  /** @param databaseUrl the server to use; main.ts resolves it (embedded or DATABASE_URL). */
  static forRoot(databaseUrl: string): import('@nestjs/common').DynamicModule;
}
