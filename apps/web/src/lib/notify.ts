import { notifications, notificationsStore } from '@mantine/notifications';
import { createElement } from 'react';
import { type ToastAction, ToastMessage } from './ToastMessage';

export type { ToastAction } from './ToastMessage';

type ToastColor = 'green' | 'red' | 'yellow' | 'blue';

export interface ToastOptions {
  /** One button in the toast, e.g. 'Buy Coins' or 'Undo'. */
  action?: ToastAction;
}

/** A toast with a button stays longer than the usual 3 s: the button has to be read and reached. */
const WITH_ACTION_MS = 8000;

/** Mantine's close button has no name of its own; a screen reader would announce just 'button'. */
export const CLOSE_BUTTON = { withCloseButton: true, closeButtonProps: { 'aria-label': 'Close notification' } };

/** Live-feed toasts carry this prefix, so a toast about the viewer's own doing can tell them apart. */
const AMBIENT_PREFIX = 'ambient-';
let sequence = 0;

/** One toast at a time (viewer-spec section 9): a new one replaces whatever is showing. */
function show(color: ToastColor, title: string, message: string, options: ToastOptions = {}): void {
  notifications.clean();
  const id = `toast-${++sequence}`;
  const { action } = options;
  notifications.show({
    id,
    color,
    title,
    message: action ? createElement(ToastMessage, { message, action, onDone: () => notifications.hide(id) }) : message,
    ...CLOSE_BUTTON,
    ...(action && { autoClose: WITH_ACTION_MS }),
  });
}

/** True while a toast other than a live-feed one is up (or waiting to be). */
function ownToastShowing(): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((n) => !n.id?.startsWith(AMBIENT_PREFIX));
}

export const notify = {
  success: (title: string, message = '', options?: ToastOptions) => show('green', title, message, options),
  error: (title: string, message = '', options?: ToastOptions) => show('red', title, message, options),
  /** Partly done: some of it worked, some did not (the message says which). */
  warning: (title: string, message = '', options?: ToastOptions) => show('yellow', title, message, options),
  /**
   * News from the live feed (someone else's trigger). Still one toast at a time, but it never pushes
   * out a toast about the viewer's own doing (a receipt, a payment): it is dropped instead, as the
   * Live Activity panel lists it anyway. Returns whether it was shown.
   */
  ambient: (toast: { title: string; message: string; color: ToastColor }): boolean => {
    if (ownToastShowing()) return false;
    notifications.clean();
    notifications.show({ id: `${AMBIENT_PREFIX}${++sequence}`, ...toast, ...CLOSE_BUTTON });
    return true;
  },
};
