import classes from '../app/theme.module.css';

/**
 * The classNames of a Button in a narrow place whose words may need two lines (French runs
 * longer than English): the label wraps and the button grows instead of cutting them. Given where
 * e2e/pseudo-locale.spec.ts found words cut (the client side menu, the reassign buttons); every
 * other Button keeps Mantine's single line.
 */
export const wrappingButton = {
  root: classes.wrappingButton,
  inner: classes.wrappingButtonInner,
  label: classes.wrappingButtonLabel,
};
