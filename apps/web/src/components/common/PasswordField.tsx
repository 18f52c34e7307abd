import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine labels the show/hide button 'Toggle password visibility', which makes a 'Password' label
 * ambiguous for assistive tech and tests alike; this keeps the field the only thing named Password.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} {...props} />;
}
