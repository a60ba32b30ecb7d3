import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { User } from '../users/user.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';

/** Forgotten passwords: a mailed one-time link that sets a new one and ends every session. */
@Module({
  imports: [TypeOrmModule.forFeature([User, PasswordResetToken]), AuthModule, MailModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService],
})
export class PasswordResetModule {}
