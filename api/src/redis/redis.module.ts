import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SharedRedis } from './shared-redis.js';

/** The shared Redis of the deployment, or null when REDIS_URL is not set (one instance). */
export const SHARED_REDIS = Symbol('SHARED_REDIS');

/** Closes the connection when the app closes. */
@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(SHARED_REDIS) private readonly redis: SharedRedis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: SHARED_REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): SharedRedis | null =>
        config.redisUrl ? SharedRedis.connect(config.redisUrl, config.redisKeyPrefix) : null,
    },
    RedisShutdown,
  ],
  exports: [SHARED_REDIS],
})
export class RedisModule {}
