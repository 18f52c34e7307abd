import { Alert, Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { GIFTING_OFF_MESSAGE } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

/** The admin's switch for gifts between viewers (issue 27), beside the shop's pause switch. */
export function GiftingSwitchCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.gifts.settings.queryOptions());
  const update = useMutation(
    trpc.gifts.setSettings.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(trpc.gifts.settings.queryKey(), fresh);
        notify.success(
          fresh.enabled ? 'Gifting on' : 'Gifting off',
          fresh.enabled ? '' : 'Viewers cannot give coins now.',
        );
      },
      onError: (err) => notify.error('Failed to update gifting', errorMessage(err)),
    }),
  );
  const enabled = settings.data?.enabled;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="gifting-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Gifting
          </Title>
          {enabled !== undefined && <Badge color={enabled ? 'green' : 'gray'}>{enabled ? 'On' : 'Off'}</Badge>}
        </Group>
        {settings.isError && <Alert color="red">{errorMessage(settings.error)}</Alert>}
        <Switch
          label="Viewers may give coins to each other"
          description="Each viewer can give up to the daily limit (GIFT_MAX_PER_DAY)"
          checked={enabled ?? false}
          disabled={enabled === undefined || update.isPending}
          onChange={(e) => update.mutate({ enabled: e.currentTarget.checked })}
        />
        <Text size="xs" c="dimmed">
          While off, gifts are refused with '{GIFTING_OFF_MESSAGE}'.
        </Text>
      </Stack>
    </Card>
  );
}
