import classes from '../app/theme.module.css';

/**
 * The classNames of a Button in a narrow place whose words may need two lines (French runs
 * longer than English): the label wraps and the button grows instead of cutting them. Not every
 * Button's: wrapping all of them moved focus away from a plan's item lists (e2e/plans.spec.ts).
 */
export const wrappingButton = {
  root: classes.wrappingButton,
  inner: classes.wrappingButtonInner,
  label: classes.wrappingButtonLabel,
};
