import { Alert, Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { TShopStatusUpdate } from '@shop/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

/**
 * The streamer's pause switch (admin-spec section 10), on the admin's dashboard: pause by hand, or let the shop
 * pause itself while the stream is offline. Open shops learn of a change over /ws at once.
 */
export function ShopStatusCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.shop.status.queryOptions());
  const update = useMutation(
    trpc.shop.setStatus.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(trpc.shop.status.queryKey(), fresh);
        notify.success(fresh.paused ? 'Shop paused' : 'Shop open', fresh.paused ? pausedText(fresh.reason) : '');
      },
      onError: (err) => notify.error('Failed to update the shop status', errorMessage(err)),
    }),
  );
  const set = (change: TShopStatusUpdate) => update.mutate(change);
  const data = status.data;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="shop-status-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Shop status
          </Title>
          {data && (
            <Badge
              color={data.paused ? 'yellow' : 'green'}
              leftSection={data.paused ? <IconPlayerPause size={12} /> : null}
            >
              {data.paused ? (data.reason === 'offline' ? 'Paused (stream offline)' : 'Paused') : 'Open'}
            </Badge>
          )}
        </Group>
        {status.isError && <Alert color="red">{errorMessage(status.error)}</Alert>}
        <Group gap="xl" wrap="wrap">
          <Switch
            label="Pause shop"
            description="Viewers cannot trigger actions; their coins are not touched"
            checked={data?.reason === 'manual'}
            disabled={!data || update.isPending}
            onChange={(e) => set({ paused: e.currentTarget.checked })}
          />
          <Switch
            label="Auto-pause when offline"
            description={
              data && !data.autoPauseAvailable
                ? 'Needs the Twitch settings: without them the shop cannot tell that the stream is offline'
                : 'Pauses while the Twitch stream is offline'
            }
            checked={data?.autoPauseWhenOffline ?? false}
            disabled={!data || update.isPending}
            onChange={(e) => set({ autoPauseWhenOffline: e.currentTarget.checked })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Triggers are refused with 'Actions are paused by the streamer right now.' while paused.
        </Text>
      </Stack>
    </Card>
  );
}

function pausedText(reason: 'manual' | 'offline' | null): string {
  return reason === 'offline' ? 'The stream is offline, so actions are paused.' : 'Viewers cannot trigger actions now.';
}
