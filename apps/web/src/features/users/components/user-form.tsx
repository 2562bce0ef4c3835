import { LIMITS, NO_CENTRE_ID } from '@cairn/shared/limits';
import { LOCALES, type Locale } from '@cairn/shared/locales';
import type { User, userCreateBodySchema } from '@cairn/shared/users.schemas';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-errors.ts';
import type { ChoiceOption } from '../../../lib/choice-options.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { useCentres } from '../../../lib/centre-queries.ts';
import { useRoles } from '../api/user-queries.ts';
import type { UserBody } from '../api/user-mutations.ts';
import { userBodyOf, userFieldOf, userFormValidator, type UserFormValues } from './user-form-model.ts';
import { useRoleTitle } from './use-role-title.ts';

export interface UserFormProps {
  initialValues: UserFormValues;
  /** userCreateBodySchema (names up to 128) or userUpdateBodySchema (names up to 64). */
  schema: typeof userCreateBodySchema;
  nameMax: number;
  /** The signed-in user is an Admin: only then is the centre list fetched (spec §6). */
  isAdmin: boolean;
  /** The centre the edited user belongs to, offered even when the centre list is not fetched. */
  currentCentre?: User['centre'];
  /** Spec §6: nobody changes their own centre or role. */
  lockCentreAndRole?: boolean;
  /**
   * Another user's edit: their language is shown but theirs to change (issue 34), and not sent
   * (PUT /users/{id} takes `locale` for the own account only).
   */
  lockLanguage?: boolean;
  /** A new user's form: their invitation goes out in the language chosen. */
  inviting?: boolean;
  /** Sends the body; a rejection puts the server's field messages on the form. */
  onSubmit: (body: UserBody) => Promise<unknown>;
  /** Called once the save succeeded and the form is no longer dirty. */
  onSaved: () => void;
  onCancel: () => void;
}

/** The New User and Edit Info form (spec §2 Users, §5 User). */
export function UserForm({
  initialValues,
  schema,
  nameMax,
  isAdmin,
  currentCentre = null,
  lockCentreAndRole = false,
  lockLanguage = false,
  inviting = false,
  onSubmit,
  onSaved,
  onCancel,
}: UserFormProps) {
  const { t } = useTranslation('users');
  const { t: tCommon } = useTranslation('common');
  const roleTitle = useRoleTitle();
  const roles = useRoles();
  const centres = useCentres(isAdmin);
  const { form, submit } = useSaveForm<UserFormValues>({
    initialValues,
    draft: { form: 'user' },
    validate: userFormValidator(schema, !lockLanguage),
    save: (values) => onSubmit(userBodyOf(values, !lockLanguage)),
    errorsOf: (error) => {
      const errors = fieldErrorsOf(error, userFieldOf);
      if (error instanceof ApiError && error.code === 'email_taken') errors.email = errorMessage(error);
      return errors;
    },
    onSaved: () => onSaved(),
  });

  const centreOptions = useMemo<ChoiceOption<number>[]>(() => {
    const known = centres.data ?? (currentCentre ? [currentCentre] : []);
    return [
      { value: NO_CENTRE_ID, label: t('none') },
      ...known.map((c) => ({ value: c.centre_id, label: c.name })),
    ];
  }, [centres.data, currentCentre, t]);

  const roleOptions = useMemo<ChoiceOption<number>[]>(
    () => (roles.data ?? []).map((r) => ({ value: r.role_id, label: roleTitle(r) })),
    [roles.data, roleTitle],
  );

  // Each language named in itself (English, Français), as the language switch names it.
  const languageOptions = useMemo<ChoiceOption<Locale>[]>(
    () => LOCALES.map((locale) => ({ value: locale, label: tCommon(`languages.${locale}`) })),
    [tCommon],
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.firstName')}
            withAsterisk
            maxLength={nameMax}
            autoComplete="off"
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('fields.lastName')}
            withAsterisk
            maxLength={nameMax}
            autoComplete="off"
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          type="email"
          withAsterisk
          maxLength={LIMITS.user.emailMax}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect<number>
            label={t('fields.centre')}
            placeholder={t('form.chooseCentre')}
            withAsterisk
            options={centreOptions}
            allowDeselect={false}
            disabled={lockCentreAndRole}
            searchable={centreOptions.length > 8}
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('centre_id')}
          />
          <FormSelect<number>
            label={t('fields.role')}
            placeholder={t('form.chooseRole')}
            withAsterisk
            options={roleOptions}
            allowDeselect={false}
            disabled={lockCentreAndRole}
            {...form.getInputProps('role_id')}
          />
        </SimpleGrid>
        {lockCentreAndRole && (
          <Text size="sm" c="dimmed">
            {t('form.ownCentreAndRole')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect<Locale>
            label={t('fields.language')}
            description={
              lockLanguage ? t('form.languageOwn') : inviting ? t('form.languageInvitation') : undefined
            }
            options={languageOptions}
            allowDeselect={false}
            clearable={false}
            disabled={lockLanguage}
            renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
            {...form.getInputProps('locale')}
          />
        </SimpleGrid>
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm when={form.isDirty()} />
    </form>
  );
}
