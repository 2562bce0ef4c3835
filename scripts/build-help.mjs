// Builds the help centre (spec §2 Help, §7): every article of docs/help/<category>/<page>.md, and
// its French of docs/help-fr/<category>/<page>.md (issue 34), becomes sanitised HTML, kept with its title, updated date and plain text in
// apps/server/generated/help-articles.json, which the server reads once at start for its lists, its
// search and the article answer (GET /api/help/articles/{category}/{page}, for the roles that read
// that category: issue 27). No page is a static file: nothing is written where the web build copies
// it (apps/web/public), so the Admin pages cannot be fetched by anyone else. Run it with `node --import tsx` (it imports the shared TypeScript). Nothing it writes is
// committed; the output depends only on the sources.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { HELP_CATEGORIES, HELP_PAGE_PATTERN } from '../packages/shared/src/help.schemas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each language's articles (issue 34): the same categories and pages in each. */
const SOURCE_DIRS = { en: path.join(root, 'docs/help'), fr: path.join(root, 'docs/help-fr') };
/** Where pages were written as static files before issue 27: removed, so no build copies them. */
const OLD_PAGES_DIR = path.join(root, 'apps/web/public/help');
/** The index the server reads at start (apps/server/src/config.ts, builtFiles.helpIndex). */
const INDEX_FILE = path.join(root, 'apps/server/generated/help-articles.json');

/** Front matter: `title:` and `updated:` (YYYY-MM-DD) between two `---` lines. */
function parse(file, source) {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${file}: starts with front matter (title, updated)`);
  const meta = Object.fromEntries(
    match[1].split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  if (!meta.title) throw new Error(`${file}: front matter needs a title`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(meta.updated ?? '')) throw new Error(`${file}: updated is YYYY-MM-DD`);
  return { title: meta.title, updated: meta.updated, markdown: match[2] };
}

const SANITIZE = {
  allowedTags: sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'h1'),
  allowedAttributes: { a: ['href', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
};

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
/** The words a reader sees, for search: tags dropped, blocks apart, entities read back. */
function plainText(html) {
  const spaced = html.replace(/<\/(p|li|h\d|td|th|pre|blockquote)>|<br\s*\/?>/g, ' ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

const articles = [];
await rm(OLD_PAGES_DIR, { recursive: true, force: true });
for (const [locale, sourceDir] of Object.entries(SOURCE_DIRS)) {
  for (const category of HELP_CATEGORIES) {
    const dir = path.join(sourceDir, category);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
    for (const file of files) {
      const page = file.slice(0, -3);
      const name = `${path.relative(root, dir)}/${file}`;
      if (!HELP_PAGE_PATTERN.test(page)) throw new Error(`${name}: name it in lowercase-hyphen-words`);
      const { title, updated, markdown } = parse(name, await readFile(path.join(dir, file), 'utf8'));
      const html = sanitizeHtml(await marked.parse(markdown, { gfm: true }), SANITIZE);
      articles.push({ locale, category, page, title, updated, text: plainText(html), html });
    }
  }
}
// Every language has every page: a page missing in one would leave its readers without it.
const pagesOf = (locale) =>
  articles
    .filter((a) => a.locale === locale)
    .map((a) => `${a.category}/${a.page}`)
    .sort()
    .join(' ');
for (const locale of Object.keys(SOURCE_DIRS)) {
  if (pagesOf(locale) !== pagesOf('en'))
    throw new Error(`docs/help and ${SOURCE_DIRS[locale]} hold different pages`);
}
await mkdir(path.dirname(INDEX_FILE), { recursive: true });
await writeFile(INDEX_FILE, `${JSON.stringify({ articles }, null, 1)}\n`);
