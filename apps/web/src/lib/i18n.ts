import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-facing string lives in a catalogue per area: locales/<language>/<area>.json.
 * French is added by adding locales/fr/ with the same files.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(catalogues)) {
  const [, language, area] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)!;
  (resources[language!] ??= {})[area!] = module.default;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
