import type { HelpCategory } from '@cairn/shared/help.schemas';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

export const helpKeys = {
  all: ['help'] as const,
  articles: (category?: HelpCategory) => [...helpKeys.all, 'articles', category ?? 'all'] as const,
  search: (q: string) => [...helpKeys.all, 'search', q] as const,
  body: (category: HelpCategory, page: string) => [...helpKeys.all, 'body', category, page] as const,
};

// Articles change only with a new build of Cairn: kept for the session once read.
const KEPT = { staleTime: Infinity } as const;

/** GET /help/articles: the role's articles, or one category's (the server applies spec §6). */
export function useHelpArticles(category?: HelpCategory) {
  return useQuery({
    queryKey: helpKeys.articles(category),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/help/articles', { params: { query: category ? { category } : {} }, signal })),
    ...KEPT,
  });
}

/** GET /help/search: the role's articles whose title or body holds `q`, ignoring case (spec §5). */
export function useHelpSearch(q: string) {
  return useQuery({
    queryKey: helpKeys.search(q),
    queryFn: ({ signal }) => ok(api.GET('/api/help/search', { params: { query: { q } }, signal })),
    enabled: q.length > 0,
    ...KEPT,
  });
}

/**
 * An article's body: the sanitised HTML the build wrote, answered by the API to the roles that read
 * its category (issue 27), with the bearer token like any call. A missing article is a 404 and another
 * role's a 403, so the not-found or no-access page shows.
 */
export function useHelpArticleBody(category: HelpCategory, page: string) {
  return useQuery({
    queryKey: helpKeys.body(category, page),
    queryFn: async ({ signal }) => {
      const article = await ok(
        api.GET('/api/help/articles/{category}/{page}', { params: { path: { category, page } }, signal }),
      );
      return article.html;
    },
    ...KEPT,
  });
}
