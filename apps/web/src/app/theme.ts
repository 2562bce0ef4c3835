import { createTheme } from '@mantine/core';

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
});
