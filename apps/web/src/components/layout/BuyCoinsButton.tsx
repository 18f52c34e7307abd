import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/**
 * The balance pill's '+' (viewer-spec section 2: opens the payment dialog). Alone it is the
 * placeholder shown while its tooltip's code loads; ref and handlers pass through for Tooltip.
 */
export function BuyCoinsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon size="sm" radius="xl" variant="filled" aria-label="Buy coins" {...props}>
      <IconPlus size={14} />
    </ActionIcon>
  );
}
