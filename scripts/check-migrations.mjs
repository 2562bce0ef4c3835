// CI: a committed migration is never edited (ARCHITECTURE.md, house style). Fails when any SQL
// migration or snapshot under the migrations folder was modified, renamed or deleted by any commit
// after the one that added it, or when an entry of the migrations journal changed: the journal may
// only grow. History is read from git, so the check needs a full clone. Main's own history is what
// counts (first parents): a branch may renumber a migration of its own before it is merged, and a
// merge that edits one of main's is seen in the merge's change to its first parent.
import { execFileSync } from 'node:child_process';

const DIR = 'apps/server/src/db/migrations';
const JOURNAL = `${DIR}/meta/_journal.json`;

/**
 * Edits made before this check existed. 0009 was rewritten after it landed; migration 0010 brings a
 * database migrated with its first version to the state of the second. Nothing may join this list.
 */
const PAST_EDITS = new Set([
  `add67b1d0acbf55b98738f37b06954887ffa2d41 ${DIR}/0009_plan-status-triggers.sql`,
  `add67b1d0acbf55b98738f37b06954887ffa2d41 ${DIR}/meta/0009_snapshot.json`,
]);

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
  console.warn('check-migrations: shallow clone, history unavailable; migrations not checked.');
  process.exit(0);
}

const problems = [];
let commit = '';
for (const line of git(
  'log',
  '--first-parent',
  '-m',
  '--format=@%H',
  '--name-status',
  '--diff-filter=MDRT',
  '--',
  DIR,
).split('\n')) {
  if (line.startsWith('@')) commit = line.slice(1);
  else if (line.trim()) {
    const [status, ...paths] = line.split('\t');
    const file = paths[0];
    if (file === JOURNAL && status === 'M') continue; // checked entry by entry below
    if (!PAST_EDITS.has(`${commit} ${file}`))
      problems.push(`${commit.slice(0, 10)} ${status} ${paths.join(' -> ')}`);
  }
}

const entriesAt = (rev) => JSON.parse(git('show', `${rev}:${JOURNAL}`)).entries;
const current = entriesAt('HEAD');
for (const rev of git('log', '--first-parent', '--format=%H', '--', JOURNAL).split('\n').filter(Boolean)) {
  for (const entry of entriesAt(rev)) {
    if (JSON.stringify(current[entry.idx]) !== JSON.stringify(entry)) {
      problems.push(`journal entry ${entry.idx} (${entry.tag}) differs from the one in ${rev.slice(0, 10)}`);
    }
  }
}

if (problems.length) {
  console.error('A committed migration was changed. Add a new migration instead:');
  for (const p of [...new Set(problems)]) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-migrations: ${current.length} migrations, none changed since committed.`);
