import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { TGameType, TTargetType } from '@shop/domain';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

interface Props {
  gameType: TGameType;
  targetType: TTargetType;
}

/**
 * DESIGN.md: 'the admin form shows where an action will go before it is saved'. The server answers
 * with the same routing a trigger uses, so this line and a real trigger never disagree.
 */
export function DeliveryPreview({ gameType, targetType }: Props) {
  const trpc = useTRPC();
  const preview = useQuery(
    trpc.actions.deliveryPreview.queryOptions({ gameType, targetType: gameType === 'rust' ? targetType : 'global' }),
  );

  if (preview.isPending) {
    return (
      <Group gap="xs" data-testid="delivery-preview">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking where this action would be delivered…
        </Text>
      </Group>
    );
  }
  if (preview.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Could not check where this action would be delivered"
        data-testid="delivery-preview"
      >
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{errorMessage(preview.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void preview.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (preview.data.warning) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle />}
        title={preview.data.warning}
        data-testid="delivery-preview"
      >
        Viewers who trigger it are refused and not charged until an active endpoint takes{' '}
        {gameType === 'any' ? 'it' : 'this game'}. Add or enable one in the Webhooks tab.
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconSend />} title="Will be delivered to" data-testid="delivery-preview">
      <Text size="sm" data-testid="delivery-preview-summary">
        {preview.data.targets.map((t) => t.label).join(', ')}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Endpoints: {preview.data.targets.map((t) => t.description).join(', ')}
      </Text>
      {gameType === 'any' && preview.data.currentGame === null && (
        <Text size="xs" c="dimmed" mt={4}>
          Universal actions go to every active endpoint while the stream status names no game.
        </Text>
      )}
    </Alert>
  );
}
