import { groupCreateBodySchema, type Group } from '@cairn/shared/groups.schemas';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import type { WizardStep } from '../../../lib/wizard-steps.ts';
import { memberRefs, type ChosenMember } from './member-list.ts';

/** A group's name and description as the form holds them ('' for no description). */
export interface GroupDetailsValues {
  name: string;
  description: string;
}

/** The new group wizard's answers: the details of step 1 and the members of step 2. */
export interface GroupWizardValues extends GroupDetailsValues {
  members: ChosenMember[];
}

export const emptyGroupWizard = (): GroupWizardValues => ({ name: '', description: '', members: [] });

export function groupDetailsValuesOf(group: Group): GroupDetailsValues {
  return { name: group.name, description: group.description ?? '' };
}

const detailsSchema = groupCreateBodySchema.pick({ name: true, description: true });

/** Spec §5 Group: name required, up to 64; description up to 128. */
export const groupDetailsErrors: (values: GroupDetailsValues) => FormErrors = schemaValidator(detailsSchema);

/** Spec §2 New group: step 1 the details, checked before Next; step 2 the members, which may be none. */
export const GROUP_WIZARD_STEPS: readonly WizardStep[] = [
  { key: 'details', fields: ['name', 'description'] },
  { key: 'members', fields: ['members'] },
];

export function groupWizardStepErrors(step: number, values: GroupWizardValues): FormErrors {
  return step === 0 ? groupDetailsErrors(values) : {};
}

/** The details as sent: trimmed, an empty description as null (spec §5). */
export function groupDetailsBodyOf(values: GroupDetailsValues): z.output<typeof detailsSchema> {
  return detailsSchema.parse(values);
}

/** POST /groups: the details and the members, by client_id only (spec §5). */
export function groupCreateBodyOf(values: GroupWizardValues) {
  return { ...groupDetailsBodyOf(values), clients: memberRefs(values.members) };
}
