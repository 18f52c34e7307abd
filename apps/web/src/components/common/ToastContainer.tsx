import { Notifications } from '@mantine/notifications';

/** viewer-spec section 9: one toast at a time, gone after 3 s. Loaded by DeferredNotifications. */
export function ToastContainer() {
  return <Notifications limit={1} autoClose={3000} />;
}
