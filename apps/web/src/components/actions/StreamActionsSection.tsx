import {
  Button,
  Center,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { filterActions, type TGameFilter, type TStreamAction } from '@shop/domain';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { CurrentStreamBadge } from '../stream/CurrentStreamBadge';
import { useStreamStatus } from '../stream/use-stream-status';
import { ActionGrid } from './ActionGrid';
import { TriggerConfirmModal } from './TriggerConfirmModal';
import { type ActionTrigger, useActionTrigger } from './use-action-trigger';
import { ALL_CATEGORIES, useCategoryFilterOptions } from './use-category-options';

/** viewer-spec section 9: 12 actions, then Load More; the home page features the first 3. */
const PAGE_SIZE = 12;
const FEATURED_COUNT = 3;

const GAME_TABS: { value: TGameFilter; label: string }[] = [
  { value: 'all', label: 'All Actions' },
  { value: 'minecraft', label: 'Minecraft' },
  { value: 'rust', label: 'Rust' },
  { value: 'any', label: 'Universal' },
];

interface Props {
  /** shop: tabs, category, search and Load More; featured: the first 3 actions, no filters. */
  mode: 'shop' | 'featured';
}

export function StreamActionsSection({ mode }: Props) {
  const trpc = useTRPC();
  // Deferred: the render that swaps skeletons for data runs in slices between frames instead of
  // one long task the moment the data arrives (the skeletons stay up a frame or two longer).
  const actions = useDeferredValue(useQuery(trpc.actions.list.queryOptions()));
  const trigger = useActionTrigger();
  const featured = mode === 'featured';

  let body: ReactNode;
  if (actions.isPending) body = <ActionsSkeleton count={featured ? FEATURED_COUNT : 6} />;
  else if (actions.isError)
    body = <QueryError title="Failed to load actions" error={actions.error} onRetry={() => void actions.refetch()} />;
  else if (featured) body = <ActionGrid actions={actions.data.slice(0, FEATURED_COUNT)} trigger={trigger} />;
  else body = <ShopActions actions={actions.data} trigger={trigger} />;

  return (
    <Stack component="section" id="actions" gap="md" aria-labelledby="stream-actions-title">
      <Title order={2} id="stream-actions-title">
        {featured ? 'Featured Stream Actions' : 'Stream Actions'}
      </Title>
      {body}
      <TriggerConfirmModal trigger={trigger} />
    </Stack>
  );
}

function ShopActions({ actions, trigger }: { actions: readonly TStreamAction[]; trigger: ActionTrigger }) {
  const categoryOptions = useCategoryFilterOptions();
  const { status } = useStreamStatus();
  const liveGame = status?.isLive ? status.gameType : 'any';
  // Starts on the live game's tab when the status is already known, rather than drawing every card
  // once for 'all' and again for the game when the effect below runs.
  const [game, setGame] = useState<TGameFilter>(liveGame === 'any' ? 'all' : liveGame);
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);

  // viewer-spec section 4: live with a game type selects that tab. Only when the status changes, so a
  // tab the viewer picks afterwards is kept until the streamer switches game or goes live again.
  useEffect(() => {
    if (liveGame === 'any') return;
    setGame(liveGame);
    setShown(PAGE_SIZE);
  }, [liveGame]);

  const matching = useMemo(() => filterActions(actions, { search, category, game }), [actions, search, category, game]);
  // The same grid element while the filters and the list hold: this section's own queries re-render
  // it when their fetch state moves, and ActionGrid then skips a dozen cards it would redraw unchanged.
  const grid = useMemo(
    () => <ActionGrid actions={matching.slice(0, shown)} trigger={trigger} />,
    [matching, shown, trigger],
  );
  const filtered = search !== '' || category !== ALL_CATEGORIES || game !== 'all';
  const clearFilters = () => {
    setSearch('');
    setCategory(ALL_CATEGORIES);
    setGame('all');
    setShown(PAGE_SIZE);
  };
  // A new filter starts again from the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setShown(PAGE_SIZE);
    };

  return (
    <Stack gap="md">
      <CurrentStreamBadge status={status} />
      <Tabs value={game} onChange={(v) => refilter(setGame)((v ?? 'all') as TGameFilter)}>
        <Tabs.List>
          {GAME_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group grow preventGrowOverflow={false} wrap="wrap">
        {/* The browser's own dropdown: Mantine's Select positions its list with floating-ui, whose
            refs live in state, so mounting it cost the shop a second, synchronous render in the same
            long task as the cards. On a phone the native list is also the one viewers know. */}
        <NativeSelect
          aria-label="Category"
          data={categoryOptions}
          value={category}
          onChange={(e) => refilter(setCategory)(e.currentTarget.value)}
          maw={260}
        />
        <TextInput
          aria-label="Search actions"
          placeholder="Search actions..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => refilter(setSearch)(e.currentTarget.value)}
        />
      </Group>
      {matching.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed">No actions found matching your criteria.</Text>
          {filtered && (
            <Button variant="light" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      ) : (
        grid
      )}
      {matching.length > shown && (
        <Center>
          <Button variant="light" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function ActionsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Loading actions">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} h={180} radius="md" />
      ))}
    </SimpleGrid>
  );
}
