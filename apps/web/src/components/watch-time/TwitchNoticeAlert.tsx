import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { twitchNotice } from './twitch-notice';

/** The outcome of the Twitch authorization round trip; closing it cleans the address. */
export function TwitchNoticeAlert() {
  const [params, setParams] = useSearchParams();
  const notice = twitchNotice(params);
  if (!notice) return null;
  return (
    <Alert
      color={notice.color}
      variant="light"
      title={notice.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setParams({}, { replace: true })}
      role="status"
    >
      {notice.message}
    </Alert>
  );
}
