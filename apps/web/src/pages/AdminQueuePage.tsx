import { Container, Stack } from '@mantine/core';
import { AdminPageHeader } from '../components/layout/AdminPageHeader';
import { QueuePanel } from '../components/queue/QueuePanel';

/** The streamer's control room (admin-spec section 10); RequireAdmin guards the route, and the server every call. */
export function AdminQueuePage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AdminPageHeader
          title="Queue"
          description="Every trigger not yet delivered: approve or reject, reorder, skip, or hold the whole line."
        />
        <QueuePanel />
      </Stack>
    </Container>
  );
}
