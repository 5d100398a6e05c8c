// The app, loaded by main.tsx on a server-rendered page's first touch (at once for the shell): hydrates a
// server-rendered page, renders any other.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { replayEarlyPresses } from './lib/early-presses';
import { I18n, loadMessages, type Messages, pageLocale } from './lib/i18n';
import { hydrateServerState } from './lib/server-state';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const root = document.getElementById('root')!;

// The page's language (the server wrote it in <html lang>), its messages loaded before the first render
// (docs/decisions/0042-interface-languages.md); English has none to load.
const locale = pageLocale();

const appIn = (messages: Messages) => (
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18n locale={locale} messages={messages}>
          <App />
        </I18n>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>
);

// A reader's page comes rendered, with the answers it was rendered from (docs/decisions/0017-server-rendering.md);
// every other screen comes as the empty shell and renders here. Hydration runs as a transition, so React does it
// in slices and yields to the browser between them: the page is already readable, and one long task of hydrating
// the whole page was the blocking time Lighthouse measured on a slow phone (docs/performance.md, Server rendering).
function start(messages: Messages) {
  const app = appIn(messages);
  if (hydrateServerState(queryClient)) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // React now answers presses (hydrating what was pressed at once), including those made before it loaded.
    replayEarlyPresses();
  } else createRoot(root).render(app);
  // Says the app has started (the tests and the page-weight bench wait for it; nothing styles it).
  document.documentElement.dataset.app = 'started';
}

if (locale === 'en') start({});
else void loadMessages(locale).then(start);
