import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TWatchTimeSettings,
  WATCH_COINS_MAX,
  WATCH_COINS_MIN,
  WATCH_INTERVAL_MAX,
  WATCH_INTERVAL_MIN,
} from '@shop/domain';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import {
  changedWatchTimeFields,
  checkWatchTimeForm,
  type WatchTimeFormValues,
  watchTimeFormValues,
} from './watch-time-form';

/**
 * The settings form (admin-spec sections 2 and 5). It starts from the saved settings; the page
 * remounts it (key) when the saved settings change, so a 30 s poll never overwrites typing.
 * Out-of-bounds numbers are not clamped: the admin sees the bound's message, not a silently changed value.
 */
export function WatchTimeSettingsForm({ settings }: { settings: TWatchTimeSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<WatchTimeFormValues>({
    initialValues: watchTimeFormValues(settings),
    validate: checkWatchTimeForm,
  });

  const save = useMutation(
    trpc.earning.updateWatchTimeSettings.mutationOptions({
      onSuccess: async () => {
        notify.success('Settings updated', 'The reward service uses the new settings from its next tick.');
        await queryClient.invalidateQueries({ queryKey: trpc.earning.watchTimeStatus.queryKey() });
      },
      onError: (err) => notify.error('Failed to update settings', errorMessage(err)),
    }),
  );

  const submit = form.onSubmit((values) => {
    const changes = changedWatchTimeFields(settings, values);
    if (Object.keys(changes).length === 0) {
      notify.warning('No changes', 'Please make changes before saving.');
      return;
    }
    save.mutate(changes);
  });

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Reward Settings
      </Title>
      <form onSubmit={submit} noValidate aria-label="Watch time settings">
        <Stack>
          <Switch
            label="Enable watch time rewards"
            description="While on, every viewer with a verified Twitch account who is watching earns coins each interval."
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Reward interval (minutes)"
              description={`How often viewers are rewarded, ${WATCH_INTERVAL_MIN} to ${WATCH_INTERVAL_MAX}`}
              min={WATCH_INTERVAL_MIN}
              max={WATCH_INTERVAL_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('rewardInterval')}
            />
            <NumberInput
              label="Coins per interval"
              description={`Coins each watching viewer gets, ${WATCH_COINS_MIN} to ${WATCH_COINS_MAX}`}
              min={WATCH_COINS_MIN}
              max={WATCH_COINS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('coinsPerInterval')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Only the fields you change are sent.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconRestore size={16} />}
              onClick={() => form.reset()}
              disabled={save.isPending}
            >
              Reset
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Save Settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
