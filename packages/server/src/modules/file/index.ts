import type { ModuleFace } from '../../platform/module.ts';
import { fileRoutes, registerMultipart } from './routes.ts';

/** Uploaded files: content-checked uploads and downloads, for every module that keeps pictures or attachments. */
export const file: ModuleFace = {
  name: 'file',
  routes: fileRoutes,
  // before any route: the upload and every import route read multipart bodies
  async start(app) {
    await registerMultipart(app);
    return undefined;
  },
};

export { files } from './schema.ts';
export { filesRoot, findFile, signature, storedPath } from './service.ts';
