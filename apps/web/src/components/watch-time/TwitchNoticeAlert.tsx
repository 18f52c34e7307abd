import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { type TwitchNotice, twitchNotice } from './twitch-notice';

/**
 * The outcome of a Twitch round trip as the page's address tells it (`?twitch=...`); closing it
 * cleans the address. `read` says what the page's flow leaves there: the broadcaster's authorization
 * by default, a viewer's verification on the profile.
 */
export function TwitchNoticeAlert({
  read = twitchNotice,
}: {
  read?: (params: URLSearchParams) => TwitchNotice | null;
}) {
  const [params, setParams] = useSearchParams();
  const notice = read(params);
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
