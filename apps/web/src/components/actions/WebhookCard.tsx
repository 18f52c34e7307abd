import { Alert, Badge, Button, Card, Code, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TWebhookEndpoint } from '@shop/domain';
import { IconPencil, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmModal } from './ConfirmModal';
import { ENDPOINT_GAME_LABELS, GAME_COLORS } from './game-labels';
import { OverlayLink } from './OverlayLink';

interface Props {
  endpoint: TWebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
}

/** One endpoint in the Webhooks tab: state, toggle, a one-off command test, and Rotate for an overlay's URL. */
export function WebhookCard({ endpoint, onEdit, onDelete }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [command, setCommand] = useState('');
  const [confirmingRotate, setConfirmingRotate] = useState(false);

  const toggle = useMutation(
    trpc.endpoints.update.mutationOptions({
      onSuccess: async (fresh) => {
        notify.success('Webhook updated', fresh.active ? 'The endpoint is enabled.' : 'The endpoint is disabled.');
        await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
      },
      onError: (err) => notify.error('Failed to update webhook', errorMessage(err)),
    }),
  );
  const test = useMutation(
    trpc.endpoints.test.mutationOptions({
      onError: (err) => notify.error('Test failed', errorMessage(err)),
    }),
  );
  const result = test.data;
  const rotate = useMutation(
    trpc.endpoints.rotateOverlayToken.mutationOptions({
      onSuccess: async () => {
        notify.success('Overlay URL rotated', 'Put the new URL into OBS: the old one no longer works.');
        setConfirmingRotate(false);
        await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
      },
      onError: (err) => notify.error('Failed to rotate overlay URL', errorMessage(err)),
    }),
  );

  return (
    <Card withBorder padding="md" data-testid="webhook-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700}>{endpoint.description}</Text>
              <Badge color={endpoint.active ? 'green' : 'gray'}>{endpoint.active ? 'Active' : 'Disabled'}</Badge>
              <Badge variant="light" color={GAME_COLORS[endpoint.gameType]}>
                {ENDPOINT_GAME_LABELS[endpoint.gameType]}
              </Badge>
            </Group>
            <Code style={{ wordBreak: 'break-all' }}>{endpoint.url}</Code>
          </Stack>
          <Switch
            aria-label="Enabled"
            checked={endpoint.active}
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate({ id: endpoint.id, active: e.currentTarget.checked })}
          />
        </Group>
        {endpoint.overlayUrl && (
          <Stack gap={6}>
            <OverlayLink url={endpoint.overlayUrl} />
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={14} />}
                onClick={() => setConfirmingRotate(true)}
              >
                Rotate
              </Button>
              <Text size="xs" c="dimmed">
                A new URL for this overlay, if the current one leaked.
              </Text>
            </Group>
          </Stack>
        )}
        {/* The input takes its own row on a phone so its placeholder is not cut off. */}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 260px' }}
            aria-label="Test command"
            placeholder="Test command (e.g. give_wood)"
            value={command}
            onChange={(e) => setCommand(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && command.trim()) test.mutate({ id: endpoint.id, command });
            }}
          />
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            loading={test.isPending}
            disabled={!command.trim()}
            onClick={() => test.mutate({ id: endpoint.id, command })}
          >
            Test
          </Button>
        </Group>
        {result && (
          <Alert
            color={result.success ? 'green' : 'red'}
            variant="light"
            title={result.success ? 'Test succeeded' : 'Test failed'}
            data-testid="webhook-test-result"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {result.message}
            </Text>
            <Text size="xs" c="dimmed">
              {result.durationMs} ms
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmingRotate}
        title="Rotate overlay URL"
        message="The overlay gets a new URL. The current one stops working at once and overlays open with it stop showing alerts, so put the new URL into OBS afterwards."
        confirmLabel="Rotate"
        color="red"
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate({ id: endpoint.id })}
        onClose={() => setConfirmingRotate(false)}
      />
    </Card>
  );
}
