// The server's in-process tRPC reads (in-process-link.ts) are the procedures the browser calls: input parsed,
// output parsed (a field the contract does not name never reaches a rendered page), errors as tRPC client errors.
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inProcessLink } from './in-process-link';

const t = initTRPC.context<{ viewer: string }>().create();
const router = t.router({
  greet: t.procedure
    .input(z.object({ name: z.string().min(1) }))
    .output(z.object({ text: z.string() }))
    // The resolver returns more than its output names: the parsed answer drops it.
    .query(({ ctx, input }) => ({ text: `Hello ${input.name}, from ${ctx.viewer}`, secret: 'never sent' })),
  missing: t.procedure.query((): string => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such story.' });
  }),
});
const client = createTRPCClient<typeof router>({ links: [inProcessLink(router, { viewer: 'the server' })] });

describe('inProcessLink', () => {
  it('answers through the procedure, with its context and its output parser', async () => {
    const answer = await client.greet.query({ name: 'Ada' });
    expect(answer).toEqual({ text: 'Hello Ada, from the server' });
    expect(answer).not.toHaveProperty('secret');
  });

  it('refuses bad input as the procedure does', async () => {
    const err = await client.greet.query({ name: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<typeof router>).data?.code).toBe('BAD_REQUEST');
  });

  it('gives a procedure’s error as a client error with its code and message', async () => {
    const err = await client.missing.query().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<typeof router>).message).toBe('No such story.');
    expect((err as TRPCClientError<typeof router>).data?.code).toBe('NOT_FOUND');
  });
});
