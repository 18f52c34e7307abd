import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/**
 * An overlay:// endpoint's page for OBS's browser source. The URL is its credential (anyone who has
 * it can show alerts), so it is shown to admins only, read-only, with a copy button.
 */
export function OverlayLink({ url }: { url: string }) {
  return (
    <Stack gap={6} data-testid="overlay-url">
      <Text size="sm" fw={600}>
        Overlay URL (add it to OBS as a browser source)
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Overlay URL"
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: '1 1 260px' }}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} component="span">
          <IconExternalLink size={14} />
          Open overlay
        </Group>
      </Anchor>
    </Stack>
  );
}
