// Renders a part of a screen inside the app's providers (as render-hook.tsx does for hooks), into a detached
// element the test reads by role and text, with the server faked at fetch (fake-server.ts).
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18n } from '../lib/i18n';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderedNode {
  container: HTMLElement;
  queryClient: QueryClient;
  unmount: () => Promise<void>;
}

/** `before` may fill the query cache first (what an earlier screen left there). */
export async function renderNode(node: ReactNode, before?: (queryClient: QueryClient) => void): Promise<RenderedNode> {
  const queryClient = createQueryClient();
  before?.(queryClient);
  const trpcClient = createTrpcClient();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <I18n locale="en" messages={{}}>
            {node}
          </I18n>
        </QueryClientProvider>
      </trpc.Provider>,
    ),
  );
  return {
    container,
    queryClient,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      queryClient.clear();
    },
  };
}

/** The button whose text is exactly `name` (or null). */
export function buttonNamed(container: HTMLElement, name: string): HTMLButtonElement | null {
  return [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
}

/** The link whose text is exactly `name` (or null). */
export function linkNamed(container: HTMLElement, name: string): HTMLAnchorElement | null {
  return [...container.querySelectorAll('a')].find((a) => a.textContent?.trim() === name) ?? null;
}
