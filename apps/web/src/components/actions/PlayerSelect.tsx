import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, errorStatus } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { cooldownSecondsLeft } from './cooldown';

/** viewer-spec section 9: players refresh at most every 5 s; the list is stale after 10 s, kept 30 s. */
const REFRESH_COOLDOWN_MS = 5_000;
const PLAYERS_STALE_MS = 10_000;
const PLAYERS_GC_MS = 30_000;
export const PLAYERS_LOAD_ERROR = 'Failed to load players. Server may be offline.';

interface Props {
  value: string | null;
  onChange: (steamId: string | null) => void;
  disabled?: boolean;
}

/** Target picker for individual Rust actions: the players online on the connected Rust server. */
export function PlayerSelect({ value, onChange, disabled }: Props) {
  const trpc = useTRPC();
  const [lastRefresh, setLastRefresh] = useState<number | null>(null);
  const players = useQuery({
    ...trpc.rust.players.queryOptions(),
    staleTime: PLAYERS_STALE_MS,
    gcTime: PLAYERS_GC_MS,
  });

  const refresh = () => {
    const wait = cooldownSecondsLeft(lastRefresh, Date.now(), REFRESH_COOLDOWN_MS);
    if (wait > 0) {
      notify.error(`Please wait ${wait} seconds before refreshing again`);
      return;
    }
    setLastRefresh(Date.now());
    void players.refetch();
  };

  if (players.isError) {
    // 502 already says exactly this; other refusals (no Rust server) add the server's reason.
    const detail = errorStatus(players.error) === 502 ? null : errorMessage(players.error);
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" title={PLAYERS_LOAD_ERROR}>
        <Stack gap="xs" align="flex-start">
          {detail && <Text size="sm">{detail}</Text>}
          <Button size="xs" variant="light" color="red" onClick={refresh} loading={players.isFetching}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  const data = (players.data ?? []).map((p) => ({ value: p.steamId, label: p.username }));

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label="Select Player"
        placeholder={players.isLoading ? 'Loading players...' : 'Select Player'}
        data={data}
        value={value}
        onChange={onChange}
        searchable
        disabled={disabled || players.isLoading}
        nothingFoundMessage="No players online"
        comboboxProps={{ withinPortal: true }}
      />
      <Tooltip label="Refresh players">
        <ActionIcon
          size="input-sm"
          variant="default"
          aria-label="Refresh players"
          onClick={refresh}
          loading={players.isFetching}
          disabled={disabled}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
