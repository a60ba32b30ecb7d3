import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  recipients: string[];
  raw: Buffer;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Every message received so far for one address. */
  mailsTo(address: string): ReceivedMail[];
  /** Holds each incoming message at the end of DATA until {@link release} (a slow server). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process that accepts every message and keeps it in memory. Plain
 * text on loopback: STARTTLS and AUTH are turned off so nodemailer sends without either.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let held: (() => void)[] | undefined;

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const accept = () => {
          received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            raw: Buffer.concat(chunks),
          });
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address) =>
      received.filter((mail) => mail.recipients.includes(address.toLowerCase())),
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const accept of waiting) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
