import type { Logger } from 'pino';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. Without SMTP_HOST (demo runs only: production requires it) mail is
 * not sent and only its recipient and subject are logged, never its body, which holds links.
 */
export function createMailer(smtp: Config['smtp'], log: Logger): Mailer {
  if (!smtp.host) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, 'SMTP_HOST is not set: email not sent');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
