import { isoWeekMonday, todayIso } from '@cairn/shared/dates';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myWorkDigests } from '../../src/db/schema/my-work.ts';
import { createMailer, type Mailer } from '../../src/lib/mailer.ts';
import { sendWeeklyDigests } from '../../src/modules/my-work/my-work-digest.service.ts';
import { workerCalls } from '../helpers/my-work.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { userCalls } from '../helpers/users.ts';

/**
 * My work's weekly email (issue 32): off by default, sent to those who turned it on, once per
 * ISO week across schedulers (two at once on one database), again the next week, and given back
 * when the mail server refuses it.
 */
let t: TestApp;
const users = userCalls(() => t);
let worker: { id: number; email: string; token: string };
const w = workerCalls(
  () => t,
  () => worker.token,
);
const DAY = 86_400_000;
const silent = pino({ level: 'silent' });
const mailers: Mailer[] = [];

/** A scheduler as a server process runs it: its own mailer, the app's database, config and clock. */
function scheduler(mailer: Mailer = createMailer(t.config.smtp, silent)) {
  mailers.push(mailer);
  return () =>
    sendWeeklyDigests({ db: t.db, config: t.config, mailer, now: () => new Date(Date.now() + offset) });
}
let offset = 0;

/** The weekly emails `email` received (the invitation aside). */
const mailsTo = (email: string) =>
  t.mailbox.messages.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.raw.includes('Your week in Cairn'),
  );

beforeAll(async () => {
  t = await createTestApp();
  const { id, user } = await users.createUser();
  worker = { id, email: user.email as string, token: await t.tokenForId(id) };
  await w.client({ first_name: 'Secret', highest_education: null });
});
afterAll(async () => {
  for (const m of mailers) m.close();
  await t.close();
});

describe('the weekly email', () => {
  it('goes to nobody who did not turn it on', async () => {
    expect(await scheduler()()).toBe(0);
    expect(mailsTo(worker.email)).toHaveLength(0);
  });

  it('is sent once in a week by two schedulers running together, with the counts and no names', async () => {
    const on = await t.call('PUT', `/api/users/${worker.id}`, {
      token: worker.token,
      body: { digest: true },
    });
    expect(on.status).toBe(200);
    const [a, b] = await Promise.all([scheduler()(), scheduler()()]);
    expect(a + b).toBe(1);
    expect(mailsTo(worker.email)).toHaveLength(1);
    const mail = mailsTo(worker.email)[0]!.raw;
    expect(mail).toContain('Your clients missing information: 1');
    expect(mail).toContain('http://cairn.test/my-work');
    expect(mail).not.toContain('Secret');
    // Later runs of the same week send nothing.
    expect(await scheduler()()).toBe(0);
    const claims = await t.db.select().from(myWorkDigests).where(eq(myWorkDigests.userId, worker.id));
    expect(claims.map((c) => c.week)).toEqual([isoWeekMonday(todayIso())]);
  });

  it('is sent again the next week (the clock), once', async () => {
    offset = 7 * DAY;
    try {
      const [a, b] = await Promise.all([scheduler()(), scheduler()()]);
      expect(a + b).toBe(1);
      expect(mailsTo(worker.email)).toHaveLength(2);
    } finally {
      offset = 0;
    }
    // The past week's claim is removed once the next is made.
    const claims = await t.db.select().from(myWorkDigests).where(eq(myWorkDigests.userId, worker.id));
    expect(claims).toHaveLength(1);
  });

  it('gives the week back when the mail cannot be sent, so the next run sends it', async () => {
    offset = 14 * DAY;
    try {
      const refusing: Mailer = {
        send: () => Promise.reject(new Error('SMTP down')),
        close() {},
      };
      expect(await scheduler(refusing)()).toBe(0);
      expect(mailsTo(worker.email)).toHaveLength(2);
      expect(await scheduler()()).toBe(1);
      expect(mailsTo(worker.email)).toHaveLength(3);
    } finally {
      offset = 0;
    }
  });

  it('stops once turned off', async () => {
    await t.call('PUT', `/api/users/${worker.id}`, { token: worker.token, body: { digest: false } });
    offset = 21 * DAY;
    try {
      expect(await scheduler()()).toBe(0);
    } finally {
      offset = 0;
    }
  });

  it("is written in its recipient's language", async () => {
    const french = await t.call('PUT', `/api/users/${worker.id}`, {
      token: worker.token,
      body: { digest: true, locale: 'fr' },
    });
    expect(french.status).toBe(200);
    offset = 35 * DAY;
    const skip = t.mailbox.messages.length;
    try {
      expect(await scheduler()()).toBe(1);
    } finally {
      offset = 0;
      await t.call('PUT', `/api/users/${worker.id}`, {
        token: worker.token,
        body: { digest: false, locale: 'en' },
      });
    }
    const mail = (await t.mailbox.arrived(worker.email, skip)).raw;
    expect(mail).toContain('Bonjour');
    expect(mail).toContain('http://cairn.test/my-work');
    expect(mail).not.toContain('Your week in Cairn');
    expect(mail).not.toContain('Secret');
  });
});
