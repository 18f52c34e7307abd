import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  // System fonts only: nothing may be fetched from the internet.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/** viewer-spec section 1: the theme choice is kept under the key 'theme'. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
