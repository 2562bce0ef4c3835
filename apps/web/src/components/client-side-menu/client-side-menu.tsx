import { truncate } from '@cairn/shared/format';
import { GROUP_LIMITS } from '@cairn/shared/groups.schemas';
import { Anchor, Button, Divider, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconBook2, IconId, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { wrappingButton } from '../wrapping-button.ts';
import { useFormats } from '../../lib/use-formats.ts';
import { Link, useLocation } from 'react-router';
import { useClient } from '../../lib/client-queries.ts';
import { useClientPlans } from '../../lib/plan-queries.ts';
import { PlanStatusBadge } from '../plan-status-badge.tsx';
import { LoadMoreList } from './load-more-list.tsx';
import { SideMenuSection } from './side-menu-section.tsx';

export interface ClientSideMenuProps {
  clientId: number;
}

/**
 * Spec §2 side menu beside a client's profile, plans and stories: Profile/Intake, Plans (count)
 * newest first, each by its start date and status, with New Plan; Stories (count) with All
 * Stories, and Groups (count).
 */
export function ClientSideMenu({ clientId }: ClientSideMenuProps) {
  const { t } = useTranslation('clients');
  const fmt = useFormats();
  const { pathname } = useLocation();
  const { data: client } = useClient(clientId);
  const { data: plans } = useClientPlans(clientId);
  // Spec §4: one open plan per client; with one already, New Plan is disabled and says why.
  const hasOpenPlan = plans?.some((plan) => plan.status === 'Open') ?? false;
  const onePlanHintId = useId();
  const base = `/client/${clientId}`;
  const current = (to: string) => (pathname === to ? ('page' as const) : undefined);
  // The counts come with the client; until it arrives the page shows its own loader.
  if (!client) return null;

  const newPlan = (
    <Button
      classNames={wrappingButton}
      component={Link}
      to={`${base}/plan/create`}
      size="xs"
      variant="light"
      fullWidth
      leftSection={<IconPlus size={14} aria-hidden />}
      data-disabled={hasOpenPlan || undefined}
      aria-disabled={hasOpenPlan || undefined}
      aria-describedby={hasOpenPlan ? onePlanHintId : undefined}
      onClick={(event) => hasOpenPlan && event.preventDefault()}
    >
      {t('profile.sideMenu.newPlan')}
    </Button>
  );

  return (
    <Paper component="nav" aria-label={t('profile.sideMenu.label')} withBorder p="sm">
      <Stack gap="md">
        <Button
          classNames={wrappingButton}
          component={Link}
          to={base}
          variant={pathname === base ? 'filled' : 'light'}
          size="sm"
          leftSection={<IconId size={16} aria-hidden />}
          aria-current={current(base)}
          fullWidth
          justify="flex-start"
        >
          {t('profile.sideMenu.profile')}
        </Button>
        <Divider />
        <SideMenuSection
          heading={t('profile.sideMenu.plans', { count: plans?.length ?? client.plans_count })}
          action={
            hasOpenPlan ? (
              <>
                <Tooltip
                  label={t('profile.sideMenu.onePlanOnly')}
                  multiline
                  w={200}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  {newPlan}
                </Tooltip>
                {/* The tooltip is only seen: screen readers get the reason with the button. */}
                <VisuallyHidden id={onePlanHintId}>{t('profile.sideMenu.onePlanOnly')}</VisuallyHidden>
              </>
            ) : (
              newPlan
            )
          }
        >
          {plans && (
            <LoadMoreList
              items={plans}
              itemKey={(plan) => plan.plan_id}
              loadMoreText={t('profile.sideMenu.loadMore')}
              loadMoreLabel={t('profile.sideMenu.loadMorePlans')}
              renderItem={(plan) => {
                const to = `${base}/plan/${plan.plan_id}`;
                return (
                  <Anchor
                    component={Link}
                    to={to}
                    size="sm"
                    aria-current={current(to)}
                    fw={current(to) ? 700 : undefined}
                    // The menu is narrow: the short date keeps date and status on one line.
                    title={fmt.longDate(plan.date)}
                  >
                    <Group gap={6} wrap="nowrap" justify="space-between" component="span">
                      <span style={{ whiteSpace: 'nowrap' }}>{fmt.shortDate(plan.date)}</span>
                      <PlanStatusBadge status={plan.status} size="xs" />
                    </Group>
                  </Anchor>
                );
              }}
              empty={
                <Text size="sm" c="dimmed">
                  {t('profile.sideMenu.noPlans')}
                </Text>
              }
            />
          )}
        </SideMenuSection>
        <SideMenuSection
          heading={t('profile.sideMenu.stories', { count: client.stories_count })}
          action={
            <Button
              classNames={wrappingButton}
              component={Link}
              to={`${base}/stories`}
              size="xs"
              variant="light"
              fullWidth
              leftSection={<IconBook2 size={14} aria-hidden />}
              aria-current={current(`${base}/stories`)}
            >
              {t('profile.sideMenu.allStories')}
            </Button>
          }
        />
        <SideMenuSection heading={t('profile.sideMenu.groups', { count: client.groups.length })}>
          <LoadMoreList
            items={client.groups}
            itemKey={(group) => group.group_id}
            loadMoreText={t('profile.sideMenu.loadMore')}
            loadMoreLabel={t('profile.sideMenu.loadMoreGroups')}
            empty={null}
            renderItem={(group) => {
              const shown = truncate(group.name, GROUP_LIMITS.sideMenuNameMax, GROUP_LIMITS.sideMenuNameKeep);
              const cut = shown !== group.name;
              return (
                <Anchor
                  component={Link}
                  to={`/group/${group.group_id}`}
                  size="sm"
                  title={cut ? group.name : undefined}
                  // Named by what it shows, then whole (WCAG 2.5.3, label in name).
                  aria-label={cut ? t('profile.sideMenu.groupLink', { shown, name: group.name }) : undefined}
                >
                  {shown}
                </Anchor>
              );
            }}
          />
        </SideMenuSection>
      </Stack>
    </Paper>
  );
}
