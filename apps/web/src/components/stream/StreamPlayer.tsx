import { AspectRatio, Badge, Card, Group, SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { StreamExternal } from './StreamExternal';
import { StreamPreview } from './StreamPreview';
import { StreamRefreshButton } from './StreamRefreshButton';
import { TwitchEmbed } from './TwitchEmbed';
import { useStreamInfo, useStreamStatus } from './use-stream-status';

type Mode = 'preview' | 'stream' | 'chat' | 'external';

const MODES: { value: Mode; label: string }[] = [
  { value: 'preview', label: 'Preview' },
  { value: 'stream', label: 'Stream' },
  { value: 'chat', label: 'Chat' },
  { value: 'external', label: 'External' },
];

/**
 * The stream player (viewer-spec section 2). The Twitch iframe is heavy, so it is only mounted when
 * the viewer picks Stream or Chat, or when the status says live; until the viewer picks a mode the
 * player follows the status (preview while offline, the embed once live). Without a channel (no
 * Twitch settings) it is the offline state: why is for admins, who read it on the dashboard.
 */
export function StreamPlayer() {
  // Deferred, and the output kept while they stay the same: the urgent render the data's arrival
  // causes then skips the card, and the card is drawn in slices between frames.
  const status = useDeferredValue(useStreamStatus().status);
  const info = useDeferredValue(useStreamInfo());
  const [chosen, setChosen] = useState<Mode | null>(null);
  const isAdmin = useAuth().user?.isAdmin ?? false;
  const mode: Mode = chosen ?? (status?.isLive ? 'stream' : 'preview');
  return useMemo(() => {
    if (!status) {
      return (
        <Card withBorder radius="md" padding="md" aria-busy="true" aria-label="Loading the stream">
          <Skeleton h={28} w={220} mb="md" />
          <AspectRatio ratio={16 / 9}>
            <Skeleton />
          </AspectRatio>
        </Card>
      );
    }

    const channel = status.username;
    return (
      <Card withBorder radius="md" padding="md" data-testid="stream-player">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Title order={3} size="h4">
                {channel ?? 'Stream'}
              </Title>
              <Badge color={status.isLive ? 'red' : 'gray'} variant={status.isLive ? 'filled' : 'light'}>
                {status.isLive ? 'Live' : 'Offline'}
              </Badge>
              {channel && <StreamRefreshButton />}
            </Group>
            {channel && (
              <SegmentedControl
                aria-label="View mode"
                size="xs"
                data={MODES}
                value={mode}
                onChange={(value) => setChosen(value as Mode)}
              />
            )}
          </Group>
          {!channel || mode === 'preview' ? (
            <StreamPreview status={status} info={info} showNote={isAdmin} onWatch={() => setChosen('stream')} />
          ) : mode === 'stream' ? (
            <TwitchEmbed kind="player" channel={channel} />
          ) : mode === 'chat' ? (
            <TwitchEmbed kind="chat" channel={channel} />
          ) : (
            <StreamExternal channel={channel} />
          )}
        </Stack>
      </Card>
    );
  }, [status, info, mode, isAdmin]);
}
