import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../lib/notify';

interface Props {
  value: string;
  /** What is copied, for the button's accessible name, e.g. 'webhook URL'. */
  label: string;
}

/**
 * Copies to the clipboard and says so. The clipboard exists only on https or localhost: over
 * plain http the copy fails and the admin is told to select the text instead of a false 'Copied'.
 */
export function CopyValue({ value, label }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
      notify.success('Copied', `The ${label} is on your clipboard.`);
    } catch {
      notify.error('Copy failed', `The browser did not allow copying; select the ${label} and copy it by hand.`);
    }
  };
  return (
    <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
      <ActionIcon variant="light" color={copied ? 'green' : 'blue'} aria-label={`Copy ${label}`} onClick={copy}>
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
