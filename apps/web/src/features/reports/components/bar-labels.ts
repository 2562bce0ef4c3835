/**
 * The category axis of a bar chart: wide enough for its longest label, up to a share of the
 * chart's width, and every label wrapped onto as many lines as it needs there, never cut.
 */

/** The axis' font size in px (recharts' ticks) and the average width of a character of it. */
export const TICK_FONT_PX = 12;
const CHAR_PX = 6.6;
const LINE_PX = 15;
/** Room between a label and its bar. */
const GAP_PX = 10;
const AXIS_MIN_PX = 56;
/** The axis takes at most this share of the chart's width: the bars need the rest. */
const AXIS_SHARE = 0.45;

/** A text's width in px at the tick's font, by its characters. */
export const textWidth = (text: string) => Math.ceil(text.length * CHAR_PX);

/** The words of `text` as lines of at most `chars` characters; a longer word is broken. */
export function wrapLabel(text: string, chars: number): string[] {
  const max = Math.max(4, chars);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > max) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, max - 1) + '-');
      rest = rest.slice(max - 1);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= max) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export interface BarAxisLayout {
  /** The category axis' width in px. */
  width: number;
  /** Each label's lines, by label. */
  lines: (label: string) => string[];
  /** The chart's height in px: every row tall enough for its label's lines and its bars. */
  height: number;
}

/**
 * The axis for `labels` in a chart `chartWidth` px wide (0 while unmeasured), with `bars` bars
 * in each row.
 */
export function barAxisLayout(labels: readonly string[], chartWidth: number, bars: number): BarAxisLayout {
  const longest = Math.max(0, ...labels.map(textWidth)) + GAP_PX;
  const room = chartWidth > 0 ? Math.max(AXIS_MIN_PX, Math.floor(chartWidth * AXIS_SHARE)) : 200;
  const width = Math.max(AXIS_MIN_PX, Math.min(longest, room));
  const chars = Math.floor((width - GAP_PX) / CHAR_PX);
  const lines = (label: string) => wrapLabel(label, chars);
  const rowBars = 34 * Math.max(1, bars * 0.7);
  const rows = labels.reduce((sum, label) => sum + Math.max(rowBars, lines(label).length * LINE_PX + 12), 0);
  return { width, lines, height: Math.max(140, 48 + Math.ceil(rows)) };
}
