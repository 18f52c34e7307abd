import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { noUsersFoundMessage, type TAdminUserSearch, ZAdminUserSearch } from '@shop/domain';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { SelectedUserPanel } from './SelectedUserPanel';
import { UserSearchResults } from './UserSearchResults';

/** User Management (admin-spec section 2): find a user by name, then change their password or coins. */
export function UserManagementTab() {
  const trpc = useTRPC();
  // What was last searched for; null until the first search, so nothing loads on opening the tab.
  const [term, setTerm] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const form = useForm<{ username: string }>({
    initialValues: { username: '' },
    validate: schemaResolver(ZAdminUserSearch, { sync: true }),
  });
  const results = useQuery({
    ...trpc.adminTools.searchUsers.queryOptions({ username: term ?? '' } satisfies TAdminUserSearch),
    enabled: term !== null,
    staleTime: 0,
  });

  const submit = form.onSubmit(({ username }) => {
    const next = username.trim();
    setSelectedId(null);
    // Searching the same text again is a refresh (balances may have moved meanwhile).
    if (next === term) void results.refetch();
    else setTerm(next);
  });

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="xs">
            <IconUserSearch size={20} />
            <Title order={3}>Find a user</Title>
          </Group>
          <form onSubmit={submit} noValidate>
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <TextInput
                label="Username"
                placeholder="Part of a username, any case"
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps('username')}
              />
              <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={results.isFetching}>
                Search
              </Button>
            </Group>
          </form>
          {term !== null && results.isError && (
            <QueryError title="Search failed" error={results.error} onRetry={() => void results.refetch()} />
          )}
          {term !== null && results.isSuccess && results.data.length === 0 && (
            <Alert color="gray" variant="light">
              {noUsersFoundMessage(term)}
            </Alert>
          )}
          {term !== null && results.isSuccess && results.data.length > 0 && (
            <UserSearchResults users={results.data} selectedId={selectedId} onSelect={setSelectedId} />
          )}
          {term !== null && results.isSuccess && results.data.length === 20 && (
            <Text size="xs" c="dimmed">
              Showing the first 20 matches; type more of the name to narrow the search.
            </Text>
          )}
        </Stack>
      </Paper>
      {selectedId !== null && <SelectedUserPanel userId={selectedId} onClose={() => setSelectedId(null)} />}
    </Stack>
  );
}
