import { Badge, Button, Card, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { TCategory } from '@shop/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDay } from '../community/format-date';

interface Props {
  category: TCategory;
  onEdit: () => void;
  onDelete: () => void;
}

/** One category on the management page (admin-spec section 2): dot, name, description, state, date. */
export function CategoryCard({ category, onEdit, onDelete }: Props) {
  const actions = category.actionCount === 1 ? '1 action' : `${category.actionCount} actions`;
  return (
    <Card withBorder padding="md" data-testid="category-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ColorSwatch color={category.color} size={18} mt={3} aria-label={`Colour ${category.color}`} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} style={{ wordBreak: 'break-word' }}>
                {category.name}
              </Text>
              <Badge color={category.active ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                {category.active ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {category.description || 'No description'}
            </Text>
          </Stack>
        </Group>
        <Group justify="space-between" gap="xs" mt="auto">
          <Text size="xs" c="dimmed">
            Created {formatDay(category.createdAt)} · {actions}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
