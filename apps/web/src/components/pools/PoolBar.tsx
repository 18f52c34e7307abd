import { Group, Progress, Text } from '@mantine/core';
import { barPercent, poolCountdown, windowText } from './pool-view';

/** The bar, its figures and the time left; shared by the shop's cards and nothing else secret. */
export function PoolBar({
  goal,
  raised,
  contributors,
  endsAt,
  windowSeconds,
  now,
}: {
  goal: number;
  raised: number;
  contributors: number;
  endsAt: string | null;
  windowSeconds: number | null;
  now: number;
}) {
  const percent = barPercent({ goal, raised });
  return (
    <>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        aria-label={`${raised} of ${goal} coins`}
        transitionDuration={400}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {raised.toLocaleString('en-US')} / {goal.toLocaleString('en-US')}
        </Text>
        <Text size="sm" c="dimmed" ta="right">
          {endsAt
            ? `${contributors} ${contributors === 1 ? 'viewer' : 'viewers'} · ${poolCountdown(endsAt, now)}`
            : windowSeconds
              ? windowText(windowSeconds)
              : 'Opens with the first coins'}
        </Text>
      </Group>
    </>
  );
}
