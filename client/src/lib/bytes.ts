// Sizes for people, in the decimal units the storage quota is set in (1 GB = 1,000,000,000 bytes).

/** "312 MB", "1 GB", "1.5 GB", "45 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1e6) return bytes === 0 ? '0 MB' : `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  const mb = Math.round(bytes / 1e6);
  if (mb < 1000) return `${mb} MB`;
  return `${Number((bytes / 1e9).toFixed(1))} GB`;
}

/** The profile's line: "312 MB of 1 GB used". */
export function usageLine(used: number, quota: number): string {
  return `${formatBytes(used)} of ${formatBytes(quota)} used`;
}
