/**
 * The options Node runs the server with (ADR 021): `npm start` passes them (package.json), and so do the
 * benchmark's servers, the crash harness and the tests' server process, which start the server themselves.
 *
 * - `--v8-pool-size=1`: one V8 helper thread instead of four. On a small machine the helpers of a major GC
 *   (concurrent marking, sweeping) otherwise take both cores from the HTTP and writer threads for a few hundred
 *   milliseconds, and every answer in that time waits.
 * - `--no-allocation-site-pretenuring`: V8 would otherwise start allocating a request's objects straight in the
 *   old generation, where, once dead, they keep the young objects they point to alive until the next major GC:
 *   the HTTP thread's minor GCs then copied megabytes each, and its heap grew towards a major GC.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--v8-pool-size=1', '--no-allocation-site-pretenuring'];

/** The server's options that the process was started without: neither on Node's command line nor in NODE_OPTIONS. */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flag));
}
