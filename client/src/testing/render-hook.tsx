// Renders a hook inside the app's providers (the real tRPC client and query client, see start-app.tsx), so that
// hooks are tested through the network boundary (fake-server.ts), not through mocks of their insides.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18n } from '../lib/i18n';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

// Tells React that updates are wrapped in act() here, as in a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderedHook<T, P> {
  /** The hook's latest return value. */
  readonly current: T;
  rerender: (props: P) => Promise<void>;
  unmount: () => Promise<void>;
  queryClient: QueryClient;
}

/** Calls the hook on every render and keeps what it returned (the hook is the same function every time). */
function Probe<T, P>({ hook, props, box }: { hook: (props: P) => T; props: P; box: { value?: T } }) {
  box.value = hook(props);
  return null;
}

export async function renderHook<T, P = undefined>(hook: (props: P) => T, initialProps?: P): Promise<RenderedHook<T, P>> {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const box: { value?: T } = {};
  const wrap = (node: ReactNode) => (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18n locale="en" messages={{}}>
          {node}
        </I18n>
      </QueryClientProvider>
    </trpc.Provider>
  );
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(wrap(<Probe hook={hook} props={initialProps as P} box={box} />)));
  return {
    get current() {
      return box.value as T;
    },
    rerender: async (props) => {
      await act(async () => root.render(wrap(<Probe hook={hook} props={props} box={box} />)));
    },
    unmount: async () => {
      await act(async () => root.unmount());
      queryClient.clear();
    },
    queryClient,
  };
}

/** Runs `action` (a call into the hook) inside act(), so React applies its updates before the test looks. */
export async function acting(action: () => unknown): Promise<void> {
  await act(async () => {
    action();
  });
}

/** Waits until `check` stops throwing, letting React and the fake server's promises run in between. */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}
