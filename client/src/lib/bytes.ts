// Sizes for people, in the decimal units the storage quota is set in (1 GB = 1,000,000,000 bytes), in the
// interface's language (docs/decisions/0042-interface-languages.md): the number through Intl ("1.5 GB", "1,5 GB"),
// the unit a message (Intl's own unit names differ from ours: en-US writes "kB").
import type { IntlShape } from 'react-intl';

const kb = (intl: IntlShape, size: string) => intl.formatMessage({ id: 'bytes.kb', defaultMessage: '{size} KB' }, { size });
const mb = (intl: IntlShape, size: string) => intl.formatMessage({ id: 'bytes.mb', defaultMessage: '{size} MB' }, { size });
const gb = (intl: IntlShape, size: string) => intl.formatMessage({ id: 'bytes.gb', defaultMessage: '{size} GB' }, { size });

/** "312 MB", "1 GB", "1.5 GB", "45 KB". */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const size = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 1 });
  if (bytes === 0) return mb(intl, size(0));
  if (bytes < 1e6) return kb(intl, size(Math.max(1, Math.round(bytes / 1e3))));
  const megabytes = Math.round(bytes / 1e6);
  if (megabytes < 1000) return mb(intl, size(megabytes));
  return gb(intl, size(Number((bytes / 1e9).toFixed(1))));
}

/** A file's size in binary units, as the upload form shows it: "45 KB", "2.4 MB". */
export function formatFileSize(intl: IntlShape, bytes: number): string {
  if (bytes < 1024 * 1024) return kb(intl, intl.formatNumber(Math.max(1, Math.round(bytes / 1024))));
  return mb(intl, intl.formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
}

/** The profile's line: "312 MB of 1 GB used". */
export function usageLine(intl: IntlShape, used: number, quota: number): string {
  return intl.formatMessage(
    { id: 'bytes.usage', defaultMessage: '{used} of {quota} used' },
    { used: formatBytes(intl, used), quota: formatBytes(intl, quota) },
  );
}
