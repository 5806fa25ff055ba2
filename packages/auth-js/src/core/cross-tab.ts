// Keeps the session state of every tab of one browser in step (spec §4): a BroadcastChannel where there is
// one, else the `storage` event of the state's localStorage key (fired in the other tabs by the write).

export type TabChannel = {
  /** Tells the other tabs about a new state (its JSON text, or null when signed out). */
  post(text: string | null): void;
  close(): void;
};

/** The window features the channel uses (a parameter, so tests can pass their own). */
export type TabChannelEnvironment = {
  BroadcastChannel?: typeof BroadcastChannel | undefined;
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
};

/** Opens the channel `name`, calling `onText` with each state another tab posts. */
export function openTabChannel(name: string, storageKey: string, onText: (text: string | null) => void, env: TabChannelEnvironment): TabChannel {
  if (typeof env.BroadcastChannel === 'function') {
    const channel = new env.BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === null || typeof event.data === 'string') onText(event.data);
    };
    return { post: (text) => channel.postMessage(text), close: () => channel.close() };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) onText(event.newValue);
  };
  env.addEventListener('storage', onStorage);
  return { post: () => undefined, close: () => env.removeEventListener('storage', onStorage) };
}
