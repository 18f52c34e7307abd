import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { authReturnState } from '../../auth/return-to';
import { useTRPC } from '../../trpc';
import { useNow } from '../actions/use-now';
import { ChipInModal } from './ChipInModal';
import { PoolBar } from './PoolBar';
import { type PoolCard, poolCards } from './pool-view';
import { useOpenPools } from './use-pools';

/**
 * The shop's 'Crowd goals' (viewer-spec section 12): actions viewers pay for together. Each shows its bar, the
 * time left and 'Chip in'; nothing shows while the shop has none.
 */
export function CrowdGoalsSection() {
  const trpc = useTRPC();
  const pools = useOpenPools();
  // The same query the actions grid reads: pooled actions nobody has chipped into yet show too.
  const actions = useQuery(trpc.actions.list.queryOptions());
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const now = useNow(1000);
  const [chipping, setChipping] = useState<PoolCard | null>(null);
  const cards = poolCards(pools.data ?? [], actions.data ?? []);
  if (cards.length === 0) return null;

  const chipIn = (card: PoolCard) => {
    if (!user) {
      void navigate('/auth', { state: authReturnState(location) });
      return;
    }
    setChipping(card);
  };

  return (
    <section aria-labelledby="crowd-goals-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="crowd-goals-title">
            Crowd goals
          </Title>
          <Text c="dimmed" size="sm">
            Put coins together: the action fires when the goal is reached. Short of it in time, every coin goes back.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards.map((card) => (
            <Card key={card.actionId} withBorder radius="md" padding="md" data-testid="crowd-goal">
              <Stack gap="xs">
                <Text fw={700} lineClamp={1}>
                  {card.actionName}
                </Text>
                <PoolBar {...card} now={now} />
                <Button onClick={() => chipIn(card)} fullWidth mt={4}>
                  Chip in
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      {chipping && (
        <ChipInModal
          key={chipping.actionId}
          card={cards.find((c) => c.actionId === chipping.actionId) ?? chipping}
          onClose={() => setChipping(null)}
        />
      )}
    </section>
  );
}
