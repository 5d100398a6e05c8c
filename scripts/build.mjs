import { buildClient, buildClientPackage, buildServer } from './build-steps.mjs';

await buildClient({ force: true });
await buildServer({ force: true });
buildClientPackage();
