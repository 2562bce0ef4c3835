import { describe, expect, it } from 'vitest';
import { barAxisLayout, textWidth, wrapLabel } from './bar-labels.ts';

describe("a bar chart's category labels", () => {
  it('wraps a label at its words onto as many lines as it needs, never cutting it', () => {
    expect(wrapLabel('Non-status First Nations', 12)).toEqual(['Non-status', 'First', 'Nations']);
    expect(wrapLabel('Employment assistance services', 22)).toEqual(['Employment assistance', 'services']);
    expect(wrapLabel('Short', 22)).toEqual(['Short']);
    // A word longer than a line is broken with a hyphen, and nothing is lost.
    const long = wrapLabel('Supercalifragilistic', 8);
    expect(long.join('').replace(/-/g, '')).toBe('Supercalifragilistic');
    expect(long.every((line) => line.length <= 8)).toBe(true);
  });

  it('gives the axis the longest label’s width when the chart has room', () => {
    const labels = ['Employment assistance services', 'Non-status First Nations', 'Inuit'];
    const layout = barAxisLayout(labels, 1200, 1);
    expect(layout.width).toBeGreaterThanOrEqual(textWidth('Employment assistance services'));
    for (const label of labels) expect(layout.lines(label)).toEqual([label]);
  });

  it('on a narrow chart, keeps room for the bars and wraps the labels whole', () => {
    const label = 'Employment assistance services for people with disabilities';
    const layout = barAxisLayout([label, 'Other'], 330, 1);
    expect(layout.width).toBeLessThanOrEqual(330 * 0.45);
    expect(layout.lines(label).length).toBeGreaterThan(1);
    expect(layout.lines(label).join(' ')).toBe(label);
    // Rows grow with their lines.
    expect(layout.height).toBeGreaterThan(barAxisLayout(['Other', 'Other'], 330, 1).height);
  });
});
