import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoCatalogue, pseudoText } from './pseudo-locale.ts';

/** What i18next reads in a text and the pseudo-locale must keep: variables, nesting, tags. */
const kept = (text: string) => text.match(/\{\{[^{}]*\}\}|\$t\([^)]*\)|<\/?[\w-]+\/?>/g) ?? [];
/** The words a reader sees, kept parts and markers left out. */
const shown = (text: string) => text.replace(/\{\{[^{}]*\}\}|\$t\([^)]*\)|<\/?[\w-]+\/?>|[⟦⟧]/g, '');

describe('the pseudo-locale', () => {
  it('accents every letter, marks the text and makes it at least 40 % longer', () => {
    const text = pseudoText('Save the plan');
    expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(shown(text).length).toBeGreaterThanOrEqual(Math.ceil('Save the plan'.length * 1.4));
    // Read back as English: the accents taken off and the doubled vowels made single again.
    const plain = shown(text)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/(\p{L})\1/gu, '$1');
    expect(plain).toBe('Save the plan');
  });

  it('grows the words, not their number, and pads a short text with signs at its end', () => {
    expect(shown(pseudoText('Save the plan')).split(' ')).toHaveLength(3);
    expect(pseudoText('OK?')).toBe('⟦ÓÓĶĶ?⟧');
    const text = pseudoText('No. 1–10');
    expect(text).toBe('⟦ÑÑóó. 1–10··⟧');
    expect(shown(text).length).toBeGreaterThanOrEqual(Math.ceil('No. 1–10'.length * 1.4));
  });

  it('keeps {{interpolations}}, $t() nesting, <tags> and entities as written', () => {
    const source = 'Hello {{name}}, see <mail>{{ email }}</mail> and $t(common:save) &amp; {{count, number}}';
    const text = pseudoText(source);
    expect(kept(text)).toEqual(kept(source));
    expect(text).toContain('&amp;');
    expect(text).toContain('{{count, number}}');
    expect(text).not.toContain('Hello');
  });

  it('leaves an empty text empty, and a text without letters unpadded', () => {
    expect(pseudoText('')).toBe('');
    expect(pseudoText('{{count}} / {{total}}')).toBe(`${PSEUDO_OPEN}{{count}} / {{total}}${PSEUDO_CLOSE}`);
  });

  it('keeps a catalogue’s keys, plural and context suffixes included, and its lists', () => {
    const catalogue = {
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      nested: { role_male: 'He', list: ['One', 'Two'] },
    };
    const pseudo = pseudoCatalogue(catalogue);
    expect(Object.keys(pseudo)).toEqual(Object.keys(catalogue));
    expect(Object.keys(pseudo.nested)).toEqual(['role_male', 'list']);
    expect(pseudo.nested.list).toEqual([pseudoText('One'), pseudoText('Two')]);
    expect(pseudo.items_other).toBe(pseudoText('{{count}} items'));
    // The English catalogue itself is left as it is: English screens share it.
    expect(catalogue.items_one).toBe('{{count}} item');
  });

  it('reads through i18next: plurals chosen, variables filled, nesting followed', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en-XA',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources: {
        'en-XA': {
          common: pseudoCatalogue({
            save: 'Save',
            items_one: '{{count}} item',
            items_other: '{{count}} items',
            greeting: 'Hello {{name}}: $t(save)',
          }),
        },
      },
      defaultNS: 'common',
    });
    const one = i18n.t('items', { count: 1 });
    const many = i18n.t('items', { count: 5 });
    expect(one).toMatch(/^⟦1 [^A-Za-z]+⟧$/);
    expect(many).toMatch(/^⟦5 [^A-Za-z]+⟧$/);
    expect(many).not.toBe(one.replace('1', '5'));
    const greeting = i18n.t('greeting', { name: 'Jordan' });
    expect(greeting).toContain('Jordan');
    expect(greeting).toContain(i18n.t('save'));
    expect(greeting.replace('Jordan', '')).not.toMatch(/[A-Za-z]/);
  });

  it('turns every English catalogue without losing what i18next reads in it', () => {
    const catalogues = {
      ...import.meta.glob<unknown>('../locales/en/*.json', { eager: true, import: 'default' }),
      ...import.meta.glob<unknown>('../../../../packages/shared/src/locales/en/*.json', {
        eager: true,
        import: 'default',
      }),
    };
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : [];
    let count = 0;
    for (const [file, english] of Object.entries(catalogues)) {
      const before = texts(english);
      const after = texts(pseudoCatalogue(english));
      expect(after).toHaveLength(before.length);
      before.forEach((text, i) => {
        expect(kept(after[i]!), `${file}: ${text}`).toEqual(kept(text));
        expect(shown(after[i]!), `${file}: ${text}`).not.toMatch(/[A-Za-z]/);
      });
      count += before.length;
    }
    expect(Object.keys(catalogues).length).toBeGreaterThan(20);
    expect(count).toBeGreaterThan(500);
  });
});
