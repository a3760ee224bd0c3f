import { openToolStorage } from '../storage.ts';
import { loadConfig } from '../config.ts';
import { runRetention } from '../retention.ts';

// `npm run retention`: erases everyone whose data has not been touched for 7 years (the server also does
// this at start and daily).
const config = loadConfig();
const storage = openToolStorage(config);
try {
  const { erased, files } = await runRetention(storage, config.storageDir, new Date());
  console.log(`Retention: ${erased} person(s) erased, ${files} file(s) deleted.`);
} finally {
  storage.close();
}
