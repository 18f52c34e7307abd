import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { formatNumber, SOLD_OUT_MESSAGE, type TStreamAction } from '@shop/domain';
import {
  IconBan,
  IconBolt,
  IconClock,
  IconCoin,
  IconFlame,
  IconGauge,
  IconHourglass,
  IconPackage,
  IconPlayerPause,
  IconUser,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePaymentModal } from '../coins/PaymentModalContext';
import { cooldownEnd, countdownText, useSecondsLeft } from './action-cooldown';
import { NEEDS_APPROVAL } from './approval-wording';
import { limitLeft, limitNote, limitReachedLabel, stockNote, surgedFrom } from './economy-wording';
import { effectLength } from './effect-wording';
import { GAME_COLORS, GAME_LABELS } from './game-labels';
import { triggerBlock } from './trigger-block';

const GRID_TRIGGER_STYLES = {
  root: { height: 'auto', minHeight: 'var(--button-height-sm)', paddingBlock: 4 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

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
  // viewer-spec section 5: the trigger is disabled when the balance is below the cost (the surged one).
  const tooPoor = balance !== null && balance < action.cost;
  const left = limitLeft(action);
  const blocked = triggerBlock({
    paused,
    stockLeft: action.stockLeft,
    limitLeft: left,
    cooldownSecondsLeft: secondsLeft,
    tooPoor,
  });
  const label = {
    paused: 'Paused',
    soldOut: SOLD_OUT_MESSAGE,
    limit: limitReachedLabel(action.limitWindow),
    cooldown: `Available in ${countdownText(secondsLeft)}`,
    poor: 'Not Enough Coins',
  };
  const icon = {
    paused: <IconPlayerPause size={16} />,
    soldOut: <IconBan size={16} />,
    limit: <IconGauge size={16} />,
    cooldown: <IconClock size={16} />,
    poor: undefined,
  };

  // On a narrow card the second button goes to a line of its own instead of clipping the first's
  // label ('Not Enough Coins' beside 'Buy Coins' does not fit a third of the shop's column).
  const buttons = (
    <Group gap="xs" wrap={layout === 'grid' ? 'wrap' : 'nowrap'}>
      <Button
        size="sm"
        onClick={() => onTrigger(action)}
        disabled={blocked !== null}
        leftSection={blocked ? icon[blocked] : <IconBolt size={16} />}
        style={layout === 'grid' ? { flex: '1 1 auto', maxWidth: '100%' } : undefined}
        // A long reason ('Limit reached this stream') wraps to a second line in a third of the shop's
        // column rather than pushing the button past the card's edge.
        styles={layout === 'grid' ? GRID_TRIGGER_STYLES : undefined}
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

  // A line, not a badge: badges are upper case and would clip this on a third of the shop's column.
  const approval = action.requiresApproval && (
    <CardNote icon={IconUserCheck} iconColor="grape" testId="needs-approval">
      {NEEDS_APPROVAL}
    </CardNote>
  );

  // Quiet on purpose: how long the effect lasts is a detail, not a selling point.
  const lasts = effectLength(action.durationSeconds);
  const effect = lasts && (
    <CardNote icon={IconHourglass} iconColor="teal" testId="effect-length">
      {lasts}
    </CardNote>
  );

  // Scarcity is a reason to buy now, so these are coloured; lines like the approval note, as badges
  // would upper-case them and crowd the game badges on a third of the shop's column.
  const stock = stockNote(action.stockLeft);
  const limit = limitNote(left, action.limitWindow);
  const scarcity = (stock || limit) && (
    <Group gap="xs" data-testid="scarcity">
      {stock && (
        <CardNote icon={IconPackage} iconColor="red" testId="stock-left" strong>
          {stock}
        </CardNote>
      )}
      {limit && (
        <CardNote icon={IconGauge} iconColor="orange" testId="limit-left" strong>
          {limit}
        </CardNote>
      )}
    </Group>
  );

  // Surge: the price now, the base struck through beside it while it is raised.
  const base = surgedFrom(action);
  const cost = (
    <Group
      gap={4}
      wrap="nowrap"
      aria-label={base === null ? `${action.cost} coins` : `${action.cost} coins, raised from ${base} by demand`}
      data-testid="action-price"
    >
      {base === null ? (
        <IconCoin size={18} color="var(--mantine-color-yellow-5)" aria-hidden style={{ flexShrink: 0 }} />
      ) : (
        <IconFlame size={18} color="var(--mantine-color-orange-5)" aria-hidden style={{ flexShrink: 0 }} />
      )}
      <Text fw={700} c={base === null ? undefined : 'orange.5'}>
        {formatNumber(action.cost)}
      </Text>
      {base !== null && (
        <Text size="sm" c="dimmed" td="line-through" data-testid="base-price">
          {formatNumber(base)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        coins
      </Text>
    </Group>
  );

  if (layout === 'list') {
    return (
      <Card withBorder padding="sm" data-testid="action-card">
        {/* On a phone the price and buttons drop below the name instead of squeezing it and its
            badges into ellipses (a long 'Limit reached this stream' leaves the text a sliver). */}
        <Group justify="space-between" wrap="wrap" align="center" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={700}>{action.name}</Text>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {action.description}
            </Text>
            {badges}
            {scarcity}
            {approval}
            {effect}
          </Stack>
          <Group gap="md" wrap="wrap" style={{ flexShrink: 0, maxWidth: '100%' }}>
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
          {scarcity}
          {approval}
          {effect}
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

/**
 * One small line on a card: an icon and a few words. Quiet (dimmed) for details; `strong` lines take
 * the icon's colour, for what is a reason to buy now.
 */
function CardNote({
  icon: Icon,
  iconColor,
  testId,
  strong = false,
  children,
}: {
  icon: typeof IconGauge;
  iconColor: 'grape' | 'teal' | 'red' | 'orange';
  testId: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Icon size={14} color={`var(--mantine-color-${iconColor}-5)`} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" fw={strong ? 600 : undefined} c={strong ? `${iconColor}.5` : 'dimmed'}>
        {children}
      </Text>
    </Group>
  );
}
