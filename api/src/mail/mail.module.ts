import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Outgoing mail (SMTP, or an outbox folder in development); see {@link MailService}. */
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
