import { FIRST_LOCALE, isLocale } from '@cairn/shared/locales';
import { wordsIn } from '@cairn/shared/wording';
import { isoWeekMonday, todayIso } from '@cairn/shared/dates';
import type { MyWork } from '@cairn/shared/my-work.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Mail } from '../../lib/mailer.ts';
import { DIGEST_ROLES, workOfUser } from '../access/my-work.policy.ts';
import * as repo from './my-work-digest.repository.ts';
import { myWork } from './my-work.service.ts';

type Deps = Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>;

/** The address of a screen of the web app. */
const screenUrl = (deps: Deps, path: string) =>
  `${deps.config.appUrl ?? `http://localhost:${deps.config.port}`}${path}`;

/**
 * The weekly email, in its recipient's language: My work's counts, never a client's name (an email
 * leaves Cairn's protection), and the link to the page.
 */
export function digestMail(deps: Deps, to: repo.DigestRecipient, work: MyWork, week: string): Mail {
  const f = work.follow_ups;
  const waiting = f.total + work.missing_info.total + work.gone_quiet.total + work.unassigned.total;
  const mail = wordsIn(isLocale(to.locale) ? to.locale : FIRST_LOCALE).mail;
  const lines = [
    mail('digest.greeting', { name: to.first_name }),
    '',
    mail('digest.intro', { week }),
    '',
    `- ${mail('digest.followUps', { total: f.total, overdue: f.overdue })}`,
    `- ${mail('digest.missingInfo', { total: work.missing_info.total })}`,
    `- ${mail('digest.goneQuiet', { total: work.gone_quiet.total, days: work.gone_quiet_days })}`,
    `- ${mail('digest.unassigned', { total: work.unassigned.total })}`,
    '',
    mail('digest.open', { url: screenUrl(deps, '/my-work') }),
    '',
    mail('digest.why', { account: screenUrl(deps, `/user/${to.user_id}`) }),
  ];
  return { to: to.email, subject: mail('digest.subject', { waiting }), text: `${lines.join('\n')}\n` };
}

/**
 * Sends this ISO week's email to every user who turned it on and has a caseload, once per user
 * and week whatever the runs and processes: each email is claimed in `my_work_digests` first
 * (its key is the user and the week's Monday), and a send that fails gives its claim back.
 * Answers how many were sent.
 */
export async function sendWeeklyDigests(deps: Deps, log?: FastifyBaseLogger): Promise<number> {
  const week = isoWeekMonday(todayIso(deps.now()));
  let sent = 0;
  for (const to of await repo.digestRecipients(deps.db, DIGEST_ROLES)) {
    if (!(await repo.claimDigest(deps.db, to.user_id, week))) continue;
    try {
      const work = await myWork(deps, deps.db, workOfUser(to.user_id, to.centre_id));
      await deps.mailer.send(digestMail(deps, to, work, week));
      sent++;
    } catch (err) {
      await repo.releaseDigest(deps.db, to.user_id, week);
      log?.error({ err, userId: to.user_id }, 'weekly My work email not sent');
    }
  }
  await repo.dropDigestsBefore(deps.db, week);
  return sent;
}
