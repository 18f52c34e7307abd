import { Notifications } from '@mantine/notifications';

/** viewer-spec section 9: a toast is shown for 3 s and takes 300 ms to leave (Mantine's default is 250). */
export const TOAST_SHOW_MS = 3000;
export const TOAST_EXIT_MS = 300;

/** One toast at a time. Loaded by DeferredNotifications. */
export function ToastContainer() {
  return <Notifications limit={1} autoClose={TOAST_SHOW_MS} transitionDuration={TOAST_EXIT_MS} />;
}
