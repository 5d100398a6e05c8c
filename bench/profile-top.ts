/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, as `npm run bench -- --cpu-prof` writes for the server):
 * the functions with the most self time, and self time per package / source folder.
 *
 *   npx tsx bench/profile-top.ts bench/.profiles/CPU.….cpuprofile [--top 30]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('Usage: npx tsx bench/profile-top.ts <file.cpuprofile> [--top 30]');
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives: a package name, a source folder of ours, or what V8 calls it. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(server\/src\/[^/]+\/[^/]+|dist\/server)/.exec(url);
  return ours ? ours[1]! : url;
}

// Inclusive time: every function on a sample's stack, counted once per sample.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const keyOf = (id: number) => {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  return `${functionName || '(anonymous)'}  ${url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')}:${lineNumber + 1}`;
};
const inclusive = new Map<string, number>();
profile.samples.forEach((leaf, i) => {
  const seen = new Set<string>();
  for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) seen.add(keyOf(id));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const fns = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url } = byId.get(id)!.callFrame;
  const key = keyOf(id);
  fns.set(key, (fns.get(key) ?? 0) + us);
  const area = areaOf(url, functionName);
  areas.set(area, (areas.get(area) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples\n\nself time by function:`);
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by package / folder:');
for (const [k, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${k}`);
console.log("\ninclusive time by function (ours and the frameworks' entry points):");
for (const [k, us] of [...inclusive]
  .filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP))
  console.log(`${pct(us)}  ${k}`);
