import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the side menu: a heading such as 'Groups (3)', its list, and an optional action below. */
export function SideMenuSection({
  heading,
  action,
  children,
}: {
  heading: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Text component="h2" size="sm" fw={700} m={0}>
        {heading}
      </Text>
      {children}
      {action}
    </Stack>
  );
}
