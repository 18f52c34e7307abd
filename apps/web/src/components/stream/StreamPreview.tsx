import { AspectRatio, Badge, Button, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatNumber, type TStreamStatus } from '@shop/domain';
import { IconBrandTwitch, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { channelUrl, formatBroadcastDate } from './twitch-urls';
import type { StreamInfoQuery } from './use-stream-status';

interface Props {
  status: TStreamStatus;
  info: Pick<StreamInfoQuery, 'isPending' | 'isSuccess' | 'data'>;
  /**
   * Show why the status is not live data (a missing setting, Twitch unreachable): admins only. A
   * setting's name means nothing to a visitor, who just sees the stream offline.
   */
  showNote: boolean;
  onWatch: () => void;
}

/** The light-weight view: a thumbnail while live, 'Stream Offline' with the last broadcast otherwise. */
export function StreamPreview({ status, info, showNote, onWatch }: Props) {
  const channel = status.username ?? '';
  if (info.isPending) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Skeleton />
      </AspectRatio>
    );
  }
  const data = info.data;
  if (status.isLive) {
    return (
      <Stack gap="sm">
        <AspectRatio ratio={16 / 9}>
          <Center pos="relative" bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            {data?.thumbnailUrl && <Thumbnail src={data.thumbnailUrl} alt={data.title ?? `${channel} live`} />}
            <Button pos="relative" leftSection={<IconPlayerPlay size={18} />} onClick={onWatch}>
              Watch Stream
            </Button>
          </Center>
        </AspectRatio>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} lineClamp={2}>
            {data?.title ?? 'Live now'}
          </Text>
          <Group gap="xs">
            {status.currentGame && <Badge variant="light">{status.currentGame}</Badge>}
            {data && <Text size="sm" c="dimmed">{`${formatNumber(data.viewerCount)} watching`}</Text>}
          </Group>
        </Group>
      </Stack>
    );
  }

  const last = data?.lastBroadcast ?? null;
  const note = showNote ? (status.note ?? data?.note ?? null) : null;
  return (
    <AspectRatio ratio={16 / 9}>
      <Stack
        align="center"
        justify="center"
        gap="sm"
        p="md"
        ta="center"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        data-testid="stream-offline"
      >
        <Text fw={800} fz="xl">
          Stream Offline
        </Text>
        {channel ? (
          <>
            <Text size="sm" c="dimmed">
              {channel} is not live right now. Follow to know when the next stream starts.
            </Text>
            <Button
              component="a"
              href={channelUrl(channel)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="violet"
              leftSection={<IconBrandTwitch size={18} />}
            >
              Follow {channel}
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The stream is not live right now.
          </Text>
        )}
        {last ? (
          <Stack gap={0} data-testid="last-broadcast">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Last broadcast
            </Text>
            <Text size="sm" fw={600} lineClamp={1}>
              {last.title}
            </Text>
            <Text size="xs" c="dimmed">
              {[last.game, formatBroadcastDate(last.date)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ) : (
          info.isSuccess &&
          channel && (
            <Text size="xs" c="dimmed">
              No past broadcasts yet.
            </Text>
          )
        )}
        {note && (
          <Text size="xs" c="dimmed" maw={420}>
            {note}
          </Text>
        )}
      </Stack>
    </AspectRatio>
  );
}

/** Twitch's preview image; a broken one is hidden rather than shown as a broken icon. */
function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
