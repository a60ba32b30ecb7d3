import { type BeforeApplicationShutdown, Global, Inject, Injectable, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SharedRedis } from './shared-redis.js';

/** The shared Redis of the deployment, or null when REDIS_URL is not set (one instance). */
export const SHARED_REDIS = Symbol('SHARED_REDIS');

/**
 * Closes the connections when the app closes, before the other shutdown hooks: a hook that
 * says goodbye to a Redis that does not answer (a subscriber's QUIT) would otherwise wait
 * forever. Work that still wants Redis runs earlier, in onModuleDestroy.
 */
@Injectable()
class RedisShutdown implements BeforeApplicationShutdown {
  constructor(@Inject(SHARED_REDIS) private readonly redis: SharedRedis | null) {}

  async beforeApplicationShutdown(): Promise<void> {
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
