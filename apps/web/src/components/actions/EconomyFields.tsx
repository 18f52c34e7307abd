import { Fieldset, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TStreamAction } from '@shop/domain';
import type { ActionFormValues } from './action-form';
import { limitWindowHelp } from './economy-wording';

interface Props {
  form: UseFormReturnType<ActionFormValues>;
  /** What the server counts a 'stream' as now (from the action list): the broadcast, or the UTC day. */
  limitWindow: TStreamAction['limitWindow'];
}

/** The action form's 'Economy' section (admin-spec section 12): stock, per-stream caps and surge pricing. */
export function EconomyFields({ form, limitWindow }: Props) {
  const limitHelp = limitWindowHelp(limitWindow);
  return (
    <Fieldset legend="Economy" data-testid="economy-fields">
      <Stack gap="md">
        <NumberInput
          label="Stock"
          description="Each trigger takes one; a refund puts it back. Empty for unlimited; type a new number to restock"
          placeholder="Unlimited"
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps('stock')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Per-stream limit"
            description={`Triggers by everyone together. ${limitHelp}`}
            placeholder="None"
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('perStreamLimit')}
          />
          <NumberInput
            label="Per-viewer limit"
            description={`Triggers by one viewer. ${limitHelp}`}
            placeholder="None"
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('perViewerPerStreamLimit')}
          />
        </SimpleGrid>
        <NumberInput
          label="Surge %"
          description="Each trigger raises the price by this share of the cost; 0 for off"
          min={0}
          max={100}
          suffix="%"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('surgePercent')}
        />
        {/* Two beside each other: three would wrap their labels in the dialog's width. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Fade (seconds per step)"
            description="How long one trigger's rise takes to wear off"
            min={10}
            max={86_400}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('surgeDecaySeconds')}
          />
          <NumberInput
            label="Cap (x)"
            description="The price never passes the cost times this"
            min={1}
            max={10}
            step={0.5}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('surgeMaxMultiplier')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
