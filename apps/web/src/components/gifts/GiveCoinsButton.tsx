import { Button, type ButtonProps } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { authReturnState } from '../../auth/return-to';
import { GiftDialog } from './GiftDialog';

interface Props extends Pick<ButtonProps, 'variant' | 'size'> {
  /** A profile page's user: the dialog does not ask who. */
  recipient?: string;
}

/** Opens the 'Give coins' dialog; a signed-out visitor is sent to sign in first and brought back. */
export function GiveCoinsButton({ recipient, variant = 'light', size = 'sm' }: Props) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // Nobody gives coins to themselves: the server refuses it, so the button is not offered.
  if (user && recipient && user.username.toLowerCase() === recipient.toLowerCase()) return null;

  const open = () => {
    if (!user) {
      void navigate('/auth', { state: authReturnState(location) });
      return;
    }
    setOpened(true);
  };
  return (
    <>
      <Button variant={variant} size={size} color="pink" leftSection={<IconGift size={16} />} onClick={open}>
        Give coins
      </Button>
      <GiftDialog opened={opened} onClose={() => setOpened(false)} recipient={recipient} />
    </>
  );
}
