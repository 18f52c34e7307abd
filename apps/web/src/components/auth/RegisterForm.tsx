import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type TRegisterForm, ZRegisterForm } from '@shop/domain';
import { useRegister } from '../../auth/use-auth-actions';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { PasswordField } from '../common/PasswordField';

interface Props {
  onSubmitting: () => void;
  onSwitchToLogin: () => void;
}

export function RegisterForm({ onSubmitting, onSwitchToLogin }: Props) {
  const register = useRegister();
  const form = useForm<TRegisterForm>({
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: schemaResolver(ZRegisterForm, { sync: true }),
  });

  const submit = form.onSubmit(({ username, password }) => {
    onSubmitting();
    // The confirmation is a form-only field; the server takes username and password only.
    register.mutate(
      { username, password },
      { onError: (err) => notify.error('Registration failed', errorMessage(err)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={register.isPending}>
          Create Account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={onSwitchToLogin}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
