import { YES_NO } from '@cairn/shared/enums';
import { Group, Radio } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ClientForm, ClientTextField } from './field-props.ts';
import { useChoices } from './use-choices.ts';

export interface YesNoFieldProps {
  form: ClientForm;
  field: ClientTextField;
  label: ReactNode;
  withAsterisk?: boolean;
}

/** A Yes/No question as a labelled radio group: arrow keys move between the answers. */
export function YesNoField({ form, field, label, withAsterisk = false }: YesNoFieldProps) {
  const choices = useChoices('yes_no', YES_NO);
  return (
    <Radio.Group label={label} withAsterisk={withAsterisk} {...form.getInputProps(field)}>
      <Group gap="lg" mt={6}>
        {choices.map((c) => (
          <Radio key={c.value} value={c.value} label={c.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
