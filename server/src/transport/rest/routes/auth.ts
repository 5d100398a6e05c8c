import { Hono } from 'hono';
import type { z } from 'zod';
import { loginInput, registerInput, type sessionUserOutput } from '../../../contract/accounts';
import { logoutAnswer } from '../../../contract/rest-api';
import { login, logout } from '../../../core/accounts/login';
import { register } from '../../../core/accounts/register';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { requestLocale } from '../../http/interface-language';
import type { AppEnv } from '../../http/request-context';
import { clearedSessionCookie, sessionCookie } from '../../http/session-cookie';
import { parseBody } from '../request-input';
import { ok } from '../respond';

export function authRoutes(deps: CoreDeps) {
  return new Hono<AppEnv>()
    .post('/register', async (c) => {
      // The answer keeps its old shape; with REQUIRE_EMAIL_VERIFICATION the link goes out first (ADR 0019).
      // The verification link in the reader's language (?lang=, the cookie, Accept-Language), as the tRPC form does.
      await register(deps, c.var.actor, await parseBody(c, registerInput), {
        links: { origin: c.var.siteOrigin },
        locale: requestLocale(c),
      });
      return ok(c, 'User successfully created.', undefined, 201);
    })
    .post('/login', async (c) => {
      const result = await login(deps, c.var.actor, await parseBody(c, loginInput));
      c.header('set-cookie', sessionCookie(result.token, result.expiresAt, deps.clock.now(), c.var.secure));
      return c.json(result.body satisfies z.input<typeof sessionUserOutput>);
    })
    .post('/logout', async (c) => {
      await logout(deps, c.var.actor);
      c.header('set-cookie', clearedSessionCookie(c.var.secure));
      return c.json(logoutAnswer.value);
    });
}
