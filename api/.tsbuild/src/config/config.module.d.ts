import { type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config.js';
/** Injection token of the parsed {@link AppConfig}. */
export declare const APP_CONFIG: unique symbol;
export declare class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule;
}
