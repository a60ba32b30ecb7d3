import { type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
export declare class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule;
}
