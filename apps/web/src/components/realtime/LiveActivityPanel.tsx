import { Badge, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatNumber, type TRealtimeMessage } from '@shop/domain';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { useTRPC } from '../../trpc';
import { clockTime } from './realtime-messages';
import { useRealtime } from './use-realtime';

type ActivityMessage = Extract<TRealtimeMessage, { type: 'action_triggered' | 'action_tested' }>;

const isActivity = (m: TRealtimeMessage): m is ActivityMessage =>
  m.type === 'action_triggered' || m.type === 'action_tested';

interface Props {
  /** viewer-spec section 9: 10 items by default. */
  limit?: number;
}

/** Live Activity (viewer-spec section 2): what viewers are triggering right now. */
export function LiveActivityPanel({ limit = 10 }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;

  // A refund of our own action (every delivery failed, or an admin refunded it) changes our balance.
  const onMessage = useCallback(
    (message: TRealtimeMessage) => {
      if (message.type === 'action_status' && message.status === 'refunded' && message.userId === userId) {
        void queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.transactions.list.queryKey() });
      }
    },
    [queryClient, trpc, userId],
  );
  const { status, messages, reconnect } = useRealtime({ onMessage, identity: userId ?? null });
  const items = messages.filter(isActivity).slice(0, limit);
  const connected = status === 'connected';

  return (
    <Card withBorder padding="md" data-testid="live-activity">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Live Activity
          </Title>
          <Badge color={connected ? 'green' : 'red'} variant="dot">
            {connected ? 'Connected' : 'Disconnected'}
          </Badge>
        </Group>
        <ScrollArea h={300} type="auto">
          {items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No activity yet
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <ActivityItem
                  key={`${item.timestamp}-${item.type}-${item.action.name}-${item.user.username}`}
                  item={item}
                />
              ))}
            </Stack>
          )}
        </ScrollArea>
        <Button variant="light" leftSection={<IconPlugConnected size={16} />} onClick={reconnect}>
          Test Connection
        </Button>
      </Stack>
    </Card>
  );
}

function ActivityItem({ item }: { item: ActivityMessage }) {
  const tested = item.type === 'action_tested';
  return (
    <Card component="li" withBorder padding="xs" radius="sm" data-testid="activity-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {item.action.name}
            </Text>
            {tested && (
              <Badge size="xs" color={item.success ? 'green' : 'red'} variant="light">
                {item.success ? 'Test passed' : 'Test failed'}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {tested ? 'Tested by' : 'Triggered by'} {item.user.username}
            {tested ? '' : ` · ${formatNumber(item.action.cost)} coins`}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" ff="monospace">
          {clockTime(item.timestamp)}
        </Text>
      </Group>
    </Card>
  );
}
