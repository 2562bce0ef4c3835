import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint that keeps every word a screen shows in the catalogues (issue 34; eslint.config.js:
 * eslint-plugin-i18next's no-literal-string on the web's JSX, and the toast selectors) still
 * fires, and lets pass what is not a word: the repository's own ESLint configuration lints
 * snippets as if they stood in real files (their text replaced, never written).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });
const SCREEN = 'apps/web/src/features/users/components/user-status-badge.tsx';
const MUTATIONS = 'apps/web/src/features/users/api/user-mutations.ts';

/** The literal-string problems ESLint finds in `code`, linted as `file`: each line and its rule. */
async function literalProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal.map((m) => m.message)).toEqual([]);
  return result!.messages
    .filter((m) => m.ruleId === 'i18next/no-literal-string' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line} ${m.ruleId}`);
}

const screen = (jsx: string) => `import { Button, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
export function Demo({ ok, n }: { ok: boolean; n: number }) {
  const { t } = useTranslation('users');
  return (
    <div className="demo" data-testid="demo">
${jsx}
    </div>
  );
}
`;
const LINE = 7; // the first line of `jsx` in screen()

describe('lint: no words written into the screens', () => {
  it('refuses text in JSX, in an expression shown and in a template shown', async () => {
    const problems = await literalProblems(
      SCREEN,
      screen(
        [
          '      <Text>Hello world</Text>',
          "      <Text>{ok ? 'Yes' : t('no')}</Text>",
          '      <Text>{`${n} clients`}</Text>',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      `${LINE} i18next/no-literal-string`,
      `${LINE + 1} i18next/no-literal-string`,
      `${LINE + 2} i18next/no-literal-string`,
    ]);
  });

  it('refuses text in the attributes a user reads or hears', async () => {
    const attributes = [
      'aria-label="Close"',
      'title="Tip"',
      'placeholder="Type a name"',
      'label="Name"',
      'description="Some help"',
      'error="Wrong"',
      'nothingFoundMessage="Nothing"',
      'confirmLabel="Go"',
    ];
    const problems = await literalProblems(
      SCREEN,
      screen(attributes.map((a) => `      <TextInput ${a} />`).join('\n')),
    );
    expect(problems).toEqual(attributes.map((_, i) => `${LINE + i} i18next/no-literal-string`));
    expect(await literalProblems(SCREEN, screen('      <img alt="Logo" src="/logo.png" />'))).toEqual([
      `${LINE} i18next/no-literal-string`,
    ]);
  });

  it('lets pass what is not a word: symbols, classes, ids, variants, keys, paths', async () => {
    const problems = await literalProblems(
      SCREEN,
      screen(
        [
          '      <Text span c="dimmed" size="sm" id="count" data-testid={`row-${n}`}>{n} · {\'—\'} %</Text>',
          '      <Button variant="default" component="a" href="/users" aria-hidden>{t(`status.${n}`)}</Button>',
          "      {(['active', 'inactive'] as const).map((k) => <Text key={k}>{t(`status.${k}`)}</Text>)}",
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('refuses text written into a toast, in a screen or a mutation', async () => {
    const code = `import { notifications } from '@mantine/notifications';
import { notify } from '../../../lib/notify.ts';
import i18n from '../../../lib/i18n.ts';
export function toasts(ok: boolean, n: number) {
  notify.success('Saved');
  notify.error(ok ? 'Failed' : null);
  notify.info(\`\${n} rows\`);
  notifications.show({ color: 'red', message: 'Raw' });
  notify.success(i18n.t('users:toasts.created'));
  notify.warning(String(n));
}
`;
    expect(await literalProblems(MUTATIONS, code)).toEqual([
      '5 no-restricted-syntax',
      '6 no-restricted-syntax',
      '7 no-restricted-syntax',
      '8 no-restricted-syntax',
    ]);
  });
}, 120_000);
