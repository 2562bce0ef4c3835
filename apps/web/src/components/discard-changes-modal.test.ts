import { describe, expect, it } from 'vitest';
import dialogs from '../locales/en/dialogs.json';

type Catalogue = Record<string, unknown>;
const catalogues = import.meta.glob<Catalogue>('../locales/en/*.json', { eager: true, import: 'default' });

/** Every leave or discard question of the English catalogues: its key and its title and message. */
function questions(): { key: string; title: string; message: string }[] {
  const found: { key: string; title: string; message: string }[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    const entry = node as Record<string, unknown>;
    const name = path.at(-1);
    if ((name === 'leave' || name === 'discard') && typeof entry.message === 'string') {
      found.push({ key: path.join('.'), title: String(entry.title), message: entry.message });
    }
    for (const [key, value] of Object.entries(entry)) walk(value, [...path, key]);
  };
  for (const [file, catalogue] of Object.entries(catalogues)) walk(catalogue, [file.split('/').pop()!]);
  return found;
}

describe('the leave and discard questions', () => {
  it('are answered by the buttons of spec §2', () => {
    expect(dialogs.leave).toEqual({ stay: 'No, Continue', leave: 'Yes, Cancel' });
  });

  it('each ask first whether to cancel, a question those buttons answer', () => {
    const found = questions();
    expect(found.map((q) => q.key)).toContain('dialogs.json.discard');
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const { key, message } of found) {
      const question = message.split('?')[0] + '?';
      expect(question, key).toMatch(
        /^(Do you want to cancel|Are you sure you wish to cancel the new \w+)\?$/,
      );
      expect(message, key).not.toMatch(/anyway/i);
    }
  });

  it('word a dropped edit alike everywhere: "Do you want to cancel?", then what was not saved', () => {
    const edits = questions().filter((q) => !q.title.startsWith('Cancel New'));
    expect(edits.length).toBeGreaterThanOrEqual(5);
    for (const { key, message } of edits) {
      expect(message, key).toMatch(/^Do you want to cancel\? Your .+ not been saved\.$/);
    }
  });
});
