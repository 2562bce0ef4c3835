import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chosenLanguage, intlLocale, PSEUDO_LANGUAGE, pseudoChosen } from './language-choice.ts';

type Catalogue = { default: Record<string, unknown> };

/**
 * Every user-facing string lives in a catalogue per language and area: the web app's own,
 * locales/<language>/<area>.json, and the validation and API error messages it shares with the
 * server, packages/shared/src/locales/<language>/{validation,api-errors}.json. Each catalogue is a
 * chunk of its own, fetched only for the active language (and English, the fallback), and only
 * once a screen that speaks from it opens (issue 34: app/screen.ts). French is
 * added by adding the fr/ folders with the same files: nothing here names a language.
 */
const loaders = new Map<string, () => Promise<Catalogue>>();
for (const [path, load] of Object.entries({
  ...import.meta.glob<Catalogue>('../locales/*/*.json'),
  ...import.meta.glob<Catalogue>('../../../../packages/shared/src/locales/*/*.json'),
})) {
  const [, language, area] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)!;
  loaders.set(`${language}/${area}`, load);
}

const FALLBACK = 'en';
const catalogueKeys = [...loaders.keys()].map((key) => key.split('/') as [string, string]);
const languages = [...new Set(catalogueKeys.map(([language]) => language))];
/** Every catalogue there is (the web's unit tests load them all). */
export const ALL_NAMESPACES = catalogueKeys
  .filter(([language]) => language === FALLBACK)
  .map(([, area]) => area);

/**
 * The catalogues loaded at start, before the first screen: those of the modules the entry script
 * holds (the shell, the route guards, error and API messages). Each screen fetches its own with its
 * code (app/screen.ts); a house test (apps/server/test/house/screen-namespaces.test.ts) keeps
 * both lists true.
 */
export const STARTING_NAMESPACES = ['api-errors', 'common', 'dialogs', 'errors', 'validation'] as const;

/**
 * The language to start in: the one last shown in this browser (picked on the sign-in page, or
 * the signed-in user's, issue 34: lib/language.ts), else the first of the browser's languages
 * that has catalogues, else English.
 */
function preferredLanguage(): string {
  if (pseudoChosen()) return PSEUDO_LANGUAGE;
  const chosen = chosenLanguage();
  if (chosen && languages.includes(chosen)) return chosen;
  const wanted = typeof navigator === 'undefined' ? [] : navigator.languages;
  return (
    wanted.map((tag) => tag.split('-')[0]!.toLowerCase()).find((language) => languages.includes(language)) ??
    FALLBACK
  );
}

/**
 * Loads one catalogue when i18next asks for it; the pseudo-locale's is the English one made
 * pseudo (lib/pseudo-locale.ts, a chunk loaded only then).
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const pseudo = language === PSEUDO_LANGUAGE;
    const load = loaders.get(`${pseudo ? FALLBACK : language}/${namespace}`);
    if (!load) return callback(null, {});
    const made = pseudo
      ? Promise.all([load(), import('./pseudo-locale.ts')]).then(([catalogue, { pseudoCatalogue }]) =>
          pseudoCatalogue(catalogue.default),
        )
      : load().then((catalogue) => catalogue.default);
    made.then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, null),
    );
  },
};

// The page says which language it is in (index.html starts as English): fr-CA, en-CA (the
// pseudo-locale's too).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) =>
    document.documentElement.setAttribute('lang', intlLocale(language)),
  );
}

/** Settled once the active language's catalogues are loaded: the app renders after it. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: preferredLanguage(),
    supportedLngs: [...languages, PSEUDO_LANGUAGE],
    fallbackLng: FALLBACK,
    defaultNS: 'common',
    // A copy: i18next adds every catalogue loaded later to its own list.
    ns: [...STARTING_NAMESPACES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export default i18n;
