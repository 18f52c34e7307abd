/** A text frame from a socket parsed as a JSON object, or null for binary frames, bad JSON and non-objects. */
export function parseObjectFrame(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
