import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in this process: the app sends through nodemailer, tests read what arrived. */
export async function startMailbox() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          // Quoted-printable soft line breaks would split links; join them back.
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    /** The last message sent to `address`. */
    lastTo(address: string) {
      return [...messages].reverse().find((m) => m.to.includes(address.toLowerCase()));
    },
    /** The first message to `address` after the first `skip` messages, once it has arrived. */
    arrived(address: string, skip: number): Promise<ReceivedMail> {
      return vi.waitFor(
        () => {
          const mail = messages.slice(skip).find((m) => m.to.includes(address));
          if (!mail) throw new Error(`no mail to ${address} yet`);
          return mail;
        },
        { timeout: 5000, interval: 20 },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
