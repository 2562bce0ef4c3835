// The notice the intake's consent step links to (/documents/collection_notice.pdf, and
// /documents/fr/collection_notice.pdf in French): its words are the catalogue's `notice`
// (packages/shared/src/locales/<locale>/pdf-documents.json), in this order.

/** A document is a title and blocks: h (heading), p (paragraph) or ul (a list of items). */
export function collectionNotice(words) {
  const t = (key) => words.t(`notice.${key}`);
  const list = (section, items) => ({ ul: items.map((item) => t(`${section}.${item}`)) });
  return {
    file: 'collection_notice.pdf',
    title: t('title'),
    subtitle: t('subtitle'),
    blocks: [
      { p: t('intro') },
      { h: t('collect.heading') },
      list('collect', ['identity', 'sin', 'background', 'indigenous', 'services']),
      { p: t('collect.required') },
      { h: t('why.heading') },
      list('why', ['eligibility', 'services', 'contact', 'reporting']),
      { h: t('authority.heading') },
      { p: t('authority.text') },
      { h: t('access.heading') },
      list('access', ['staff', 'funders', 'others']),
      { p: t('access.safekeeping') },
      { h: t('rights.heading') },
      list('rights', ['access', 'correction', 'withdraw']),
      { h: t('contact.heading') },
      { p: t('contact.officer') },
      { p: t('contact.commissioner') },
      { p: t('contact.keep') },
    ],
  };
}
