/**
 * A Badge's styles that keep its whole word: Mantine cuts a badge's label with an ellipsis, so a
 * table column may squeeze a short status into "Allo…" (French runs longer; e2e/pseudo-locale.spec.ts).
 * A label that may not overflow is as narrow as the table wants it; this one widens the column.
 */
export const wholeBadge = { label: { overflow: 'visible' } } as const;
