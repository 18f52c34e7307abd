import { Center, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { universalActionsByCost } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ActionGrid } from './ActionGrid';
import { TriggerConfirmModal } from './TriggerConfirmModal';
import { useActionTrigger } from './use-action-trigger';
import { ALL_CATEGORIES, useCategoryFilterOptions } from './use-category-options';

type Layout = 'grid' | 'list';

/** Dashboard item 5, Actions tab: universal actions only, cheapest first, as a grid or a list. */
export function DashboardActionsTab() {
  const trpc = useTRPC();
  const actions = useQuery(trpc.actions.list.queryOptions());
  const categoryOptions = useCategoryFilterOptions();
  const trigger = useActionTrigger({ surface: 'dashboard' });
  const [layout, setLayout] = useState<Layout>('grid');
  const [category, setCategory] = useState(ALL_CATEGORIES);

  if (actions.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading actions" />
      </Center>
    );
  }
  if (actions.isError) {
    return <QueryError title="Failed to load actions" error={actions.error} onRetry={() => void actions.refetch()} />;
  }

  const shown = universalActionsByCost(actions.data).filter(
    (a) => category === ALL_CATEGORIES || a.category === category,
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Select
          aria-label="Category"
          data={categoryOptions}
          value={category}
          onChange={(v) => setCategory(v ?? ALL_CATEGORIES)}
          allowDeselect={false}
          w={240}
        />
        <SegmentedControl
          aria-label="Layout"
          value={layout}
          onChange={(v) => setLayout(v as Layout)}
          data={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
      </Group>
      {shown.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">No actions found matching your criteria.</Text>
        </Center>
      ) : (
        <ActionGrid actions={shown} trigger={trigger} layout={layout} />
      )}
      <TriggerConfirmModal trigger={trigger} />
    </Stack>
  );
}
