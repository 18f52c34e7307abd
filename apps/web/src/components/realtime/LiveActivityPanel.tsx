import { Badge, Box, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@shop/domain';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect } from 'react';
import { testButtonLabel } from './connection-report';
import classes from './LiveActivityPanel.module.css';
import { useRealtimeFeed } from './RealtimeContext';
import { type ActivityMessage, activityName, clockTime } from './realtime-messages';
import { useConnectionTest } from './use-connection-test';

interface Props {
  /** viewer-spec section 9: 10 items by default. */
  limit?: number;
}

/** Live Activity (viewer-spec section 2): what viewers are triggering right now. */
export function LiveActivityPanel({ limit = 10 }: Props) {
  // The app's one socket (RealtimeProvider); on every connect the server replays its recent events first.
  const { status, activity, reconnect, watch } = useRealtimeFeed();
  useEffect(watch, [watch]);
  const items = activity.slice(0, limit);
  const connected = status === 'connected';
  const test = useConnectionTest(status, reconnect);

  return (
    <Card withBorder padding="md" data-testid="live-activity">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Live Activity
          </Title>
          <Badge color={connected ? 'green' : 'red'} variant="dot">
            {connected ? 'Connected' : 'Disconnected'}
          </Badge>
        </Group>
        {/* The browser's own scrolling, not Mantine's ScrollArea: that one keeps its viewport and
            scrollbars in state, set from ref callbacks as the page is adopted, so every load paid a
            second, synchronous render of this panel inside the same long task. Focusable, so a
            keyboard can scroll it too. */}
        <Box h={300} className={classes.feed} tabIndex={0} role="region" aria-label="Recent activity">
          {items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No activity yet
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <ActivityItem
                  key={`${item.timestamp}-${item.type}-${item.action.name}-${item.user.username}`}
                  item={item}
                />
              ))}
            </Stack>
          )}
        </Box>
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          loading={test.testing}
          onClick={() => void test.run()}
        >
          {testButtonLabel(connected, test.endpointCount)}
        </Button>
        {test.report && (
          <Stack gap={2} role="status" data-testid="connection-report">
            <Text size="sm" fw={600} c={test.report.ok ? 'green' : 'red'}>
              {test.report.summary}
            </Text>
            <List size="xs" c="dimmed" spacing={0}>
              {test.report.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ActivityItem({ item }: { item: ActivityMessage }) {
  const tested = item.type === 'action_tested';
  return (
    <Card component="li" withBorder padding="xs" radius="sm" data-testid="activity-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {item.action.name}
            </Text>
            {tested && (
              <Badge size="xs" color={item.success ? 'green' : 'red'} variant="light">
                {item.success ? 'Test passed' : 'Test failed'}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {tested ? 'Tested by' : 'Triggered by'} {activityName(item)}
            {tested ? '' : ` · ${formatNumber(item.action.cost)} coins`}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" ff="monospace">
          {clockTime(item.timestamp)}
        </Text>
      </Group>
    </Card>
  );
}
