import { INTERACTION_LIMITS } from '@cairn/shared/interactions.schemas';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cleanCount, stepCount } from './interaction-form-model.ts';

export interface InteractionCounterProps {
  name: string;
  /** The count as typed; '' counts as 0. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

const { countMin, countMax } = INTERACTION_LIMITS;

/** One interaction type: its name, a minus button, the count (digits only, 0 to 99) and a plus button. */
export function InteractionCounter({
  name,
  value,
  onChange,
  error,
  disabled = false,
}: InteractionCounterProps) {
  const { t } = useTranslation('interactions');
  const id = useId();
  const count = value === '' ? 0 : Number(value);
  // At a limit the button looks disabled but keeps focus, so pressing it again from the keyboard
  // does not drop the user at the top of the page.
  const atMin = disabled || count <= countMin;
  const atMax = disabled || count >= countMax;

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {name}
      </Text>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('counter.decrease', { name })}
          onClick={() => !atMin && onChange(stepCount(count, -1))}
          data-disabled={atMin || undefined}
          aria-disabled={atMin || undefined}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <TextInput
          id={id}
          w={56}
          value={value}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={2}
          autoComplete="off"
          disabled={disabled}
          error={error}
          styles={{ input: { textAlign: 'center' } }}
          onChange={(event) => onChange(cleanCount(event.currentTarget.value))}
          // Spec §5: an empty count becomes 0; show it once the user moves on.
          onBlur={() => value === '' && onChange('0')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('counter.increase', { name })}
          onClick={() => !atMax && onChange(stepCount(count, 1))}
          data-disabled={atMax || undefined}
          aria-disabled={atMax || undefined}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
