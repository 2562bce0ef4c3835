import { Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CountedTextareaProps extends TextareaProps {
  /** The field's limit: typing stops there, and the counter under the field says how near it is. */
  maxLength: number;
}

/** A long text answer that grows as it is written, with its 'count / limit' counter (spec §5 limits). */
export function CountedTextarea({ maxLength, ...props }: CountedTextareaProps) {
  const { t } = useTranslation();
  const count = typeof props.value === 'string' ? props.value.length : 0;
  return (
    <Textarea
      maxLength={maxLength}
      autosize
      description={t('counter', { count, max: maxLength })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}
