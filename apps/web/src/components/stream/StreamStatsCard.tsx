import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandTwitch, IconExternalLink } from '@tabler/icons-react';
import { StreamRefreshButton } from './StreamRefreshButton';
import { channelUrl } from './twitch-urls';
import { useStreamStatus } from './use-stream-status';

/**
 * Dashboard item 2 (viewer-spec section 2): the game, Live/Offline and a link; polled every 30 s, and
 * refreshed on request. Why the status is not live data is for admins (StreamSetupCard), not here.
 */
export function StreamStatsCard() {
  const { status } = useStreamStatus();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="stream-stats">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            Stream Statistics
          </Title>
          <Group gap="xs" wrap="nowrap">
            {status ? (
              <Badge
                color={status.isLive ? 'red' : 'gray'}
                variant={status.isLive ? 'filled' : 'light'}
                data-testid="stream-stats-state"
              >
                {status.isLive ? 'Live' : 'Offline'}
              </Badge>
            ) : (
              <Skeleton h={20} w={60} />
            )}
            {status?.username && <StreamRefreshButton />}
          </Group>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              Current game
            </Text>
            {status ? (
              <Text fw={700} data-testid="stream-stats-game">
                {status.isLive && status.currentGame ? status.currentGame : 'Not streaming'}
              </Text>
            ) : (
              <Skeleton h={22} w={140} mt={2} />
            )}
          </div>
          {status?.username && (
            <Button
              component="a"
              href={channelUrl(status.username)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="violet"
              leftSection={<IconBrandTwitch size={16} />}
              rightSection={<IconExternalLink size={14} />}
            >
              Watch Stream
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
