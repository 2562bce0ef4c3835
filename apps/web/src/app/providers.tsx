import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n.ts';
import { createQueryClient, type FailedReadPages } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ children, failedReads }: { children: ReactNode; failedReads: FailedReadPages }) {
  const [queryClient] = useState(() => createQueryClient(failedReads));
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Notifications position="top-center" />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
