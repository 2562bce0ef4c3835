import { truncate } from '@cairn/shared/format';
import { Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Fragment } from 'react';
import { IconGripVertical } from '@tabler/icons-react';

/** Spec §9: a catalogue description shown inline is cut at 50 characters; the tooltip has it whole. */
const DESCRIPTION_MAX = 50;

export interface ItemCardProps {
  name: string;
  description: string | null;
  detail?: string | null;
  badges?: readonly string[];
}

/** The description as a card shows it: cut at DESCRIPTION_MAX. */
const shownDescription = (description: string | null) =>
  description ? truncate(description, DESCRIPTION_MAX) : null;

/**
 * A card's accessible name: what it shows, in the order shown, its item first (WCAG 2.5.3, label in
 * name: a speech user says what they see). The whole description is its description besides.
 */
export function cardName({ name, description, detail, badges = [] }: ItemCardProps): string {
  return [name, ...badges, detail, shownDescription(description)].filter(Boolean).join(', ');
}

/** What an item shows in either column: a grip, its name and tags, a detail line and its description. */
export function ItemCard({ name, description, detail, badges = [] }: ItemCardProps) {
  return (
    <Group wrap="nowrap" gap="xs" align="flex-start">
      <IconGripVertical size={16} aria-hidden style={{ flex: 'none', marginTop: 3, opacity: 0.55 }} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {badges.map((badge) => (
            <Fragment key={badge}>
              {' '}
              <Badge size="xs" variant="light" color="gray">
                {badge}
              </Badge>
            </Fragment>
          ))}
        </Group>
        {/* The spaces between the parts are not laid out; they keep the card's text in words, as its name has it. */}
        {detail && ' '}
        {detail && (
          <Text size="xs" c="dark.4">
            {detail}
          </Text>
        )}
        {description && ' '}
        {description && (
          <Text size="xs" c="dimmed">
            {shownDescription(description)}
          </Text>
        )}
      </Box>
    </Group>
  );
}

/**
 * The whole description for screen readers, tied to the item by `aria-describedby`, since the
 * inline text may be cut and the tooltip is only seen.
 */
export function useDescriptionId(description: string | null) {
  const id = useId();
  return {
    id: description ? id : undefined,
    node: description ? <VisuallyHidden id={id}>{description}</VisuallyHidden> : null,
  };
}
