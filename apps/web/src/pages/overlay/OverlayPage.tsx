import type { TOverlayAlert } from '@shop/domain';
import { type CSSProperties, useEffect } from 'react';
import { useParams } from 'react-router';
import classes from './OverlayPage.module.css';
import { ALERT_MS, EXIT_MS } from './overlay-alerts';
import { useOverlayAlerts } from './use-overlay-alerts';

/**
 * `/overlay/<token>`: the stream overlay for OBS's browser source (issue 11). Outside RootLayout and
 * lazily loaded, so it carries no app chrome and no Mantine components; the background is
 * transparent so only the alerts appear on stream.
 */
export function OverlayPage() {
  const { token = '' } = useParams();
  const { current, connection, next } = useOverlayAlerts(token);
  useTransparentPage();

  // Each alert stays ALERT_MS, then the next one in the queue takes its place.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(next, ALERT_MS);
    return () => clearTimeout(timer);
  }, [current, next]);

  return (
    <div className={classes.stage} data-testid="overlay-stage" data-connection={connection}>
      {current && <AlertCard key={current.alertId} alert={current} />}
      {connection === 'unknown' && (
        // Only the streamer sees this while setting up: an old or mistyped URL.
        <p className={classes.notice}>
          This overlay URL is not valid any more. Copy it again from the admin dashboard.
        </p>
      )}
    </div>
  );
}

function AlertCard({ alert }: { alert: TOverlayAlert }) {
  const style = { '--leave-at': `${ALERT_MS - EXIT_MS}ms` } as CSSProperties;
  return (
    <output className={classes.alert} style={style} data-testid="overlay-alert" aria-live="polite">
      {alert.imageUrl ? (
        <img className={classes.image} src={alert.imageUrl} alt="" />
      ) : (
        <span className={classes.icon} aria-hidden>
          ⚡
        </span>
      )}
      <span className={classes.text}>
        <p className={classes.viewer}>{alert.viewer}</p>
        <p className={classes.action}>triggered {alert.actionName}</p>
        <p className={classes.cost}>{alert.cost.toLocaleString('en-US')} coins</p>
      </span>
    </output>
  );
}

/** The app's global styles paint the body; this page alone must let the stream show through. */
function useTransparentPage() {
  useEffect(() => {
    const root = document.documentElement;
    const targets = [root, document.body];
    const before = targets.map((el) => el.style.background);
    const scheme = root.style.colorScheme;
    for (const el of targets) el.style.background = 'transparent';
    // A dark color-scheme makes Chromium paint the page's canvas dark behind a transparent body.
    root.style.colorScheme = 'normal';
    return () => {
      targets.forEach((el, i) => {
        el.style.background = before[i] ?? '';
      });
      root.style.colorScheme = scheme;
    };
  }, []);
}
