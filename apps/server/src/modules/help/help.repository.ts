import fs from 'node:fs';
import { HELP_CATEGORIES } from '@cairn/shared/help.schemas';
import { LOCALES, type Locale } from '@cairn/shared/locales';
import { z } from 'zod';

/** An article as the help build indexes it (scripts/build-help.mjs): its answer, plain text and HTML. */
const indexedArticleSchema = z.object({
  /** The article's language (issue 34): every page is written in each. */
  locale: z.enum(LOCALES),
  category: z.enum(HELP_CATEGORIES),
  page: z.string(),
  title: z.string(),
  updated: z.string(),
  text: z.string(),
  html: z.string(),
});
export type IndexedArticle = z.infer<typeof indexedArticleSchema>;

const indexSchema = z.object({ articles: z.array(indexedArticleSchema) });

/**
 * The help articles, read once at start from the index the build writes (not from the Markdown,
 * and not per request). No index (the help was never built) is no articles: `warn` says so.
 */
export function loadHelpIndex(file: string, warn: (message: string) => void): IndexedArticle[] {
  if (!fs.existsSync(file)) {
    warn(`No help index at ${file}: run the build (npm run build) to build the help centre.`);
    return [];
  }
  return indexSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).articles;
}

/** The index's articles of each language. */
export function articlesByLocale(index: readonly IndexedArticle[]): Record<Locale, IndexedArticle[]> {
  return Object.fromEntries(LOCALES.map((l) => [l, index.filter((a) => a.locale === l)])) as Record<
    Locale,
    IndexedArticle[]
  >;
}
