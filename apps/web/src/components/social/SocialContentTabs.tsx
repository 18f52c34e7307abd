import { Alert, Button, Center, Group, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { TSocialContent } from '@shop/domain';
import { IconAlertCircle, IconBrandTiktok, IconBrandYoutube } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { SOCIAL_ERROR_TEXT, useSocialContent } from './use-social-content';
import { VideoCard } from './VideoCard';

type Tab = 'short' | 'videos';

/** Recent short videos (TikTok) and videos (YouTube) under the stream player (viewer-spec section 2). */
export function SocialContentTabs() {
  // Deferred: the render that swaps skeletons for data runs in slices between frames instead of
  // one long task the moment the data arrives (the skeletons stay up a frame or two longer).
  const query = useDeferredValue(useSocialContent());
  const [chosen, setChosen] = useState<Tab | null>(null);
  // Why a list is empty (e.g. 'TIKTOK_ACCESS_TOKEN is not set') is for admins; visitors see it empty.
  const isAdmin = useAuth().user?.isAdmin ?? false;
  const data = query.data;
  // Until the viewer picks, open the tab that has something to show.
  const tab: Tab = chosen ?? (data && data.tiktok.length === 0 && data.youtube.length > 0 ? 'videos' : 'short');

  // The urgent render the data's arrival causes still sees the old value: handing React the same
  // elements lets it skip the tabs then, so that render costs next to nothing.
  return useMemo(() => {
    let short: ReactNode;
    let videos: ReactNode;
    if (query.isPending) {
      short = <VideosSkeleton portrait />;
      videos = <VideosSkeleton />;
    } else if (query.isError) {
      short = videos = <SocialError onRetry={() => void query.refetch()} />;
    } else {
      short = <ShortVideos content={query.data} showNote={isAdmin} />;
      videos = <LongVideos content={query.data} showNote={isAdmin} />;
    }

    return (
      <Tabs value={tab} onChange={(v) => setChosen((v as Tab | null) ?? 'short')} aria-label="Recent videos">
        <Tabs.List>
          <Tabs.Tab value="short" leftSection={<IconBrandTiktok size={16} />}>
            Short Videos
          </Tabs.Tab>
          <Tabs.Tab value="videos" leftSection={<IconBrandYoutube size={16} />}>
            Videos
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="short" pt="md">
          {short}
        </Tabs.Panel>
        <Tabs.Panel value="videos" pt="md">
          {videos}
        </Tabs.Panel>
      </Tabs>
    );
  }, [query, tab, isAdmin]);
}

interface ListProps {
  content: TSocialContent;
  showNote: boolean;
}

function ShortVideos({ content, showNote }: ListProps) {
  if (content.tiktok.length === 0) {
    return <Empty text="No short videos yet." note={showNote ? content.notes.tiktok : null} />;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      {content.tiktok.map((v) => (
        <VideoCard
          key={v.id}
          title={v.title}
          thumbnail={v.thumbnail}
          url={v.url}
          date={v.date}
          views={v.views}
          likes={v.likes}
          portrait
        />
      ))}
    </SimpleGrid>
  );
}

function LongVideos({ content, showNote }: ListProps) {
  if (content.youtube.length === 0) {
    return <Empty text="No videos yet." note={showNote ? content.notes.youtube : null} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {content.youtube.map((v) => (
        <VideoCard
          key={v.id}
          title={v.title}
          thumbnail={v.thumbnail}
          url={v.url}
          date={v.date}
          views={v.views}
          length={v.length}
        />
      ))}
    </SimpleGrid>
  );
}

function Empty({ text, note }: { text: string; note: string | null }) {
  return (
    <Center py="xl">
      <Stack gap={4} align="center" ta="center">
        <Text c="dimmed">{text}</Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

function SocialError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{SOCIAL_ERROR_TEXT}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

function VideosSkeleton({ portrait = false }: { portrait?: boolean }) {
  return (
    <SimpleGrid
      cols={portrait ? { base: 2, sm: 3, md: 4 } : { base: 1, xs: 2, md: 3 }}
      spacing="md"
      aria-busy="true"
      aria-label="Loading videos"
    >
      {Array.from({ length: portrait ? 4 : 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} h={portrait ? 260 : 200} radius="md" />
      ))}
    </SimpleGrid>
  );
}
