import { Alert, Anchor, Badge, Button, Code, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatNumber, type TStreamerbotConfig } from '@shop/domain';
import { IconBook, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmModal } from '../actions/ConfirmModal';
import { QueryError } from '../common/QueryError';
import { CopyValue } from './CopyValue';
import { InfoRows } from './InfoRows';
import { NewSecretPanel } from './NewSecretPanel';
import { coinsPerHundredPoints, formatRate } from './streamerbot-format';

/** The guide is a static file of the web app (apps/web/public), readable without signing in. */
export const SETUP_GUIDE_PATH = '/streamerbot-setup.html';

/** Streamer.bot tab of Admin Tools (admin-spec section 2): the signed webhook that turns channel points into coins. */
export function StreamerbotTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery({ ...trpc.earning.streamerbotConfig.queryOptions(), staleTime: 0 });
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const regenerate = useMutation(
    trpc.earning.regenerateStreamerbotSecret.mutationOptions({
      onSuccess: async (result) => {
        setConfirming(false);
        setSecret(result.secret);
        notify.success('Secret Regenerated', 'Copy the new secret now; it is shown only once.');
        await queryClient.invalidateQueries({ queryKey: trpc.earning.streamerbotConfig.queryKey() });
      },
      onError: (err) => {
        setConfirming(false);
        notify.error('Error', `Failed to regenerate webhook secret. ${errorMessage(err)}`);
      },
    }),
  );

  if (config.isPending) {
    return (
      <Paper withBorder p="md">
        <Title order={3}>Streamer.bot</Title>
        <Stack gap="sm" mt="md" aria-busy="true" aria-label="Loading Streamer.bot configuration">
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      </Paper>
    );
  }
  if (config.isError) {
    return (
      <Paper withBorder p="md">
        <Title order={3}>Streamer.bot</Title>
        <Stack mt="md" gap="xs">
          <QueryError title="Error Loading Configuration" error={config.error} onRetry={() => void config.refetch()} />
          <Text size="sm" c="dimmed">
            Failed to load Streamer.bot webhook configuration. Please try again.
          </Text>
        </Stack>
      </Paper>
    );
  }

  const data = config.data;
  const fromEnvironment = data.secretSource === 'environment';
  const generate = () => (data.hasSecret ? setConfirming(true) : regenerate.mutate());

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3}>Streamer.bot</Title>
            <Badge color={data.hasSecret ? 'green' : 'red'} variant="light" size="lg" data-testid="secret-status">
              {data.hasSecret ? 'Secret Configured' : 'No Secret Set'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Streamer.bot posts each channel-point redemption to this address; the shop checks the signature and credits
            the viewer whose Twitch account is linked.
          </Text>
          <Text size="sm" fw={600}>
            Webhook URL
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="webhook-url" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {data.webhookUrl}
            </Code>
            <CopyValue value={data.webhookUrl} label="webhook URL" />
          </Group>
          {fromEnvironment ? (
            <Alert color="blue" variant="light" icon={<IconKey />}>
              <Text size="sm">
                The secret comes from the server's <Code>STREAMERBOT_WEBHOOK_SECRET</Code> environment variable, which
                takes precedence; change it there to rotate it.
              </Text>
            </Alert>
          ) : (
            <Group>
              <Button leftSection={<IconKey size={16} />} onClick={generate} loading={regenerate.isPending}>
                Generate New Secret
              </Button>
              {!data.hasSecret && (
                <Text size="sm" c="dimmed">
                  Until a secret exists the webhook answers 503 and no points are converted.
                </Text>
              )}
            </Group>
          )}
          {/* Keyed by the secret: a newer one starts masked again. */}
          {secret && <NewSecretPanel key={secret} secret={secret} />}
        </Stack>
      </Paper>
      <ConversionCard config={data} />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Required Headers</Title>
          <List size="sm" spacing={4}>
            <List.Item>
              <Code>Content-Type</Code>: application/json
            </List.Item>
            <List.Item>
              <Code>X-Signature</Code>: the hex HMAC SHA-256 of the exact request body, keyed with the secret (a{' '}
              <Code>sha256=</Code> prefix is accepted)
            </List.Item>
          </List>
          <Text size="sm">
            Body:{' '}
            <Code>{'{"user": "<twitch login>", "points": 500, "rewardTitle": "...", "redemptionId": "..."}'}</Code>
          </Text>
          <Anchor href={SETUP_GUIDE_PATH} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span">
              <IconBook size={16} />
              Open the Streamer.bot setup guide
            </Group>
          </Anchor>
        </Stack>
      </Paper>
      <Alert color="gray" variant="light" icon={<IconShieldLock />} title="Security">
        <List size="sm" spacing={4}>
          <List.Item>
            Every request must carry an HMAC SHA-256 signature of its body; unsigned or wrongly signed ones are refused
            (401).
          </List.Item>
          <List.Item>The webhook lives at a hidden path: keep the URL private like the secret.</List.Item>
          <List.Item>Requests are rate limited per address.</List.Item>
          <List.Item>
            Coins go only to a viewer whose account is linked to that Twitch name; each redemption id pays once.
          </List.Item>
        </List>
      </Alert>
      <ConfirmModal
        opened={confirming}
        title="Replace the webhook secret?"
        message="The current secret stops working at once: Streamer.bot's requests are refused until you paste the new secret into it."
        confirmLabel="Generate New Secret"
        color="orange"
        loading={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function ConversionCard({ config }: { config: TStreamerbotConfig }) {
  const rule = config.conversionConfig;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        Conversion Settings
      </Title>
      <InfoRows
        label="Conversion settings"
        rows={[
          ['Reward title', rule.rewardTitle ?? 'Any reward'],
          [
            'Conversion rate',
            `${formatRate(rule.conversionRate)} (100 points = ${formatNumber(coinsPerHundredPoints(rule))} coins)`,
          ],
          ['Minimum points', formatNumber(rule.minimumPoints)],
          ['Maximum coins per redemption', formatNumber(rule.maxCoinsPerRedemption)],
        ]}
      />
      <Text size="xs" c="dimmed" mt="xs">
        Set on the server with STREAMERBOT_REWARD_TITLE, STREAMERBOT_CONVERSION_RATE, STREAMERBOT_MIN_POINTS and
        STREAMERBOT_MAX_COINS.
      </Text>
    </Paper>
  );
}
