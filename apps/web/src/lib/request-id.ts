/**
 * 32 random hex digits, a client's idempotency key for one confirm; getRandomValues works on
 * plain-http hosts too, where randomUUID does not exist. (The trigger's hook keeps its own copy.)
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
