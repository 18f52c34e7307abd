import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TWebhookEndpoint } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { WebhookCard } from './WebhookCard';
import { WebhookFormModal } from './WebhookFormModal';

/** null: no dialog; 'new': add; an endpoint: edit that one. */
type Editing = null | 'new' | TWebhookEndpoint;

/** Dashboard Webhooks tab (admin-spec section 2): where actions are delivered. */
export function WebhooksTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.endpoints.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);

  const remove = useMutation(
    trpc.endpoints.delete.mutationOptions({
      onSuccess: async () => {
        notify.success('Webhook deleted', '');
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
      },
      onError: (err) => notify.error('Failed to delete webhook', errorMessage(err)),
    }),
  );

  let body: ReactNode;
  if (endpoints.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading webhooks" />
      </Center>
    );
  } else if (endpoints.isError) {
    body = (
      <QueryError title="Failed to load webhooks" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
    );
  } else if (endpoints.data.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center">
          <Text c="dimmed">No webhook endpoints configured yet.</Text>
          <Button onClick={() => setEditing('new')}>Add Your First Webhook</Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        {endpoints.data.map((endpoint) => (
          <WebhookCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={() => setEditing(endpoint)}
            onDelete={() => setDeleting(endpoint)}
          />
        ))}
      </Stack>
    );
  }

  const edited = editing === 'new' ? null : editing;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Webhook Endpoints</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add Webhook
        </Button>
      </Group>
      {body}
      <WebhookFormModal
        key={edited ? edited.id : 'new'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        endpoint={edited}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Webhook"
        message={`Are you sure you want to delete '${deleting?.description ?? ''}'? Actions will no longer be delivered there.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
