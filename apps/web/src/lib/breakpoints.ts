import { useMediaQuery } from '@mantine/hooks';

/**
 * Spec §2 and §6 speak of small, large and extra-large screens; these are Mantine's md, lg and xl.
 * Style sheets name the same small screens with `@mixin smaller-than $mantine-breakpoint-md`
 * (the lists' cards in components/responsive-table, the profiles' answers in app/theme.module.css).
 */
export const SMALL_SCREEN_QUERY = '(max-width: 61.99em)';

export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, window.matchMedia(SMALL_SCREEN_QUERY).matches) ?? false;
}

export function useIsLargeScreen(): boolean {
  return useMediaQuery('(min-width: 75em)', window.matchMedia('(min-width: 75em)').matches) ?? false;
}

export function useIsExtraLargeScreen(): boolean {
  return useMediaQuery('(min-width: 88em)', window.matchMedia('(min-width: 88em)').matches) ?? false;
}
