import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-mark';

/** /register and /login sit outside the layout: a centred card with the brand leading home. */
export function AuthScreen({ children }: { children: ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="card auth-card">
        <Link href="/" className="brand">
          <BrandMark />
          <span>Life Story</span>
        </Link>
        {children}
      </div>
    </main>
  );
}
