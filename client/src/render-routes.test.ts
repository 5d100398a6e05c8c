import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ONLY, SERVER_RENDERED } from './render-routes';

describe('the server-rendering route lists', () => {
  it('place every route of app.tsx in exactly one list, so a new screen is never rendered by accident', () => {
    const app = fs.readFileSync(path.join(import.meta.dirname, 'app.tsx'), 'utf8');
    const routes = [...app.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const placed = [SERVER_RENDERED.includes(route as string), CLIENT_ONLY.includes(route as string)].filter(Boolean);
      expect(placed, route).toHaveLength(1);
    }
    expect([...SERVER_RENDERED, ...CLIENT_ONLY].sort()).toEqual([...routes].sort());
  });
});
