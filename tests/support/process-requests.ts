// Requests to server processes of their own (tests/support/server-command.ts), as the multi-process suites make them:
// JSON through fetch from a client address of the test's choosing (the processes run with TRUST_PROXY), and people
// registered on one process and signed in on another (several-processes.ts, two-processes.test.ts).
import { person } from './test-app';

export interface Answer {
  status: number;
  body: { data?: unknown; message?: string };
  cookie: string | undefined;
}

/** One JSON request to a process, from the client address `ip`. Rejects when it cannot connect. */
export async function call(
  to: { base: string },
  method: 'GET' | 'POST',
  route: string,
  options: { body?: unknown; cookie?: string; ip: string },
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${to.base}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

let nextIp = 0;
/** A fresh client address for each person: registration and sign-in are limited per address. */
export const freshIp = () => `198.18.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;

export interface Person {
  username: string;
  email: string;
  password: string;
  cookie: string;
  ip: string;
}

/** Registers on one process and signs in on the other (the session must be good everywhere). */
export async function newPerson(register: { base: string }, signIn: { base: string }): Promise<Person> {
  const fields = person();
  const ip = freshIp();
  const reg = await call(register, 'POST', '/api/auth/register', { body: fields, ip });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await call(signIn, 'POST', '/api/auth/login', { body: { email: fields.email, password: fields.password }, ip });
  if (login.status !== 200 || !login.cookie) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { username: fields.username, email: fields.email, password: fields.password, cookie: login.cookie, ip };
}

/** Runs `make` n times, `width` at a time. */
export async function inBatches<T>(n: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
