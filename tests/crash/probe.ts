/**
 * `node tests/crash/probe.ts <url> <everyMs>`: GETs the URL every `everyMs` over its own keep-alive connection and
 * times each answer, until its stdin closes; then prints the timings as JSON. A process of its own, so the
 * latency it measures is the server's, not the event loop of the test that drives the load.
 */
import { Agent, request } from 'node:http';

const [url, every] = [process.argv[2] ?? '', Number(process.argv[3] ?? 20)];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const samples: number[] = [];
let failures = 0;
let running = true;
process.stdin.on('end', () => (running = false));
process.stdin.resume();

function once(): Promise<number> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(url, { agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) failures += 1;
        done(performance.now() - started);
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      failures += 1;
      done(performance.now() - started);
    });
    req.end();
  });
}

while (running) {
  const ms = await once();
  samples.push(ms);
  await new Promise((done) => setTimeout(done, Math.max(0, every - ms)));
}
process.stdout.write(JSON.stringify({ samples, failures }));
agent.destroy();
