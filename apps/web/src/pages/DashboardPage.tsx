import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/AuthContext';
import { DashboardTabs } from '../components/dashboard/DashboardTabs';

export function DashboardPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user.
  if (!user) return null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Welcome back, {user.displayName || user.username}</Title>
          <Text c="dimmed">Manage your profile and linked accounts.</Text>
        </div>
        {/* Stat cards, stream statistics, Buy Coins and Recent Transactions arrive with the shop. */}
        <Paper withBorder p="md" data-testid="dashboard-overview-placeholder">
          <Text c="dimmed" size="sm">
            Your balance overview, stream statistics and recent transactions arrive with the shop.
          </Text>
        </Paper>
        <DashboardTabs user={user} />
      </Stack>
    </Container>
  );
}
