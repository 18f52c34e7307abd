import { notifications } from '@mantine/notifications';

/** One toast at a time (viewer-spec section 9): a new one replaces whatever is showing. */
function show(color: 'green' | 'red' | 'yellow', title: string, message: string): void {
  notifications.clean();
  notifications.show({ color, title, message, withCloseButton: true });
}

export const notify = {
  success: (title: string, message = '') => show('green', title, message),
  error: (title: string, message = '') => show('red', title, message),
  /** Partly done: some of it worked, some did not (the message says which). */
  warning: (title: string, message = '') => show('yellow', title, message),
};
