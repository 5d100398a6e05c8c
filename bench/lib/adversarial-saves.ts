// The hardening figures: each story of seed/adversarial-stories.ts saved through /api at the largest size a
// save accepts, while one probe after another asks /healthz. A save must not hold up anyone else.
import { ADVERSARIAL_STORIES } from '../../seed/adversarial-stories';
import { cookieHeader, request } from './http-client';
import { nowMs, summarize, type Summary } from './stats';

export interface AdversarialSave {
  shape: string;
  inputBytes: number;
  status: number;
  saveMs: number;
  /** /healthz latency while the save was in flight. */
  healthz: Summary;
}

export async function adversarialSaves(base: string, cookie: string): Promise<AdversarialSave[]> {
  const results: AdversarialSave[] = [];
  // Once first, so that the worker thread is up, as it is on a server that has saved anything.
  await request(`${base}/api/stories/save`, {
    method: 'POST',
    body: JSON.stringify({ title: 'Warm-up', text: '<p>x</p>' }),
    headers: cookieHeader(cookie),
  });
  for (const [shape, make] of Object.entries(ADVERSARIAL_STORIES)) {
    const text = make();
    const body = JSON.stringify({ title: shape, text });
    let settled = false;
    const started = nowMs();
    const save = request(`${base}/api/stories/save`, { method: 'POST', body, headers: cookieHeader(cookie), timeoutMs: 60_000 }).then(
      (reply) => {
        settled = true;
        return { status: reply.status, saveMs: nowMs() - started };
      },
    );
    const probes: number[] = [];
    while (!settled) {
      const t0 = nowMs();
      await request(`${base}/healthz`);
      probes.push(nowMs() - t0);
    }
    const { status, saveMs } = await save;
    results.push({ shape, inputBytes: Buffer.byteLength(text), status, saveMs, healthz: summarize(probes) });
  }
  return results;
}
