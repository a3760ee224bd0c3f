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

/**
 * The options Node runs the command-line tools with that rebuild the read models (`npm run rebuild`, `erase` and
 * `retention`, ADR 021's later part); the benchmark's rebuild and the crash tests' tools pass them too.
 *
 * - `--heap-growing-percent=100`: after each major GC the heap may grow to twice what is alive. V8 otherwise chose
 *   up to four times: the replay's held rows all outlive a minor GC, so the old generation filled with dead rows
 *   and the rebuild of a million events peaked at 466–530 MB RSS. With it: 409–431 MB, and no slower. A growing
 *   factor, not a cap: a log of bigger rows makes the heap bigger, never an out-of-memory abort.
 * - `--max-semi-space-size=8`: a young generation of 8 MB semi-spaces. V8 sizes it by the machine's memory: on
 *   this 23 GB host the rebuilding thread's heap held about 190 MB while 60 MB was alive, and a rebuild of a million
 *   events peaked at 457–486 MB RSS. With 8 MB: 355–371 MB, and no slower (4 MB: 340–344 MB, but 7.9 and 8.3 s
 *   against 6.8 and 7.4 s).
 *   The replay's reader thread has its own, set where it starts (data/replay-reader.ts).
 */
export const REBUILD_NODE_FLAGS: readonly string[] = ['--heap-growing-percent=100', '--max-semi-space-size=8'];

/** The server's options that the process was started without: neither on Node's command line nor in NODE_OPTIONS. */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flag));
}
