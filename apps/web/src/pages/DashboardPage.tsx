import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/AuthContext';
import { PausedBanner } from '../components/actions/PausedBanner';
import { BuyCoinsSection, DashboardStats, RecentTransactions } from '../components/coins';
import { DashboardTabs } from '../components/dashboard/DashboardTabs';
import { LiveActivityPanel } from '../components/realtime/LiveActivityPanel';
import { ShopStatusCard } from '../components/shop-status/ShopStatusCard';
import { StreamStatsCard } from '../components/stream/StreamStatsCard';

export function DashboardPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user.
  if (!user) return null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Welcome back, {user.displayName || user.username}</Title>
          <Text c="dimmed">Your coins, your actions and your profile.</Text>
        </div>
        <PausedBanner />
        <DashboardStats />
        <StreamStatsCard />
        {user.isAdmin && <ShopStatusCard />}
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
