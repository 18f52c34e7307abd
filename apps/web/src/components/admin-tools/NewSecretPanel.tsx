import { ActionIcon, Alert, Code, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyValue } from './CopyValue';
import { maskSecret } from './streamerbot-format';

/**
 * The freshly generated secret. The server returns it once and never again, so it lives only in
 * this component's state: masked by default, revealed on request, gone on reload.
 */
export function NewSecretPanel({ secret }: { secret: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Alert color="green" variant="light" icon={<IconKey />} title="New secret generated" data-testid="new-secret">
      <Stack gap="sm">
        <Text size="sm">
          Copy it now: this is the only time it is shown. The old secret stopped working the moment this one was made.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            data-testid="new-secret-value"
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}
            aria-label={visible ? 'Webhook secret' : 'Webhook secret (hidden)'}
          >
            {visible ? secret : maskSecret(secret)}
          </Code>
          <Tooltip label={visible ? 'Hide secret' : 'Show secret'}>
            <ActionIcon
              variant="light"
              aria-label={visible ? 'Hide secret' : 'Show secret'}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            </ActionIcon>
          </Tooltip>
          <CopyValue value={secret} label="secret" />
        </Group>
        <Text size="sm" fw={600}>
          Next steps
        </Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            Environment variable: the shop already uses this secret. If you manage settings through the server's
            environment, you can set <Code>STREAMERBOT_WEBHOOK_SECRET</Code> to it; when that variable is set it always
            takes precedence over a generated secret.
          </List.Item>
          <List.Item>
            Update Streamer.bot: paste the secret into your signing action (see the setup guide) so every request
            carries a matching X-Signature.
          </List.Item>
          <List.Item>
            Save it securely, for example in a password manager. Never share it or show it on stream.
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
