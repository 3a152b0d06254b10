// Lets dependency-cruiser read .tsx. TypeScript 7 ships no compiler API, so dependency-cruiser parses
// with swc, which it asks for TypeScript syntax without JSX; this points its `@swc/core` at
// swc.mjs, which turns JSX on for .tsx files. Used as `node --import ./scripts/depcruise/register.mjs`.
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url));
