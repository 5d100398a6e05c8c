import '@fontsource-variable/inter';
import '@fontsource-variable/literata';
// Tokens, then element styles and layout, then the shared components; each screen adds its own styles after.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
