import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { formatCents, formatNumber, type TCoinPackage } from '@shop/domain';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';

interface Props {
  pkg: TCoinPackage;
  first: boolean;
  last: boolean;
  /** A move or toggle is on its way: the order buttons wait for it. */
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One package in the admin list: order buttons, what it sells for, its switch and its actions. */
export function AdminPackageRow({ pkg, first, last, busy, onMove, onToggle, onEdit, onDelete }: Props) {
  return (
    <Paper withBorder p="sm" data-testid="admin-package">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Stack gap={2}>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${pkg.name} up`}
              disabled={first || busy}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${pkg.name} down`}
              disabled={last || busy}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Stack>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} style={{ wordBreak: 'break-word' }}>
                {pkg.name}
              </Text>
              <Badge color={pkg.active ? 'green' : 'gray'}>{pkg.active ? 'Active' : 'Disabled'}</Badge>
            </Group>
            <Text size="sm">
              {formatNumber(pkg.amount)} coins for <b data-testid="admin-package-price">${formatCents(pkg.price)}</b>
            </Text>
            {pkg.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {pkg.description}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            aria-label={`${pkg.name} active`}
            checked={pkg.active}
            disabled={busy}
            onChange={(e) => onToggle(e.currentTarget.checked)}
          />
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
