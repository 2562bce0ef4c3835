/** A file's size as people read it: kilobytes under a megabyte, megabytes beyond, in `locale` ('312 kB', '4.2 MB'). */
export function sizeText(bytes: number, locale: string): string {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}
