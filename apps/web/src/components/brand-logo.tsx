import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@cairn/shared/limits';

/** The cairn mark and the product name; decorative, so links around it carry the accessible name. */
export function BrandLogo({ size = 28, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" aria-hidden>
      <svg width={size} height={size} viewBox="0 0 64 64" focusable="false">
        <rect width="64" height="64" rx="12" fill="#1c5d99" />
        <ellipse cx="32" cy="48" rx="18" ry="7" fill="#fff" />
        <ellipse cx="32" cy="34" rx="13" ry="6" fill="#fff" />
        <ellipse cx="32" cy="22" rx="8" ry="5" fill="#fff" />
      </svg>
      {withName && (
        <Text fw={700} fz={size * 0.7} c="cairn.7" lh={1}>
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
