/**
 * Creates an Admin from the command line: the first user of a database seeded without demo users
 * (SEED_DEMO=false). Values come from flags, else from prompts; the password from
 * CAIRN_ADMIN_PASSWORD, else typed twice in the terminal without echo.
 *
 *   npm run create-admin -- --email ada@example.ca --first-name Ada --last-name Lovelace
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { englishField, englishOf } from '@cairn/shared/wording';
import { newPasswordSchema } from '@cairn/shared/password';
import { ROLE } from '@cairn/shared/roles';
import { userCreateBodySchema } from '@cairn/shared/users.schemas';
import type { z } from 'zod';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { violatedConstraint } from '../db/db-errors.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findLiveUserByEmail, insertUser } from '../modules/auth/auth.repository.ts';
import { parseArgs } from 'node:util';
import { readOptions, runCommand, UsageError } from './command.ts';

const USAGE = `Usage: npm run create-admin -- [--email EMAIL] [--first-name NAME] [--last-name NAME]

Creates a Cairn Admin (no centre). Missing values are asked for. The password is read
without echo from the terminal, or from the environment variable CAIRN_ADMIN_PASSWORD.
The database is the one the server uses: DATABASE_URL, else the embedded one in DATA_DIR.`;

/** A mistake the user can fix: printed without a stack trace. */

/**
 * Reads answers line by line from a terminal or a pipe. Lines are queued as they arrive, since a
 * pipe delivers them all before the questions are asked. Echo can be switched off, so a typed
 * password does not appear on screen.
 */
function createPrompter() {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({
    input: process.stdin,
    output,
    terminal: Boolean(process.stdin.isTTY),
  });
  const lines: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (err: Error) => void }> = [];
  let ended: UsageError | null = null;
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next) next.resolve(line);
    else lines.push(line);
  });
  rl.on('SIGINT', () => {
    ended = new UsageError('Cancelled: no user was created.');
    rl.close();
  });
  rl.on('close', () => {
    ended ??= new UsageError('Input ended before every value was given: no user was created.');
    for (const w of waiting.splice(0)) w.reject(ended);
  });
  const nextLine = (): Promise<string> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  return {
    ask(question: string): Promise<string> {
      rl.setPrompt(question);
      rl.prompt();
      return nextLine();
    },
    async askHidden(question: string): Promise<string> {
      process.stdout.write(question);
      muted = true;
      try {
        return await nextLine();
      } finally {
        muted = false;
        process.stdout.write('\n');
      }
    },
    close: () => rl.close(),
  };
}
type Prompter = ReturnType<typeof createPrompter>;

function firstIssue(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : englishOf(result.error.issues[0]?.message);
}

/**
 * A value from its flag, checked; or asked for until it passes the check. A bad flag stops the
 * run: a script would otherwise wait for an answer nobody gives.
 */
async function obtain(
  label: string,
  given: string | undefined,
  schema: z.ZodType,
  prompt: () => Prompter,
): Promise<string> {
  if (given !== undefined) {
    const problem = firstIssue(schema, given);
    if (problem) throw new UsageError(`${label}: ${problem}`);
    return given.trim();
  }
  for (;;) {
    const answer = await prompt().ask(`${label}: `);
    const problem = firstIssue(schema, answer);
    if (!problem) return answer.trim();
    console.error(`  ${problem}`);
  }
}

async function obtainPassword(prompt: () => Prompter): Promise<string> {
  const fromEnv = process.env.CAIRN_ADMIN_PASSWORD;
  if (fromEnv !== undefined) {
    const problem = firstIssue(newPasswordSchema, fromEnv);
    if (problem) throw new UsageError(`CAIRN_ADMIN_PASSWORD: ${problem}`);
    return fromEnv;
  }
  console.log('Password: at least 8 characters, with an uppercase letter, a lowercase letter and a number.');
  for (;;) {
    const password = await prompt().askHidden('Password: ');
    const problem = firstIssue(newPasswordSchema, password);
    if (problem) {
      console.error(`  ${problem}`);
      continue;
    }
    if ((await prompt().askHidden('Repeat the password: ')) === password) return password;
    console.error(`  ${englishField({ code: 'password.match' })}`);
  }
}

async function main(): Promise<number> {
  const args = readOptions(
    () =>
      parseArgs({
        options: {
          email: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return 0;

  if (process.env.CAIRN_ADMIN_PASSWORD === undefined && !process.stdin.isTTY) {
    throw new UsageError('No terminal to type the password in: set CAIRN_ADMIN_PASSWORD.');
  }
  const config = loadConfig();
  let prompter: Prompter | undefined;
  const prompt = () => (prompter ??= createPrompter());
  let database: Database | undefined;
  try {
    database = await openConfiguredDatabase(config);
    await database.migrate();
    const { db } = database;
    const shape = userCreateBodySchema.shape;

    const email = await obtain('Email', args.email, shape.email, prompt);
    // Checked before asking for the rest, so nobody types a password for nothing.
    if (await findLiveUserByEmail(db, email))
      throw new UsageError(`A user with the email ${email} already exists.`);
    const firstName = await obtain('First name', args['first-name'], shape.first_name, prompt);
    const lastName = await obtain('Last name', args['last-name'], shape.last_name, prompt);
    const password = await obtainPassword(prompt);

    let userId: number;
    try {
      userId = await insertUser(db, {
        email,
        firstName,
        lastName,
        passwordHash: await hashPassword(password),
        roleId: ROLE.admin,
        centreId: null,
      });
    } catch (err) {
      // Someone took the address between the check and the insert (the unique index says so).
      if (violatedConstraint(err)?.constraint === 'users_email_live_uq')
        throw new UsageError(`A user with the email ${email} already exists.`);
      throw err;
    }
    const where = config.database.kind === 'postgres' ? 'the PostgreSQL database' : config.database.dataDir;
    console.log(`Created Admin ${firstName} ${lastName} <${email}> (user id ${userId}) in ${where}.`);
    console.log('They can now sign in with this email and password.');
    return 0;
  } finally {
    prompter?.close();
    await database?.close();
  }
}

runCommand(main, 'Could not create the Admin:');
