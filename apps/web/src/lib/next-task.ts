/**
 * Resolves in a task of its own, so the browser can handle a tap or paint before the caller goes on.
 * A message rather than a timer: timers of a tab opened in the background wait up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
