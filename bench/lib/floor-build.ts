// Bundles the floor server the way scripts/build-steps.mjs bundles the product (esbuild, ESM, node20,
// packages external), so that both run as plain node on bundled JS: like with like.
import path from 'node:path';
import { build } from 'esbuild';

export async function buildFloor(root: string): Promise<string> {
  const outfile = path.join(root, 'bench/.build/floor-server.js');
  await build({
    entryPoints: [path.join(root, 'bench/floor-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
