/**
 * Twitch's embeds refuse to play unless `parent` names the host of the page that frames them,
 * so the host is read from the page at run time, never configured.
 */
export function playerEmbedUrl(channel: string, host: string): string {
  const q = new URLSearchParams({ channel, parent: host, muted: 'true' });
  return `https://player.twitch.tv/?${q.toString()}`;
}

/** The chat embed in Twitch's dark theme (`darkpopout`), matching the shop's default theme. */
export function chatEmbedUrl(channel: string, host: string): string {
  const q = new URLSearchParams({ parent: host });
  return `https://www.twitch.tv/embed/${encodeURIComponent(channel)}/chat?${q.toString()}&darkpopout`;
}

export function channelUrl(channel: string): string {
  return `https://www.twitch.tv/${encodeURIComponent(channel)}`;
}

/** A broadcast date as 'Nov 2, 2026'; `timeZone` is for tests, the page uses local time. */
export function formatBroadcastDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);
}
