import { Container, Paper, Stack, Tabs } from '@mantine/core';
import { useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { returnPath } from '../auth/return-to';
import { LoginForm } from '../components/auth/LoginForm';
import { RegisterForm } from '../components/auth/RegisterForm';
import { PageHeading } from '../components/common/PageHeading';
import { PageLoader } from '../components/common/PageLoader';

type Tab = 'login' | 'register';

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'register' ? 'register' : 'login');
  // Set before the request, so the render that sees the new user already knows it came from this form
  // (a signed-in visitor goes to '/', a fresh sign-in back to the page it was sent away from, else '/').
  const signingIn = useRef(false);
  const markSigningIn = () => {
    signingIn.current = true;
  };

  if (user) return <Navigate to={signingIn.current ? returnPath(location.state) : '/'} replace />;
  if (isLoading) return <PageLoader />;

  return (
    <Container size={460} py={60}>
      <Stack gap="lg">
        <PageHeading
          align="center"
          title="Welcome to StreamShop"
          highlight="StreamShop"
          description="Sign in to trigger interactive events live on stream."
        />
        <Paper withBorder shadow="md" p="lg" radius="md">
          <Tabs
            keepMounted={false}
            value={tab}
            onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}
          >
            <Tabs.List grow mb="md">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm onSubmitting={markSigningIn} onSwitchToRegister={() => setTab('register')} />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm onSubmitting={markSigningIn} onSwitchToLogin={() => setTab('login')} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}
