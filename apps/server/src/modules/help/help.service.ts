import {
  HELP_CATEGORIES,
  type HelpArticle,
  type HelpArticlePage,
  type HelpCategory,
  type HelpSearchHit,
} from '@cairn/shared/help.schemas';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { readableHelpCategories, requireHelpCategory } from '../access/help.policy.ts';
import type { IndexedArticle } from './help.repository.ts';

const answer = ({ category, page, title, updated }: IndexedArticle): HelpArticle => ({
  category,
  page,
  title,
  updated,
});
const order = (a: IndexedArticle, b: IndexedArticle) =>
  HELP_CATEGORIES.indexOf(a.category) - HELP_CATEGORIES.indexOf(b.category) || a.title.localeCompare(b.title);

/** The articles a role reads (spec §6): its categories' only. */
function readable(index: readonly IndexedArticle[], actor: Actor): IndexedArticle[] {
  const categories = readableHelpCategories(actor);
  return index.filter((a) => categories.includes(a.category)).sort(order);
}

/** A category's articles, or every one the role reads; 403 for a category of another role's. */
export function listArticles(index: readonly IndexedArticle[], actor: Actor, category?: HelpCategory) {
  if (category) requireHelpCategory(actor, category);
  const articles = readable(index, actor).filter((a) => !category || a.category === category);
  return { articles: articles.map(answer) };
}

/** One article with its HTML, for a role that reads its category (403 otherwise); 404 when none. */
export function readArticle(
  index: readonly IndexedArticle[],
  actor: Actor,
  category: HelpCategory,
  page: string,
): HelpArticlePage {
  requireHelpCategory(actor, category);
  const article = index.find((a) => a.category === category && a.page === page);
  if (!article) throw notFound();
  return { ...answer(article), html: article.html };
}

const BEFORE = 70;
const AFTER = 130;

/** The words around `at` (the match apart), cut at spaces, with an ellipsis where text was left out. */
export function excerptOf(text: string, at: number, length: number): HelpSearchHit['excerpt'] {
  if (at < 0) {
    const cut =
      text.length > AFTER + BEFORE ? `${text.slice(0, text.lastIndexOf(' ', AFTER + BEFORE))}…` : text;
    return { before: '', match: '', after: cut };
  }
  let start = Math.max(0, at - BEFORE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, at + length + AFTER);
  if (end < text.length) end = text.lastIndexOf(' ', end) > at + length ? text.lastIndexOf(' ', end) : end;
  return {
    before: `${start > 0 ? '…' : ''}${text.slice(start, at)}`,
    match: text.slice(at, at + length),
    after: `${text.slice(at + length, end)}${end < text.length ? '…' : ''}`,
  };
}

/**
 * Spec §5: the role's articles whose title or body holds the query, ignoring case; those whose
 * title holds it first. Each with the words around the first place the body holds it.
 */
export function searchArticles(index: readonly IndexedArticle[], actor: Actor, query: string) {
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  const hits: Array<{ hit: HelpSearchHit; inTitle: boolean }> = [];
  for (const article of readable(index, actor)) {
    const inTitle = pattern.test(article.title);
    const found = pattern.exec(article.text);
    if (!inTitle && !found) continue;
    const excerpt = excerptOf(article.text, found ? found.index : -1, found ? found[0].length : 0);
    hits.push({ hit: { ...answer(article), excerpt }, inTitle });
  }
  return {
    articles: [...hits.filter((h) => h.inTitle), ...hits.filter((h) => !h.inTitle)].map((h) => h.hit),
  };
}
