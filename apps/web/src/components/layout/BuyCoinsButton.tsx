import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/**
 * The balance pill's '+' (viewer-spec section 2: opens the payment dialog). Its hint is the
 * browser's own title, not Mantine's Tooltip: that one positions itself with floating-ui, whose
 * refs live in state, and mounting it as the session arrived cost every page a synchronous
 * re-render in a long task, for a hint that shows on hover only either way.
 */
export function BuyCoinsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon size="sm" radius="xl" variant="filled" aria-label="Buy coins" title="Buy coins" {...props}>
      <IconPlus size={14} />
    </ActionIcon>
  );
}
