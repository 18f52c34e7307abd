import type { TOverlayAlert, TOverlayUpNextItem } from '@shop/domain';
import { type CSSProperties, useEffect } from 'react';
import { useParams } from 'react-router';
import { OverlayPools } from '../../components/pools/OverlayPools';
import classes from './OverlayPage.module.css';
import { ALERT_MS, EXIT_MS } from './overlay-alerts';
import { type RunningEffect, timeLeft } from './running-effects';
import { upNextText } from './up-next';
import { useOverlayAlerts } from './use-overlay-alerts';

/**
 * `/overlay/<token>`: the stream overlay for OBS's browser source (admin-spec section 11). Outside RootLayout and
 * lazily loaded, so it carries no app chrome and no Mantine components; the background is
 * transparent so only the alerts appear on stream.
 */
export function OverlayPage() {
  const { token = '' } = useParams();
  const { current, connection, next, upNext, running, now } = useOverlayAlerts(token);
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
      {upNext.length > 0 && <UpNextPanel items={upNext} />}
      {running.length > 0 && <RunningPanel effects={running} now={now} />}
      <OverlayPools />
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

/** 'Up next' (endpoints with the setting on): the next triggers in line, in a corner, under the alerts. */
function UpNextPanel({ items }: { items: readonly TOverlayUpNextItem[] }) {
  return (
    <section className={classes.upNext} data-testid="overlay-up-next" aria-label="Up next">
      <p className={classes.upNextTitle}>Up next</p>
      <ol className={classes.upNextList}>
        {items.map((item, i) => (
          // The list is replaced whole; the same viewer may queue the same action twice.
          // biome-ignore lint/suspicious/noArrayIndexKey: order is the identity here
          <li key={i} className={classes.upNextItem}>
            <span className={classes.upNextText}>
              <span className={classes.upNextAction}>{upNextText(item.actionName)}</span>
              <span className={classes.upNextViewer}>{upNextText(item.viewer)}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Timed effects on now, each with the time it has left (counted down on stream). */
function RunningPanel({ effects, now }: { effects: readonly RunningEffect[]; now: number }) {
  return (
    <section className={classes.running} data-testid="overlay-running" aria-label="Running effects">
      {effects.map((effect) => (
        <p key={effect.key} className={classes.runningItem} data-testid="overlay-countdown">
          <span className={classes.runningName}>{upNextText(effect.actionName)}</span>
          <span className={classes.runningLeft}>{timeLeft(effect.endsAt, now)}</span>
        </p>
      ))}
    </section>
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
