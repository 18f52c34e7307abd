import { Card, Code, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TCommonCommand } from '@shop/domain';
import classes from './rcon-tester.module.css';

interface Props {
  commands: readonly TCommonCommand[];
  /** Puts the command into the form's command field. */
  onPick: (command: string) => void;
}

/** admin-spec section 2: lists of common commands; one click fills the command field. */
export function CommonCommands({ commands, onPick }: Props) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="common-commands">
      <Title order={3} size="h5" mb="xs">
        Common commands
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Click one to use it. Replace PLAYER with a player's name.
      </Text>
      <Stack gap={4}>
        {commands.map((item) => (
          <UnstyledButton
            key={item.command}
            className={classes.command}
            onClick={() => onPick(item.command)}
            aria-label={`Use command ${item.command}`}
          >
            <Code className={classes.commandCode}>{item.command}</Code>
            <Text size="xs" c="dimmed">
              {item.description}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}
