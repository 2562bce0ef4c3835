import type { User } from '@cairn/shared/users.schemas';
import { Anchor, DataList } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/use-formats.ts';
import { UserCentre } from './user-centre.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';
import { useRoleTitle } from './use-role-title.ts';

/** The profile's view mode (spec §2 Users): name, email, centre and role; status and last sign-in. */
export function UserDetails({ user, linkCentre }: { user: User; linkCentre: boolean }) {
  const { t } = useTranslation('users');
  const roleTitle = useRoleTitle();
  const formats = useFormats();
  return (
    <DataList withDivider size="md" labelWidth={140}>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.name')}</DataList.ItemLabel>
        <DataList.ItemValue>{user.full_name}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.email')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.centre')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <UserCentre centre={user.centre} linked={linkCentre} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.role')}</DataList.ItemLabel>
        <DataList.ItemValue>{roleTitle(user.roles[0])}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.status')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <UserStatusBadge user={user} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('fields.lastSignIn')}</DataList.ItemLabel>
        <DataList.ItemValue>
          {user.last_sign_in_at ? formats.dateTime(user.last_sign_in_at) : t('list.never')}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
