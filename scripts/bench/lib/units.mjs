/** How the bench writes its figures ('–' for a figure not measured). */
export const KiB = 1024;
export const sec = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
export const msText = (ms) => (ms === undefined ? '–' : `${ms.toFixed(0)} ms`);
export const mib = (bytes) => (bytes === undefined ? '–' : `${(bytes / 2 ** 20).toFixed(0)} MiB`);
export const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
