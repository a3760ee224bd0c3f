import { openToolStorage } from '../storage.ts';
import { loadConfig } from '../config.ts';

// `npm run rebuild`: replays the event log into new read-model tables beside the live ones and swaps them
// in with one short transaction (data/rebuild.ts). Safe while the server runs: it keeps reading and writing.
const config = loadConfig();
const storage = openToolStorage(config);
try {
  const { events, ms, tail } = await storage.rebuild();
  console.log(`Rebuilt the read models from ${events} events in ${Math.round(ms)} ms (the last ${tail} applied in the swap).`);
} finally {
  storage.close();
}
