/**
 * The pseudo-locale walk's scan for words that bypassed the catalogues (e2e/pseudo-locale.spec.ts):
 * plain Latin letters on a screen that are neither the catalogues' (accented) nor data.
 */

/**
 * The texts of one document (the page's, or its dashboard frame's) as it is now that did not come
 * through a catalogue (no pseudo-accents): runs in the browser, so it carries everything it needs.
 * What does not fit is checked by support/clipping.ts, as in the French journey.
 */
export function untranslatedIn({ data, allowed }: { data: string[]; allowed: string[] }): string[] {
  const LATIN = /[A-Za-z]/;
  const WORD = /[\p{L}\p{N}]/u;
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

  // Data: every string received, an HTML one (a help article) also as its texts; the session's.
  const pieces = new Set<string>();
  const addData = (value: string) => {
    const text = normal(value);
    if (!LATIN.test(text)) return;
    pieces.add(text);
    if (/<[a-z][^>]*>/i.test(value)) {
      const doc = new DOMParser().parseFromString(value, 'text/html');
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const piece = normal(node.nodeValue ?? '');
        if (LATIN.test(piece)) pieces.add(piece);
      }
    }
  };
  const addLeaves = (value: unknown) => {
    if (typeof value === 'string') addData(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(addLeaves);
  };
  data.forEach(addData);
  try {
    addLeaves(JSON.parse(localStorage.getItem('cairn.session') ?? 'null'));
  } catch {
    // No session (signed out).
  }
  const dataList = [...pieces].sort((a, b) => b.length - a.length);

  /** The text with every piece of data in it (whole words) taken out. */
  const withoutData = (text: string) => {
    let rest = text;
    for (const piece of dataList) {
      if (piece.length > rest.length) continue;
      let at = rest.indexOf(piece);
      while (at >= 0) {
        const before = rest[at - 1];
        const after = rest[at + piece.length];
        if ((!before || !WORD.test(before)) && (!after || !WORD.test(after))) {
          rest = `${rest.slice(0, at)} ${rest.slice(at + piece.length)}`;
          at = rest.indexOf(piece, at + 1);
        } else at = rest.indexOf(piece, at + 1);
      }
      if (!LATIN.test(rest)) break;
    }
    return rest;
  };
  /**
   * The text with data shortened on screen taken out: the words before a '...' or '…' that start
   * a piece of data ('Trades Readi...' of the group 'Trades Readiness Cohort').
   */
  const withoutShortened = (text: string) => {
    let rest = text;
    for (const cut of [...text.matchAll(/(?:\.\.\.|…)/g)].reverse()) {
      const before = rest.slice(0, cut.index);
      let longest = 0;
      for (const piece of dataList)
        for (let length = Math.min(piece.length, before.length); length > longest; length--)
          if (before.endsWith(piece.slice(0, length))) {
            const start = before.length - length;
            if (length >= 3 && (start === 0 || !WORD.test(before[start - 1]!))) longest = length;
            break;
          }
      if (longest) rest = `${before.slice(0, -longest)} ${rest.slice(cut.index! + cut[0].length)}`;
    }
    return rest;
  };
  const allowedWords = allowed.map((source) => new RegExp(source, 'g'));
  const bypassed = (raw: string) => {
    const text = normal(raw);
    if (!LATIN.test(text)) return false;
    let rest = withoutData(withoutShortened(text));
    for (const words of allowedWords) rest = rest.replace(words, ' ');
    return LATIN.test(rest);
  };

  const seen = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const tag = (element: Element) => `<${element.tagName.toLowerCase()}>`;
  const untranslated = new Map<string, string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template, textarea')) continue;
    // A chart's label wrapped over lines (<tspan>s) is read as the one text it is.
    const chartText = parent instanceof SVGElement ? parent.closest('text') : null;
    const lines = chartText ? [...chartText.querySelectorAll(':scope > tspan')] : [];
    const text = lines.length ? lines.map((line) => line.textContent).join(' ') : (node.nodeValue ?? '');
    if (!seen(parent) || !bypassed(text)) continue;
    untranslated.set(normal(text).slice(0, 120), tag(parent));
  }
  const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!seen(element)) continue;
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && bypassed(value)) untranslated.set(normal(value).slice(0, 120), `${tag(element)} ${name}`);
    }
  }
  if (window === window.top && bypassed(document.title)) untranslated.set(document.title, '<title>');

  return [...untranslated].map(([text, where]) => `not from a catalogue: "${text}" ${where}`);
}
