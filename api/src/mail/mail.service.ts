import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, {
  type SendMailOptions,
  type SMTPSentMessageInfo,
  type StreamSentMessageInfo,
  type Transporter,
} from 'nodemailer';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { writeToOutbox } from './outbox.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Development help logged with the outbox file's name, e.g. a reset link, so a developer
   * without a mail server can follow it. Outbox mode only: never logged when mail goes out over
   * SMTP, where it would leak secrets into production logs.
   */
  outboxLogNote?: string;
}

export interface SentMail {
  messageId: string;
  /** Where the message was written, in outbox mode. */
  outboxFile?: string;
}

/** An SMTP server that does not answer must not hold a request's background work for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends mail through the server of SMTP_URL, or, without one (development), writes each message
 * as an .eml file into the outbox folder and logs where it went.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly from: string;
  private readonly smtp: Transporter<SMTPSentMessageInfo> | undefined;
  private readonly outbox: Transporter<StreamSentMessageInfo> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.from =
      config.mailFrom ?? `"S&D Trading Course" <no-reply@${new URL(config.appOrigin).hostname}>`;
    if (config.smtpUrl) {
      this.smtp = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    } else {
      // The stream transport only composes the message; writing it is ours.
      this.outbox = nodemailer.createTransport({ streamTransport: true, buffer: true });
    }
  }

  /** 'smtp' when SMTP_URL is set, 'outbox' otherwise. */
  get mode(): 'smtp' | 'outbox' {
    return this.smtp ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const message: SendMailOptions = {
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === undefined ? {} : { html: mail.html }),
    };
    if (this.smtp) {
      const info = await this.smtp.sendMail(message);
      // The subject and message id trace a mail; the body may hold secrets, the address is personal.
      this.logger.log(`sent "${mail.subject}" (${info.messageId})`);
      return { messageId: info.messageId };
    }
    return this.writeToOutbox(mail, message);
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }

  private async writeToOutbox(mail: OutgoingMail, message: SendMailOptions): Promise<SentMail> {
    if (!this.outbox) throw new Error('the outbox transport is not set up');
    const info = await this.outbox.sendMail(message);
    if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport gave no buffer');
    const outboxFile = await writeToOutbox(this.config.outboxDir, mail.to, info.message);
    const note = mail.outboxLogNote === undefined ? '' : ` - ${mail.outboxLogNote}`;
    this.logger.log(`wrote "${mail.subject}" for ${mail.to} to ${outboxFile}${note}`);
    return { messageId: info.messageId, outboxFile };
  }
}
