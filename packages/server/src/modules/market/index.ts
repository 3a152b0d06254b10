import type { ModuleFace } from '../../platform/module.ts';
import { marketRoutes } from './routes.ts';

/** The provider's application market: a catalogue every tenant browses and only the provider edits. */
export const market: ModuleFace = { name: 'market', routes: marketRoutes };

export { sanitizeRichText } from './richText.ts';
export { marketDetails, marketTypes } from './schema.ts';
