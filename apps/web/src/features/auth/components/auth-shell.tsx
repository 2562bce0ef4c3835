import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/**
 * The frame of the three login screens: the language choice, the product mark above a card
 * holding the screen.
 */
export function AuthShell({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Box component="main" id="main-content" mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 64 }} px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="flex-end">
            <LanguageSwitch />
          </Group>
          <Stack align="center" gap={6}>
            <BrandLogo size={40} />
            <Text size="sm" c="dimmed" ta="center">
              {t('shell.tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Title order={1} size="h2" mb="md">
              {heading}
            </Title>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
