import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type TLogin, ZLogin } from '@shop/domain';
import { useLogin } from '../../auth/use-auth-actions';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { PasswordField } from '../common/PasswordField';

interface Props {
  onSubmitting: () => void;
  onSwitchToRegister: () => void;
}

export function LoginForm({ onSubmitting, onSwitchToRegister }: Props) {
  const login = useLogin();
  const form = useForm<TLogin>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(ZLogin, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    onSubmitting();
    login.mutate(values, { onError: (err) => notify.error('Login failed', errorMessage(err)) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
        <Text size="sm" ta="center">
          Don't have an account?{' '}
          <Anchor component="button" type="button" onClick={onSwitchToRegister}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
