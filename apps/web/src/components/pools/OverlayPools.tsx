import { useNow } from '../actions/use-now';
import classes from './OverlayPools.module.css';
import { barPercent, poolCountdown } from './pool-view';
import { useOverlayPools } from './use-overlay-pools';

/** The overlay's crowd goal bars (no Mantine: the overlay page loads none), top left. */
export function OverlayPools() {
  const pools = useOverlayPools();
  const now = useNow(1000);
  if (pools.length === 0) return null;
  return (
    <section className={classes.pools} data-testid="overlay-pools" aria-label="Crowd goals">
      {pools.map((pool) => (
        <div key={pool.actionId} className={classes.pool} data-testid="overlay-pool">
          <p className={classes.head}>
            <span className={classes.name}>{pool.actionName}</span>
            <span className={classes.left}>{poolCountdown(pool.endsAt, now)}</span>
          </p>
          <div
            className={classes.track}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={pool.goal}
            aria-valuenow={pool.raised}
          >
            <div className={classes.fill} style={{ width: `${barPercent(pool)}%` }} />
          </div>
          <p className={classes.figures} data-testid="overlay-pool-figures">
            {pool.raised.toLocaleString('en-US')} / {pool.goal.toLocaleString('en-US')} coins · {pool.contributors}{' '}
            {pool.contributors === 1 ? 'viewer' : 'viewers'}
          </p>
        </div>
      ))}
    </section>
  );
}
