import { z } from 'zod';
import { message } from './messages.ts';
import { can, type NavigationCapability } from './roles.ts';
import { choiceOf, isoDate, requiredChoice } from './validators.ts';
import { nameSchemas } from './api-names.ts';

/**
 * The help centre's categories (spec §2 Help), as they appear in addresses
 * (/help/{helpCategory}/{helpPage}), in the order the home page shows them, each with the
 * navigation capability of spec §6 that opens it.
 */
export const HELP_CATEGORIES = [
  'getting-started',
  'client-management',
  'plan-management',
  'reporting',
  'admin',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_CATEGORY_CAPABILITY: Record<HelpCategory, NavigationCapability> = {
  'getting-started': 'help.gettingStarted',
  'client-management': 'help.clientManagement',
  'plan-management': 'help.planManagement',
  reporting: 'help.reporting',
  admin: 'help.admin',
};

/** The categories a role reads, in the home page's order: the rule the server applies to its lists. */
export function helpCategoriesOf(roleId: number | null | undefined): HelpCategory[] {
  return HELP_CATEGORIES.filter((category) => can(roleId, HELP_CATEGORY_CAPABILITY[category]));
}

export function isHelpCategory(value: string): value is HelpCategory {
  return (HELP_CATEGORIES as readonly string[]).includes(value);
}

/** An article's page name in its address: lowercase words joined by hyphens. */
export const HELP_PAGE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const HELP_SEARCH_MAX = 128;

export const helpListQuerySchema = z.object({ category: requiredChoice(HELP_CATEGORIES).optional() });

export const helpSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, message('required'))
    .max(HELP_SEARCH_MAX, message('maxLength', { max: HELP_SEARCH_MAX })),
});

/** Spec §3 Help page: title, link (its category and page) and updated date; the body comes apart. */
export const helpArticleSchema = z.object({
  category: choiceOf(HELP_CATEGORIES),
  page: z.string(),
  title: z.string(),
  updated: isoDate,
});
export type HelpArticle = z.output<typeof helpArticleSchema>;

export const helpArticleListSchema = z.object({ articles: z.array(helpArticleSchema) });

/** GET /help/articles/{category}/{page}: which article. */
export const helpArticleParamsSchema = z.object({
  category: requiredChoice(HELP_CATEGORIES),
  page: z.string().max(64).regex(HELP_PAGE_PATTERN, message('invalid')),
});

/** An article with its body: the sanitised HTML the build wrote (scripts/build-help.mjs). */
export const helpArticlePageSchema = helpArticleSchema.extend({ html: z.string() });
export type HelpArticlePage = z.output<typeof helpArticlePageSchema>;

/** A match: the article and the words around the first place the query occurs, the match apart. */
export const helpSearchHitSchema = helpArticleSchema.extend({
  excerpt: z.object({ before: z.string(), match: z.string(), after: z.string() }),
});
export type HelpSearchHit = z.output<typeof helpSearchHitSchema>;
export const helpSearchResultSchema = z.object({ articles: z.array(helpSearchHitSchema) });

/** Where users write for help: the help footer and the error page (SUPPORT_EMAIL). */
export const supportContactSchema = z.object({ support_email: z.string() });

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  HelpArticle: helpArticleSchema,
  HelpArticleList: helpArticleListSchema,
  HelpArticlePage: helpArticlePageSchema,
  HelpSearchHit: helpSearchHitSchema,
  HelpSearchResult: helpSearchResultSchema,
  SupportContact: supportContactSchema,
});
