import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { formatNumber, type TStreamAction } from '@shop/domain';
import { IconBolt, IconClock, IconCoin, IconPlayerPause, IconUser } from '@tabler/icons-react';
import { usePaymentModal } from '../coins/PaymentModalContext';
import { cooldownEnd, countdownText, useSecondsLeft } from './action-cooldown';
import { GAME_COLORS, GAME_LABELS } from './game-labels';

interface Props {
  action: TStreamAction;
  /** null when signed out: the button still shows 'Trigger' and leads to sign-in. */
  balance: number | null;
  onTrigger: (action: TStreamAction) => void;
  /** Admins only (admin-spec section 2); the Test button appears only when this is given. */
  onTest?: (action: TStreamAction) => void;
  testing?: boolean;
  layout?: 'grid' | 'list';
  /** The streamer paused the shop: nothing can be triggered. */
  paused?: boolean;
}

export function ActionCard({
  action,
  balance,
  onTrigger,
  onTest,
  testing = false,
  layout = 'grid',
  paused = false,
}: Props) {
  const payment = usePaymentModal();
  const secondsLeft = useSecondsLeft(cooldownEnd(action.availableAt, action.userAvailableAt));
  // viewer-spec section 5: the trigger is disabled when the balance is below the cost.
  const tooPoor = balance !== null && balance < action.cost;
  // Why the button is off, most important first: a pause or a cooldown would refuse even a rich viewer.
  const blocked = paused ? 'paused' : secondsLeft > 0 ? 'cooldown' : tooPoor ? 'poor' : null;
  const label = {
    paused: 'Paused',
    cooldown: `Available in ${countdownText(secondsLeft)}`,
    poor: 'Not Enough Coins',
  };
  const icon = { paused: <IconPlayerPause size={16} />, cooldown: <IconClock size={16} />, poor: undefined };

  // On a narrow card the second button goes to a line of its own instead of clipping the first's
  // label ('Not Enough Coins' beside 'Buy Coins' does not fit a third of the shop's column).
  const buttons = (
    <Group gap="xs" wrap={layout === 'grid' ? 'wrap' : 'nowrap'}>
      <Button
        size="sm"
        onClick={() => onTrigger(action)}
        disabled={blocked !== null}
        leftSection={blocked ? icon[blocked] : <IconBolt size={16} />}
        style={layout === 'grid' ? { flex: '1 0 auto' } : undefined}
        data-testid="trigger-button"
      >
        {blocked ? label[blocked] : 'Trigger'}
      </Button>
      {blocked === 'poor' && (
        // A way out of 'Not Enough Coins': the same payment dialog as the navbar's plus button.
        <Button
          size="sm"
          variant="light"
          color="yellow"
          onClick={() => payment.open()}
          style={layout === 'grid' ? { flex: '1 0 auto' } : { flexShrink: 0 }}
        >
          Buy Coins
        </Button>
      )}
      {onTest && (
        <Button size="sm" variant="light" onClick={() => onTest(action)} loading={testing} style={{ flexShrink: 0 }}>
          Test
        </Button>
      )}
    </Group>
  );

  const badges = (
    <Group gap={6}>
      {action.category && (
        <Badge variant="light" color="gray">
          {action.category}
        </Badge>
      )}
      <Badge variant="light" color={GAME_COLORS[action.gameType]}>
        {GAME_LABELS[action.gameType]}
      </Badge>
      {action.targetType === 'individual' && (
        <Badge variant="outline" color="orange" leftSection={<IconUser size={12} />}>
          Targeted
        </Badge>
      )}
    </Group>
  );

  const cost = (
    <Group gap={4} wrap="nowrap" aria-label={`${action.cost} coins`}>
      <IconCoin size={18} color="var(--mantine-color-yellow-5)" aria-hidden />
      <Text fw={700}>{formatNumber(action.cost)}</Text>
      <Text size="sm" c="dimmed">
        coins
      </Text>
    </Group>
  );

  if (layout === 'list') {
    return (
      <Card withBorder padding="sm" data-testid="action-card">
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700}>{action.name}</Text>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {action.description}
            </Text>
            {badges}
          </Stack>
          <Group gap="md" wrap="nowrap">
            {cost}
            {buttons}
          </Group>
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder padding="md" data-testid="action-card" h="100%">
      {action.imageUrl && (
        <Card.Section mb="sm">
          <Image src={action.imageUrl} alt="" h={140} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Text fw={700} size="lg">
            {action.name}
          </Text>
          {badges}
          <Text size="sm" c="dimmed">
            {action.description}
          </Text>
        </Stack>
        <Stack gap="xs">
          {cost}
          {buttons}
        </Stack>
      </Stack>
    </Card>
  );
}
