// A vitest setup file of the projects that sign people up through the app (server, server-pg, e2e): passwords are
// hashed at argon2id's smallest sensible cost (1 MiB, one pass) instead of OWASP's (19 MiB, two passes), ~1 ms of
// CPU a hash instead of ~100. Servers started as processes (the supervisor's tests, the bench) hash as shipped, and
// tests/integration/accounts-rules.test.ts checks the shipped parameters with the shipped cost.
import { hashPasswordsAtCost } from '../../server/src/core/accounts/passwords';

export const LIGHT_COST = { memoryCost: 1024, timeCost: 1 };

hashPasswordsAtCost(LIGHT_COST);
