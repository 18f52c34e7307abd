import { Fieldset, Grid, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_DURATION_SECONDS, MAX_HOLD_SECONDS, MIN_HOLD_SECONDS, type TStackMode } from '@shop/domain';
import type { ActionFormValues } from './action-form';
import { PlaceholderHelp } from './PlaceholderHelp';

const STACK_MODE_OPTIONS: { value: TStackMode; label: string }[] = [
  { value: 'queue', label: 'Waits its turn' },
  { value: 'extend', label: 'Extends it' },
  { value: 'refuse', label: 'Is refused' },
];

/** The action form's 'Timed effect' section (admin-spec section 11): how long it lasts, how it ends, and waiting for the game. */
export function TimedEffectFields({ form }: { form: UseFormReturnType<ActionFormValues> }) {
  const timed = Number(form.values.durationSeconds) > 0;
  return (
    <Fieldset legend="Timed effect" data-testid="timed-effect">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Duration (seconds)"
            description="How long the effect lasts before the stop command is sent; 0 for instant"
            min={0}
            max={MAX_DURATION_SECONDS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('durationSeconds')}
          />
          {timed && (
            <Select
              label="While it runs, another trigger…"
              description="What a second trigger of this action does before the first one ends"
              data={STACK_MODE_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('stackMode')}
            />
          )}
        </SimpleGrid>
        {timed && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Textarea
                label="Stop command"
                description="Sent to the game server when the time is up, e.g. weather clear"
                withAsterisk
                autosize
                minRows={2}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('stopCommand')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <PlaceholderHelp targetAllowed={form.values.targetType === 'individual'} />
            </Grid.Col>
          </Grid>
        )}
        <Switch
          label="Wait for the game server"
          description="If the game server does not answer, the trigger waits for it instead of failing; the viewer is refunded when it gives up"
          {...form.getInputProps('waitForTarget', { type: 'checkbox' })}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            form.setFieldValue('waitForTarget', on);
            // The limit hides with the switch off: an unsaved edit there must not block saving.
            if (!on) form.setFieldValue('holdMaxSeconds', form.getInitialValues().holdMaxSeconds);
          }}
        />
        {form.values.waitForTarget && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Give up after (seconds)"
              description="Still no answer after this long: the coins go back"
              min={MIN_HOLD_SECONDS}
              max={MAX_HOLD_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('holdMaxSeconds')}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
