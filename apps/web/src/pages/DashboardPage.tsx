import { Container, Grid, Stack } from '@mantine/core';
import { useAuth } from '../auth/AuthContext';
import { PausedBanner } from '../components/actions/PausedBanner';
import { BuyCoinsSection, DashboardStats, RecentTransactions } from '../components/coins';
import { PageHeading } from '../components/common/PageHeading';
import { DashboardTabs } from '../components/dashboard/DashboardTabs';
import { GiftingSwitchCard } from '../components/gifts/GiftingSwitchCard';
import { LiveActivityPanel } from '../components/realtime/LiveActivityPanel';
import { ShopStatusCard } from '../components/shop-status/ShopStatusCard';
import { StreamSetupCard } from '../components/stream/StreamSetupCard';
import { StreamStatsCard } from '../components/stream/StreamStatsCard';

export function DashboardPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user.
  if (!user) return null;
  const name = user.displayName || user.username;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeading
          title={`Welcome back, ${name}`}
          highlight={name}
          description="Your coins, your actions and your profile."
        />
        <PausedBanner />
        <DashboardStats />
        <StreamStatsCard />
        {user.isAdmin && <StreamSetupCard />}
        {user.isAdmin && <ShopStatusCard />}
        {user.isAdmin && <GiftingSwitchCard />}
        <BuyCoinsSection />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <RecentTransactions />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <LiveActivityPanel />
          </Grid.Col>
        </Grid>
        <DashboardTabs user={user} />
      </Stack>
    </Container>
  );
}
