// The web's unit tests read messages as a user does: in English, once the catalogues are loaded.
import i18n, { ALL_NAMESPACES, i18nReady } from './lib/i18n.ts';

await i18nReady;
await i18n.loadNamespaces(ALL_NAMESPACES);
