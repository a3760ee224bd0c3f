import { openStorage } from '#data/storage.ts';
import { loadConfig } from '../config.ts';

// `npm run rebuild`: drops every read model and replays the event log into fresh tables.
const config = loadConfig();
const storage = openStorage(config.databaseFile);
const { events, ms } = storage.rebuild();
console.log(`Rebuilt the read models from ${events} events in ${Math.round(ms)} ms.`);
storage.close();
