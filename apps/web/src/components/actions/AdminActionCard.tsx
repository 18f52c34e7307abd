import { ActionIcon, Badge, Button, Card, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatNumber, type TStreamAction } from '@shop/domain';
import { IconBolt, IconPencil, IconTrash } from '@tabler/icons-react';
import { economySummary } from './economy-wording';

interface Props {
  action: TStreamAction;
  onEdit: () => void;
  onTest: () => void;
  onDelete: () => void;
  testing: boolean;
}

/** One row of the admin game tabs: what viewers see plus the command that is actually sent. */
export function AdminActionCard({ action, onEdit, onTest, onDelete, testing }: Props) {
  const economy = economySummary(action);
  return (
    <Card withBorder padding="md" data-testid="admin-action-card">
      <Stack gap="xs">
        {/* On a phone the buttons drop below the name instead of squeezing its badges into ellipses. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Group gap="xs">
              <Text fw={700}>{action.name}</Text>
              {!action.active && (
                <Badge color="gray" variant="outline">
                  Inactive
                </Badge>
              )}
              {action.targetType === 'individual' && (
                <Badge color="orange" variant="outline">
                  Individual
                </Badge>
              )}
              {action.stockLeft === 0 && (
                <Badge color="red" variant="outline">
                  Sold out
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {action.category ?? 'Uncategorised'}
              </Badge>
              <Text size="sm" fw={600}>
                {formatNumber(action.baseCost)} coins
              </Text>
              {action.cost > action.baseCost && (
                <Text size="sm" c="orange.5">
                  now {formatNumber(action.cost)}
                </Text>
              )}
            </Group>
            {economy && (
              <Text size="xs" c="dimmed" data-testid="economy-summary">
                {economy}
              </Text>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Tooltip label="Send a test without charging anyone">
              <ActionIcon variant="light" color="yellow" aria-label="Test action" onClick={onTest} loading={testing}>
                <IconBolt size={18} />
              </ActionIcon>
            </Tooltip>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {action.description}
        </Text>
        <Code block>{action.webhookAction}</Code>
      </Stack>
    </Card>
  );
}
