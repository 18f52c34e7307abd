import { Container, Grid, Stack } from '@mantine/core';
import { PausedBanner } from '../components/actions/PausedBanner';
import { StreamActionsSection } from '../components/actions/StreamActionsSection';
import { GetCoinsSection } from '../components/coins';
import { CrowdGoalsSection } from '../components/pools/CrowdGoalsSection';
import { LiveActivityPanel } from '../components/realtime/LiveActivityPanel';
import { useLiveEventToasts } from '../components/realtime/use-live-event-toasts';

export function ShopPage() {
  // viewer-spec section 8: while the shop is open, other viewers' triggers show as toasts too.
  useLiveEventToasts();
  return (
    <Container size="xl" py="xl">
      <Stack gap={48}>
        <PausedBanner />
        <section>
          <GetCoinsSection />
        </section>
        <CrowdGoalsSection />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <StreamActionsSection mode="shop" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <LiveActivityPanel />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
