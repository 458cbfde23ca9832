/**
 * Child processes for the benchmark: each one in its own process group, so that stopping it stops
 * everything it started (a dev server's workers, a browser's helpers), and every one still running is
 * killed when the benchmark exits, fails or is interrupted. Also: clean-up hooks (restoring edited
 * files), time-outs with a clear message, and readiness by polling a URL.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set();
const cleanups = [];

/** Runs `fn` (synchronous) when the process exits, however it exits. Returns a function that runs it early, once. */
export function onCleanup(fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  cleanups.push(once);
  return once;
}

function cleanUpNow() {
  // Children first, so that none of them still writes into what the clean-ups restore or remove.
  for (const child of running) killGroup(child, 'SIGKILL');
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch (error) {
      console.error(`[bench] clean-up failed: ${error.message}`);
    }
  }
}
process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n[bench] ${signal}: stopping every child process.`);
    process.exit(130);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts a command in its own process group. The last few KB of its output are kept for error
 * messages (`child.recentOutput()`); with `echo` the output is also copied to stderr.
 */
export function start(command, args, { cwd, env, label = command, echo = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let recent = '';
  const keep = (chunk) => {
    recent = (recent + chunk.toString()).slice(-6000);
    if (echo) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.label = label;
  child.recentOutput = () => recent;
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      running.delete(child);
      recent += `\n${error.message}`;
      resolve({ code: -1, signal: null });
    });
  });
  return child;
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after a grace period. */
export async function stop(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child, 'SIGTERM');
  const stopped = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!stopped) {
    killGroup(child, 'SIGKILL');
    await child.exited;
  }
  // Workers that outlived their parent.
  killGroup(child, 'SIGKILL');
}

/** Rejects with `what took longer than …` when `promise` does not settle in time. */
export async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s (time-out)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a command to its end (bounded by `timeoutMs`) and returns its exit code and recent output; throws on failure. */
export async function run(command, args, { timeoutMs, ...options }) {
  const child = start(command, args, options);
  try {
    const { code, signal } = await withTimeout(child.exited, timeoutMs, options.label ?? command);
    if (code !== 0)
      throw new Error(
        `${child.label} failed (${signal ?? `exit code ${code}`}):\n${child.recentOutput().slice(-3000)}`,
      );
    return { output: child.recentOutput() };
  } finally {
    await stop(child);
  }
}

/**
 * Polls `url` until it answers 200 (and `accept(body)` holds), failing early when `child` exits
 * and with a time-out message otherwise. Returns the milliseconds it took.
 */
export async function waitForUrl(url, { timeoutMs, child, accept = () => true, intervalMs = 100 }) {
  const started = performance.now();
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${child.label} stopped before ${url} answered:\n${child.recentOutput().slice(-3000)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = await response.text();
      if (response.status === 200 && accept(body)) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(intervalMs);
  }
}
