/**
 * Lets input and rendering run between slices of a long job on the main thread (no task of ours
 * over 50 ms): scheduler.yield where there is one, else a message round trip (not a timer: no
 * 4 ms clamp, no background throttling).
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
