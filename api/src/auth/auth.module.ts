import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { User } from '../users/user.entity.js';
import { AccessTokenDenylist } from './access-token-denylist.js';
import { AccessTokenService } from './access-token.service.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { OptionalAuthGuard } from './optional-auth.guard.js';
import { PasswordHasher } from './password-hasher.service.js';
import { RefreshToken } from './refresh-token.entity.js';
import { RefreshTokenService } from './refresh-token.service.js';
import { SameOriginGuard } from './same-origin.guard.js';

/**
 * Registration, login and cookie sessions. Exports what guarded modules need:
 * `@UseGuards(JwtAuthGuard)` resolves its dependencies from the importing module.
 */
@Module({
  // PracticeChartsModule: a new learner's first practice chart is made ahead of their visit.
  imports: [TypeOrmModule.forFeature([User, RefreshToken]), PracticeChartsModule],
  controllers: [AuthController],
  providers: [
    AccessTokenDenylist,
    AccessTokenService,
    AuthCookies,
    AuthService,
    JwtAuthGuard,
    OptionalAuthGuard,
    PasswordHasher,
    RefreshTokenService,
    // Global: every controller of the app gets the cross-site check, not only these.
    { provide: APP_GUARD, useClass: SameOriginGuard },
  ],
  exports: [
    AccessTokenDenylist,
    AccessTokenService,
    AuthService,
    AuthCookies,
    JwtAuthGuard,
    OptionalAuthGuard,
    RefreshTokenService,
    PasswordHasher,
  ],
})
export class AuthModule {}
