import type { HelpCategory } from '@cairn/shared/help.schemas';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, ok } from '../../../lib/api-client.ts';

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
 * An article's body: the sanitised HTML the build wrote, a static file (spec §7), not an API
 * answer. A missing file is a 404 like any other, so the not-found page shows.
 */
export function useHelpArticleBody(category: HelpCategory, page: string) {
  return useQuery({
    queryKey: helpKeys.body(category, page),
    queryFn: async ({ signal }) => {
      const url = `/help/${category}/${page}.html`;
      const res = await fetch(url, { signal, headers: { Accept: 'text/html' } });
      const body = res.ok ? await res.text() : '';
      // An article is a fragment: a whole page (the dev server's answer for a missing file) is none.
      if (!res.ok || /^\s*<!doctype/i.test(body)) {
        throw new ApiError(res.ok ? 404 : res.status, 'route_not_found', res.statusText, 'GET', url);
      }
      return body;
    },
    ...KEPT,
  });
}
