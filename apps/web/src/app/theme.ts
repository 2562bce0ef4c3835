import { createTheme, DataList, Title, type CSSVariablesResolver } from '@mantine/core';
import classes from './theme.module.css';

export const theme = createTheme({
  primaryColor: 'cairn',
  colors: {
    cairn: [
      '#e8f1fa',
      '#cfe0f1',
      '#9dbfe4',
      '#689cd7',
      '#3f7fcc',
      '#266cc6',
      '#1c5d99',
      '#154b7e',
      '#0e3a63',
      '#062848',
    ],
  },
  primaryShade: 6,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Menus, dialogs and popovers open without their fade for whoever asks the system for less motion.
  respectReducedMotion: true,
  components: {
    DataList: DataList.extend({
      classNames: {
        item: classes.dataListItem,
        itemLabel: classes.dataListLabel,
        itemValue: classes.dataListValue,
      },
    }),
    Title: Title.extend({ classNames: { root: classes.title } }),
  },
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1) is below the 4.5:1 contrast WCAG AA asks of
 * text; every secondary line (labels of answers, dates, empty states, step descriptions) uses
 * it, so it is darkened once here (#5c636a on white: 6.1:1). So is a field's error message
 * (red 6 on white, 3.6:1), to red 9 (#c92a2a: 5.6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
