import { Tooltip } from '@mantine/core';
import { BuyCoinsButton } from './BuyCoinsButton';

/** The '+' with its tooltip; loaded lazily (header-lazy.tsx) as Tooltip brings floating-ui. */
export function BuyCoinsTooltip({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip label="Buy coins">
      <BuyCoinsButton onClick={onClick} />
    </Tooltip>
  );
}
