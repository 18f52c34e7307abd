import { Paper, Title } from '@mantine/core';
import { formatNumber, type TWatchTimeSettings } from '@shop/domain';
import { InfoRows } from '../admin-tools/InfoRows';
import { formatDateTime } from '../coins/transactions';

/** What the service runs with right now (admin-spec section 2); 'Never' until an admin saves once. */
export function CurrentSettingsCard({ settings }: { settings: TWatchTimeSettings }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Current Settings
      </Title>
      <InfoRows
        label="Current settings"
        rows={[
          [
            'Reward interval',
            `${formatNumber(settings.rewardInterval)} ${settings.rewardInterval === 1 ? 'minute' : 'minutes'}`,
          ],
          ['Coins per interval', formatNumber(settings.coinsPerInterval)],
          ['Last updated', settings.lastUpdated ? formatDateTime(settings.lastUpdated) : 'Never'],
        ]}
      />
    </Paper>
  );
}
