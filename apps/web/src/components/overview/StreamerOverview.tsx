// Filled in by the streamer-overview work (issue 8): charts of the last 30 days for the admin.
export function StreamerOverview() {
  return null;
}
