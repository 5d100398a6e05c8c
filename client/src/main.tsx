// A placeholder until the reading and writing client lands: it says what this server is and what works.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function ServerPlaceholder() {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1.25rem', font: '18px/1.6 Georgia, serif', color: '#222' }}>
      <h1>Life Story</h1>
      <p>Speak your mind. Tell your truth. Write your story, here.</p>
      <p>
        This is the Life Story server. Its API is running: the typed procedures under <code>/trpc</code> and the
        compatibility API under <code>/api</code>. The screens for reading and writing stories are not part of this
        build yet.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServerPlaceholder />
  </StrictMode>,
);
