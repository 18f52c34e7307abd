import { SimpleGrid, Stack } from '@mantine/core';
import type { TStreamAction } from '@shop/domain';
import { useMemo } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { useShopStatus } from '../stream/use-shop-status';
import { ActionCard } from './ActionCard';
import type { ActionTrigger } from './use-action-trigger';
import { useTestAction } from './use-test-action';

interface Props {
  actions: readonly TStreamAction[];
  trigger: ActionTrigger;
  layout?: 'grid' | 'list';
}

/** Cards wired to the trigger flow; admins also get the Test button. */
export function ActionGrid({ actions, trigger, layout = 'grid' }: Props) {
  const { user } = useAuth();
  const { test, testingId } = useTestAction();
  const { paused } = useShopStatus();
  const balance = user ? user.coinBalance : null;
  const isAdmin = user?.isAdmin === true;
  const request = trigger.request;
  // Kept while nothing the cards show changes: the queries above re-render this grid when their fetch
  // state moves (on mount, on refetch), and redrawing a dozen cards for that was a long task.
  return useMemo(() => {
    const onTest = isAdmin ? (action: TStreamAction) => test(action.id) : undefined;
    const cards = actions.map((action) => (
      <ActionCard
        key={action.id}
        action={action}
        balance={balance}
        onTrigger={request}
        onTest={onTest}
        testing={testingId === action.id}
        layout={layout}
        paused={paused}
      />
    ));
    if (layout === 'list') return <Stack gap="sm">{cards}</Stack>;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {cards}
      </SimpleGrid>
    );
  }, [actions, balance, request, isAdmin, test, testingId, layout, paused]);
}
