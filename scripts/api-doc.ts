import fs from 'node:fs';
import { apiIndex } from '../packages/server/src/apiDoc.ts';
import { allRoutes } from '../packages/server/src/modules/index.ts';

fs.writeFileSync('docs/api.md', apiIndex(allRoutes));
console.log(`docs/api.md: ${allRoutes.length} endpoints`);
