import { Button, Checkbox, Grid, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MINECRAFT_COMMON_COMMANDS,
  MINECRAFT_RCON_DEFAULT_PORT,
  RUST_COMMON_COMMANDS,
  RUST_WEBRCON_DEFAULT_PORT,
  ZMinecraftCommandTest,
  ZRustCommandTest,
} from '@shop/domain';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { PasswordField } from '../common/PasswordField';
import { CommonCommands } from './CommonCommands';
import { RconConnectionError, RconTestResult } from './RconTestResult';

export type RconGame = 'rust' | 'minecraft';

interface Values {
  host: string;
  /** A NumberInput gives '' while empty; the shared schema says 'Port is required' then. */
  port: number | string;
  password: string;
  command: string;
  encodePassword: boolean;
}

const GAMES = {
  rust: {
    defaultPort: RUST_WEBRCON_DEFAULT_PORT,
    schema: ZRustCommandTest,
    commands: RUST_COMMON_COMMANDS,
    placeholderHost: 'rust.example.com',
    placeholderCommand: 'status',
  },
  minecraft: {
    defaultPort: MINECRAFT_RCON_DEFAULT_PORT,
    schema: ZMinecraftCommandTest,
    commands: MINECRAFT_COMMON_COMMANDS,
    placeholderHost: 'mc.example.com',
    placeholderCommand: 'list',
  },
} as const;

/** One tab of the tester: host, port, password, command (and for Rust 'URL encode password'). */
export function RconTesterForm({ game }: { game: RconGame }) {
  const trpc = useTRPC();
  const setup = GAMES[game];
  const form = useForm<Values>({
    initialValues: { host: '', port: setup.defaultPort, password: '', command: '', encodePassword: true },
    // The same schema the server checks with: the messages match, and a bad port never leaves the page.
    validate: schemaResolver(setup.schema, { sync: true }),
  });
  const rust = useMutation(trpc.debug.testRustCommand.mutationOptions());
  const minecraft = useMutation(trpc.debug.testMinecraftCommand.mutationOptions());
  const test = game === 'rust' ? rust : minecraft;

  const submit = form.onSubmit((values) => {
    const { encodePassword, ...fields } = values;
    if (game === 'rust') rust.mutate({ ...fields, encodePassword });
    else minecraft.mutate(fields);
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
              <TextInput
                label="Host"
                withAsterisk
                placeholder={setup.placeholderHost}
                autoComplete="off"
                miw={200}
                {...form.getInputProps('host')}
              />
              <NumberInput
                label="Port"
                withAsterisk
                allowDecimal={false}
                allowNegative={false}
                hideControls
                maw={140}
                miw={100}
                {...form.getInputProps('port')}
              />
            </Group>
            <PasswordField
              label="Password"
              withAsterisk
              autoComplete="off"
              description={game === 'rust' ? 'rcon.password of the server' : 'rcon.password in server.properties'}
              {...form.getInputProps('password')}
            />
            {game === 'rust' && (
              <Checkbox
                label="URL encode password"
                description="Leave on unless your server expects the password exactly as typed in the address"
                {...form.getInputProps('encodePassword', { type: 'checkbox' })}
              />
            )}
            <TextInput
              label="Command"
              withAsterisk
              placeholder={setup.placeholderCommand}
              autoComplete="off"
              {...form.getInputProps('command')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={test.isPending} leftSection={<IconSend size={16} />}>
                Send Command
              </Button>
            </Group>
            {test.isError && <RconConnectionError message={errorMessage(test.error)} />}
            {test.isSuccess && <RconTestResult result={test.data} />}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <CommonCommands commands={setup.commands} onPick={(command) => form.setFieldValue('command', command)} />
      </Grid.Col>
    </Grid>
  );
}
