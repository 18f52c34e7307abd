import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notify } from '../../lib/notify';
import { useLiveToastsMuted } from '../realtime/live-toast-setting';

/** The profile's switch for the shop's live-event toasts (viewer-spec section 8), kept in this browser. */
export function LiveToastsCard() {
  const [muted, setMuted] = useLiveToastsMuted();

  function change(show: boolean) {
    setMuted(!show);
    if (show) {
      notify.success('Live activity toasts on', "Other viewers' actions show as toasts while the shop is open.");
      return;
    }
    notify.success('Live activity toasts muted', 'The Live Activity panel still lists every action.', {
      action: { label: 'Undo', onClick: () => setMuted(false) },
    });
  }

  return (
    <Card withBorder padding="lg" data-testid="live-toasts-card">
      <Stack>
        <Title order={2} size="h3">
          Notifications
        </Title>
        <Switch
          checked={!muted}
          onChange={(event) => change(event.currentTarget.checked)}
          label="Show live activity toasts"
          description="While the shop is open, a short note pops up when someone triggers an action."
        />
        <Text size="xs" c="dimmed">
          Saved in this browser only.
        </Text>
      </Stack>
    </Card>
  );
}
