import { Button, Group, Select, TextInput } from '@mantine/core';
import type { THistoryStatusFilter } from '@shop/domain';
import { IconSearch } from '@tabler/icons-react';

export interface HistoryFilterValues {
  username: string;
  actionName: string;
  status: THistoryStatusFilter | null;
}

export const NO_FILTERS: HistoryFilterValues = { username: '', actionName: '', status: null };

const STATUS_OPTIONS: { value: THistoryStatusFilter; label: string }[] = [
  { value: 'success', label: 'Success' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'test', label: 'Test' },
];

interface Props {
  value: HistoryFilterValues;
  onChange: (value: HistoryFilterValues) => void;
}

/** Filter by user (exact login name), action (part of the name) and status; they combine. */
export function HistoryFilters({ value, onChange }: Props) {
  const empty = value.username === '' && value.actionName === '' && value.status === null;
  return (
    <Group gap="sm" align="flex-end" mt="md" wrap="wrap">
      <TextInput
        label="User"
        placeholder="Username"
        leftSection={<IconSearch size={14} />}
        value={value.username}
        onChange={(e) => onChange({ ...value, username: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        label="Action"
        placeholder="Part of the name"
        leftSection={<IconSearch size={14} />}
        value={value.actionName}
        onChange={(e) => onChange({ ...value, actionName: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as THistoryStatusFilter | null })}
        clearable
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 160 }}
      />
      {!empty && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
