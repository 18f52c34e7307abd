import { Button, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { AdminPageHeader } from '../components/layout/AdminPageHeader';
import { CurrentSettingsCard } from '../components/watch-time/CurrentSettingsCard';
import { isPermissionRefusal, PERMISSION_REFUSED_TEXT } from '../components/watch-time/load-failure';
import { RecentRewardsTable } from '../components/watch-time/RecentRewardsTable';
import { TwitchAuthorizeCard } from '../components/watch-time/TwitchAuthorizeCard';
import { TwitchNoticeAlert } from '../components/watch-time/TwitchNoticeAlert';
import { useWatchTimeStatus } from '../components/watch-time/use-watch-time';
import { WatchTimeBadges } from '../components/watch-time/WatchTimeBadges';
import { WatchTimeSettingsForm } from '../components/watch-time/WatchTimeSettingsForm';
import { WatchTimeStats } from '../components/watch-time/WatchTimeStats';
import { errorMessage, errorStatus } from '../lib/errors';

/** Watch Time Rewards (admin-spec section 2). Admin rights are the server's answer, shown as a card on refusal. */
export function AdminWatchTimePage() {
  const status = useWatchTimeStatus();

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AdminPageHeader
          title="Watch Time Rewards"
          description="Viewers with a verified Twitch account earn coins while they watch."
        >
          {status.data && <WatchTimeBadges status={status.data} />}
        </AdminPageHeader>
        <TwitchNoticeAlert />
        {status.isPending && (
          <Stack aria-busy="true" aria-label="Loading watch time settings">
            <Skeleton height={120} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Skeleton height={180} />
              <Skeleton height={180} />
            </SimpleGrid>
          </Stack>
        )}
        {status.isError && <LoadFailedCard error={status.error} onRetry={() => void status.refetch()} />}
        {status.data && (
          <>
            <WatchTimeStats stats={status.data.stats} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <WatchTimeSettingsForm
                key={`${status.data.settings.lastUpdated ?? 'never'}`}
                settings={status.data.settings}
              />
              <Stack gap="lg">
                <CurrentSettingsCard settings={status.data.settings} />
                <TwitchAuthorizeCard status={status.data} />
              </Stack>
            </SimpleGrid>
            <RecentRewardsTable onRefresh={() => void status.refetch()} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The spec's card on a refused permission; any other failure shows the server's own words too. */
function LoadFailedCard({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = isPermissionRefusal(errorStatus(error));
  return (
    <Paper withBorder p="xl" role="alert" data-testid="watch-time-error">
      <Stack align="center" ta="center" gap="sm">
        <IconAlertCircle size={36} color="var(--mantine-color-red-6)" />
        {refused ? (
          <Text fw={600}>{PERMISSION_REFUSED_TEXT}</Text>
        ) : (
          <>
            <Title order={3} size="h4">
              Failed to load watch time settings
            </Title>
            <Text c="dimmed">{errorMessage(error)}</Text>
          </>
        )}
        {!refused && (
          <Button variant="light" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
