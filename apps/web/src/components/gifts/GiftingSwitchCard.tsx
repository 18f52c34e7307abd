import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { GIFT_HOLD_DAYS_MAX, GIFTING_OFF_MESSAGE, type TGiftingSettingsUpdate } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

/**
 * The admin's switch for gifts between viewers (admin-spec section 12), beside the shop's pause switch, and the
 * hold on bought coins: a refund or dispute can still take them back while they cannot be gifted.
 */
export function GiftingSwitchCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.gifts.settings.queryOptions());
  const [holdDays, setHoldDays] = useState<number | string>('');
  const [saved, setSaved] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data && settings.data.holdDays !== saved) {
      setSaved(settings.data.holdDays);
      setHoldDays(settings.data.holdDays);
    }
  }, [settings.data, saved]);
  const update = useMutation(
    trpc.gifts.setSettings.mutationOptions({
      onSuccess: (fresh, sent: TGiftingSettingsUpdate) => {
        queryClient.setQueryData(trpc.gifts.settings.queryKey(), fresh);
        if (sent.holdDays !== undefined) {
          notify.success(
            'Hold saved',
            fresh.holdDays === 0
              ? 'Bought coins can be gifted at once.'
              : `Bought coins can be gifted ${fresh.holdDays} ${fresh.holdDays === 1 ? 'day' : 'days'} after purchase.`,
          );
        } else {
          notify.success(
            fresh.enabled ? 'Gifting on' : 'Gifting off',
            fresh.enabled ? '' : 'Viewers cannot give coins now.',
          );
        }
      },
      onError: (err) => notify.error('Failed to update gifting', errorMessage(err)),
    }),
  );
  const enabled = settings.data?.enabled;
  const holdValid = typeof holdDays === 'number' && Number.isInteger(holdDays) && holdDays >= 0;
  const holdChanged = holdValid && holdDays !== settings.data?.holdDays;

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
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <NumberInput
            label="Hold on bought coins (days)"
            description="Coins bought with PayPal can be gifted this long after purchase; earned coins at once"
            min={0}
            max={GIFT_HOLD_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={holdDays}
            onChange={setHoldDays}
            disabled={settings.data === undefined}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            disabled={!holdChanged}
            loading={update.isPending && update.variables?.holdDays !== undefined}
            onClick={() => typeof holdDays === 'number' && update.mutate({ holdDays })}
          >
            Save
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          A refund or dispute at PayPal can then still take the coins back; coins already given away cannot be.
        </Text>
      </Stack>
    </Card>
  );
}
